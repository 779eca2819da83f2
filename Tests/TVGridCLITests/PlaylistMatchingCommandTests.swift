import Foundation
import Testing

/// Issue 24, item 10 through the command line: the iptv-org CCTV playlist
/// of the playlist tests' fixtures against a Chinese guide with CCTV1,
/// CCTV5, CCTV6 and CCTV13 (see `IptvOrgMatchingTests` for the hand-worked
/// matches).
@Suite struct PlaylistMatchingCommandTests {
  static let guide = """
    <?xml version="1.0" encoding="UTF-8"?>
    <tv>
    <channel id="CCTV1"><display-name lang="zh">CCTV1</display-name></channel>
    <channel id="CCTV5"><display-name lang="zh">CCTV5</display-name></channel>
    <channel id="CCTV6"><display-name lang="zh">CCTV6</display-name></channel>
    <channel id="CCTV13"><display-name lang="zh">CCTV13</display-name></channel>
    <programme start="20261130120000 +0800" stop="20261130130000 +0800" channel="CCTV1"><title lang="zh">新闻30分</title></programme>
    <programme start="20261130120000 +0800" stop="20261130130000 +0800" channel="CCTV5"><title lang="zh">体育新闻</title></programme>
    <programme start="20261130120000 +0800" stop="20261130140000 +0800" channel="CCTV6"><title lang="zh">电影</title></programme>
    <programme start="20261130120000 +0800" stop="20261130130000 +0800" channel="CCTV13"><title lang="zh">新闻直播间</title></programme>
    </tv>

    """

  static func setUp(config: String = "") throws -> (folder: String, env: [String: String]) {
    let folder = NSTemporaryDirectory() + "tvgrid-cctv-\(UUID().uuidString)"
    try FileManager.default.createDirectory(
      atPath: folder + "/config/tvgrid", withIntermediateDirectories: true)
    try Data(guide.utf8).write(to: URL(fileURLWithPath: folder + "/cn.xml"))
    let fixture = TVGridProcess.packageRoot.appendingPathComponent(
      "Tests/EPGPlaylistTests/Fixtures/iptv-org-cctv.m3u")
    try FileManager.default.copyItem(atPath: fixture.path, toPath: folder + "/cn.m3u")
    try Data(config.utf8).write(to: URL(fileURLWithPath: folder + "/config/tvgrid/config"))
    return (folder, ["XDG_CONFIG_HOME": folder + "/config", "LANG": "C.UTF-8"])
  }

  @Test func nowJSONSaysSuffix() throws {
    let (folder, env) = try Self.setUp()
    defer { try? FileManager.default.removeItem(atPath: folder) }
    let result = try TVGridProcess.run(
      [
        "now", folder + "/cn.m3u", "--guide", folder + "/cn.xml", "--now", "2026-11-30T04:30Z",
        "--json",
      ],
      environment: env)
    #expect(result.status == 0, "\(result.stderr)")
    let channels = try PlaylistCommandTests.channels(result.stdout)
    #expect(
      channels.map { $0["match"] as? String } == [
        "suffix", "suffix", "suffix", "none", "suffix", "none", "suffix", "none", "name", "none",
        "none",
      ])
    #expect(channels[1]["guideChannel"] as? String == "CCTV1")
    #expect((channels[1]["now"] as? [String: Any])?["title"] as? String == "新闻30分")
  }

  @Test func suggestMapPrintsLinesToPaste() throws {
    let (folder, env) = try Self.setUp()
    defer { try? FileManager.default.removeItem(atPath: folder) }
    let path = folder + "/cn.m3u"
    let result = try TVGridProcess.run(
      ["check", path, "--guide", folder + "/cn.xml", "--suggest-map"], environment: env)
    #expect(result.status == 0, "\(result.stderr)")
    #expect(
      result.stdout == """
        # tvgrid check --suggest-map \(path): 2 of 5 unmatched entries have one closest guide channel; check each before you keep it
        # \(path):16: "CCTV-13 新闻 HD" → CCTV13
        map = CCTV-13 新闻 HD: CCTV13
        # \(path):22: "电影频道 (1080p)" (tvg-id CCTV6HD.cn@HD) → CCTV6
        map = CCTV6HD.cn@HD: CCTV6

        """)
    // Appended to the config, they match.
    let lines = result.stdout.split(separator: "\n").filter { $0.hasPrefix("map = ") }
    try Data((lines.joined(separator: "\n") + "\n").utf8).write(
      to: URL(fileURLWithPath: folder + "/config/tvgrid/config"))
    let check = try TVGridProcess.run(
      ["check", path, "--guide", folder + "/cn.xml"], environment: env)
    #expect(
      check.stdout.hasPrefix(
        "\(path): 11 entries, 8 matched (0 by id, 0 by case, 5 by suffix, 1 by name, "
          + "2 by override), 0 ambiguous, 3 unmatched\n"), "\(check.stdout)")
    let guide = try TVGridProcess.run(
      ["check", folder + "/cn.xml", "--suggest-map"], environment: env)
    #expect(guide.status == 2)
    #expect(guide.stderr.hasPrefix("tvgrid check: --suggest-map needs a playlist"))
  }

  @Test func mapLinesForAnotherPlaylistAreSilentButSaidOnceByCheck() throws {
    let (folder, env) = try Self.setUp(
      config: "map = BBC One +1: bbc1.uk shift +1\nmap = CCTV10.cn: CCTV10\n")
    defer { try? FileManager.default.removeItem(atPath: folder) }
    let path = folder + "/cn.m3u"
    let now = try TVGridProcess.run(
      ["now", path, "--guide", folder + "/cn.xml", "--now", "2026-11-30T04:30Z"], environment: env)
    #expect(now.status == 0)
    #expect(now.stderr == "")
    let check = try TVGridProcess.run(
      ["check", path, "--guide", folder + "/cn.xml"], environment: env)
    let lines = check.stdout.split(separator: "\n").map(String.init)
    #expect(
      lines.filter { $0.hasPrefix("map ") } == [
        "map \"CCTV10.cn\": no guide channel \"CCTV10\"",
        "map lines naming no entry of \(path) (fine when they are for another playlist): "
          + "\"BBC One +1\"",
      ])
  }
}
