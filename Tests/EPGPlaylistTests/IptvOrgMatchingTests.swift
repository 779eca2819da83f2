import EPGRaster
import EPGSchedule
import Testing

@testable import EPGPlaylist

/// Issue 24, item 10: an iptv-org playlist (ids `Name.cc` or `Name.cc@Feed`,
/// names with `(1080p)`, `[Not 24/7]`, `HD`) against a Chinese guide whose
/// ids are `CCTV1`, `CCTV5`, `CCTV6` and `CCTV13`. Every expected value is
/// worked by hand from the rules in the README (see the comments).
@Suite struct IptvOrgMatchingTests {
  /// The guide: ids and display names as a Chinese XMLTV source writes them.
  static let guide = ["CCTV1", "CCTV5", "CCTV6", "CCTV13"].map { Channel(id: $0, name: $0) }

  static func playlist() throws -> Playlist {
    try Playlist.load(path: Support.fixture("iptv-org-cctv.m3u"))
  }

  @Test func idsWithoutCountryAndFeedMatchAndTagsLeaveNames() throws {
    let playlist = try Self.playlist()
    let matches = PlaylistMatcher(channels: Self.guide).match(playlist)
    #expect(
      matches.map(\.kind.label) == [
        "suffix",  // CCTV1.cn → CCTV1
        "suffix",  // CCTV1.cn@SD → CCTV1.cn (not a channel) → CCTV1
        "suffix",  // CCTV5.cn → CCTV5
        "none",  // CCTV5Plus.cn@SD → CCTV5Plus: no such id; "CCTV-5+ 体育赛事" no name
        "suffix",  // CCTV6.cn → CCTV6
        "none",  // CCTV10.cn → CCTV10: no such id
        "suffix",  // CCTV13.cn → CCTV13
        "none",  // no tvg-id; "CCTV-13 新闻 HD" is cctv13新闻, not cctv13
        "name",  // "CCTV6 (720p) [Not 24/7]" is cctv6 without its tags
        "none",  // "CCTV5+" is cctv5plus, not cctv5
        "none",  // CCTV6HD.cn@HD → CCTV6HD: no such id; "电影频道" no name
      ])
    #expect(matches.map(\.channel) == [0, 0, 1, nil, 2, nil, 3, nil, 2, nil, nil])
  }

  @Test func theMatchReportIsRightAboutWhatIsLeft() throws {
    let playlist = try Self.playlist()
    let matcher = PlaylistMatcher(channels: Self.guide)
    let report = MatchReport(
      playlist: playlist, matches: matcher.match(playlist), matcher: matcher, path: "cctv.m3u")
    // Suggestions: the numbers must be the same; CCTV-13 新闻 HD is two
    // letters (新闻) from CCTV13 (8 characters: 2 allowed); CCTV6HD two (h,
    // d) from CCTV6 (7: 2 allowed); CCTV5Plus is four from CCTV5 (9: 3
    // allowed); CCTV10 has no number-10 channel to be near.
    #expect(
      report.text() == """
        cctv.m3u: 11 entries, 6 matched (0 by id, 0 by case, 5 by suffix, 1 by name, 0 by override), 0 ambiguous, 5 unmatched
        guide channels used by no entry: 0

        cctv.m3u:8: "CCTV-5+ 体育赛事 (1080p) [Geo-blocked]" (tvg-id CCTV5Plus.cn@SD): no guide channel
        cctv.m3u:12: "CCTV-10 科教 (1080p)" (tvg-id CCTV10.cn): no guide channel
        cctv.m3u:16: "CCTV-13 新闻 HD": no guide channel; closest: CCTV13
        cctv.m3u:20: "CCTV5+": no guide channel
        cctv.m3u:22: "电影频道 (1080p)" (tvg-id CCTV6HD.cn@HD): no guide channel; closest: CCTV6

        """)
  }
}

/// The parts of item 10 one by one: the distance, the country step only
/// when unique, tags, `--suggest-map`, and `map =` lines for other
/// playlists.
@Suite struct MatchingAdviceTests {
  static func scalars(_ text: String) -> [Unicode.Scalar] { Array(text.unicodeScalars) }

  @Test func aDigitIsNeverANearMissOfAnother() {
    // Worked by hand: letters only are inserted, deleted or replaced, up
    // to a third of the longer key.
    #expect(PlaylistMatcher.distance(Self.scalars("cctv1"), Self.scalars("cctv15")) == nil)
    #expect(PlaylistMatcher.distance(Self.scalars("cctv1"), Self.scalars("cctv10")) == nil)
    #expect(PlaylistMatcher.distance(Self.scalars("cctv5"), Self.scalars("cctv6")) == nil)
    #expect(PlaylistMatcher.distance(Self.scalars("cctv13新闻"), Self.scalars("cctv13")) == 2)
    #expect(PlaylistMatcher.distance(Self.scalars("skysport"), Self.scalars("skysports")) == 1)
    // Four letters from a nine-letter key: more than a third.
    #expect(PlaylistMatcher.distance(Self.scalars("cctv5plus"), Self.scalars("cctv5")) == nil)
    #expect(PlaylistMatcher.distance(Self.scalars("ard"), Self.scalars("orf")) == nil)
    // The wrong advice is gone: nothing near CCTV1 among 15–17,
    // nothing near CCTV5 among 10.
    let channels = ["CCTV10", "CCTV15", "CCTV16", "CCTV17"].map { Channel(id: $0, name: $0) }
    let matcher = PlaylistMatcher(channels: channels)
    #expect(matcher.hints(for: "CCTV-1 综合 (1080p)").isEmpty)
    #expect(matcher.hints(for: "CCTV-5 体育 (1080p)").isEmpty)
    #expect(matcher.hints(for: "CCTV-15 音乐 (1080p)") == [1])
  }

  @Test func namesLoseTheirTags() {
    #expect(ChannelNameKey.key("CCTV-1 综合 (1080p) [Not 24/7]") == "cctv1综合")
    #expect(ChannelNameKey.key("Arirang TV (720p) [Geo-blocked]") == "arirangtv")
    #expect(ChannelNameKey.key("Channel (East)") == "channeleast")
    #expect(ChannelNameKey.key("Sky News HD 1080p") == "skynews")
    #expect(ChannelNameKey.key("CCTV-5+") == "cctv5plus")
    #expect(ChannelNameKey.key("Canal+ Sport (HD)") == "canalplussport")
    #expect(ChannelNameKey.key("BBC One +1") == "bbcone1")
    #expect(ChannelNameKey.key("M6 [") == "m6")
  }

  @Test func theCountryIsLeftOffOnlyWhenNoOtherCountryGivesTheSameRest() {
    let guide = [Channel(id: "Foo", name: "Foo TV"), Channel(id: "Bar", name: "Bar TV")]
    let playlist = PlaylistParsingTests.parse(
      """
      #EXTM3U
      #EXTINF:-1 tvg-id="Foo.ca",Foo Canada
      http://a.example/1
      #EXTINF:-1 tvg-id="Foo.us@East",Foo America
      http://a.example/2
      #EXTINF:-1 tvg-id="Bar.uk@HD",Bar
      http://a.example/3
      #EXTINF:-1 tvg-id="Bar.uk",Bar Again
      http://a.example/4
      #EXTINF:-1 tvg-id="foo.de",Foo Deutsch
      http://a.example/5

      """)
    let kinds = PlaylistMatcher(channels: guide).match(playlist).map(\.kind)
    // Foo.ca and Foo.us are two channels: neither is the guide's Foo.
    // Both Bar.uk entries are one channel. foo.de: not Foo exactly.
    #expect(kinds == [.none, .none, .suffix(channel: 1), .suffix(channel: 1), .none])
  }

  @Test func suggestMapWritesConfigLinesForTheUniqueOnes() throws {
    let playlist = try IptvOrgMatchingTests.playlist()
    let matcher = PlaylistMatcher(channels: IptvOrgMatchingTests.guide)
    let report = MatchReport(
      playlist: playlist, matches: matcher.match(playlist), matcher: matcher, path: "cctv.m3u")
    #expect(
      report.suggestedMap(for: playlist, matcher: matcher) == """
        # tvgrid check --suggest-map cctv.m3u: 2 of 5 unmatched entries have one closest guide channel; check each before you keep it
        # cctv.m3u:16: "CCTV-13 新闻 HD" → CCTV13
        map = CCTV-13 新闻 HD: CCTV13
        # cctv.m3u:22: "电影频道 (1080p)" (tvg-id CCTV6HD.cn@HD) → CCTV6
        map = CCTV6HD.cn@HD: CCTV6

        """)
    // Pasted into the config, the lines match those entries.
    let overrides = try [
      MapOverride(parsing: "CCTV-13 新闻 HD: CCTV13"), MapOverride(parsing: "CCTV6HD.cn@HD: CCTV6"),
    ]
    let mapped = PlaylistMatcher(channels: IptvOrgMatchingTests.guide, overrides: overrides)
    let kinds = mapped.match(playlist).map(\.kind.label)
    #expect(kinds[7] == "override")
    #expect(kinds[10] == "override")
  }

  @Test func suggestMapSaysWhenChannelsAreEquallyClose() throws {
    let guide = [Channel(id: "a", name: "Sport One"), Channel(id: "b", name: "Sport Ones")]
    let playlist = PlaylistParsingTests.parse(
      "#EXTM3U\n#EXTINF:-1,Sport Onex\nhttp://a.example/1\n")
    let matcher = PlaylistMatcher(channels: guide)
    let report = MatchReport(
      playlist: playlist, matches: matcher.match(playlist), matcher: matcher, path: "p.m3u")
    // "sportonex" is one letter from "sportone" (x deleted) and from
    // "sportones" (x replaced by s): a tie.
    #expect(
      report.suggestedMap(for: playlist, matcher: matcher) == """
        # tvgrid check --suggest-map p.m3u: 0 of 1 unmatched entries have one closest guide channel; check each before you keep it
        # p.m3u:2: "Sport Onex": 2 equally close: Sport One (a), Sport Ones (b)

        """)
  }

  @Test func mapLinesForAnotherPlaylistAreSaidOnceNotAsErrors() throws {
    let playlist = try PlaylistMatcherTests.sample()
    let overrides = try [
      MapOverride(parsing: "Foo Channel CA: nothere"),
      MapOverride(parsing: "Other List Channel: no.such.channel"),
      MapOverride(parsing: "Elsewhere: foo"),
    ]
    let matcher = PlaylistMatcher(channels: PlaylistMatcherTests.guide, overrides: overrides)
    let report = MatchReport(
      playlist: playlist, matches: matcher.match(playlist), matcher: matcher, path: "sample.m3u")
    let lines = report.text().split(separator: "\n").map(String.init)
    #expect(lines.contains("map \"Foo Channel CA\": no guide channel \"nothere\""))
    #expect(!lines.contains { $0.contains("no.such.channel") })
    #expect(
      lines.filter { $0.hasPrefix("map ") } == [
        "map \"Foo Channel CA\": no guide channel \"nothere\"",
        "map lines naming no entry of sample.m3u (fine when they are for another playlist): "
          + "\"Other List Channel\", \"Elsewhere\"",
      ])
  }
}
