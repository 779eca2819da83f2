import EPGFrontEnd
import EPGLayout
import EPGPlaylist
import EPGSchedule
import Foundation
import Testing

/// `w` through to a process: the reducer's request, started by
/// `PlayerSession` with a stub player named `mpv` that records its
/// arguments (so headers are translated as for mpv).
@Suite struct PlayerSessionTests {
  /// Records each argument on a line of `argv.txt` beside itself; exits
  /// with the number in `status` beside itself (0 without one).
  static let stub = """
    #!/bin/sh
    here="$(dirname "$0")"
    for a in "$@"; do printf '%s\\n' "$a"; done > "$here/argv.txt"
    exit "$(cat "$here/status" 2>/dev/null || echo 0)"

    """

  /// A playlist whose name and URL are full of shell syntax.
  static let playlistText = """
    #EXTM3U
    #EXTINF:-1 tvg-id="one.uk",Evil $(touch pwned); `touch pwned2` | x
    #EXTVLCOPT:http-user-agent=Agent $(id)
    http://bob:pa55@h.example/live.ts?a=1&b=$(touch pwned3)

    """

  /// A folder with `bin/mpv` (the stub), and HOME for the log.
  static func folder() throws -> String {
    let path = NSTemporaryDirectory() + "tvgrid-player-\(UUID().uuidString)"
    try FileManager.default.createDirectory(
      atPath: path + "/bin", withIntermediateDirectories: true)
    try Data(stub.utf8).write(to: URL(fileURLWithPath: path + "/stub.txt"))
    // Installed by a child process: executing a file this process wrote
    // can fail with ETXTBSY while parallel tests fork.
    let install = Process()
    install.executableURL = URL(fileURLWithPath: "/usr/bin/install")
    install.arguments = ["-m", "755", path + "/stub.txt", path + "/bin/mpv"]
    try install.run()
    install.waitUntilExit()
    return path
  }

  static func request(player: String, inTerminal: Bool = false) throws -> PlayRequest {
    let playlist = Playlist(parsing: Array(playlistText.utf8), location: .file("t.m3u"))
    let joined = PlaylistGuide(
      playlist: playlist, guide: Fixture.schedule, overrides: [], allChannels: false)
    var settings = GuideSettings()
    settings.player = try PlayerCommand(template: player)
    settings.playerTerminal = inTerminal
    var state = AppState(
      guide: GuideModel(playlist: joined), settings: settings,
      size: CellSize(columns: 80, rows: 14), now: Fixture.now)
    state.apply(.key(.character("w")))
    guard case .play(let request)? = state.takeEffects().first else {
      throw PlayerMissing(message: state.message ?? "no effect")
    }
    return request
  }

  struct PlayerMissing: Error { var message: String }

  static func notices(_ actions: [Action]) -> [String] {
    actions.compactMap {
      if case .notice(let text) = $0 { return text }
      return nil
    }
  }

  /// Polls until every detached player has ended (bounded).
  static func waitForPlayers(_ session: inout PlayerSession) -> [Action] {
    var actions: [Action] = []
    for _ in 0..<1000 where session.hasRunningPlayers {
      actions += session.poll()
      if session.hasRunningPlayers { usleep(10_000) }
    }
    return actions
  }

  @Test func theStubGetsTheURLAfterDashDashAndTheHeadersAsOptions() throws {
    let folder = try Self.folder()
    defer { try? FileManager.default.removeItem(atPath: folder) }
    let request = try Self.request(player: folder + "/bin/mpv --title={channel}")
    var session = PlayerSession(environment: ["HOME": folder])
    let started = Self.notices(session.start(request, now: Fixture.now))
    #expect(
      started == [
        "mpv started: Evil $(touch pwned); `touch pwned2` | x: \"Afternoon Live\", live (h.example)"
      ])
    #expect(Self.notices(Self.waitForPlayers(&session)) == [])
    let argv = try String(contentsOfFile: folder + "/bin/argv.txt", encoding: .utf8)
    #expect(
      argv.split(separator: "\n", omittingEmptySubsequences: false) == [
        "--user-agent=Agent $(id)", "--title=Evil $(touch pwned); `touch pwned2` | x", "--",
        "http://bob:pa55@h.example/live.ts?a=1&b=$(touch pwned3)", "",
      ])
    for name in ["pwned", "pwned2", "pwned3"] {
      #expect(!FileManager.default.fileExists(atPath: folder + "/bin/" + name))
      #expect(!FileManager.default.fileExists(atPath: name))
    }
    // The log: $HOME/.local/state/tvgrid/player.log, the password masked.
    let log = try String(
      contentsOfFile: folder + "/.local/state/tvgrid/player.log", encoding: .utf8)
    #expect(log.contains(" -- http://***@h.example/live.ts?a=1&b=$(touch pwned3)\n"))
    #expect(!log.contains("pa55"))
  }

  @Test func aPlayerThatFailsIsReportedWithItsStatus() throws {
    let folder = try Self.folder()
    defer { try? FileManager.default.removeItem(atPath: folder) }
    try Data("3\n".utf8).write(to: URL(fileURLWithPath: folder + "/bin/status"))
    let request = try Self.request(player: folder + "/bin/mpv")
    var session = PlayerSession(environment: ["HOME": folder])
    _ = session.start(request, now: Fixture.now)
    #expect(
      Self.notices(Self.waitForPlayers(&session)) == [
        "mpv ended with exit status 3 (log: ~/.local/state/tvgrid/player.log)"
      ])
  }

  @Test func aTerminalPlayerRunsInsideTheHandOverAndIsWaitedFor() throws {
    let folder = try Self.folder()
    defer { try? FileManager.default.removeItem(atPath: folder) }
    try Data("2\n".utf8).write(to: URL(fileURLWithPath: folder + "/bin/status"))
    let request = try Self.request(player: folder + "/bin/mpv --vo=tct", inTerminal: true)
    var session = PlayerSession(environment: ["HOME": folder, "XDG_STATE_HOME": folder + "/st"])
    var handedOver = false
    let actions = session.start(request, now: Fixture.now) { run in
      handedOver = true
      return run()
    }
    #expect(handedOver)
    #expect(!session.hasRunningPlayers)
    #expect(Self.notices(actions) == ["mpv ended with exit status 2 (log: ~/st/tvgrid/player.log)"])
    let argv = try String(contentsOfFile: folder + "/bin/argv.txt", encoding: .utf8)
    #expect(argv.hasPrefix("--user-agent=Agent $(id)\n--vo=tct\n--\n"))
  }

  @Test func aMissingPlayerSaysHowToGetOne() throws {
    let request = try Self.request(player: "tvgrid-test-no-such-player")
    let folder = NSTemporaryDirectory() + "tvgrid-player-\(UUID().uuidString)"
    defer { try? FileManager.default.removeItem(atPath: folder) }
    var session = PlayerSession(environment: ["HOME": folder])
    #expect(
      Self.notices(session.start(request, now: Fixture.now)) == [
        "Cannot start tvgrid-test-no-such-player: not found (install it, or name a player with player = in the config)"
      ])
    #expect(!session.hasRunningPlayers)
  }
}
