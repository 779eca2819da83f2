import EPGActions
import EPGLayout
import EPGPlaylist
import Foundation
import Testing

@testable import EPGFrontEnd

/// Issue 24 item 2: `w` works wherever a programme or channel is selected
/// (the guide, now and next, tonight, a schedule, search results, the
/// reminders and the saved searches' matches), and on a programme still to
/// come it tunes to the channel live, saying when the programme starts.
/// The playlist is `PlaylistGuideStateTests`'s over `Fixture.schedule`
/// (now: Mon 30 Nov 2026 14:05 UTC; BBC One HD has a 3-day archive).
@Suite struct WatchEverywhereTests {
  static let live = "https://alice:s3cret@provider.example/live/one.m3u8"
  static let films = "http://provider.example/films.ts"

  static func play(_ state: inout AppState) -> PlayRequest? {
    PlaylistGuideStateTests.play(&state)
  }

  static func keys(_ state: inout AppState, _ keys: Key...) {
    for key in keys { state.apply(.key(key)) }
  }

  @Test func aProgrammeStillToComeTunesToItsChannelLive() throws {
    var state = PlaylistGuideStateTests.state()
    Self.keys(&state, .right)
    #expect(state.selectedProgramme?.title == "News at Half Two")
    Self.keys(&state, .character("w"))
    let request = try #require(Self.play(&state))
    #expect(request.invocation.arguments.last == Self.live)
    #expect(request.summary == "BBC One HD, live (provider.example)")
    #expect(request.note == "\"News at Half Two\" starts 14:30, in 25m")
    #expect(
      state.message
        == "\"News at Half Two\" starts 14:30, in 25m; starting mpv: BBC One HD, live (provider.example)"
    )
    // Tomorrow's: the day is named.
    var later = PlaylistGuideStateTests.state()
    later.apply(.key(.character(":")))
    for character in "tomorrow 12:30" { later.apply(.key(.character(character))) }
    later.apply(.key(.enter))
    #expect(later.selectedProgramme?.title == "Midday News")
    Self.keys(&later, .character("w"))
    #expect(Self.play(&later)?.note == "\"Midday News\" starts Tue 1 Dec 12:00")
  }

  /// The player's own notice (a stub named mpv that records its
  /// arguments) leads with when the programme starts.
  @Test func thePlayersNoticeLeadsWithTheNote() throws {
    let folder = try PlayerSessionTests.folder()
    defer { try? FileManager.default.removeItem(atPath: folder) }
    var state = PlaylistGuideStateTests.state(player: folder + "/bin/mpv")
    Self.keys(&state, .right, .character("w"))
    let request = try #require(Self.play(&state))
    var session = PlayerSession(environment: ["HOME": folder])
    #expect(
      PlayerSessionTests.notices(session.start(request, now: Fixture.now)) == [
        "\"News at Half Two\" starts 14:30, in 25m; mpv started: BBC One HD, live (provider.example)"
      ])
    _ = PlayerSessionTests.waitForPlayers(&session)
    let argv = try String(contentsOfFile: folder + "/bin/argv.txt", encoding: .utf8)
    #expect(argv.hasSuffix("--\n\(Self.live)\n"))
  }

  @Test func wInNowAndNextAndTonight() throws {
    var state = PlaylistGuideStateTests.state()
    Self.keys(&state, .character("o"))
    // BBC One HD's line: Afternoon Live (on now), then News at Half Two.
    Self.keys(&state, .character("w"))
    var request = try #require(Self.play(&state))
    #expect(request.summary == "BBC One HD: \"Afternoon Live\", live (provider.example)")
    Self.keys(&state, .right, .character("w"))
    request = try #require(Self.play(&state))
    #expect(request.invocation.arguments.last == Self.live)
    #expect(request.note == "\"News at Half Two\" starts 14:30, in 25m")
    // The list stays open.
    guard case .overview(.nowNext, _, _) = state.mode else {
      Issue.record("the overview closed: \(state.mode)")
      return
    }
    // Tonight (from 20:00) Film Four has nothing: its channel plays live.
    Self.keys(&state, .character("e"), .down, .character("w"))
    request = try #require(Self.play(&state))
    #expect(request.invocation.arguments == ["mpv", "--", Self.films])
    #expect(request.summary == "Film Four, live (provider.example)")
  }

  @Test func wInAChannelsSchedule() throws {
    var state = PlaylistGuideStateTests.state()
    // The schedule opens on Afternoon Live; up: Weather (13:00–13:15),
    // ended and in the archive.
    Self.keys(&state, .character("s"), .up, .character("w"))
    let request = try #require(Self.play(&state))
    #expect(
      request.invocation.arguments.last
        == "https://archive.example/one?start=1796043600&end=1796044500&token=t0k3n")
    #expect(request.summary == "BBC One HD: \"Weather\", from 13:00 (archive.example)")
    // The list's status line says so (until the next key).
    #expect(
      trimTrailing(state.render().lines.last ?? "")
        == " Starting mpv: BBC One HD: \"Weather\", from 13:00 (archive.example)")
    // W on the programme on now: from its start.
    Self.keys(&state, .down, .character("W"))
    #expect(
      Self.play(&state)?.invocation.arguments.last
        == "https://archive.example/one?start=1796044500&end=1796049000&token=t0k3n")
  }

  @Test func wInSearchResults() throws {
    var state = PlaylistGuideStateTests.state()
    state.apply(.key(.character("/")))
    for character in "doctors" { state.apply(.key(.character(character))) }
    Self.keys(&state, .enter)
    guard case .searchResults = state.mode else {
      Issue.record("no results list: \(state.mode)")
      return
    }
    _ = state.takeEffects()  // the search history's
    Self.keys(&state, .character("w"))
    let request = try #require(Self.play(&state))
    #expect(request.invocation.arguments.last == Self.live)
    #expect(request.note == "\"Doctors\" starts 15:00, in 55m")
  }

  @Test func wInTheRemindersAndSavedSearches() throws {
    var state = PlaylistGuideStateTests.state()
    // A reminder on Casablanca (Film Four, 16:00).
    Self.keys(&state, .down, .right, .right, .character("r"))
    #expect(state.reminders.reminders.map(\.title) == ["Casablanca"])
    _ = state.takeEffects()
    Self.keys(&state, .home, .character("a"), .character("w"))
    var request = try #require(Self.play(&state))
    #expect(request.invocation.arguments == ["mpv", "--", Self.films])
    #expect(request.note == "\"Casablanca\" starts 16:00, in 1h 55m")
    state.actions.searches = [
      SavedSearch(name: "news", query: try ProgrammeQuery("news"))
    ]
    Self.keys(&state, .escape, .character("S"), .character("w"))
    // The first upcoming match: News at Half Two on BBC One HD.
    request = try #require(Self.play(&state))
    #expect(request.invocation.arguments.last == Self.live)
    #expect(request.note == "\"News at Half Two\" starts 14:30, in 25m")
  }

  @Test func aGuideWithoutAPlaylistSaysWhyInTheListsToo() {
    var state = Fixture.state()
    Self.keys(&state, .character("o"), .character("w"))
    #expect(state.takeEffects().isEmpty)
    #expect(state.message == "Watching needs a playlist (tvgrid list.m3u): a guide has no streams")
    Self.keys(&state, .escape, .character("s"), .character("w"))
    #expect(state.takeEffects().isEmpty)
    #expect(state.message == "Watching needs a playlist (tvgrid list.m3u): a guide has no streams")
  }
}
