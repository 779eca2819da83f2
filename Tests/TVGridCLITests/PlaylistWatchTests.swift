import Foundation
import Testing

/// `tvgrid list.m3u` in a real terminal (tmux): a group with `g`, `w` on
/// the programme on now, the player started detached while the guide stays
/// on screen. First with a stub player named `mpv` that records its
/// arguments, then with the real mpv playing a WAV file this test serves on
/// 127.0.0.1.
@Suite(.serialized) struct PlaylistWatchTests {
  /// Records each argument on a line of `argv.txt` beside itself.
  static let stub = """
    #!/bin/sh
    for a in "$@"; do printf '%s\\n' "$a"; done > "$(dirname "$0")/argv.txt"

    """

  /// The playlist: BBC One (group News, a User-Agent, credentials in its
  /// URL), Film Four (Movies), Kids; the guide beside it.
  static func playlist(bbcOneURL: String) -> String {
    """
    #EXTM3U x-tvg-url="guide.xml"
    #EXTINF:-1 tvg-id="one" tvg-chno="1" group-title="News",BBC One
    #EXTVLCOPT:http-user-agent=E2E-Agent/1
    \(bbcOneURL)
    #EXTINF:-1 tvg-id="films" tvg-chno="2" group-title="Movies",Film Four
    http://stream.example/films.ts
    #EXTINF:-1 tvg-id="kids" tvg-chno="3" group-title="Kids",Kids
    http://stream.example/kids.ts

    """
  }

  /// A folder with `guide.xml`, `list.m3u` and the config file
  /// (`config/tvgrid/config` with `player`).
  static func folder(bbcOneURL: String, player: (String) -> String) throws -> String {
    let folder = NSTemporaryDirectory() + "tvgrid-watch-\(UUID().uuidString)"
    try FileManager.default.createDirectory(
      atPath: folder + "/config/tvgrid", withIntermediateDirectories: true)
    try FileManager.default.createDirectory(
      atPath: folder + "/bin", withIntermediateDirectories: true)
    try Data(InteractiveGuideTests.guide.utf8).write(
      to: URL(fileURLWithPath: folder + "/guide.xml"))
    try Data(playlist(bbcOneURL: bbcOneURL).utf8).write(
      to: URL(fileURLWithPath: folder + "/list.m3u"))
    try Data("player = \(player(folder))\n".utf8).write(
      to: URL(fileURLWithPath: folder + "/config/tvgrid/config"))
    return folder
  }

  /// Starts the guide on `folder`'s playlist in an 80 × 16 pane, at 14:05.
  static func start(_ folder: String, label: String) throws -> TmuxPane {
    let command = TmuxPane.tvgridCommand(
      ["--now", "2026-11-30T14:05Z", folder + "/list.m3u"],
      environment: [
        "HOME": folder, "XDG_CONFIG_HOME": folder + "/config",
        "XDG_STATE_HOME": folder + "/state", "NO_COLOR": "1", "TERM": "screen",
      ])
    return try TmuxPane.start(command: command, columns: 80, rows: 16, label: label)
  }

  /// `g` to the News group (BBC One alone), then `w`; the screen once the
  /// status line says the player started.
  static func watchBBCOne(_ pane: TmuxPane) -> [String] {
    let start = pane.waitForScreen { $0.first?.contains("All channels") ?? false }
    #expect(start.first?.hasSuffix("Now 14:05") == true)
    pane.sendKeys("g")
    let news = pane.waitForScreen { $0.first?.contains("│ News") ?? false }
    #expect(news.count > 5 && news[4].hasPrefix("1 BBC One"))
    #expect(news.count > 5 && !news[5].contains("Film Four"))
    pane.sendKeys("w")
    return pane.waitForScreen { $0.last?.contains("mpv started") ?? false }
  }

  @Test func gThenWStartsTheStubWithTheURLAfterDashDash() throws {
    guard TmuxPane.available() else { throw TmuxMissing() }
    let url = "http://user:pw@stream.example/live/one.ts?token=abc"
    let folder = try Self.folder(bbcOneURL: url) { "'\($0)/bin/mpv' --title={title}" }
    defer { try? FileManager.default.removeItem(atPath: folder) }
    try PlayerStub.install(Self.stub, at: folder + "/bin/mpv")
    let pane = try Self.start(folder, label: "watch-stub")
    defer { pane.stop() }
    let screen = Self.watchBBCOne(pane)
    #expect(
      screen.last
        == " mpv started: BBC One: \"Afternoon Live\", live (stream.example)")
    #expect(!screen.joined().contains("pw") && !screen.joined().contains("abc"))
    #expect(TmuxPane.waitFor { FileManager.default.fileExists(atPath: folder + "/bin/argv.txt") })
    let argv = try String(contentsOfFile: folder + "/bin/argv.txt", encoding: .utf8)
    #expect(argv == "--user-agent=E2E-Agent/1\n--title=Afternoon Live\n--\n\(url)\n")
    // The guide is still there and still answers keys.
    #expect(screen.first?.contains("│ News") == true)
    #expect(screen.count > 14 && screen[14].contains("Afternoon Live"))
    pane.sendKeys("l")
    let next = pane.waitForScreen { $0.count > 14 && $0[14].contains("News at Half Two") }
    #expect(next.count > 14 && next[14].contains("News at Half Two"))
    pane.sendKeys("q")
    #expect(pane.waitForScreen { $0.contains("EXITED 0") }.contains("EXITED 0"))
    let log = try String(contentsOfFile: folder + "/state/tvgrid/player.log", encoding: .utf8)
    #expect(log.contains(" -- http://***@stream.example/live/one.ts?token=***\n"))
  }

  /// Issue 24 item 2: `w` in now and next, on the programme after the one
  /// on now, tunes to the channel live, and the status line says when
  /// the programme starts; the list stays open.
  @Test func wInNowAndNextOnAProgrammeToComeTunesLive() throws {
    guard TmuxPane.available() else { throw TmuxMissing() }
    let url = "http://stream.example/live/one.ts"
    let folder = try Self.folder(bbcOneURL: url) { "'\($0)/bin/mpv' --title={title}" }
    defer { try? FileManager.default.removeItem(atPath: folder) }
    try PlayerStub.install(Self.stub, at: folder + "/bin/mpv")
    let pane = try Self.start(folder, label: "watch-next")
    defer { pane.stop() }
    pane.waitForScreen { $0.first?.contains("All channels") ?? false }
    pane.sendKeys("o")
    pane.waitForScreen { $0.contains { $0.contains("On now and next") } }
    pane.sendKeys("l")
    pane.sendKeys("w")
    let screen = pane.waitForScreen { $0.last?.contains("mpv started") ?? false }
    #expect(
      screen.last
        == " \"News at Half Two\" starts 14:30, in 25m; mpv started: BBC One, live (stream.ex…")
    #expect(screen.contains { $0.contains("On now and next") }, "\(screen)")
    #expect(TmuxPane.waitFor { FileManager.default.fileExists(atPath: folder + "/bin/argv.txt") })
    let argv = try String(contentsOfFile: folder + "/bin/argv.txt", encoding: .utf8)
    // The channel live: no programme title is passed.
    #expect(argv == "--user-agent=E2E-Agent/1\n--title=\n--\n\(url)\n")
    pane.sendKeys("q")
  }

  @Test func theRealMPVPlaysAServedWAV() throws {
    guard TmuxPane.available() else { throw TmuxMissing() }
    guard PlayerStub.onPath("mpv") else {
      Issue.record("mpv is not installed: make test installs it (or: sudo apt-get install mpv)")
      return
    }
    let server = try WAVServer.start()
    defer { server.stop() }
    let url = "http://127.0.0.1:\(server.port)/tone.wav"
    let folder = try Self.folder(bbcOneURL: url) {
      "mpv --no-config --vo=null --ao=null --length=2 '--log-file=\($0)/mpv.log'"
    }
    defer { try? FileManager.default.removeItem(atPath: folder) }
    let pane = try Self.start(folder, label: "watch-mpv")
    defer { pane.stop() }
    let screen = Self.watchBBCOne(pane)
    #expect(
      screen.last == " mpv started: BBC One: \"Afternoon Live\", live (127.0.0.1:\(server.port))")
    // mpv opened the URL, played it to the end (2 s of 3) and quit.
    let played = TmuxPane.waitFor(timeout: 12) {
      let log = (try? String(contentsOfFile: folder + "/mpv.log", encoding: .utf8)) ?? ""
      return log.contains("finished playback")
    }
    #expect(played)
    let log = (try? String(contentsOfFile: folder + "/mpv.log", encoding: .utf8)) ?? ""
    #expect(log.contains("Opening done: \(url)"))
    #expect(log.contains("starting audio playback"))
    #expect(log.contains("finished playback, success"))
    // The server saw mpv's request with the playlist's User-Agent.
    #expect(server.requests().contains("GET /tone.wav E2E-Agent/1"))
    // A clean end says nothing; the guide is still on screen.
    let after = pane.waitForScreen { $0.first?.contains("│ News") ?? false }
    #expect(after.count > 14 && after[14].contains("Afternoon Live"))
    pane.sendKeys("q")
    #expect(pane.waitForScreen { $0.contains("EXITED 0") }.contains("EXITED 0"))
  }
}

/// Stub players for the tests.
enum PlayerStub {
  /// Writes `script` to `path` as an executable, through a child process
  /// (`install`): executing a file this process wrote itself can fail with
  /// ETXTBSY while parallel tests fork.
  static func install(_ script: String, at path: String) throws {
    let text = path + ".txt"
    try Data(script.utf8).write(to: URL(fileURLWithPath: text))
    _ = try TmuxPane.run(["/usr/bin/install", "-m", "755", text, path])
  }

  /// Whether `name` is an executable on PATH.
  static func onPath(_ name: String) -> Bool {
    let path = ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin"
    return path.split(separator: ":").contains {
      FileManager.default.isExecutableFile(atPath: "\($0)/\(name)")
    }
  }
}

/// A tiny HTTP server (Python's `http.server`, on 127.0.0.1, a free port)
/// serving a 3-second WAV file this test writes; it logs each request's
/// path and User-Agent (`requests.log`) and its secret headers
/// (`headers.log`), and quits by itself after 60 seconds.
struct WAVServer {
  let folder: String
  let port: Int
  let process: Process

  static let script = """
    import http.server, os, sys, threading
    folder = sys.argv[1]
    class Handler(http.server.SimpleHTTPRequestHandler):
        def __init__(self, *args, **kwargs):
            super().__init__(*args, directory=folder, **kwargs)
        def log_message(self, format, *args):
            with open(os.path.join(folder, "requests.log"), "a") as log:
                log.write("%s %s %s\\n" % (self.command, self.path, self.headers.get("User-Agent")))
            with open(os.path.join(folder, "headers.log"), "a") as log:
                for name in ("Cookie", "Authorization", "X-Api-Key"):
                    for value in self.headers.get_all(name) or []:
                        log.write("%s: %s\\n" % (name, value))
    server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), Handler)
    threading.Timer(60, lambda: os._exit(0)).start()
    with open(os.path.join(folder, "port.tmp"), "w") as f:
        f.write(str(server.server_address[1]))
    os.rename(os.path.join(folder, "port.tmp"), os.path.join(folder, "port"))
    server.serve_forever()

    """

  /// 3 seconds of a 440 Hz tone, 8 kHz mono 16-bit PCM, as a WAV file.
  static var wav: Data {
    let rate = 8000
    let samples = (0..<(rate * 3)).map { index -> Int16 in
      Int16(8000 * sin(Double(index) * 2 * Double.pi * 440 / Double(rate)))
    }
    var data = Data()
    func append(_ text: String) { data.append(contentsOf: Array(text.utf8)) }
    func append32(_ value: Int) {
      withUnsafeBytes(of: UInt32(value).littleEndian) { data.append(contentsOf: $0) }
    }
    func append16(_ value: Int) {
      withUnsafeBytes(of: UInt16(value).littleEndian) { data.append(contentsOf: $0) }
    }
    let bytes = samples.count * 2
    append("RIFF")
    append32(36 + bytes)
    append("WAVEfmt ")
    append32(16)
    append16(1)  // PCM
    append16(1)  // mono
    append32(rate)
    append32(rate * 2)  // bytes per second
    append16(2)  // bytes per frame
    append16(16)  // bits per sample
    append("data")
    append32(bytes)
    for sample in samples {
      withUnsafeBytes(of: sample.littleEndian) { data.append(contentsOf: $0) }
    }
    return data
  }

  static func start() throws -> WAVServer {
    let folder = NSTemporaryDirectory() + "tvgrid-wav-\(UUID().uuidString)"
    try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
    try wav.write(to: URL(fileURLWithPath: folder + "/tone.wav"))
    try Data(script.utf8).write(to: URL(fileURLWithPath: folder + "/server.py"))
    let process = Process()
    process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
    process.arguments = ["python3", folder + "/server.py", folder]
    process.standardInput = FileHandle.nullDevice
    process.standardOutput = FileHandle.nullDevice
    process.standardError = FileHandle.nullDevice
    try process.run()
    var port = 0
    TmuxPane.waitFor(timeout: 10) {
      port = Int((try? String(contentsOfFile: folder + "/port", encoding: .utf8)) ?? "") ?? 0
      return port > 0
    }
    guard port > 0 else {
      process.terminate()
      throw ServerFailed()
    }
    return WAVServer(folder: folder, port: port, process: process)
  }

  struct ServerFailed: Error, CustomStringConvertible {
    var description: String { "the test's HTTP server (python3 http.server) did not start" }
  }

  /// The requests so far: `GET /tone.wav USER-AGENT` lines.
  func requests() -> [String] {
    let log = (try? String(contentsOfFile: folder + "/requests.log", encoding: .utf8)) ?? ""
    return log.split(separator: "\n").map(String.init)
  }

  /// The secret headers the server was sent: `Cookie: VALUE` lines.
  func secretHeaders() -> [String] {
    let log = (try? String(contentsOfFile: folder + "/headers.log", encoding: .utf8)) ?? ""
    return log.split(separator: "\n").map(String.init)
  }

  func stop() {
    if process.isRunning { process.terminate() }
    try? FileManager.default.removeItem(atPath: folder)
  }
}
