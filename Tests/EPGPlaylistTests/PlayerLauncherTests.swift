import Foundation
import Testing

@testable import EPGPlaylist

@Suite struct PlayerLauncherTests {
  /// A stub player that records its arguments, its process ids and a line
  /// on standard error.
  static let stub = """
    here="$(dirname "$0")"
    for a in "$@"; do printf '%s\\n' "$a"; done > "$here/argv.txt"
    stat="$(cat /proc/$$/stat)"
    set -- ${stat##*) }
    echo "$$ $3 $4" > "$here/ids.txt"
    wc -c < /dev/stdin | tr -d ' ' > "$here/stdin.txt"
    echo "stub says hello" >&2

    """

  static func folder() -> String {
    let path = NSTemporaryDirectory() + "epgplaylist-launch-\(UUID().uuidString)"
    try? FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
    return path
  }

  @Test func stubPlayerGetsExactArgumentsDetached() throws {
    let folder = Self.folder()
    defer { try? FileManager.default.removeItem(atPath: folder) }
    let stubPath = folder + "/stub player.sh"
    FileManager.default.createFile(
      atPath: stubPath, contents: Data(Self.stub.utf8), attributes: [.posixPermissions: 0o755])
    let url = "http://alice:s3cret@h.example/live/alice/s3cret/1.ts"
    // Run through `sh`: executing a file this process has just written can
    // fail with ETXTBSY while parallel tests fork (the child holds the
    // write descriptor until its exec).
    let payload = "$(touch \(folder)/marker); `touch \(folder)/marker2`"
    let invocation = try PlayerCommand(template: "sh '\(stubPath)' --title={title}")
      .invocation(url: url, title: payload)
    let logDirectory = folder + "/state/tvgrid"
    let player = try PlayerLauncher.launch(
      invocation, logDirectory: logDirectory, now: 1_796_061_600)
    let process = player.process
    #expect(player.headerFile == nil)
    #expect(process.waitForExit() == 0)
    let argv = try String(contentsOfFile: folder + "/argv.txt", encoding: .utf8)
    #expect(argv == "--title=\(payload)\n--\n\(url)\n")
    // Its own session and process group: pgid == sid == pid.
    let ids = try String(contentsOfFile: folder + "/ids.txt", encoding: .utf8)
    #expect(ids == "\(process.pid) \(process.pid) \(process.pid)\n")
    #expect(try String(contentsOfFile: folder + "/stdin.txt", encoding: .utf8) == "0\n")
    #expect(!FileManager.default.fileExists(atPath: folder + "/marker"))
    #expect(!FileManager.default.fileExists(atPath: folder + "/marker2"))
    // The log: a masked command line, then the player's own output.
    let log = try String(contentsOfFile: process.logPath, encoding: .utf8)
    #expect(process.logPath == logDirectory + "/player.log")
    #expect(
      log == "2026-11-30T18:00:00Z start: sh \(stubPath) --title=\(payload) -- "
        + "http://***@h.example/live/***/***/1.ts\nstub says hello\n")
    let mode = try FileManager.default.attributesOfItem(atPath: process.logPath)[.posixPermissions]
    #expect(mode as? Int == 0o600)
  }

  @Test func missingPlayerIsReported() throws {
    let folder = Self.folder()
    defer { try? FileManager.default.removeItem(atPath: folder) }
    let invocation = try PlayerCommand(template: "tvgrid-test-no-such-player")
      .invocation(url: "http://a.example/")
    #expect(
      throws: PlayerLauncher.LaunchError(
        message: "cannot start tvgrid-test-no-such-player: not found")
    ) {
      try PlayerLauncher.launch(invocation, logDirectory: folder, now: 0)
    }
  }

  @Test func exitStatusIsReaped() throws {
    let folder = Self.folder()
    defer { try? FileManager.default.removeItem(atPath: folder) }
    let invocation = try PlayerCommand(template: "sh -c 'exit 3'").invocation(
      url: "http://a.example/")
    let player = try PlayerLauncher.launch(invocation, logDirectory: folder, now: 0)
    #expect(player.process.waitForExit() == 3)
  }

  @Test func logDirectoryFollowsXDG() {
    let base = NSTemporaryDirectory() + "xdg"
    #expect(
      PlayerLauncher.logDirectory(environment: ["XDG_STATE_HOME": base, "HOME": "h"]) == base
        + "/tvgrid")
    #expect(
      PlayerLauncher.logDirectory(environment: ["XDG_STATE_HOME": "relative", "HOME": base])
        == base + "/.local/state/tvgrid")
    #expect(PlayerLauncher.logDirectory(environment: ["XDG_STATE_HOME": ""]) == nil)
  }
}
