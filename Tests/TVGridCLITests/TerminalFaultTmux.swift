import EPGPlatform
import Foundation
import Testing

/// A private tmux server (`tmux -L NAME`, no config file) with one pane, for
/// the terminal tests: start a shell command in a pane of a given size, type
/// keys, read the screen, signal the program, resize the window.
///
/// A struct holding only names and paths; `stop()` kills the server and
/// removes the scratch directory.
struct TmuxPane {
  /// The server's socket name, unique per pane.
  let socket: String
  /// A scratch directory for the command's files (status, stty, stderr).
  let directory: URL

  /// tmux's path, or nil when it is not installed.
  static let executable: String? = {
    let paths =
      (ProcessInfo.processInfo.environment["PATH"] ?? "").split(separator: ":")
      .map(String.init) + ["/usr/bin", "/usr/local/bin", "/bin"]
    return paths.map { $0 + "/tmux" }.first { FileManager.default.isExecutableFile(atPath: $0) }
  }()

  /// Records a failure when tmux is missing (`make test` installs it).
  static func available(sourceLocation: SourceLocation = #_sourceLocation) -> Bool {
    if executable != nil { return true }
    Issue.record(
      "tmux is not installed: the terminal tests need it (make test installs it; apt-get install tmux)",
      sourceLocation: sourceLocation)
    return false
  }

  /// Starts a server with one window of `columns` × `rows` running
  /// `command` under `sh -c`, in a fresh scratch directory (the command's
  /// working directory). `options` are extra `set -g` lines for the
  /// server's configuration (in force before the command starts).
  static func start(
    command: String, columns: Int, rows: Int, label: String, options: [String] = []
  ) throws -> TmuxPane {
    let unique = "tvgrid-\(label)-\(getpid())-\(UInt32.random(in: 0...UInt32.max))"
    let directory = FileManager.default.temporaryDirectory.appendingPathComponent(unique)
    try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
    let pane = TmuxPane(socket: unique, directory: directory)
    // No client is ever attached, so the window keeps the size asked for.
    // (`window-size manual` in the configuration crashes tmux 3.3a at
    // new-session; resize-window sets it for the window anyway.)
    let configuration = options.map { "set -g \($0)\n" }.joined()
    let configurationFile = directory.appendingPathComponent("tmux.conf")
    try Data(configuration.utf8).write(to: configurationFile)
    try pane.tmux([
      "-f", configurationFile.path, "new-session", "-d", "-x", "\(columns)", "-y", "\(rows)",
      "-c", directory.path, "sh", "-c", command,
    ])
    return pane
  }

  /// Kills the server and removes the scratch directory and the socket
  /// file (which can outlive the server).
  func stop() {
    _ = try? tmux(["kill-server"])
    try? FileManager.default.removeItem(at: directory)
    let socketDirectory = ProcessInfo.processInfo.environment["TMUX_TMPDIR"] ?? "/tmp"
    unlink("\(socketDirectory)/tmux-\(getuid())/\(socket)")
  }

  /// Runs `tmux -L socket arguments…`; its standard output.
  @discardableResult
  func tmux(_ arguments: [String]) throws -> String {
    guard let executable = Self.executable else { throw POSIXError(.ENOENT) }
    var environment = ProcessInfo.processInfo.environment
    environment["TMUX"] = nil
    return try Self.run([executable, "-L", socket] + arguments, environment: environment)
  }

  /// The screen as plain text (one line per row).
  func screen() -> String { (try? tmux(["capture-pane", "-p"])) ?? "" }

  /// The screen as lines, trailing spaces removed (no trailing empty line).
  func lines() -> [String] {
    var lines = screen().split(separator: "\n", omittingEmptySubsequences: false).map {
      String($0.reversed().drop { $0 == " " }.reversed())
    }
    if lines.last == "" { lines.removeLast() }
    return lines
  }

  /// Polls the screen until `condition` holds (up to `seconds`) and the
  /// screen has stopped changing for 50 ms, so that a capture taken while
  /// the program is still drawing (hour row new, status line old) is never
  /// returned; the last capture either way.
  @discardableResult
  func waitForScreen(seconds: Double = 15, _ condition: ([String]) -> Bool) -> [String] {
    let deadline = Date().addingTimeInterval(seconds)
    var current = lines()
    while Date() < deadline {
      usleep(50_000)
      let next = lines()
      if condition(current) && next == current { return current }
      current = next
    }
    return current
  }

  /// The screen with tmux's escape sequences for colours and attributes.
  func screenWithAttributes() -> String { (try? tmux(["capture-pane", "-p", "-e"])) ?? "" }

  /// A tmux format variable of the pane, e.g. `pane_title`.
  func value(_ name: String) -> String {
    ((try? tmux(["display-message", "-p", "#{\(name)}"])) ?? "")
      .trimmingCharacters(in: .whitespacesAndNewlines)
  }

  func sendKeys(_ keys: String...) { _ = try? tmux(["send-keys"] + keys) }

  /// Types `text` literally.
  func type(_ text: String) { _ = try? tmux(["send-keys", "-l", text]) }

  func resize(columns: Int, rows: Int) {
    _ = try? tmux(["resize-window", "-x", "\(columns)", "-y", "\(rows)"])
  }

  /// The process running in the pane under its `sh` (the program), if any.
  func programPID() -> pid_t? {
    guard let shell = Int32(value("pane_pid")) else { return nil }
    let children =
      (try? String(contentsOfFile: "/proc/\(shell)/task/\(shell)/children", encoding: .utf8)) ?? ""
    return children.split(separator: " ").compactMap { Int32($0) }.first
  }

  /// The pane terminal's settings (`stty -a` on the pane's tty) as words.
  func terminalModes() -> Set<String> {
    let tty = value("pane_tty")
    guard !tty.isEmpty, let output = try? Self.run(["/bin/stty", "-a", "-F", tty]) else {
      return []
    }
    return Self.words(output)
  }

  /// Contents of a file in the scratch directory, or nil.
  func file(_ name: String) -> String? {
    try? String(contentsOf: directory.appendingPathComponent(name), encoding: .utf8)
  }

  /// Polls `condition` every 50 ms until it holds or `timeout` seconds pass;
  /// whether it held.
  @discardableResult
  static func waitFor(timeout: Double = 8, _ condition: () -> Bool) -> Bool {
    let deadline = Date().addingTimeInterval(timeout)
    while Date() < deadline {
      if condition() { return true }
      usleep(50_000)
    }
    return condition()
  }

  /// `stty -a` output split into words (`echo`, `-icanon`, ...).
  static func words(_ sttyOutput: String) -> Set<String> {
    Set(sttyOutput.split(whereSeparator: { $0 == " " || $0 == ";" || $0 == "\n" }).map(String.init))
  }

  /// Runs a program to completion; its standard output.
  ///
  /// Spawned with posix_spawn (signals unblocked) and reaped with waitpid (Foundation's
  /// `Process` can miss the exit of tmux's client and wait forever). The
  /// output goes through a temporary file, not a pipe: a tmux server started
  /// meanwhile could inherit a pipe's write end and keep a reader waiting.
  static func run(_ arguments: [String], environment: [String: String]? = nil) throws -> String {
    let outputPath = FileManager.default.temporaryDirectory
      .appendingPathComponent("tvgrid-tmux-\(UUID().uuidString).out").path
    defer { unlink(outputPath) }
    var actions = posix_spawn_file_actions_t()
    posix_spawn_file_actions_init(&actions)
    defer { posix_spawn_file_actions_destroy(&actions) }
    posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0)
    posix_spawn_file_actions_addopen(&actions, 1, outputPath, O_WRONLY | O_CREAT | O_TRUNC, 0o600)
    posix_spawn_file_actions_addopen(&actions, 2, "/dev/null", O_WRONLY, 0)
    let variables = environment ?? ProcessInfo.processInfo.environment
    let argv = arguments.map { strdup($0) } + [nil]
    let envp = variables.map { strdup("\($0.key)=\($0.value)") } + [nil]
    defer {
      argv.forEach { free($0) }
      envp.forEach { free($0) }
    }
    // An empty signal mask and default actions: the test runner blocks
    // signals in its threads, and a tmux server started here (and so the
    // program in its pane) would otherwise inherit that mask.
    var attributes = posix_spawnattr_t()
    posix_spawnattr_init(&attributes)
    defer { posix_spawnattr_destroy(&attributes) }
    var empty = sigset_t()
    sigemptyset(&empty)
    var all = sigset_t()
    sigfillset(&all)
    posix_spawnattr_setsigmask(&attributes, &empty)
    posix_spawnattr_setsigdefault(&attributes, &all)
    posix_spawnattr_setflags(&attributes, Int16(POSIX_SPAWN_SETSIGMASK | POSIX_SPAWN_SETSIGDEF))
    var pid: pid_t = 0
    let spawned = posix_spawn(&pid, arguments[0], &actions, &attributes, argv, envp)
    guard spawned == 0 else { throw POSIXError(POSIXErrorCode(rawValue: spawned) ?? .ENOENT) }
    var status: Int32 = 0
    while waitpid(pid, &status, 0) < 0 && errno == EINTR {}
    return (try? String(contentsOfFile: outputPath, encoding: .utf8)) ?? ""
  }

  /// A shell word: `text` in single quotes.
  static func quote(_ text: String) -> String {
    "'" + text.replacingOccurrences(of: "'", with: "'\\''") + "'"
  }

  /// The shell command that runs `tvgrid arguments…` with `environment`,
  /// then records in the scratch directory its exit status (`status`), its
  /// standard error (`stderr`) and the terminal settings after it
  /// (`stty`), prints `EXITED <status>`, and stays in the pane.
  static func tvgridCommand(_ arguments: [String], environment: [String: String] = [:]) -> String {
    // Downloads go to a fresh cache, never the user's.
    var variables = [
      "TZ": "UTC", "LANG": "C.UTF-8",
      "XDG_CACHE_HOME": NSTemporaryDirectory() + "tvgrid-test-cache-\(UUID().uuidString)",
    ]
    for (key, value) in environment { variables[key] = value }
    let assignments = variables.sorted { $0.key < $1.key }.map { "\($0.key)=\(quote($0.value))" }
    let words = ([TVGridProcess.binary] + arguments).map(quote)
    // tvgrid's own files (the search history) go to the pane's folder,
    // never the user's.
    let own = environment["XDG_DATA_HOME"] == nil ? "XDG_DATA_HOME=\"$PWD/data\" " : ""
    return "env -u LC_ALL -u LC_CTYPE -u NO_COLOR \(own)\(assignments.joined(separator: " ")) "
      + "\(words.joined(separator: " ")) 2>stderr; s=$?; stty -a >stty; echo $s >status; "
      + "echo EXITED $s; sleep 60"
  }
}

/// Thrown by a test that needs tmux when it is missing (after
/// `TmuxPane.available()` has recorded the failure).
struct TmuxMissing: Error, CustomStringConvertible {
  var description: String {
    "tmux is not installed: `make test` installs it (or: sudo apt-get install tmux)"
  }
}
