import EPGSchedule
import Testing

@testable import EPGPlaylist

@Suite struct PlaylistGuideTests {
  /// 2026-11-30 18:00 UTC (2026-01-01 is 1_767_225_600; + 333 days + 18 h).
  static let six: Int64 = 1_796_061_600

  static let guide = Schedule(
    channels: [
      Channel(id: "bbc1.uk", name: "BBC One"),
      Channel(id: "itv1.uk", name: "ITV1"),
      Channel(id: "unused.tv", name: "Nobody Watches"),
    ],
    programmes: [
      [
        Programme(start: six, stop: six + 1800, title: "News"),
        Programme(start: six + 1800, stop: six + 3600, title: "Quiz"),
      ],
      [Programme(start: six, stop: six + 3600, title: "Soap")],
      [Programme(start: six, stop: six + 7200, title: "Film")],
    ])

  static let playlist = PlaylistParsingTests.parse(
    """
    #EXTM3U
    #EXTINF:-1 tvg-id="ITV1.UK" group-title="UK",ITV
    http://a.example/itv
    #EXTINF:-1 tvg-id="bbc1.uk" tvg-chno="101" group-title="UK;News",BBC One HD
    http://a.example/bbc1
    #EXTINF:-1 tvg-id="bbc1.uk" tvg-shift="1" group-title="UK",BBC One +1
    http://a.example/bbc1plus1
    #EXTINF:-1 tvg-id="nothing",Mystery
    http://a.example/mystery

    """)

  @Test func entriesInPlaylistOrderWithTheirShifts() {
    let joined = PlaylistGuide(
      playlist: Self.playlist, guide: Self.guide, overrides: [], allChannels: false)
    let schedule = joined.schedule
    #expect(schedule.channels.map(\.name) == ["ITV", "BBC One HD", "BBC One +1", "Mystery"])
    #expect(Set(schedule.channels.map(\.id)).count == 4)
    #expect(schedule.channels[1].number == "101")
    // BBC One +1: News 19:00–19:30, Quiz 19:30–20:00.
    #expect(schedule.programmes[2].map(\.start) == [Self.six + 3600, Self.six + 5400])
    #expect(schedule.programmes[2].map(\.stop) == [Self.six + 5400, Self.six + 7200])
    #expect(schedule.programmes[2].map(\.listedStop) == [Self.six + 5400, Self.six + 7200])
    #expect(schedule.programmes[1].map(\.start) == [Self.six, Self.six + 1800])
    #expect(schedule.programmes[0].map(\.title) == ["Soap"])
    #expect(schedule.programmes[3].isEmpty)
    let rows = schedule.channels.map { joined.rows[$0.id] }
    #expect(rows.map { $0?.match.label } == ["case", "id", "id", "none"])
    #expect(rows.map { $0?.guideChannelID } == ["itv1.uk", "bbc1.uk", "bbc1.uk", nil])
    #expect(rows.map { $0?.shift } == [0, 0, 3600, 0])
    #expect(joined.groups == ["UK", "News"])
  }

  /// Issue 24, item 6: an entry without a name (nothing after the comma)
  /// shows its guide channel's display name, not its tvg-id; a tvg-name
  /// is a name and is kept; without a guide channel the tvg-id is all
  /// there is.
  @Test func anEntryWithoutANameShowsItsGuideChannelsName() {
    let playlist = PlaylistParsingTests.parse(
      """
      #EXTM3U
      #EXTINF:-1 tvg-id="bbc1.uk",
      http://a.example/bbc1
      #EXTINF:-1 tvg-id="ITV1.UK"
      http://a.example/itv
      #EXTINF:-1 tvg-id="bbc1.uk" tvg-name="The One",
      http://a.example/one
      #EXTINF:-1 tvg-id="nothing",
      http://a.example/nothing

      """)
    let joined = PlaylistGuide(
      playlist: playlist, guide: Self.guide, overrides: [], allChannels: false)
    #expect(joined.schedule.channels.map(\.name) == ["BBC One", "ITV1", "The One", "nothing"])
  }

  /// Issue 24, item 9: what tvgrid's own files keep a row by: the guide
  /// channel's id and the shift, else the tvg-id, else the normalised
  /// name; never the position.
  @Test func rowsAreKeyedByChannelNotPosition() {
    let playlist = PlaylistParsingTests.parse(
      """
      #EXTM3U
      #EXTINF:-1 tvg-id="bbc1.uk" tvg-shift="1",BBC One +1
      http://a.example/1
      #EXTINF:-1 tvg-id="ITV1.UK",ITV
      http://a.example/2
      #EXTINF:-1 tvg-id="nothing",Mystery
      http://a.example/3
      #EXTINF:-1 tvg-shift="-4.5",Mystery Channel HD
      http://a.example/4

      """)
    let joined = PlaylistGuide(
      playlist: playlist, guide: Self.guide, overrides: [], allChannels: true)
    // --all-channels adds unused.tv (by its id) after the entries.
    #expect(
      joined.schedule.channels.map(\.key.text) == [
        "bbc1.uk shift +1", "itv1.uk", "nothing", "mysterychannel shift -4.5", "unused.tv",
      ])
    #expect(joined.schedule.channels.map(\.id).prefix(2) == ["m3u:1", "m3u:2"])
    #expect(
      ChannelKey(text: "mysterychannel shift -4.5")
        == ChannelKey(id: "mysterychannel", shift: -16200))
    #expect(ChannelKey(text: "a shift b") == ChannelKey(id: "a shift b"))
  }

  @Test func allChannelsAppendsUnusedGuideChannels() {
    let joined = PlaylistGuide(
      playlist: Self.playlist, guide: Self.guide, overrides: [], allChannels: true)
    #expect(joined.schedule.channels.count == 5)
    #expect(joined.schedule.channels[4].id == "unused.tv")
    #expect(joined.schedule.programmes[4].map(\.title) == ["Film"])
    #expect(joined.rows["unused.tv"] == nil)
  }

  @Test func overrideShiftAndAmbiguousRows() throws {
    let guide = Schedule(
      channels: [Channel(id: "a", name: "Sport"), Channel(id: "b", name: "Sport HD")],
      programmes: [
        [Programme(start: Self.six, stop: Self.six + 60, title: "A")],
        [Programme(start: Self.six, stop: Self.six + 60, title: "B")],
      ])
    let playlist = PlaylistParsingTests.parse(
      "#EXTM3U\n#EXTINF:-1,Sport\nhttp://a.example/s\n#EXTINF:-1,Sport East\nhttp://a.example/e\n")
    let joined = try PlaylistGuide(
      playlist: playlist, guide: guide,
      overrides: [MapOverride(parsing: "Sport East: b shift -1.5")], allChannels: false)
    #expect(joined.schedule.programmes[0].isEmpty)
    #expect(joined.rows[joined.schedule.channels[0].id]?.match == .ambiguous(candidates: [0, 1]))
    // The candidates travel with the row, so the guide can name them.
    #expect(
      joined.rows[joined.schedule.channels[0].id]?.candidates.map(\.id) == ["a", "b"])
    #expect(joined.rows[joined.schedule.channels[1].id]?.candidates == [])
    // 18:00 − 1 h 30 min = 16:30.
    #expect(joined.schedule.programmes[1].map(\.start) == [Self.six - 5400])
  }

  @Test func entryIDsAvoidGuideIDs() {
    let guide = Schedule(
      channels: [Channel(id: "m3u:1", name: "Trap")], programmes: [[]])
    let playlist = PlaylistParsingTests.parse("#EXTM3U\n#EXTINF:-1,X\nhttp://a.example/x\n")
    let joined = PlaylistGuide(playlist: playlist, guide: guide, overrides: [], allChannels: true)
    #expect(joined.schedule.channels.map(\.id) == ["m3u~:1", "m3u:1"])
  }
}
