import Foundation
import Testing

#if canImport(Glibc)
  import Glibc
#endif

/// A private tmux server running one pane of a fixed size, for the
/// end-to-end tests of the interactive guide: start a command, send keys,
/// read the pane back. Every session uses its own socket (`-L`), so tests
/// never touch the user's tmux, and `stop()` kills the server.
struct InteractiveTmux {
  let socket: String

  /// The tmux binary, or nil when it is not installed.
  static var binary: String? {
    let path = ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin"
    for directory in path.split(separator: ":") + ["/usr/bin", "/usr/local/bin"] {
      let candidate = "\(directory)/tmux"
      if FileManager.default.isExecutableFile(atPath: candidate) { return candidate }
    }
    return nil
  }

  /// Starts `command` (run by `sh -c`) in a detached `columns` × `rows` pane.
  static func start(_ command: String, columns: Int, rows: Int) throws -> InteractiveTmux {
    let session = InteractiveTmux(
      socket: "tvgrid-test-\(getpid())-\(UUID().uuidString.prefix(8))")
    // The server forked here inherits the output descriptors: they must
    // not be pipes we read to the end.
    try session.tmux(
      ["-f", "/dev/null", "new-session", "-d", "-x", "\(columns)", "-y", "\(rows)", command],
      readOutput: false)
    return session
  }

  /// Runs tmux with this session's socket; returns its standard output.
  ///
  /// Spawned with an empty signal mask and default signal actions: the test
  /// runner blocks signals in its threads, and the tmux server (and so the
  /// guide in its pane) would otherwise inherit that mask.
  @discardableResult
  func tmux(_ arguments: [String], readOutput: Bool = true) throws -> String {
    guard let binary = InteractiveTmux.binary else { throw TmuxMissing() }
    let outputPath = NSTemporaryDirectory() + "tvgrid-tmux-\(getpid())-\(UUID().uuidString)"
    defer { unlink(outputPath) }
    var actions = posix_spawn_file_actions_t()
    posix_spawn_file_actions_init(&actions)
    defer { posix_spawn_file_actions_destroy(&actions) }
    posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0)
    posix_spawn_file_actions_addopen(
      &actions, 1, readOutput ? outputPath : "/dev/null", O_WRONLY | O_CREAT | O_TRUNC, 0o600)
    posix_spawn_file_actions_addopen(&actions, 2, "/dev/null", O_WRONLY, 0)
    var attributes = posix_spawnattr_t()
    posix_spawnattr_init(&attributes)
    defer { posix_spawnattr_destroy(&attributes) }
    var empty = sigset_t()
    sigemptyset(&empty)
    var all = sigset_t()
    sigfillset(&all)
    posix_spawnattr_setsigmask(&attributes, &empty)
    posix_spawnattr_setsigdefault(&attributes, &all)
    posix_spawnattr_setflags(
      &attributes, Int16(POSIX_SPAWN_SETSIGMASK | POSIX_SPAWN_SETSIGDEF))
    var environment = ProcessInfo.processInfo.environment
    environment["TMUX"] = nil
    let argv = ([binary, "-L", socket] + arguments).map { strdup($0) } + [nil]
    let envp = environment.map { strdup("\($0.key)=\($0.value)") } + [nil]
    defer {
      argv.forEach { free($0) }
      envp.forEach { free($0) }
    }
    var pid: pid_t = 0
    let spawned = posix_spawn(&pid, binary, &actions, &attributes, argv, envp)
    guard spawned == 0 else { throw POSIXError(POSIXErrorCode(rawValue: spawned) ?? .EIO) }
    var status: Int32 = 0
    while waitpid(pid, &status, 0) == -1 && errno == EINTR {}
    guard readOutput, let data = FileManager.default.contents(atPath: outputPath) else {
      return ""
    }
    return String(decoding: data, as: UTF8.self)
  }

  /// The pane's text, one string per row, trailing spaces removed.
  func capture() throws -> [String] {
    let text = try tmux(["capture-pane", "-p"])
    var lines = text.split(separator: "\n", omittingEmptySubsequences: false).map {
      String($0).replacingOccurrences(of: " +$", with: "", options: .regularExpression)
    }
    if lines.last == "" { lines.removeLast() }
    return lines
  }

  /// Sends keys in tmux's names (`Down`, `Enter`, `q`, `C-c`, `S-Right`).
  func send(_ keys: String...) throws {
    try tmux(["send-keys"] + keys)
  }

  /// Polls the pane until `condition` holds (up to `seconds`); returns the
  /// last capture either way.
  ///
  /// A screen counts only when it also stays the same for 50 ms: a capture
  /// taken while the program is still drawing (hour row new, status line
  /// old) is not returned.
  @discardableResult
  func waitFor(seconds: Double = 15, _ condition: ([String]) -> Bool) throws -> [String] {
    let deadline = Date().addingTimeInterval(seconds)
    var lines = try capture()
    while Date() < deadline {
      usleep(50_000)
      let next = try capture()
      if condition(lines) && next == lines { return lines }
      lines = next
    }
    return lines
  }

  func stop() {
    _ = try? tmux(["kill-server"], readOutput: false)
    // The socket file can outlive the server; leave nothing behind.
    let directory = ProcessInfo.processInfo.environment["TMUX_TMPDIR"] ?? "/tmp"
    unlink("\(directory)/tmux-\(getuid())/\(socket)")
  }
}

struct TmuxMissing: Error, CustomStringConvertible {
  var description: String {
    "tmux is not installed: `make test` installs it (or: sudo apt-get install tmux)"
  }
}
