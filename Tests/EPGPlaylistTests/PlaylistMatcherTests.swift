import EPGRaster
import EPGSchedule
import Testing

@testable import EPGPlaylist

@Suite struct PlaylistMatcherTests {
  static let guide = [
    Channel(id: "bbc1.uk", name: "BBC One"),
    Channel(id: "itv1.uk", name: "ITV1"),
    Channel(id: "daserste.de", name: "Das Erste", otherNames: ["ARD"]),
    Channel(id: "sport1", name: "Sport Live"),
    Channel(id: "sport2", name: "Sport-Live HD"),
    Channel(id: "film4.uk", name: "Film4"),
    Channel(id: "foo", name: "Foo Channel"),
    Channel(id: "unused.tv", name: "Nobody Watches"),
  ]

  static func sample() throws -> Playlist { try Playlist.load(path: Support.fixture("sample.m3u")) }

  @Test func sampleMatches() throws {
    let playlist = try Self.sample()
    let matches = PlaylistMatcher(channels: Self.guide).match(playlist)
    #expect(
      matches.map(\.kind) == [
        .id(channel: 0), .id(channel: 0), .id(channel: 0), .caseInsensitiveID(channel: 1),
        .name(channel: 2), .ambiguous(candidates: [3, 4]), .name(channel: 5), .none,
      ])
    // Entry shift, else the header's -0.5 h.
    #expect(matches.map(\.shift) == [-1800, -1800, 3600, -1800, -1800, -1800, -1800, -1800])
    #expect(
      matches.map(\.kind.label) == ["id", "id", "id", "case", "name", "ambiguous", "name", "none"])
  }

  @Test func overridesComeFirstAndCarryTheirShift() throws {
    let playlist = try Self.sample()
    let overrides = try [
      MapOverride(parsing: "Foo Channel CA: foo shift +1"),
      MapOverride(parsing: "sport live: SPORT1"),
      MapOverride(parsing: "Nothing Here: no.such.channel"),
    ]
    let matcher = PlaylistMatcher(channels: Self.guide, overrides: overrides)
    let matches = matcher.match(playlist)
    #expect(matches[7].kind == .override(channel: 6))
    #expect(matches[7].shift == 3600)
    #expect(matches[5].kind == .override(channel: 3))
    #expect(matches[5].shift == -1800)
    #expect(matcher.unresolvedOverrides.map(\.channelID) == ["no.such.channel"])
  }

  @Test func overrideByTvgID() throws {
    let playlist = PlaylistParsingTests.parse(
      "#EXTM3U\n#EXTINF:-1 tvg-id=\"bbc1.uk\",One\nhttp://a.example/1\n")
    let matcher = try PlaylistMatcher(
      channels: Self.guide, overrides: [MapOverride(parsing: "BBC1.UK: itv1.uk shift -2.5")])
    #expect(matcher.match(playlist).map(\.kind) == [.override(channel: 1)])
    #expect(matcher.match(playlist).map(\.shift) == [-9000])
  }

  @Test func exactIDBeatsCaseAndCaseCanBeAmbiguous() {
    let channels = [Channel(id: "abc", name: "First"), Channel(id: "ABC", name: "Second")]
    let playlist = PlaylistParsingTests.parse(
      "#EXTM3U\n#EXTINF:-1 tvg-id=\"ABC\",X\nhttp://a.example/1\n"
        + "#EXTINF:-1 tvg-id=\"Abc\",Y\nhttp://a.example/2\n")
    let kinds = PlaylistMatcher(channels: channels).match(playlist).map(\.kind)
    #expect(kinds == [.id(channel: 1), .ambiguous(candidates: [0, 1])])
  }

  @Test func tvgNameBeforeNameAndOtherDisplayNames() {
    let playlist = PlaylistParsingTests.parse(
      "#EXTM3U\n#EXTINF:-1 tvg-name=\"ARD\",Erstes Programm\nhttp://a.example/1\n"
        + "#EXTINF:-1 tvg-name=\"Unknown\",ITV 1 FHD\nhttp://a.example/2\n")
    let kinds = PlaylistMatcher(channels: Self.guide).match(playlist).map(\.kind)
    #expect(kinds == [.name(channel: 2), .name(channel: 1)])
  }

  @Test func nameKeys() {
    #expect(ChannelNameKey.key("BBC One HD") == "bbcone")
    #expect(ChannelNameKey.key("bbc_one") == "bbcone")
    #expect(ChannelNameKey.key("BBC-One (SD)") == "bbcone")
    #expect(ChannelNameKey.key("BBC One +1") == "bbcone1")
    #expect(ChannelNameKey.key("Das Erste 4K") == "daserste")
    #expect(ChannelNameKey.key("  UHD ") == "uhd")
    #expect(ChannelNameKey.key("ÖRF 2") == "örf2")
    #expect(ChannelNameKey.key("!!!") == "")
  }

  @Test func hintsAreClosestByEditDistance() {
    let matcher = PlaylistMatcher(channels: Self.guide)
    // "bbcon" is one edit from "bbcone"; nothing else is near.
    #expect(matcher.hints(for: "BBC On") == [0])
    #expect(matcher.hints(for: "Sport Liev") == [3, 4])
    #expect(matcher.hints(for: "zzzz") == [])
    #expect(
      PlaylistMatcher.editDistance(
        Array("kitten".unicodeScalars), Array("sitting".unicodeScalars), limit: 10) == 3)
  }

  @Test func hintsAmongManySimilarChannels() {
    // 1,000 channels "Channel 1" … "Channel 1000": every one shares the
    // pieces of "channel"; "Chanel 517" is one edit from "channel517" and
    // two from "channel51", "channel417", "channel547" …
    let channels = (1...1000).map { Channel(id: "c\($0)", name: "Channel \($0)") }
    let matcher = PlaylistMatcher(channels: channels)
    #expect(matcher.hints(for: "Chanel 517").first == 516)
    let playlist = PlaylistParsingTests.parse(
      "#EXTM3U\n#EXTINF:-1,Channel 999 HD\nhttp://a.example/1\n#EXTINF:-1,Chanel 517\nhttp://a.example/2\n"
    )
    #expect(matcher.match(playlist).map(\.kind) == [.name(channel: 998), .none])
  }

  @Test func mapOverrideParsing() throws {
    #expect(
      try MapOverride(parsing: "BBC One +1: bbc1.uk shift +1")
        == MapOverride(entry: "BBC One +1", channelID: "bbc1.uk", shift: 3600))
    #expect(
      try MapOverride(parsing: "Sky: Sports: sky.sports")
        == MapOverride(entry: "Sky: Sports", channelID: "sky.sports"))
    #expect(try MapOverride(parsing: "x:y SHIFT -0.25").shift == -900)
    for bad in [
      "no colon", ": id", "name:", "a: b c", "a: b shift", "a: b shift x", "a: b shift 99",
      "a: b shift 1 2",
    ] {
      #expect(throws: MapOverride.ParseError.self) { try MapOverride(parsing: bad) }
    }
  }

  @Test func reportText() throws {
    let playlist = try Self.sample()
    let matcher = PlaylistMatcher(channels: Self.guide)
    let report = MatchReport(
      playlist: playlist, matches: matcher.match(playlist), matcher: matcher, path: "sample.m3u")
    #expect(
      report.text() == """
        sample.m3u: 8 entries, 6 matched (3 by id, 1 by case, 0 by suffix, 2 by name, 0 by override), 1 ambiguous, 1 unmatched
        guide channels used by no entry: 4

        sample.m3u:17: "Sport Live": ambiguous: Sport Live (sport1), Sport-Live HD (sport2)

        sample.m3u:21: "Foo Channel CA" (tvg-id Foo.ca): no guide channel; closest: Foo Channel (foo)

        unused: Sport Live (sport1), Sport-Live HD (sport2), Foo Channel (foo), Nobody Watches (unused.tv)

        """)
  }

  @Test func reportTextIsSanitised() {
    let playlist = PlaylistParsingTests.parse(
      "#EXTM3U\n#EXTINF:-1 tvg-id=\"\u{1B}[2J\",\u{1B}]0;pwned\u{07}Evil\nhttp://a.example/\n")
    let matcher = PlaylistMatcher(channels: Self.guide)
    let report = MatchReport(
      playlist: playlist, matches: matcher.match(playlist), matcher: matcher, path: "t.m3u")
    let text = report.text(clean: { TextSanitizer.unicode.sanitize($0) })
    #expect(!text.unicodeScalars.contains { $0.value == 0x1B || $0.value == 0x07 })
    #expect(text.contains("\"\u{FFFD}]0;pwned\u{FFFD}Evil\" (tvg-id \u{FFFD}[2J)"))
  }
}
