import Foundation
import RemoteTestSupport
import Testing

/// A flaky provider as the commands see it (issue 25, items 6–11 and 13):
/// a guide of a playlist that fails, `download_timeout`, `cache clear`, a
/// cache folder that cannot be written, and secrets in URLs that must
/// never show. Against the test server on 127.0.0.1, with the folders of
/// `RemoteSourceTests.folder`.
@Suite struct RemoteFaultCommandTests {
  /// A playlist file in `folder` with one entry (tvg-id "one") whose
  /// header names `guides` (comma-separated, in order).
  static func playlist(in folder: String, guides: [String]) throws -> String {
    let path = folder + "/list.m3u"
    try Data(
      """
      #EXTM3U x-tvg-url="\(guides.joined(separator: ","))"
      #EXTINF:-1 tvg-id="one",Remote One
      http://stream.example/one.ts

      """.utf8
    ).write(to: URL(fileURLWithPath: path))
    return path
  }

  // MARK: Item 8: one unreachable guide does not stop a playlist

  @Test func aPlaylistOpensWithTheGuidesThatWorkAndSaysWhichFailed() throws {
    let server = try TestServer()
    let folder = try RemoteSourceTests.folder()
    let missing = server.url("/missing")
    let list = try Self.playlist(in: folder, guides: [missing, server.url("/guide.xml")])
    let now = try RemoteSourceTests.run(["now", list], in: folder)
    #expect(now.status == 0, "\(now.stderr)")
    #expect(now.stdout.contains("Remote One") && now.stdout.contains("Show 1"), "\(now.stdout)")
    #expect(
      now.stderr.contains("x-tvg-url: \(missing): the server answered 404"), "\(now.stderr)")
    // check lists it among the guides and exits 1.
    let check = try RemoteSourceTests.run(["check", list], in: folder)
    #expect(check.status == 1, "\(check.stdout)")
    let lines = check.stdout.split(separator: "\n").map(String.init)
    #expect(
      lines.contains("not loaded: \(missing): the server answered 404"), "\(check.stdout)")
    #expect(
      lines.contains("1. \(server.url("/guide.xml")): 1 channels, 4 programmes"),
      "\(check.stdout)")
    #expect(check.stderr.contains("the server answered 404"), "\(check.stderr)")
  }

  @Test func aPlaylistWhoseOnlyGuideFailsStillOpens() throws {
    let server = try TestServer()
    let folder = try RemoteSourceTests.folder()
    let list = try Self.playlist(in: folder, guides: [server.url("/error")])
    // The guide's picture: the playlist's channel, without programmes.
    let render = try RemoteSourceTests.run(["render", list, "--size", "100x12"], in: folder)
    #expect(render.status == 0, "\(render.stderr)")
    #expect(render.stdout.contains("Remote One"), "\(render.stdout)")
    #expect(render.stderr.contains("the server answered 500"), "\(render.stderr)")
    let check = try RemoteSourceTests.run(["check", list], in: folder)
    #expect(check.status == 1)
  }

  @Test func theGuidesStatusLineNamesTheGuideThatFailed() throws {
    guard TmuxPane.available() else { throw TmuxMissing() }
    let server = try TestServer()
    let folder = try RemoteSourceTests.folder()
    let list = try Self.playlist(
      in: folder, guides: [server.url("/missing"), server.url("/guide.xml")])
    let pane = try TmuxPane.start(
      command: RemoteTerminalTests.command([list], folder: folder), columns: 160, rows: 12,
      label: "failed-guide")
    defer { pane.stop() }
    let screen = pane.waitForScreen { $0.contains { $0.contains("answered 404") } }
    #expect(screen.contains { $0.contains("/missing: the server answered 404") }, "\(screen)")
    #expect(screen.contains { $0.contains("Show 1") }, "\(screen)")
    pane.sendKeys("q")
    #expect(pane.waitForScreen { $0.contains { $0.hasPrefix("EXITED") } }.contains("EXITED 0"))
  }

  // MARK: Item 6: download_timeout

  @Test func downloadTimeoutIsAConfigKey() throws {
    let server = try TestServer()
    let folder = try RemoteSourceTests.folder(config: "refresh = 0\ndownload_timeout = 1s\n")
    let url = server.url("/guide.xml")
    let first = try RemoteSourceTests.run(["now", url], in: folder)
    #expect(first.status == 0, "\(first.stderr)")
    #expect(first.stderr.isEmpty, "\(first.stderr)")
    // The trickle takes 4 s.
    try server.control("mode=trickle")
    let second = try RemoteSourceTests.run(["now", url], in: folder)
    #expect(second.status == 0, "\(second.stderr)")
    #expect(second.stdout.contains("Show 1"))
    #expect(second.stderr.contains("using the copy from"), "\(second.stderr)")
    #expect(second.stderr.contains("not finished within 1 s"), "\(second.stderr)")
    let bad = try RemoteSourceTests.run(
      ["now", url], in: try RemoteSourceTests.folder(config: "download_timeout = 0\n"))
    #expect(
      bad.stderr.contains("download_timeout must be a time such as 10m or 1h, not '0'"),
      "\(bad.stderr)")
  }

  // MARK: Item 7: cache clear removes downloads

  @Test func cacheClearRemovesDownloadsAsWellAsSnapshots() throws {
    let server = try TestServer()
    let folder = try RemoteSourceTests.folder()
    let url = server.url("/guide.xml?token=t0ken")
    let cache = folder + "/cache/tvgrid"
    func names(_ suffix: String, in path: String) -> [String] {
      ((try? FileManager.default.contentsOfDirectory(atPath: path)) ?? []).filter {
        $0.hasSuffix(suffix)
      }
    }
    #expect(try RemoteSourceTests.run(["now", url], in: folder).status == 0)
    #expect(names(".body", in: cache).count == 1)
    #expect(names(".tvgsnap", in: cache + "/snapshots").count == 1)
    // The listing names the download, masked.
    let listing = try RemoteSourceTests.run(["cache"], in: folder)
    #expect(listing.stdout.contains("1 download"), "\(listing.stdout)")
    #expect(listing.stdout.contains("/guide.xml?token=***"), "\(listing.stdout)")
    #expect(!listing.stdout.contains("t0ken"))
    // --downloads: the downloads only.
    let downloads = try RemoteSourceTests.run(["cache", "clear", "--downloads"], in: folder)
    #expect(downloads.status == 0, "\(downloads.stderr)")
    #expect(downloads.stdout.contains("removed 1 download"), "\(downloads.stdout)")
    #expect(names(".body", in: cache).isEmpty && names(".json", in: cache).isEmpty)
    #expect(names(".tvgsnap", in: cache + "/snapshots").count == 1)
    // Plain clear: both.
    #expect(try RemoteSourceTests.run(["now", url], in: folder).status == 0)
    #expect(try server.log().count == 2, "downloaded again after the clear")
    let all = try RemoteSourceTests.run(["cache", "clear"], in: folder)
    #expect(all.status == 0, "\(all.stderr)")
    #expect(all.stdout.contains("removed 1 download"), "\(all.stdout)")
    #expect(names(".body", in: cache).isEmpty)
    #expect(names(".tvgsnap", in: cache + "/snapshots").isEmpty)
  }

  // MARK: Item 9: a cache folder that cannot be written

  @Test func aCacheFolderThatCannotBeCreatedDoesNotStopAURL() throws {
    let server = try TestServer()
    let folder = try RemoteSourceTests.folder()
    // XDG_CACHE_HOME is a file: no folder can be made below it.
    let file = folder + "/not-a-folder"
    try Data("x".utf8).write(to: URL(fileURLWithPath: file))
    let result = try TVGridProcess.run(
      ["now", server.url("/guide.xml")],
      environment: [
        "HOME": folder, "XDG_CACHE_HOME": file, "XDG_CONFIG_HOME": folder + "/config",
        "XDG_STATE_HOME": folder + "/state",
      ], timeLimit: 60)
    #expect(result.status == 0, "\(result.stderr)")
    #expect(result.stdout.contains("Show 1"))
    #expect(result.stderr.contains("nothing will be cached"), "\(result.stderr)")
  }

  // MARK: Item 11: secrets never show

  @Test func aPasswordWithURLCharactersIsNeverPrinted() throws {
    let server = try TestServer()
    let folder = try RemoteSourceTests.folder()
    for password in ["Xq#9z", "Xq?9z", "Xq/9z"] {
      let url = "http://alice:\(password)@127.0.0.1:\(server.port)/missing"
      let result = try RemoteSourceTests.run(["now", url], in: folder)
      #expect(result.status == 1)
      for text in [result.stdout, result.stderr] {
        #expect(!text.contains("Xq") && !text.contains("9z"), "\(text)")
      }
      #expect(result.stderr.contains("http://***@"), "\(result.stderr)")
    }
  }

  @Test func checksPerSourceLinesMaskEverySecretName() throws {
    let server = try TestServer()
    let folder = try RemoteSourceTests.folder()
    let guide = server.url("/guide.xml?u=alice7&p=pa55&quality=hd")
    let list = try Self.playlist(in: folder, guides: [guide, server.url("/missing?tok=t0k")])
    let check = try RemoteSourceTests.run(["check", list], in: folder)
    #expect(check.stdout.contains("/guide.xml?u=***&p=***&quality=hd"), "\(check.stdout)")
    #expect(check.stdout.contains("/missing?tok=***"), "\(check.stdout)")
    for text in [check.stdout, check.stderr] {
      for secret in ["alice7", "pa55", "t0k"] { #expect(!text.contains(secret), "\(text)") }
    }
    for name in try FileManager.default.contentsOfDirectory(atPath: folder + "/cache/tvgrid")
    where name.hasSuffix(".json") {
      let text = try String(contentsOfFile: folder + "/cache/tvgrid/" + name, encoding: .utf8)
      #expect(!text.contains("alice7") && !text.contains("pa55"), "\(text)")
    }
  }
}
