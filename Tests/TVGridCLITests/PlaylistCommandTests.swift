import Foundation
import Testing

/// Playlists through the command line: `check`, `now`, `render` on an M3U
/// whose header names its guide. Expected values are worked by hand from
/// the fixture below and the matching rules (README "Playlists").
@Suite struct PlaylistCommandTests {
  /// Seven channels; programmes on 30 Nov 2026, UTC.
  static let guide = """
    <?xml version="1.0" encoding="UTF-8"?>
    <tv>
    <channel id="bbc1.uk"><display-name>BBC One</display-name></channel>
    <channel id="itv1.uk"><display-name>ITV1</display-name></channel>
    <channel id="foo"><display-name>Foo Channel</display-name></channel>
    <channel id="sport1"><display-name>Sport Live</display-name></channel>
    <channel id="sport2"><display-name>Sport-Live HD</display-name></channel>
    <channel id="film4.uk"><display-name>Film4</display-name></channel>
    <channel id="unused.tv"><display-name>Nobody Watches</display-name></channel>
    <programme start="20261130180000 +0000" stop="20261130190000 +0000" channel="bbc1.uk"><title>News</title></programme>
    <programme start="20261130190000 +0000" stop="20261130200000 +0000" channel="bbc1.uk"><title>Quiz</title></programme>
    <programme start="20261130180000 +0000" stop="20261130200000 +0000" channel="itv1.uk"><title>Soap</title></programme>
    <programme start="20261130180000 +0000" stop="20261130190000 +0000" channel="foo"><title>Foo Show</title></programme>
    <programme start="20261130180000 +0000" stop="20261130200000 +0000" channel="sport1"><title>Match</title></programme>
    <programme start="20261130180000 +0000" stop="20261130200000 +0000" channel="sport2"><title>Match HD</title></programme>
    <programme start="20261130170000 +0000" stop="20261130193000 +0000" channel="film4.uk"><title>Film</title></programme>
    <programme start="20261130180000 +0000" stop="20261130190000 +0000" channel="unused.tv"><title>Nothing</title></programme>
    </tv>

    """

  /// SD/HD sharing an id, a +1 with tvg-shift, an id differing in case
  /// (unquoted), a country suffix, an ambiguous name, a name match, a Kodi
  /// header suffix; CRLF line ends. Lines: 1 header, entries at 2, 4, 6, 8,
  /// 10, 12, 14.
  static let playlist =
    [
      "#EXTM3U x-tvg-url=\"guide.xml\"",
      "#EXTINF:-1 tvg-id=\"bbc1.uk\" tvg-chno=\"101\" group-title=\"UK;News\",BBC One HD",
      "http://p.example/bbc1hd|User-Agent=Kodi%2F20&Referer=https%3A%2F%2Fp.example%2F",
      "#EXTINF:-1 tvg-id=\"bbc1.uk\" tvg-chno=\"102\" group-title=\"UK\",BBC One SD",
      "http://p.example/bbc1sd",
      "#EXTINF:-1 tvg-id=\"bbc1.uk\" tvg-shift=\"1\" group-title=\"UK\",BBC One +1",
      "http://p.example/bbc1p1",
      "#EXTINF:-1 TVG-ID=ITV1.UK group-title=UK,ITV",
      "http://p.example/itv",
      "#EXTINF:-1 tvg-id=\"Foo.ca\" group-title=\"Canada\",Foo Channel CA",
      "http://p.example/foo",
      "#EXTINF:-1 tvg-name=\"Sport Live\",Sport",
      "http://p.example/sport",
      "#EXTINF:-1,Film 4",
      "http://p.example/film4",
    ].joined(separator: "\r\n") + "\r\n"

  /// A folder with `list.m3u`, `guide.xml` and an empty config folder
  /// (`XDG_CONFIG_HOME`; `config` holds `configText` when given).
  static func setUp(playlist: String = playlist, configText: String? = nil) throws -> (
    folder: String, environment: [String: String]
  ) {
    let folder = FileManager.default.temporaryDirectory
      .appendingPathComponent("tvgrid-playlist-\(UUID().uuidString)")
    try FileManager.default.createDirectory(
      at: folder.appendingPathComponent("config/tvgrid"), withIntermediateDirectories: true)
    try Data(guide.utf8).write(to: folder.appendingPathComponent("guide.xml"))
    try Data(playlist.utf8).write(to: folder.appendingPathComponent("list.m3u"))
    if let configText {
      try Data(configText.utf8).write(to: folder.appendingPathComponent("config/tvgrid/config"))
    }
    return (folder.path, ["XDG_CONFIG_HOME": folder.appendingPathComponent("config").path])
  }

  static func channels(_ stdout: String) throws -> [[String: Any]] {
    let object = try JSONSerialization.jsonObject(with: Data(stdout.utf8)) as? [String: Any]
    return object?["channels"] as? [[String: Any]] ?? []
  }

  @Test func checkPrintsTheMatchReportFirst() throws {
    let (folder, environment) = try Self.setUp()
    let path = folder + "/list.m3u"
    let result = try TVGridProcess.run(["check", path], environment: environment)
    #expect(result.status == 0, "\(result.stderr)")
    let lines = result.stdout.split(separator: "\n", omittingEmptySubsequences: false).map(
      String.init)
    // By id: the three BBC One entries; by case: ITV; by name: Film 4
    // (film4 = Film4); Sport is "sportlive" for both sport channels.
    #expect(
      lines.first
        == "\(path): 7 entries, 5 matched (3 by id, 1 by case, 0 by suffix, 1 by name, "
        + "0 by override), "
        + "1 ambiguous, 1 unmatched")
    #expect(lines.contains("guide channels used by no entry: 4"))
    #expect(
      lines.contains(
        "\(path):12: \"Sport\": ambiguous: Sport Live (sport1), Sport-Live HD (sport2)"))
    #expect(
      lines.contains(
        "\(path):10: \"Foo Channel CA\" (tvg-id Foo.ca): no guide channel; closest: Foo Channel (foo)"
      ))
    // Then the guide's own report.
    let guideLine = try #require(lines.firstIndex { $0.hasPrefix(folder + "/guide.xml: ") })
    #expect(guideLine > 3)
    #expect(
      lines[guideLine].hasSuffix("7 channels (0 implicit, 0 without programmes), 8 programmes"))
  }

  @Test func nowJSONGivesEachEntryWithItsShift() throws {
    let (folder, environment) = try Self.setUp()
    let result = try TVGridProcess.run(
      ["now", folder + "/list.m3u", "--now", "2026-11-30T18:30Z", "--json"],
      environment: environment)
    #expect(result.status == 0, "\(result.stderr)")
    let channels = try Self.channels(result.stdout)
    #expect(
      channels.map { $0["name"] as? String } == [
        "BBC One HD", "BBC One SD", "BBC One +1", "ITV", "Foo Channel CA", "Sport", "Film 4",
      ])
    #expect(
      channels.map { $0["match"] as? String } == [
        "id", "id", "id", "case", "none", "ambiguous", "name",
      ])
    #expect(
      channels.map { $0["guideChannel"] as? String } == [
        "bbc1.uk", "bbc1.uk", "bbc1.uk", "itv1.uk", nil, nil, "film4.uk",
      ])
    #expect(channels[4]["guideChannel"] is NSNull)
    #expect(channels.map { $0["number"] as? String } == ["101", "102", nil, nil, nil, nil, nil])
    #expect(
      channels.map { $0["group"] as? String } == ["UK", "UK", "UK", "UK", "Canada", nil, nil])
    #expect(channels[0]["groups"] as? [String] == ["UK", "News"])
    // BBC One +1 at 18:30: News moved to 19:00–20:00, so nothing yet.
    #expect(channels[2]["now"] is NSNull)
    let next = channels[2]["next"] as? [String: Any]
    #expect(next?["title"] as? String == "News")
    #expect(next?["start"] as? String == "2026-11-30T19:00:00Z")
    #expect(next?["stop"] as? String == "2026-11-30T20:00:00Z")
    #expect(channels[2]["shift"] as? Int == 3600)
    #expect((channels[0]["now"] as? [String: Any])?["title"] as? String == "News")
    #expect((channels[6]["now"] as? [String: Any])?["title"] as? String == "Film")
    #expect(channels[5]["now"] is NSNull)
  }

  /// `map =` picks Foo's channel for the Canadian entry, half an hour later.
  @Test func mapOverrideFromTheConfig() throws {
    let (folder, environment) = try Self.setUp(configText: "map = Foo.ca: foo shift +0.5\n")
    let result = try TVGridProcess.run(
      ["now", folder + "/list.m3u", "--now", "2026-11-30T18:30Z", "--json"],
      environment: environment)
    #expect(result.status == 0, "\(result.stderr)")
    let foo = try Self.channels(result.stdout)[4]
    #expect(foo["match"] as? String == "override")
    #expect(foo["guideChannel"] as? String == "foo")
    // Foo Show 18:00–19:00 + 30 min = 18:30–19:30: on at 18:30.
    let now = foo["now"] as? [String: Any]
    #expect(now?["start"] as? String == "2026-11-30T18:30:00Z")
    #expect(now?["stop"] as? String == "2026-11-30T19:30:00Z")
  }

  @Test func badMapLineIsWarnedWithItsLine() throws {
    let (folder, environment) = try Self.setUp(
      configText: "# maps\nmap = no colon here\nplayer_terminal = maybe\n")
    let result = try TVGridProcess.run(
      ["now", folder + "/list.m3u", "--now", "2026-11-30T18:30Z"], environment: environment)
    #expect(result.status == 0, "\(result.stderr)")
    #expect(result.stderr.contains("config line 2: map: "), "\(result.stderr)")
    #expect(
      result.stderr.contains("config line 3: player_terminal must be yes or no, not 'maybe'"),
      "\(result.stderr)")
  }

  @Test func allChannelsAppendsTheUnusedOnes() throws {
    let (folder, environment) = try Self.setUp()
    let result = try TVGridProcess.run(
      ["now", folder + "/list.m3u", "--now", "2026-11-30T18:30Z", "--json", "--all-channels"],
      environment: environment)
    #expect(result.status == 0, "\(result.stderr)")
    let channels = try Self.channels(result.stdout)
    #expect(
      channels.suffix(4).map { $0["id"] as? String } == ["foo", "sport1", "sport2", "unused.tv"])
    #expect(channels.count == 11)
  }

  /// The header's guide is a URL that cannot be fetched (nothing listens
  /// on 127.0.0.1 port 1): a clear error naming the header, the password
  /// masked; `--guide FILE` instead works.
  @Test func urlGuidesThatFailAreReportedMasked() throws {
    let playlist = Self.playlist.replacingOccurrences(
      of: "x-tvg-url=\"guide.xml\"", with: "url-tvg=\"https://me:s3cret@127.0.0.1:1/g.xml.gz\"")
    let (folder, environment) = try Self.setUp(playlist: playlist)
    let failed = try TVGridProcess.run(["now", folder + "/list.m3u"], environment: environment)
    #expect(failed.status == 1)
    #expect(
      failed.stderr.contains("list.m3u: x-tvg-url: https://***@127.0.0.1:1/g.xml.gz: "),
      "\(failed.stderr)")
    #expect(!failed.stderr.contains("s3cret"), "\(failed.stderr)")
    let result = try TVGridProcess.run(
      [
        "now", folder + "/list.m3u", "--guide", folder + "/guide.xml", "--now", "2026-11-30T18:30Z",
      ],
      environment: environment)
    #expect(result.status == 0, "\(result.stderr)")
    #expect(result.stdout.contains("101 BBC One HD  18:00–19:00  News"), "\(result.stdout)")
  }

  /// Two `--guide` files merged: the first wins, the second fills its gap.
  @Test func severalGuidesAreMergedInOrder() throws {
    let (folder, environment) = try Self.setUp()
    let second = folder + "/second.xml"
    try Data(
      """
      <tv><channel id="bbc1.uk"><display-name>BBC One</display-name></channel>
      <channel id="extra"><display-name>Extra</display-name></channel>
      <programme start="20261130180000 +0000" stop="20261130190000 +0000" channel="bbc1.uk"><title>Other News</title></programme>
      <programme start="20261130200000 +0000" stop="20261130210000 +0000" channel="bbc1.uk"><title>Late</title></programme>
      <programme start="20261130180000 +0000" stop="20261130190000 +0000" channel="extra"><title>Bonus</title></programme>
      </tv>
      """.utf8
    ).write(to: URL(fileURLWithPath: second))
    let result = try TVGridProcess.run(
      [
        "now", folder + "/list.m3u", "--guide", folder + "/guide.xml", "--guide", second,
        "--now", "2026-11-30T19:30Z", "--json",
      ], environment: environment)
    #expect(result.status == 0, "\(result.stderr)")
    let bbc = try Self.channels(result.stdout)[1]
    // guide.xml has News 18–19 and Quiz 19–20; second.xml's Other News is
    // overruled, its Late 20–21 fills the gap after Quiz.
    #expect((bbc["now"] as? [String: Any])?["title"] as? String == "Quiz")
    #expect((bbc["next"] as? [String: Any])?["title"] as? String == "Late")
    let check = try TVGridProcess.run(
      ["check", folder + "/list.m3u", "--guide", folder + "/guide.xml", "--guide", second],
      environment: environment)
    #expect(check.status == 0, "\(check.stderr)")
    #expect(
      check.stdout.contains(
        "2. \(second): 1 new channels, 2 programmes (1 filling gaps), 1 left out"),
      "\(check.stdout)")
  }

  /// Problems in the playlist are `FILE:LINE: message`; the rest loads.
  @Test func playlistProblemsInCheck() throws {
    let playlist =
      "#EXTM3U x-tvg-url=\"guide.xml\"\n#EXTINF:-1 tvg-id=\"bbc1.uk\",One\nhttp://p.example/1\n"
      + "#EXTINF:-1 tvg-id=\"itv1.uk\",Two\njavascript:alert(1)\n"
    let (folder, environment) = try Self.setUp(playlist: playlist)
    let path = folder + "/list.m3u"
    let result = try TVGridProcess.run(["check", path], environment: environment)
    #expect(result.status == 0, "\(result.stderr)")
    #expect(result.stdout.hasPrefix("\(path): 1 entries, 1 matched"), "\(result.stdout)")
    #expect(result.stdout.contains("\(path): 1 problem\n\(path):5: "), "\(result.stdout)")
  }

  /// The guide shows the playlist's rows, in its order.
  @Test func renderShowsTheEntries() throws {
    let (folder, environment) = try Self.setUp()
    let result = try TVGridProcess.run(
      ["render", folder + "/list.m3u", "--now", "2026-11-30T18:30Z", "--size", "100x20"],
      environment: environment)
    #expect(result.status == 0, "\(result.stderr)")
    // Some entries have numbers (tvg-chno 101, 102): every name comes after
    // a three-cell number column, so "Foo Channel CA" is cut to the
    // column's 16 cells ("    Foo Channe…").
    let names = ["BBC One HD", "BBC One SD", "BBC One +1", "ITV", "    Foo Channe…", "Film 4"]
    let rows = names.compactMap { name in
      result.stdout.split(separator: "\n").firstIndex { $0.contains(name) }
    }
    #expect(rows.count == names.count, "\(result.stdout)")
    #expect(rows == rows.sorted(), "\(result.stdout)")
    #expect(!result.stdout.contains("Nobody Watches"))
  }

  /// `guide =` in the config naming the playlist opens it without FILE.
  @Test func configGuideMayBeAPlaylist() throws {
    let (folder, environment) = try Self.setUp()
    try Data("guide = \(folder)/list.m3u\n".utf8).write(
      to: URL(fileURLWithPath: folder + "/config/tvgrid/config"))
    let result = try TVGridProcess.run(
      ["now", "--now", "2026-11-30T18:30Z", "--json"], environment: environment)
    #expect(result.status == 0, "\(result.stderr)")
    #expect(try Self.channels(result.stdout).first?["name"] as? String == "BBC One HD")
  }
}
