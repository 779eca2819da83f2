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
  /// Records each argument on a line of `argv.txt` beside itself; copies
  /// a file given as `--include=FILE` (its text, mode and path; not while
  /// `noread` is beside it); waits
  /// while `hold` is beside it; exits with the number in `status` beside
  /// itself (0 without one).
  static let stub = """
    #!/bin/sh
    here="$(dirname "$0")"
    for a in "$@"; do
      printf '%s\\n' "$a"
      case "$a" in
        --include=*)
          [ -e "$here/noread" ] && continue
          file="${a#--include=}"
          cat "$file" > "$here/include.txt"
          stat -c %a "$file" > "$here/include-mode.txt"
          printf '%s' "$file" > "$here/include-path.txt";;
      esac
    done > "$here/argv.txt"
    while [ -e "$here/hold" ]; do sleep 0.05; done
    exit "$(cat "$here/status" 2>/dev/null || echo 0)"

    """

  /// A playlist whose name and URL are full of shell syntax, each piece of
  /// which would create a marker file in `folder` if it ever reached a
  /// shell.
  static func playlistText(_ folder: String) -> String {
    """
    #EXTM3U
    #EXTINF:-1 tvg-id="one.uk",Evil $(touch \(folder)/marker); `touch \(folder)/marker2` | x
    #EXTVLCOPT:http-user-agent=Agent $(touch \(folder)/marker3)
    http://bob:pa55@h.example/live.ts?a=1&b=$(touch \(folder)/marker4)

    """
  }

  /// The entry's name in `playlistText`.
  static func evil(_ folder: String) -> String {
    "Evil $(touch \(folder)/marker); `touch \(folder)/marker2` | x"
  }

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

  static func request(player: String, inTerminal: Bool = false, playlist text: String)
    throws -> PlayRequest
  {
    let playlist = Playlist(parsing: Array(text.utf8), location: .file("t.m3u"))
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

  static func request(player: String, inTerminal: Bool = false, folder: String) throws
    -> PlayRequest
  {
    try request(player: player, inTerminal: inTerminal, playlist: playlistText(folder))
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
    let request = try Self.request(player: folder + "/bin/mpv --title={channel}", folder: folder)
    var session = PlayerSession(environment: ["HOME": folder])
    let started = Self.notices(session.start(request, now: Fixture.now))
    #expect(
      started == ["mpv started: \(Self.evil(folder)): \"Afternoon Live\", live (h.example)"])
    #expect(Self.notices(Self.waitForPlayers(&session)) == [])
    let argv = try String(contentsOfFile: folder + "/bin/argv.txt", encoding: .utf8)
    #expect(
      argv.split(separator: "\n", omittingEmptySubsequences: false) == [
        "--user-agent=Agent $(touch \(folder)/marker3)", "--title=\(Self.evil(folder))", "--",
        "http://bob:pa55@h.example/live.ts?a=1&b=$(touch \(folder)/marker4)", "",
      ])
    for name in ["marker", "marker2", "marker3", "marker4"] {
      #expect(!FileManager.default.fileExists(atPath: folder + "/" + name))
    }
    // The log: $HOME/.local/state/tvgrid/player.log, the password masked.
    let log = try String(
      contentsOfFile: folder + "/.local/state/tvgrid/player.log", encoding: .utf8)
    #expect(log.contains(" -- http://***@h.example/live.ts?a=1&b=$(touch \(folder)/marker4)\n"))
    #expect(!log.contains("pa55"))
  }

  /// Issue 25: a stream's secret headers (a cookie, a bearer token, an API
  /// key from the Kodi suffix) reach mpv through a file readable by the
  /// user only (`--include=`), never its arguments or `player.log`; the
  /// file is removed once mpv has read it, while mpv still plays.
  @Test func secretHeadersGoThroughAFileOnlyTheUserCanRead() throws {
    let folder = try Self.folder()
    defer { try? FileManager.default.removeItem(atPath: folder) }
    let playlist = """
      #EXTM3U
      #EXTINF:-1 tvg-id="one.uk",One
      #EXTVLCOPT:http-user-agent=UA/1
      http://h.example/live.ts|Cookie=sid%3Dabc%2C1&Authorization=Bearer%20t0k&X-Api-Key=k3y&X-Forwarded-For=10.0.0.1

      """
    let request = try Self.request(player: folder + "/bin/mpv", playlist: playlist)
    try Data().write(to: URL(fileURLWithPath: folder + "/bin/hold"))
    let runtime = folder + "/run"
    var session = PlayerSession(environment: ["HOME": folder, "XDG_RUNTIME_DIR": runtime])
    _ = session.start(request, now: Fixture.now)
    // The player has read it: gone at the next poll, though it still runs.
    let pathFile = folder + "/bin/include-path.txt"
    for _ in 0..<500 where !FileManager.default.fileExists(atPath: pathFile) { usleep(10_000) }
    let path = try String(contentsOfFile: pathFile, encoding: .utf8)
    #expect(path.hasPrefix(runtime + "/tvgrid/player-headers-\(getpid())-"))
    for _ in 0..<500 where FileManager.default.fileExists(atPath: path) {
      _ = session.poll()
      usleep(10_000)
    }
    #expect(!FileManager.default.fileExists(atPath: path))
    #expect(session.hasRunningPlayers)
    try FileManager.default.removeItem(atPath: folder + "/bin/hold")
    #expect(Self.notices(Self.waitForPlayers(&session)) == [])
    // Byte counts by hand: "Cookie: sid=abc,1" 6 + 2 + 9 = 17,
    // "Authorization: Bearer t0k" 13 + 2 + 10 = 25, "X-Api-Key: k3y" 9 + 2 + 3 = 14.
    #expect(
      try String(contentsOfFile: folder + "/bin/include.txt", encoding: .utf8) == """
        http-header-fields-append=%17%Cookie: sid=abc,1
        http-header-fields-append=%25%Authorization: Bearer t0k
        http-header-fields-append=%14%X-Api-Key: k3y

        """)
    #expect(
      try String(contentsOfFile: folder + "/bin/include-mode.txt", encoding: .utf8) == "600\n")
    let argv = try String(contentsOfFile: folder + "/bin/argv.txt", encoding: .utf8)
    #expect(
      argv == "--include=\(path)\n--user-agent=UA/1\n"
        + "--http-header-fields-append=X-Forwarded-For: 10.0.0.1\n--\nhttp://h.example/live.ts\n")
    let log = try String(
      contentsOfFile: folder + "/.local/state/tvgrid/player.log", encoding: .utf8)
    for secret in ["sid", "t0k", "k3y"] { #expect(!log.contains(secret), "\(secret) in \(log)") }
    #expect(log.contains("X-Forwarded-For: 10.0.0.1"))
  }

  /// A player that never reads its header file: the file goes when the
  /// guide ends (`finish`, after its bounded wait), the player runs on.
  @Test func aHeaderFileNotReadGoesWhenTheGuideEnds() throws {
    let folder = try Self.folder()
    defer { try? FileManager.default.removeItem(atPath: folder) }
    let playlist = """
      #EXTM3U
      #EXTINF:-1 tvg-id="one.uk",One
      http://h.example/live.ts|Cookie=a%3Db

      """
    let request = try Self.request(player: folder + "/bin/mpv", playlist: playlist)
    try Data().write(to: URL(fileURLWithPath: folder + "/bin/hold"))
    try Data().write(to: URL(fileURLWithPath: folder + "/bin/noread"))
    let runtime = folder + "/run"
    var session = PlayerSession(environment: ["HOME": folder, "XDG_RUNTIME_DIR": runtime])
    _ = session.start(request, now: Fixture.now)
    let files = session.headerFiles
    #expect(files.count == 1)
    session.finish()
    for file in files { #expect(!FileManager.default.fileExists(atPath: file.path)) }
    try FileManager.default.removeItem(atPath: folder + "/bin/hold")
    #expect(Self.notices(Self.waitForPlayers(&session)) == [])
  }

  @Test func aPlayerThatFailsIsReportedWithItsStatus() throws {
    let folder = try Self.folder()
    defer { try? FileManager.default.removeItem(atPath: folder) }
    try Data("3\n".utf8).write(to: URL(fileURLWithPath: folder + "/bin/status"))
    let request = try Self.request(player: folder + "/bin/mpv", folder: folder)
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
    let request = try Self.request(
      player: folder + "/bin/mpv --vo=tct", inTerminal: true, folder: folder)
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
    #expect(argv.hasPrefix("--user-agent=Agent $(touch \(folder)/marker3)\n--vo=tct\n--\n"))
  }

  @Test func aMissingPlayerSaysHowToGetOne() throws {
    let request = try Self.request(
      player: "tvgrid-test-no-such-player", folder: NSTemporaryDirectory())
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
