import EPGPlatform
import Foundation

/// Runs the built `tvgrid` binary for the command-line tests: its output,
/// exit status, peak memory, and whether it had to be killed.
///
/// The binary is `$TVGRID_BINARY` when set, else `.build/debug/tvgrid` below
/// the package root (which `make test` builds first).
struct TVGridProcess {
  var status: Int32
  /// The signal that ended the process, if one did.
  var signal: Int32?
  var stdout: String
  var stderr: String
  /// Peak resident set size in bytes.
  var peakBytes: Int
  /// True when the process outlived its time limit and was killed.
  var timedOut: Bool

  /// The package root, derived from this file's path.
  static let packageRoot = URL(fileURLWithPath: #filePath)
    .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

  static var binary: String {
    _ = isolatedCache
    if let path = ProcessInfo.processInfo.environment["TVGRID_BINARY"], !path.isEmpty {
      return path
    }
    return packageRoot.appendingPathComponent(".build/debug/tvgrid").path
  }

  /// A cache folder of this test process's own, so that no test reads or
  /// writes snapshots in the user's `~/.cache`: set in this process's
  /// environment before the first tvgrid starts (every child, tmux
  /// servers included, inherits it; a test may still pass its own).
  static let isolatedCache: String = {
    let folder = NSTemporaryDirectory() + "tvgrid-tests-cache-\(getpid())"
    setenv("XDG_CACHE_HOME", folder, 1)
    return folder
  }()

  /// Runs `tvgrid arguments…` with `input` on stdin, killing it after
  /// `timeLimit` seconds, in `directory` when given (so that a hostile
  /// title's `touch marker`, should one ever reach a shell, lands in the
  /// test's own folder). Spawned with posix_spawn and reaped with wait4, so
  /// the kernel's peak memory figure is available.
  static func run(
    _ arguments: [String], via launcher: String? = nil, input: Data? = nil,
    environment: [String: String] = [:], directory: String? = nil,
    timeLimit: Double = 30
  ) throws -> TVGridProcess {
    if let directory, launcher == nil {
      // posix_spawn_file_actions_addchdir_np is not in the Swift Glibc
      // module: sh changes folder and execs tvgrid (same pid, so wait4
      // still measures tvgrid).
      return try run(
        ["-c", #"cd "$1" && shift && exec "$@""#, "sh", directory, binary] + arguments,
        via: "/bin/sh", input: input, environment: environment, timeLimit: timeLimit)
    }
    _ = isolatedCache
    var env = ProcessInfo.processInfo.environment
    env["TZ"] = "UTC"
    env["NO_COLOR"] = nil
    // Downloads and snapshots go to a fresh cache, never the user's; it is
    // removed when the run ends (a test that passes its own keeps it).
    let freshCache = NSTemporaryDirectory() + "tvgrid-test-cache-\(UUID().uuidString)"
    env["XDG_CACHE_HOME"] = freshCache
    defer { try? FileManager.default.removeItem(atPath: freshCache) }
    for (key, value) in environment { env[key] = value }
    var inFds: [Int32] = [0, 0]
    var outFds: [Int32] = [0, 0]
    var errFds: [Int32] = [0, 0]
    guard pipe(&inFds) == 0, pipe(&outFds) == 0, pipe(&errFds) == 0 else {
      throw POSIXError(.EMFILE)
    }
    var actions = posix_spawn_file_actions_t()
    posix_spawn_file_actions_init(&actions)
    defer { posix_spawn_file_actions_destroy(&actions) }
    posix_spawn_file_actions_adddup2(&actions, inFds[0], 0)
    posix_spawn_file_actions_adddup2(&actions, outFds[1], 1)
    posix_spawn_file_actions_adddup2(&actions, errFds[1], 2)
    for fd in inFds + outFds + errFds { posix_spawn_file_actions_addclose(&actions, fd) }
    let executable = launcher ?? binary
    let argv = ([executable] + arguments).map { strdup($0) } + [nil]
    let envp = env.map { strdup("\($0.key)=\($0.value)") } + [nil]
    defer {
      argv.forEach { free($0) }
      envp.forEach { free($0) }
    }
    var pid: pid_t = 0
    let spawned = posix_spawn(&pid, executable, &actions, nil, argv, envp)
    close(inFds[0])
    close(outFds[1])
    close(errFds[1])
    guard spawned == 0 else {
      close(inFds[1])
      close(outFds[0])
      close(errFds[0])
      throw POSIXError(POSIXErrorCode(rawValue: spawned) ?? .ENOENT)
    }
    let stdinHandle = FileHandle(fileDescriptor: inFds[1], closeOnDealloc: true)
    let inputData = input ?? Data()
    DispatchQueue.global().async {
      try? stdinHandle.write(contentsOf: inputData)
      try? stdinHandle.close()
    }
    // Read both pipes concurrently so a chatty child never blocks.
    let outData = LockedData()
    let errData = LockedData()
    let group = DispatchGroup()
    for (fd, sink) in [(outFds[0], outData), (errFds[0], errData)] {
      group.enter()
      DispatchQueue.global().async {
        let handle = FileHandle(fileDescriptor: fd, closeOnDealloc: true)
        sink.set(handle.readDataToEndOfFile())
        group.leave()
      }
    }
    var rawStatus: Int32 = 0
    var usage = rusage()
    var timedOut = false
    let deadline = Date().addingTimeInterval(timeLimit)
    while true {
      let reaped = wait4(pid, &rawStatus, WNOHANG, &usage)
      if reaped == pid || (reaped < 0 && errno != EINTR) { break }
      if Date() > deadline {
        timedOut = true
        kill(pid, SIGKILL)
        while wait4(pid, &rawStatus, 0, &usage) < 0 && errno == EINTR {}
        break
      }
      usleep(2_000)
    }
    group.wait()
    let signalled = (rawStatus & 0x7f) != 0
    return TVGridProcess(
      status: signalled ? 128 + (rawStatus & 0x7f) : (rawStatus >> 8) & 0xff,
      signal: signalled ? rawStatus & 0x7f : nil,
      stdout: String(decoding: outData.get(), as: UTF8.self),
      stderr: String(decoding: errData.get(), as: UTF8.self),
      peakBytes: usage.ru_maxrss * 1024,
      timedOut: timedOut)
  }
}

extension TVGridProcess {
  /// Runs another program (absolute path first) to completion; its status.
  static func runTool(_ arguments: [String]) throws -> Int32 {
    let process = Process()
    process.executableURL = URL(fileURLWithPath: arguments[0])
    process.arguments = Array(arguments.dropFirst())
    try process.run()
    process.waitUntilExit()
    return process.terminationStatus
  }
}

/// Bytes shared between the reader threads and the test (a class because it
/// is shared; the lock makes it Sendable).
final class LockedData: @unchecked Sendable {
  private let lock = NSLock()
  private var data = Data()
  func set(_ newValue: Data) { lock.withLock { data = newValue } }
  func get() -> Data { lock.withLock { data } }
}
