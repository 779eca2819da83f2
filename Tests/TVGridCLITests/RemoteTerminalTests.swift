import Foundation
import RemoteTestSupport
import Testing

/// URL sources in a real terminal (tmux), against the test server on
/// 127.0.0.1: the download's progress line, the status line's notice,
/// and tvheadend recordings (`R`).
@Suite(.serialized) struct RemoteTerminalTests {
  /// `tvgrid arguments…` with stderr on the pane (a terminal), the
  /// folders of `RemoteSourceTests.folder`, then `EXITED status`.
  static func command(_ arguments: [String], folder: String) -> String {
    let variables = [
      "TZ": "UTC", "LANG": "C.UTF-8", "NO_COLOR": "1", "TERM": "screen", "HOME": folder,
      "XDG_CACHE_HOME": folder + "/cache", "XDG_CONFIG_HOME": folder + "/config",
      "XDG_STATE_HOME": folder + "/state",
    ]
    let assignments = variables.sorted { $0.key < $1.key }.map {
      "\($0.key)=\(TmuxPane.quote($0.value))"
    }
    let words = ([TVGridProcess.binary] + arguments).map(TmuxPane.quote)
    return "env -u LC_ALL -u LC_CTYPE \(assignments.joined(separator: " ")) "
      + "\(words.joined(separator: " ")); echo EXITED $?; sleep 60"
  }

  @Test func aLongDownloadShowsItsProgressOnStderr() throws {
    guard TmuxPane.available() else { throw TmuxMissing() }
    let server = try TestServer()
    let folder = try RemoteSourceTests.folder()
    let pane = try TmuxPane.start(
      command: Self.command(["now", server.url("/trickle")], folder: folder), columns: 100,
      rows: 10, label: "progress")
    defer { pane.stop() }
    // The trickle takes about 4 s: bytes of the announced total, and a rate.
    let during = pane.waitForScreen(seconds: 20) { lines in
      lines.contains { $0.contains("tvgrid: downloading 127.0.0.1:\(server.port)… ") }
    }
    let line = during.first { $0.contains("downloading") } ?? ""
    #expect(line.contains(" MB of 2.0 MB at "), "\(during)")
    #expect(line.hasSuffix(" MB/s"), "\(line)")
    // Cleared once done: the table follows.
    let after = pane.waitForScreen(seconds: 30) { $0.contains { $0.hasPrefix("EXITED") } }
    #expect(after.contains("EXITED 0"), "\(after)")
    #expect(!after.contains { $0.contains("downloading") }, "\(after)")
    #expect(after.contains { $0.contains("Show 1") })
  }

  @Test func theGuidesStatusLineSaysAnOldCopyIsInUse() throws {
    guard TmuxPane.available() else { throw TmuxMissing() }
    let server = try TestServer()
    let folder = try RemoteSourceTests.folder(config: "refresh = 0\n")
    let url = server.url("/guide.xml")
    #expect(try RemoteSourceTests.run(["now", url], in: folder).status == 0)
    try server.control("mode=error")
    let pane = try TmuxPane.start(
      command: Self.command([url], folder: folder), columns: 120, rows: 12, label: "notice")
    defer { pane.stop() }
    let screen = pane.waitForScreen { lines in
      lines.contains { $0.contains("using the copy from") }
    }
    #expect(
      screen.contains {
        $0.contains("127.0.0.1:\(server.port): using the copy from")
          && $0.contains("(download failed: the server answered 500)")
      }, "\(screen)")
    #expect(screen.contains { $0.contains("Show 1") }, "\(screen)")
    pane.sendKeys("q")
    #expect(pane.waitForScreen { $0.contains { $0.hasPrefix("EXITED") } }.contains("EXITED 0"))
  }

  @Test func anOpenGuideRefreshesItsURLWhenDue() throws {
    guard TmuxPane.available() else { throw TmuxMissing() }
    let server = try TestServer()
    let folder = try RemoteSourceTests.folder(config: "refresh = 5s\n")
    let pane = try TmuxPane.start(
      command: Self.command([server.url("/guide.xml")], folder: folder), columns: 120, rows: 12,
      label: "refresh")
    defer { pane.stop() }
    #expect(
      pane.waitForScreen { $0.contains { $0.contains("Show 1") } }.contains {
        $0.contains("Show 1")
      })
    // A new version: 6 programmes. Within a refresh interval (5 s) and a look, it is shown.
    try server.control("programmes=6")
    let reloaded = pane.waitForScreen(seconds: 30) { lines in
      lines.contains { $0.contains("reloaded 127.0.0.1:\(server.port): 1 channels, 6 programmes") }
    }
    #expect(
      reloaded.contains {
        $0.contains("reloaded 127.0.0.1:\(server.port): 1 channels, 6 programmes")
      },
      "\(reloaded)")
    // The server breaks: the guide stays, the status line says so.
    try server.control("mode=error")
    let kept = pane.waitForScreen(seconds: 30) { lines in
      lines.contains { $0.contains("download failed: the server answered 500") }
    }
    #expect(
      kept.contains {
        $0.contains("127.0.0.1:\(server.port): using the copy from")
          && $0.contains("(download failed: the server answered 500)")
      }, "\(kept)")
    #expect(kept.contains { $0.contains("Show 1") }, "\(kept)")
    let requests = try server.log().filter { $0.path == "/guide.xml" }
    // Conditional after the first; no request more often than the refresh interval allows.
    #expect(requests.count >= 3 && requests.count <= 6, "\(requests.count)")
    #expect(requests.dropFirst().allSatisfy { $0.headers["if-none-match"] != nil })
    pane.sendKeys("q")
  }
}
