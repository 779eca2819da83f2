import Foundation
import Testing

/// A stream's secret headers with the real mpv (issue 25, item 12): `w` in
/// the guide in tmux plays a WAV file served on 127.0.0.1 whose playlist
/// entry needs a cookie and a bearer token (Kodi's `|Name=value` suffix).
/// The server receives both; `player.log` and mpv's arguments have
/// neither; no header file is left once mpv has read it.
@Suite(.serialized) struct SecretHeaderTests {
  @Test func mpvSendsTheSecretHeadersItReadFromAFile() throws {
    guard TmuxPane.available() else { throw TmuxMissing() }
    guard PlayerStub.onPath("mpv") else {
      Issue.record("mpv is not installed: make test installs it (or: sudo apt-get install mpv)")
      return
    }
    let server = try WAVServer.start()
    defer { server.stop() }
    let url = "http://127.0.0.1:\(server.port)/tone.wav"
    let folder = try PlaylistWatchTests.folder(
      bbcOneURL: url + "|Cookie=sid%3Dabc%2C1&Authorization=Bearer%20t0k"
    ) {
      "mpv --no-config --vo=null --ao=null --length=2 '--log-file=\($0)/mpv.log'"
    }
    defer { try? FileManager.default.removeItem(atPath: folder) }
    let command = TmuxPane.tvgridCommand(
      ["--now", "2026-11-30T14:05Z", folder + "/list.m3u"],
      environment: [
        "HOME": folder, "XDG_CONFIG_HOME": folder + "/config",
        "XDG_STATE_HOME": folder + "/state", "XDG_RUNTIME_DIR": folder + "/run",
        "NO_COLOR": "1", "TERM": "screen",
      ])
    let pane = try TmuxPane.start(command: command, columns: 80, rows: 16, label: "secret-headers")
    defer { pane.stop() }
    let screen = PlaylistWatchTests.watchBBCOne(pane)
    #expect(
      screen.last == " mpv started: BBC One: \"Afternoon Live\", live (127.0.0.1:\(server.port))")
    let played = TmuxPane.waitFor(timeout: 12) {
      let log = (try? String(contentsOfFile: folder + "/mpv.log", encoding: .utf8)) ?? ""
      return log.contains("finished playback")
    }
    #expect(played)
    #expect(server.secretHeaders().contains("Cookie: sid=abc,1"), "\(server.secretHeaders())")
    #expect(server.secretHeaders().contains("Authorization: Bearer t0k"))
    pane.sendKeys("q")
    #expect(pane.waitForScreen { $0.contains("EXITED 0") }.contains("EXITED 0"))
    let log = try String(contentsOfFile: folder + "/state/tvgrid/player.log", encoding: .utf8)
    #expect(log.contains(" start: mpv --include=\(folder)/run/tvgrid/player-headers-"))
    for secret in ["sid=abc", "t0k"] { #expect(!log.contains(secret), "\(log)") }
    // mpv's own log names its arguments: the file, never the values.
    let mpvLog = (try? String(contentsOfFile: folder + "/mpv.log", encoding: .utf8)) ?? ""
    let commandLine = mpvLog.split(separator: "\n").first { $0.contains("Command line") } ?? ""
    #expect(commandLine.contains("--include=") && !commandLine.contains("t0k"), "\(commandLine)")
    let left =
      (try? FileManager.default.contentsOfDirectory(atPath: folder + "/run/tvgrid"))
      ?? []
    #expect(!left.contains { $0.hasPrefix("player-headers-") }, "\(left)")
  }
}
