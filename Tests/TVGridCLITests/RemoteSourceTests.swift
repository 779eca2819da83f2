import Foundation
import RemoteTestSupport
import Testing

/// URLs as sources for every command (issue 14), against the test server
/// on 127.0.0.1: the server's `/guide.xml` has channel "one" with
/// programmes "Show 1" … "Show N", one hour each from the current hour
/// (RemoteTestSupport/Server/testserver.py). Each test has its own cache
/// and config folders (never the user's).
@Suite struct RemoteSourceTests {
  /// A folder with `cache/` and `config/tvgrid/config` holding `config`.
  static func folder(config: String = "") throws -> String {
    let folder = NSTemporaryDirectory() + "tvgrid-remote-\(UUID().uuidString)"
    try FileManager.default.createDirectory(
      atPath: folder + "/config/tvgrid", withIntermediateDirectories: true)
    try Data(config.utf8).write(to: URL(fileURLWithPath: folder + "/config/tvgrid/config"))
    return folder
  }

  static func run(_ arguments: [String], in folder: String) throws -> TVGridProcess {
    try TVGridProcess.run(
      arguments,
      environment: [
        "HOME": folder, "XDG_CACHE_HOME": folder + "/cache",
        "XDG_CONFIG_HOME": folder + "/config", "XDG_STATE_HOME": folder + "/state",
      ], timeLimit: 60)
  }

  /// Issue 24 item 14: a tvheadend server that wants a login, and none
  /// given: the error names every way to give one.
  @Test func aTvheadend401NamesTheWaysToLogIn() throws {
    let server = try TestServer(["--auth", "digest"])
    let folder = try Self.folder()
    let result = try Self.run(["now", "--tvheadend", server.url("")], in: folder)
    #expect(result.status == 1)
    #expect(result.stderr.contains("401: the server asks for a login"), "\(result.stderr)")
    for way in ["tvheadend_user", "tvheadend_password", "~/.netrc", "tvheadend_auth"] {
      #expect(result.stderr.contains(way), "\(way): \(result.stderr)")
    }
    // (A wrong password: aTvheadendServerGivesThePlaylistAndTheGuide.)
  }

  @Test func everyCommandReadsAGuideFromAURL() throws {
    let server = try TestServer()
    let folder = try Self.folder()
    let url = server.url("/guide.xml")
    let now = try Self.run(["now", url], in: folder)
    #expect(now.status == 0, "\(now.stderr)")
    #expect(now.stdout.contains("Show 1") && now.stdout.contains("Show 2"))
    #expect(now.stderr.isEmpty)
    for command in [
      ["render", url, "--size", "100x20"], ["check", url], ["search", "title:Show", url],
      ["reminders", url], ["now", "--guide", url],
      ["layout", url, "--now", "@0", "--viewport", "10x10"],
    ] {
      let result = try Self.run(command, in: folder)
      #expect(result.status == 0, "\(command): \(result.stderr)")
      #expect(!result.stderr.contains("not supported"), "\(command)")
    }
    let search = try Self.run(["search", "title:Show", url], in: folder)
    #expect(search.stdout.contains("Show 3"))
  }

  /// A download is snapshotted under the identity of its cached copy, and
  /// the next run within the refresh interval reads the snapshot, not the
  /// copy (a damaged snapshot is noted, which shows it was read).
  @Test func aDownloadedGuideIsSnapshottedAndReopened() throws {
    let server = try TestServer()
    let folder = try Self.folder()
    defer { try? FileManager.default.removeItem(atPath: folder) }
    let url = server.url("/guide.xml")
    let snapshots = folder + "/cache/tvgrid/snapshots"
    func snapshotFiles() -> [String] {
      ((try? FileManager.default.contentsOfDirectory(atPath: snapshots)) ?? []).filter {
        $0.hasSuffix(".tvgsnap")
      }
    }
    let first = try Self.run(["now", url], in: folder)
    #expect(first.status == 0, "\(first.stderr)")
    let name = try #require(snapshotFiles().first, "no snapshot of the download")
    #expect(snapshotFiles().count == 1)
    let second = try Self.run(["now", url], in: folder)
    #expect(second.stdout == first.stdout)
    #expect(second.stderr.isEmpty, "\(second.stderr)")
    // Within the refresh interval: no request, the snapshot of the copy.
    #expect(try server.log().filter { $0.path == "/guide.xml" }.count == 1)
    let path = snapshots + "/" + name
    var bytes = try [UInt8](Data(contentsOf: URL(fileURLWithPath: path)))
    bytes[100] ^= 0x40  // inside the index: the checksum no longer matches
    try Data(bytes).write(to: URL(fileURLWithPath: path))
    let damaged = try Self.run(["now", url], in: folder)
    #expect(damaged.stdout == first.stdout)
    #expect(damaged.stderr.contains("ignored (checksum"), "\(damaged.stderr)")
    #expect(!damaged.stderr.contains(url), "the cache path, not the URL, is named")
  }

  @Test func aURLGuideIsMergedAfterAFile() throws {
    let server = try TestServer()
    let folder = try Self.folder()
    // Channel "two" only in the file; "one" only at the URL.
    let file = folder + "/two.xml"
    let hour = epochNow() / 3600 * 3600
    let start = Self.xmltvTime(hour)
    let stop = Self.xmltvTime(hour + 3600)
    try Data(
      """
      <tv><channel id="two"><display-name>Two</display-name></channel>
      <programme channel="two" start="\(start)" stop="\(stop)"><title>Local Show</title></programme></tv>
      """.utf8
    ).write(to: URL(fileURLWithPath: file))
    let result = try Self.run(["now", file, "--guide", server.url("/guide.xml")], in: folder)
    #expect(result.status == 0, "\(result.stderr)")
    #expect(result.stdout.contains("Local Show"))
    #expect(result.stdout.contains("Show 1"))
  }

  @Test func theConfigsGuideListMayHoldURLs() throws {
    let server = try TestServer()
    let folder = try Self.folder()
    try Data("guide = \(server.url("/missing")), \(server.url("/guide.xml"))\n".utf8).write(
      to: URL(fileURLWithPath: folder + "/config/tvgrid/config"))
    // The first URL of the list fails: the error names it and the config
    // line, and the guide that works is shown.
    let partly = try Self.run(["now"], in: folder)
    #expect(partly.status == 0, "\(partly.stderr)")
    #expect(partly.stdout.contains("Show 1"))
    #expect(partly.stderr.contains("config:1: guide = \(server.url("/missing"))"))
    #expect(partly.stderr.contains("the server answered 404"))
    // When none loads, that is an error.
    try Data("guide = \(server.url("/missing"))\n".utf8).write(
      to: URL(fileURLWithPath: folder + "/config/tvgrid/config"))
    let failed = try Self.run(["now"], in: folder)
    #expect(failed.status == 1)
    #expect(failed.stderr.contains("config:1: guide = \(server.url("/missing"))"))
    try Data("guide = \(server.url("/guide.xml.gz"))\n".utf8).write(
      to: URL(fileURLWithPath: folder + "/config/tvgrid/config"))
    let result = try Self.run(["now"], in: folder)
    #expect(result.status == 0, "\(result.stderr)")
    #expect(result.stdout.contains("Show 1"))
  }

  @Test func aPlaylistURLAndItsRelativeGuideURL() throws {
    let server = try TestServer()
    let folder = try Self.folder()
    let result = try Self.run(["now", server.url("/list.m3u")], in: folder)
    #expect(result.status == 0, "\(result.stderr)")
    // The entry's name, with the guide's programmes (x-tvg-url="guide.xml").
    #expect(result.stdout.contains("Remote One"))
    #expect(result.stdout.contains("Show 1"))
    let paths = try server.log().map(\.path)
    #expect(paths == ["/list.m3u", "/guide.xml"])
  }

  @Test func aFailedDownloadKeepsTheLastGoodCopyAndSaysSo() throws {
    let server = try TestServer()
    let folder = try Self.folder(config: "refresh = 0\n")
    let url = server.url("/guide.xml", userInfo: "feed:s3cret")
    let first = try Self.run(["now", url], in: folder)
    #expect(first.status == 0, "\(first.stderr)")
    try server.control("mode=error")
    let second = try Self.run(["now", url], in: folder)
    #expect(second.status == 0, "\(second.stderr)")
    #expect(second.stdout.contains("Show 1"))
    #expect(second.stderr.hasPrefix("tvgrid now: 127.0.0.1:\(server.port): using the copy from "))
    #expect(second.stderr.contains("(download failed: the server answered 500)"))
    let check = try Self.run(["check", url], in: folder)
    #expect(check.stderr.contains("using the copy from"))
    for text in [first.stderr, second.stderr, second.stdout, check.stdout, check.stderr] {
      #expect(!text.contains("s3cret"))
    }
  }

  @Test func credentialsAreNeverShown() throws {
    let server = try TestServer()
    let folder = try Self.folder()
    let good = try Self.run(
      ["now", server.url("/private/guide.xml", userInfo: "feed:s3cret")], in: folder)
    #expect(good.status == 0, "\(good.stderr)")
    #expect(good.stdout.contains("Show 1"))
    // The same cache: another password is another entry (the key is the
    // whole URL), so the wrong one is sent and refused.
    let wrong = try Self.run(
      ["now", server.url("/private/guide.xml", userInfo: "feed:wr0ng")], in: folder)
    #expect(wrong.status == 1)
    #expect(wrong.stderr.contains("http://***@127.0.0.1:\(server.port)/private/guide.xml"))
    #expect(wrong.stderr.contains("the server answered 401"))
    #expect(!wrong.stderr.contains("wr0ng"))
    let cache = try FileManager.default.contentsOfDirectory(atPath: folder + "/cache/tvgrid")
    for name in cache where name.hasSuffix(".json") {
      let text = try String(contentsOfFile: folder + "/cache/tvgrid/" + name, encoding: .utf8)
      #expect(!text.contains("s3cret"))
    }
  }

  @Test func offlineUsesOnlyTheCache() throws {
    let server = try TestServer()
    let folder = try Self.folder()
    let url = server.url("/guide.xml")
    let none = try Self.run(["now", "--offline", url], in: folder)
    #expect(none.status == 1)
    #expect(none.stderr.contains("offline, and no copy in the cache"))
    #expect(try server.log().isEmpty)
    _ = try Self.run(["now", url], in: folder)
    let offline = try Self.run(["now", "--offline", url], in: folder)
    #expect(offline.status == 0, "\(offline.stderr)")
    #expect(offline.stdout.contains("Show 1"))
    #expect(offline.stderr.contains("127.0.0.1:\(server.port): offline, using the copy from "))
    #expect(offline.stderr.contains("(0 min old)"))
    // The config's `offline = yes` does the same; one request in all.
    try Data("offline = yes\n".utf8).write(
      to: URL(fileURLWithPath: folder + "/config/tvgrid/config"))
    let configured = try Self.run(["now", url], in: folder)
    #expect(configured.stderr.contains("offline, using the copy"))
    #expect(try server.log().count == 1)
  }

  @Test func withinTheRefreshIntervalNoRequestIsMade() throws {
    let server = try TestServer()
    let folder = try Self.folder(config: "refresh = 2h\n")
    let url = server.url("/guide.xml")
    _ = try Self.run(["now", url], in: folder)
    _ = try Self.run(["now", url], in: folder)
    #expect(try server.log().count == 1)
    try Data("refresh = 0\n".utf8).write(
      to: URL(fileURLWithPath: folder + "/config/tvgrid/config"))
    _ = try Self.run(["now", url], in: folder)
    let log = try server.log()
    #expect(log.count == 2)
    #expect(log.last?.headers["if-none-match"] == "\"v1\"")
  }

  @Test func userAgentAndABadRefreshValue() throws {
    let server = try TestServer()
    let folder = try Self.folder(config: "user_agent = TestAgent/2\nrefresh = soon\n")
    let result = try Self.run(["now", server.url("/guide.xml")], in: folder)
    #expect(result.status == 0, "\(result.stderr)")
    #expect(try server.log().first?.headers["user-agent"] == "TestAgent/2")
    #expect(
      result.stderr.contains(
        "config line 2: refresh must be 0 or a time such as 30m, 12h or 2d, not 'soon'"))
    let plain = try Self.run(["now", server.url("/guide.xml")], in: try Self.folder())
    #expect(plain.status == 0)
    #expect(try server.log().last?.headers["user-agent"] == "tvgrid/0.1.0")
  }

  @Test func aTvheadendServerGivesThePlaylistAndTheGuide() throws {
    let server = try TestServer(["--auth", "digest"])
    let base = server.url("")
    // Credentials from the config.
    let folder = try Self.folder(
      config: "tvheadend_user = admin\ntvheadend_password = secret\n")
    let result = try Self.run(["now", "--tvheadend", base], in: folder)
    #expect(result.status == 0, "\(result.stderr)")
    #expect(result.stdout.contains("Channel One"))
    #expect(result.stdout.contains("Channel One show 1"))
    #expect(result.stdout.contains("Channel Two show 1"))
    let paths = try server.log().map(\.path)
    #expect(paths.contains("/playlist/channels"))
    #expect(paths.contains("/xmltv/channels?lcn=1"))
    // The config's `tvheadend`, credentials from ~/.netrc.
    let netrc = try Self.folder(config: "tvheadend = \(base)\n")
    try Data("machine 127.0.0.1 login admin password secret\n".utf8).write(
      to: URL(fileURLWithPath: netrc + "/.netrc"))
    chmod(netrc + "/.netrc", 0o600)
    let fromNetrc = try Self.run(["now"], in: netrc)
    #expect(fromNetrc.status == 0, "\(fromNetrc.stderr)")
    #expect(fromNetrc.stdout.contains("Channel Two show 2"))
    // Wrong credentials: said, never shown.
    let wrong = try Self.folder(
      config: "tvheadend_user = admin\ntvheadend_password = n0pe\n")
    let refused = try Self.run(["now", "--tvheadend", base], in: wrong)
    #expect(refused.status == 1)
    #expect(
      refused.stderr.contains(
        "401: the server refused the config's tvheadend_user and tvheadend_password: check them"),
      "\(refused.stderr)")
    #expect(!refused.stderr.contains("n0pe"))
  }

  @Test func tvheadendsAuthCodeIsSentAndMasked() throws {
    let server = try TestServer(["--auth", "basic"])
    let folder = try Self.folder(config: "tvheadend_auth = AUTHCODE\n")
    let result = try Self.run(["now", "--tvheadend", server.url("/")], in: folder)
    #expect(result.status == 0, "\(result.stderr)")
    #expect(result.stdout.contains("Channel One show 1"))
    #expect(try server.log().map(\.path).contains("/playlist/channels?auth=AUTHCODE"))
    let check = try Self.run(["check", "--tvheadend", server.url("/")], in: folder)
    #expect(check.status == 0, "\(check.stderr)")
    #expect(check.stdout.contains("auth=***"))
    #expect(!check.stdout.contains("AUTHCODE") && !check.stderr.contains("AUTHCODE"))
  }

  @Test func tvheadendAndAFileAreAUsageError() throws {
    let result = try Self.run(
      ["now", "guide.xml", "--tvheadend", "http://127.0.0.1:1"], in: try Self.folder())
    #expect(result.status == 2)
    #expect(result.stderr.contains("give FILE or --tvheadend, not both"))
  }

  @Test func aSelfSignedServerNeedsTheCAFile() throws {
    let certificate = try TestCertificate.make()
    let server = try TestServer(tls: certificate)
    let url = server.url("/guide.xml")
    let refused = try Self.run(["now", url], in: try Self.folder())
    #expect(refused.status == 1)
    #expect(refused.stderr.contains("TLS certificate is not trusted"))
    let trusted = try Self.run(
      ["now", url], in: try Self.folder(config: "ca_file = \(certificate.certificate)\n"))
    #expect(trusted.status == 0, "\(trusted.stderr)")
    #expect(trusted.stdout.contains("Show 1"))
  }

  @Test func checkSaysWhatEachSourceGaveAndWhichCopy() throws {
    let server = try TestServer()
    let folder = try Self.folder(config: "refresh = 0\n")
    // The file lists channel "one" for the current hour: the URL's Show 1
    // (same hour) is left out, its Shows 2–4 fill the gap after it.
    let file = folder + "/one.xml"
    let hour = epochNow() / 3600 * 3600
    try Data(
      """
      <tv><channel id="one"><display-name>One</display-name></channel>
      <programme channel="one" start="\(Self.xmltvTime(hour))" stop="\(Self.xmltvTime(hour + 3600))"><title>Local</title></programme></tv>
      """.utf8
    ).write(to: URL(fileURLWithPath: file))
    let url = server.url("/guide.xml")
    let first = try Self.run(["check", file, "--guide", url], in: folder)
    #expect(first.status == 0, "\(first.stderr)")
    let lines = first.stdout.split(separator: "\n").map(String.init)
    #expect(lines.contains("1. \(file): 1 channels, 1 programmes"), "\(first.stdout)")
    #expect(
      lines.contains(
        "2. \(url): 0 new channels, 3 programmes (3 filling gaps), 1 left out (an earlier"
          + " guide lists that time)"), "\(first.stdout)")
    #expect(lines.contains("   it has 1 channels, 4 programmes; 3 of them are in the merged guide"))
    // Show 1 and Local share the hour with different titles.
    #expect(
      lines.contains("   disagrees with an earlier guide on 1 channel: one (1)"), "\(first.stdout)")
    #expect(lines.contains { $0.hasPrefix("   copy: downloaded ") }, "\(first.stdout)")
    // Asked again: 304.
    let second = try Self.run(["check", file, "--guide", url], in: folder)
    #expect(second.stdout.contains("   copy: unchanged on the server (304), cached "))
    // The server fails: the last good copy, with the notice.
    try server.control("mode=error")
    let third = try Self.run(["check", file, "--guide", url], in: folder)
    #expect(third.status == 0, "\(third.stderr)")
    #expect(third.stdout.contains("   copy: the last good copy, from "), "\(third.stdout)")
    #expect(
      third.stdout.contains("(download failed: the server answered 500)"), "\(third.stdout)")
  }

  @Test func helpAndVersionSayTheSameVersionAsTheUserAgent() throws {
    let help = try TVGridProcess.run(["--help"])
    #expect(help.stdout.contains("--offline") && help.stdout.contains("--tvheadend URL"))
    let version = try TVGridProcess.run(["--version"])
    // The User-Agent test above expects tvgrid/0.1.0: the same number.
    #expect(version.stdout.hasPrefix("tvgrid 0.1.0 "))
  }

  /// XMLTV's `YYYYMMDDhhmmss +0000`.
  static func xmltvTime(_ epoch: Int64) -> String {
    let formatter = DateFormatter()
    formatter.locale = Locale(identifier: "en_US_POSIX")
    formatter.timeZone = TimeZone(identifier: "UTC")
    formatter.dateFormat = "yyyyMMddHHmmss"
    return formatter.string(from: Date(timeIntervalSince1970: TimeInterval(epoch))) + " +0000"
  }
}
