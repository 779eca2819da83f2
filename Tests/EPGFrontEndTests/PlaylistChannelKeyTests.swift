import EPGActions
import EPGFrontEnd
import EPGLayout
import EPGPlaylist
import EPGSchedule
import Testing

/// Issue 24, item 9 on the reducer: reminders, favourites and hidden
/// channels chosen on playlist rows are kept by channel (guide channel id
/// and shift), so they stay on their rows when the playlist is reordered
/// and are found against the guide file alone. Now is 14:05; BBC One has
/// Doctors 15:00–15:45, so BBC One +1 shows it 16:00–16:45.
@Suite struct PlaylistChannelKeyTests {
  static let entries = [
    "#EXTINF:-1 tvg-id=\"one.uk\",BBC One\nhttp://p.example/one\n",
    "#EXTINF:-1 tvg-id=\"one.uk\" tvg-shift=\"1\",BBC One +1\nhttp://p.example/one1\n",
    "#EXTINF:-1 tvg-id=\"films.uk\",Film Four\nhttp://p.example/films\n",
  ]

  static func guide(_ order: [Int]) -> PlaylistGuide {
    let text = "#EXTM3U\n" + order.map { entries[$0] }.joined()
    let playlist = Playlist(parsing: Array(text.utf8), location: .file("list.m3u"))
    return PlaylistGuide(
      playlist: playlist, guide: Fixture.schedule, overrides: [], allChannels: false)
  }

  static func state(_ order: [Int], choices: ChannelChoices = ChannelChoices()) -> AppState {
    var settings = GuideSettings()
    settings.theme = .monochrome
    return AppState(
      guide: GuideModel(playlist: guide(order)), choices: choices, settings: settings,
      size: CellSize(columns: 80, rows: 14), now: Fixture.now)
  }

  static func names(_ state: AppState) -> [String] { state.guide.rows.map(\.channel.name) }

  @Test func aReminderOnThePlusOneRowIsKeptByChannelAndInstant() throws {
    var state = Self.state([0, 1, 2])
    state.apply(.key(.down))
    while state.selectedProgramme?.title != "Doctors" { state.apply(.key(.character("l"))) }
    #expect(state.selectedProgramme?.start == Fixture.at(16))
    state.apply(.key(.character("r")))
    let reminder = try #require(state.reminders.reminders.first)
    #expect(reminder.channelID == "one.uk")
    #expect(reminder.shift == 3600)
    #expect(reminder.start == Fixture.at(16))
    #expect(reminder.channelName == "BBC One +1")
    // Marked on the +1 row's Doctors, not on BBC One's (15:00).
    let rows = state.guide.rows
    let plusOne = try #require(rows[1].programmes.first { $0.title == "Doctors" })
    let plain = try #require(rows[0].programmes.first { $0.title == "Doctors" })
    #expect(state.reminders.index(of: plusOne, key: rows[1].channel.key) == 0)
    #expect(state.reminders.index(of: plain, key: rows[0].channel.key) == nil)
    #expect(state.reminders.marks.contains(key: rows[1].channel.key, start: Fixture.at(16)))
    #expect(!state.reminders.marks.contains(key: rows[0].channel.key, start: Fixture.at(15)))

    // The playlist reordered: still on the +1 row, wherever it is now.
    let reordered = Self.guide([2, 1, 0]).schedule
    let location = try #require(ReminderList.locate(reminder, in: reordered))
    #expect(reordered.channels[location.channel].name == "BBC One +1")
    #expect(location.offset == 0)
    // The guide file alone: BBC One's Doctors at 15:00, an hour earlier.
    let alone = try #require(ReminderList.locate(reminder, in: Fixture.schedule))
    #expect(Fixture.schedule.channels[alone.channel].id == "one.uk")
    #expect(Fixture.schedule.programmes[alone.channel][alone.item].start == Fixture.at(15))
    #expect(alone.offset == 3600)
    var list = state.reminders
    let changes = list.refresh(against: Fixture.schedule, now: Fixture.now)
    #expect(changes.isEmpty)
    #expect(list.reminders == [reminder])
  }

  @Test func favouritesAndHiddenRowsFollowTheirChannel() {
    var state = Self.state([0, 1, 2])
    state.apply(.key(.down))
    state.apply(.key(.character("x")))
    #expect(Self.names(state) == ["BBC One", "Film Four"])
    state.apply(.key(.end))
    state.apply(.key(.character("*")))
    #expect(Self.names(state) == ["Film Four", "BBC One"])
    #expect(
      state.channelChoices
        == ChannelChoices(favourites: ["films.uk"], hidden: ["one.uk shift +1"]))
    // Another order: the same rows are hidden and first.
    let reordered = Self.state([1, 0, 2], choices: state.channelChoices)
    #expect(Self.names(reordered) == ["Film Four", "BBC One"])
  }

  @Test func rowsKeptByPositionAreMigrated() {
    // Written when the playlist was [BBC One, BBC One +1, Film Four].
    let old = ChannelChoices(favourites: ["m3u:3"], notFavourites: [], hidden: ["m3u:2", "m3u:9"])
    let (choices, migration) = old.migratingRowKeys(with: Self.guide([0, 1, 2]))
    #expect(
      choices == ChannelChoices(favourites: ["films.uk"], hidden: ["one.uk shift +1", "m3u:9"]))
    #expect(
      migration.messages(file: "favourites.json", playlist: "list.m3u") == [
        "favourites.json: kept by channel now, not by playlist row: m3u:3 (Film Four) → films.uk, "
          + "m3u:2 (BBC One +1) → one.uk shift +1",
        "favourites.json: m3u:9 is no row of list.m3u; kept as it is",
      ])
  }
}
