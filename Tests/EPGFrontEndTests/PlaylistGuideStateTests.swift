import EPGFrontEnd
import EPGLayout
import EPGPlaylist
import EPGRaster
import EPGSchedule
import Testing

/// The guide of a playlist (issue 13): groups, watching live and from the
/// archive, marks, details and unmatched rows, on the reducer and the
/// in-memory terminal (no player is started here).
@Suite struct PlaylistGuideStateTests {
  /// Four entries over `Fixture.schedule` (now: Mon 30 Nov 2026 14:05 UTC).
  /// BBC One has a `default` archive (3 days), Sport a `shift` one (1 day),
  /// Film Four none; "Mystery Channel" matches no guide channel.
  static let playlistText = """
    #EXTM3U
    #EXTINF:-1 tvg-id="one.uk" tvg-chno="101" group-title="News" catchup="default" catchup-days="3" catchup-source="https://archive.example/one?start={utc}&end={utcend}&token=t0k3n",BBC One HD
    #EXTVLCOPT:http-user-agent=TestAgent/1.0
    #EXTVLCOPT:http-referrer=https://provider.example/
    https://alice:s3cret@provider.example/live/one.m3u8
    #EXTINF:-1 tvg-id="films.uk" tvg-chno="102" group-title="Films",Film Four
    http://provider.example/films.ts
    #EXTINF:-1 tvg-id="sport.uk" tvg-chno="103" group-title="Sport;News" catchup="shift" catchup-days="1",Sport
    http://provider.example/sport.ts?x=1
    #EXTINF:-1 tvg-id="nowhere.uk" tvg-chno="104" group-title="Films",Mystery Channel
    http://provider.example/mystery.ts

    """

  static var playlistGuide: PlaylistGuide {
    let playlist = Playlist(parsing: Array(playlistText.utf8), location: .file("test.m3u"))
    return PlaylistGuide(
      playlist: playlist, guide: Fixture.schedule, overrides: [], allChannels: false)
  }

  static func state(player: String? = nil, rows: Int = 14, unicode: Bool = true) -> AppState {
    var settings = GuideSettings()
    settings.theme = .monochrome
    settings.unicode = unicode
    settings.player = player.flatMap { try? PlayerCommand(template: $0) }
    return AppState(
      guide: GuideModel(playlist: playlistGuide), settings: settings,
      size: CellSize(columns: 80, rows: rows), now: Fixture.now)
  }

  static func names(_ state: AppState) -> [String] { state.guide.rows.map(\.channel.name) }

  static func play(_ state: inout AppState) -> PlayRequest? {
    guard case .play(let request)? = state.takeEffects().first else { return nil }
    return request
  }

  static func key(_ state: inout AppState, _ text: String) {
    for character in text { state.apply(.key(.character(character))) }
  }

  // MARK: Groups

  @Test func gAndShiftGCycleTheGroupsInPlaylistOrder() {
    var state = Self.state()
    #expect(Self.names(state) == ["BBC One HD", "Film Four", "Sport", "Mystery Channel"])
    #expect(state.fullGuide.groups == ["News", "Films", "Sport"])
    var seen: [[String]] = []
    for _ in 0..<4 {
      Self.key(&state, "g")
      seen.append([state.group ?? "All"] + Self.names(state))
    }
    #expect(
      seen == [
        ["News", "BBC One HD", "Sport"],
        ["Films", "Film Four", "Mystery Channel"],
        ["Sport", "Sport"],
        ["All", "BBC One HD", "Film Four", "Sport", "Mystery Channel"],
      ])
    Self.key(&state, "G")
    #expect(state.group == "Sport")
    #expect(state.message == "Group Sport: 1 channel")
    Self.key(&state, "G")
    #expect(state.group == "Films")
  }

  @Test func topBarNamesTheGroup() {
    var state = Self.state()
    #expect(state.render().lines[0].contains("│ All channels"))
    Self.key(&state, "gg")
    #expect(state.render().lines[0].contains("│ Films"))
    #expect(!state.render().lines[0].contains("All channels"))
  }

  @Test func theSelectedChannelStaysWhenItIsInTheGroup() {
    var state = Self.state()
    state.apply(.key(.down))
    state.apply(.key(.down))
    #expect(state.guide.rows[state.selectedRow].channel.name == "Sport")
    Self.key(&state, "g")  // News: BBC One HD, Sport
    #expect(state.guide.rows[state.selectedRow].channel.name == "Sport")
    Self.key(&state, "g")  // Films: Sport is not in it
    #expect(state.selectedRow == 0)
    #expect(state.guide.rows[0].channel.name == "Film Four")
  }

  @Test func aSearchGoesOnInTheGroupShown() {
    var state = Self.state()
    state.apply(.key(.character("/")))
    Self.key(&state, "o")  // Doctors, Snooker, Story Time, Football …
    state.apply(.key(.enter))
    state.apply(.key(.escape))  // back to the guide, the search active
    let everywhere = state.search?.matches.count ?? 0
    Self.key(&state, "gg")  // Films: Film Four only has listings
    let titles = (state.search?.matches ?? []).compactMap { state.guide.programme($0)?.title }
    #expect(titles == ["Morning Film", "Shorts"])
    #expect(everywhere > titles.count)
  }

  @Test func homeAndEndGoToFirstAndLastChannel() {
    var state = Self.state()
    state.apply(.key(.end))
    #expect(state.selectedRow == 3)
    state.apply(.key(.home))
    #expect(state.selectedRow == 0)
  }

  @Test func aGuideWithoutPlaylistHasNoGroups() {
    var state = Fixture.state()
    Self.key(&state, "g")
    #expect(state.message == "Groups come with a playlist (group-title)")
    #expect(state.guide.rows.count == 4)
  }

  @Test func channelNumbersAreTheEntriesTvgChno() {
    var state = Self.state()
    // The channel column is 13 cells wide at 80 columns.
    #expect(state.render().lines[4].hasPrefix("101 BBC One…│"))
    Self.key(&state, "103")
    state.apply(.key(.enter))
    #expect(state.guide.rows[state.selectedRow].channel.name == "Sport")
  }

  // MARK: Watching

  @Test func wOnTheProgrammeOnNowPlaysTheStreamWithItsHeaders() throws {
    var state = Self.state()
    #expect(state.selectedProgramme?.title == "Afternoon Live")
    Self.key(&state, "w")
    let request = try #require(Self.play(&state))
    #expect(
      request.invocation.arguments == [
        "mpv", "--user-agent=TestAgent/1.0", "--referrer=https://provider.example/", "--",
        "https://alice:s3cret@provider.example/live/one.m3u8",
      ])
    #expect(!request.inTerminal)
    #expect(request.summary == "BBC One HD: \"Afternoon Live\", live (provider.example)")
    #expect(
      state.message == "Starting mpv: BBC One HD: \"Afternoon Live\", live (provider.example)")
    #expect(!(state.message ?? "").contains("s3cret"))
  }

  @Test func theTemplatesPlaceholdersAreWholeArguments() throws {
    var state = Self.state(player: "vlc --meta-title={title} --x {channel}")
    Self.key(&state, "w")
    let request = try #require(Self.play(&state))
    // Not mpv: no header options (the status says they were dropped).
    #expect(
      request.invocation.arguments == [
        "vlc", "--meta-title=Afternoon Live", "--x", "BBC One HD", "--",
        "https://alice:s3cret@provider.example/live/one.m3u8",
      ])
    #expect(request.invocation.droppedHeaders)
  }

  @Test func wOnAnEndedProgrammePlaysItFromTheArchive() throws {
    var state = Self.state()
    state.apply(.key(.left))
    #expect(state.selectedProgramme?.title == "Weather")
    Self.key(&state, "w")
    let request = try #require(Self.play(&state))
    // Weather: 13:00–13:15 UTC on 30 Nov 2026 = 1796043600–1796044500.
    #expect(
      request.invocation.arguments.suffix(2) == [
        "--", "https://archive.example/one?start=1796043600&end=1796044500&token=t0k3n",
      ])
    #expect(request.summary == "BBC One HD: \"Weather\", from 13:00 (archive.example)")
  }

  @Test func shiftWatchesTheProgrammeOnNowFromItsStart() throws {
    var state = Self.state()
    Self.key(&state, "W")
    let request = try #require(Self.play(&state))
    // Afternoon Live starts 13:15 UTC = 1796044500, ends 14:30 = 1796049000.
    #expect(
      request.invocation.arguments.last
        == "https://archive.example/one?start=1796044500&end=1796049000&token=t0k3n")
  }

  @Test func shiftModeAppendsUtcAndNowToTheStream() throws {
    var state = Self.state()
    state.apply(.key(.down))
    state.apply(.key(.down))
    state.apply(.key(.left))
    state.apply(.key(.left))
    #expect(state.selectedProgramme?.title == "Cricket")
    Self.key(&state, "w")
    let request = try #require(Self.play(&state))
    // Cricket 12:00 UTC = 1796040000; now 14:05 = 1796047500.
    #expect(
      request.invocation.arguments.last
        == "http://provider.example/sport.ts?x=1&utc=1796040000&lutc=1796047500")
  }

  // A programme still to come tunes to its channel live: WatchEverywhereTests.

  @Test func programmesOutsideTheArchiveSayWhy() {
    var state = Self.state()
    state.apply(.key(.down))
    state.apply(.key(.left))
    #expect(state.selectedProgramme?.title == "Morning Film")
    Self.key(&state, "w")
    #expect(state.takeEffects().isEmpty)
    #expect(
      state.message == "Cannot play \"Morning Film\" from the archive: no archive for this channel")
    // Sport keeps one day: two days on, Cricket is too old.
    var later = Self.state()
    later.apply(.key(.down))
    later.apply(.key(.down))
    later.apply(.key(.left))
    later.apply(.key(.left))
    later.apply(.tick(Fixture.at(14, 5, day: 2)))
    Self.key(&later, "w")
    #expect(later.takeEffects().isEmpty)
    #expect(
      later.message
        == "Cannot play \"Cricket\" from the archive: too old (the archive keeps 1 days)")
  }

  @Test func anUnmatchedRowSaysSoAndPlaysLive() throws {
    var state = Self.state()
    state.apply(.key(.end))
    #expect(state.selectedProgramme == nil)
    let screen = state.render()
    #expect(screen.lines[7].hasPrefix("104 Mystery…│no listings (unmatched) "))
    #expect(screen.lines[7].contains("no listings (unmatched)"))
    #expect(
      trimTrailing(screen.lines[12])
        == " Mystery Channel: no listings (unmatched); w plays the stream")
    Self.key(&state, "w")
    let request = try #require(Self.play(&state))
    #expect(request.invocation.arguments == ["mpv", "--", "http://provider.example/mystery.ts"])
  }

  @Test func playableEndedProgrammesAreMarkedInTheGrid() {
    var state = Self.state()
    state.apply(.key(.character("H")))  // a screen of time back: 12:00 on
    let lines = state.render().lines
    // BBC One (archive): marked; Film Four (none): not.
    #expect(lines[4].contains("↺ Midday"))
    #expect(!lines[5].contains("↺"))
    var ascii = Self.state(unicode: false)
    ascii.apply(.key(.character("H")))
    #expect(ascii.render().lines[4].contains("@ Midday"))
  }

  @Test func theRunLoopHandsTheEffectToPerform() {
    let state = Self.state()
    var screen = Screen(
      backend: TestBackend(size: state.size, events: [.key(.character("w"))]))
    var performed: [Effect] = []
    let final = GuideApp.run(
      state: state, screen: &screen, clock: FixedClock(Fixture.now),
      perform: { effect, _ in
        performed.append(effect)
        return [.notice("mpv started: test")]
      })
    #expect(performed.count == 1)
    #expect(final.message == "mpv started: test")
    #expect(final.effects.isEmpty)
  }

  @Test func anAmbiguousRowNamesTheCandidates() {
    let guide = Schedule(
      channels: [Channel(id: "a", name: "Sport"), Channel(id: "b", name: "Sport HD")],
      programmes: [[], []])
    let playlist = Playlist(
      parsing: Array("#EXTM3U\n#EXTINF:-1,Sport\nhttp://a.example/s\n".utf8),
      location: .file("t.m3u"))
    let joined = PlaylistGuide(playlist: playlist, guide: guide, overrides: [], allChannels: false)
    let state = AppState(
      guide: GuideModel(playlist: joined), size: CellSize(columns: 100, rows: 10),
      now: Fixture.now)
    let lines = state.render().lines.map { trimTrailing($0) }
    #expect(lines[4].hasPrefix("Sport          │no listings (ambiguous: 2 guide channels fit)"))
    #expect(
      lines[8] == " Sport: no listings (ambiguous: Sport (a), Sport HD (b) fit); w plays the stream"
    )
  }

  @Test func configKeysForThePlayer() {
    let config = ConfigFile(
      parsing: "player = mpv --fs '--title={title}'\nplayer_terminal = yes\n")
    #expect(config.warnings.isEmpty)
    #expect(config.settings.player?.words == ["mpv", "--fs", "--title={title}"])
    #expect(config.settings.playerTerminal)
    let bad = ConfigFile(parsing: "player = mpv {url} --fs\nplayer_terminal = maybe\n")
    #expect(
      bad.warnings == [
        "config line 1: player: {url} must be the last word (the URL goes last, after --)",
        "config line 2: player_terminal must be yes or no, not 'maybe'",
      ])
    #expect(bad.settings.player == nil)
  }

  @Test func playerTerminalAsksForTheTerminal() throws {
    var state = AppState(
      guide: GuideModel(playlist: Self.playlistGuide),
      settings: ConfigFile(parsing: "player_terminal = yes").settings,
      size: CellSize(columns: 80, rows: 14), now: Fixture.now)
    Self.key(&state, "w")
    #expect(try #require(Self.play(&state)).inTerminal)
  }

  // MARK: Details

  @Test func detailsShowGroupNumberHostAndMatch() throws {
    var state = Self.state(rows: 30)
    state.apply(.key(.left))
    state.apply(.key(.enter))
    let lines = state.render().lines.map { trimTrailing($0) }
    #expect(lines.contains(" Group      News"))
    #expect(lines.contains(" Number     101"))
    #expect(lines.contains(" Stream     provider.example"))
    #expect(lines.contains(" Listings   by id (one.uk)"))
    #expect(lines.contains(" Watch      ↺ in the archive: w plays it"))
    #expect(!lines.joined().contains("s3cret"))
    #expect(!lines.joined().contains("alice"))
  }

  @Test func enterOnARowWithoutListingsShowsTheEntry() throws {
    var state = Self.state(rows: 24)
    state.apply(.key(.end))
    state.apply(.key(.enter))
    #expect(state.mode == .channelDetails(row: 3, scroll: 0))
    let lines = state.render().lines.map { trimTrailing($0) }
    #expect(lines[1] == " Mystery Channel")
    #expect(lines.contains(" Group      Films"))
    #expect(lines.contains(" Number     104"))
    #expect(lines.contains(" Stream     provider.example"))
    #expect(lines.contains(" Listings   unmatched"))
    #expect(lines.contains(" tvg-id     nowhere.uk"))
    #expect(lines.last == " Esc back  w watch  ↑/↓ scroll  q quit")
    state.apply(.key(.character("w")))
    let request = try #require(Self.play(&state))
    #expect(request.invocation.arguments.last == "http://provider.example/mystery.ts")
    state.apply(.key(.escape))
    #expect(state.mode == .guide)
  }

  @Test func wInTheDetailsPlaysTheProgrammeShown() throws {
    var state = Self.state(rows: 24)
    state.apply(.key(.left))
    state.apply(.key(.enter))
    state.apply(.key(.left))  // the programme before: Midday News, 12:00–13:00
    state.apply(.key(.character("w")))
    let request = try #require(Self.play(&state))
    #expect(
      request.invocation.arguments.last
        == "https://archive.example/one?start=1796040000&end=1796043600&token=t0k3n")
  }

  @Test func detailsSayWhyAProgrammeIsNotInTheArchive() {
    var state = Self.state(rows: 30)
    state.apply(.key(.down))
    state.apply(.key(.left))
    state.apply(.key(.enter))
    let lines = state.render().lines.map { trimTrailing($0) }
    #expect(lines.contains(" Watch      not in the archive: no archive for this channel"))
    var future = Self.state(rows: 30)
    future.apply(.key(.right))
    future.apply(.key(.enter))
    #expect(
      future.render().lines.map { trimTrailing($0) }.contains(
        " Watch      still to come (starts in 25m): w plays the channel live"))
  }

  // MARK: Reminders

  @Test func wOnAReminderNoticePlaysTheChannelLive() {
    var state = Self.state()
    // Doctors (15:00) on BBC One HD; the reminder fires at 14:58.
    Self.key(&state, "llr")
    _ = state.takeEffects()
    state.apply(.tick(Fixture.at(14, 58)))
    _ = state.takeEffects()
    #expect(state.alerts.count == 1)
    state.apply(.key(.character("w")))
    #expect(state.alerts.isEmpty)
    let request = Self.play(&state)
    #expect(
      request?.invocation.arguments.last == "https://alice:s3cret@provider.example/live/one.m3u8")
    #expect(request?.summary == "BBC One HD: \"Doctors\", live (provider.example)")
  }
}
