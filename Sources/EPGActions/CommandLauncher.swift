import EPGLayout
import EPGPlatform
import EPGSchedule
import Foundation

/// Starts a program (a player, a user's command, `notify_command`)
/// detached from tvgrid: in a new session (so its own process group, and
/// no controlling terminal it could read from or stop on), standard input
/// from `/dev/null`, standard output and error appended to a log file in
/// the state folder (`TVGridPaths.state`), the default signal dispositions
/// and an empty signal mask. No shell: `posix_spawnp` gets the argument
/// vector as built by `CommandTemplate`. `launch` returns at once, so a
/// program that hangs never blocks the caller; `LaunchedProcess` tells how
/// it ended.
///
/// The program gets no descriptor of tvgrid's but standard input, output
/// and error: every descriptor above 2 is closed in the child before it
/// runs (`closeFrom`), whatever opened it (tvgrid's own are close-on-exec
/// as well; Foundation's file reads and libcurl's resolver are not).
///
/// Before each start one line is appended to the log: the time (UTC), and
/// the command with every argument passed through the caller's `mask`
/// (which hides credentials in URLs and secret headers; the program's own
/// output is its own). The log is kept to `LogFile.sizeLimit`.
public enum CommandLauncher {
  /// glibc's `POSIX_SPAWN_SETSID` (`spawn.h`, glibc 2.26 and later; a GNU
  /// extension the Swift Glibc module does not import): the child calls
  /// `setsid()`, so it leads a new session and process group.
  static let spawnSetSID: Int32 = 0x80

  /// glibc's `posix_spawn_file_actions_addclosefrom_np` (glibc 2.34 and
  /// later: the child closes every descriptor from a number on), looked up
  /// at run time because the Swift Glibc module does not import it; nil on
  /// an older C library, where `closeFrom` lists the open descriptors
  /// instead.
  static let addCloseFrom:
    (@convention(c) (UnsafeMutablePointer<posix_spawn_file_actions_t>, Int32) -> Int32)? = {
      guard let symbol = dlsym(nil, "posix_spawn_file_actions_addclosefrom_np") else {
        return nil
      }
      return unsafeBitCast(
        symbol,
        to: (@convention(c) (UnsafeMutablePointer<posix_spawn_file_actions_t>, Int32) -> Int32)
          .self)
    }()

  /// Adds to `actions` the closing of every descriptor from 3 on.
  static func closeFrom(_ actions: inout posix_spawn_file_actions_t) {
    if let addCloseFrom, addCloseFrom(&actions, 3) == 0 { return }
    // Older C library: close each descriptor open now (one opened by
    // another thread after this look is the C library's risk, not ours).
    guard let directory = opendir("/proc/self/fd") else { return }
    let own = dirfd(directory)
    var open: [Int32] = []
    while let entry = readdir(directory) {
      let name = withUnsafeBytes(of: entry.pointee.d_name) {
        String(decoding: $0.prefix { $0 != 0 }, as: UTF8.self)
      }
      if let fd = Int32(name), fd > 2, fd != own { open.append(fd) }
    }
    closedir(directory)
    for fd in open { posix_spawn_file_actions_addclose(&actions, fd) }
  }

  /// Why a program could not be started; `description` is the message.
  public struct LaunchError: Error, Hashable, Sendable, CustomStringConvertible {
    public var message: String
    public init(message: String) { self.message = message }
    public var description: String { message }
  }

  /// Starts `arguments` (program first) detached, its output appended to
  /// `logDirectory/logName` (folder created with mode 0700, file 0600).
  /// - Parameters:
  ///   - now: the time written in the log line, epoch seconds.
  ///   - mask: applied to each argument in the log line and messages.
  ///   - inTerminal: the program is not detached: it keeps tvgrid's
  ///     session, process group and standard input, output and error (the
  ///     terminal, for `player_terminal`; the caller has ended curses and
  ///     waits for it); only the start line goes to the log.
  public static func launch(
    _ arguments: [String], logDirectory: String, logName: String, now: EpochSeconds,
    mask: (String) -> String, inTerminal: Bool = false
  ) throws(LaunchError) -> LaunchedProcess {
    guard let program = arguments.first, !program.isEmpty,
      !arguments.contains(where: { $0.utf8.contains(0) })
    else { throw LaunchError(message: "no command") }
    do {
      try FileManager.default.createDirectory(
        atPath: logDirectory, withIntermediateDirectories: true,
        attributes: [.posixPermissions: 0o700])
    } catch {
      throw LaunchError(message: "cannot create \(logDirectory)")
    }
    let logPath = logDirectory + "/" + logName
    LogFile.bound(logPath)
    let log = open(logPath, O_WRONLY | O_CREAT | O_APPEND | O_CLOEXEC, 0o600)
    guard log >= 0 else { throw LaunchError(message: "cannot open \(logPath)") }
    defer { close(log) }
    let shown = arguments.map(mask).joined(separator: " ")
    let header = "\(ScheduleJSON.isoString(now)) start: \(shown)\n"
    _ = header.withCString { write(log, $0, strlen($0)) }

    var actions = posix_spawn_file_actions_t()
    posix_spawn_file_actions_init(&actions)
    defer { posix_spawn_file_actions_destroy(&actions) }
    if !inTerminal {
      posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0)
      posix_spawn_file_actions_adddup2(&actions, log, 1)
      posix_spawn_file_actions_adddup2(&actions, log, 2)
    }
    closeFrom(&actions)

    var attributes = posix_spawnattr_t()
    posix_spawnattr_init(&attributes)
    defer { posix_spawnattr_destroy(&attributes) }
    var defaults = sigset_t()
    sigemptyset(&defaults)
    for signal in [
      SIGINT, SIGQUIT, SIGTSTP, SIGTTIN, SIGTTOU, SIGPIPE, SIGCHLD, SIGWINCH, SIGTERM, SIGHUP,
    ] {
      sigaddset(&defaults, signal)
    }
    posix_spawnattr_setsigdefault(&attributes, &defaults)
    var signalMask = sigset_t()
    sigemptyset(&signalMask)
    posix_spawnattr_setsigmask(&attributes, &signalMask)
    posix_spawnattr_setflags(
      &attributes,
      Int16((inTerminal ? 0 : spawnSetSID) | POSIX_SPAWN_SETSIGDEF | POSIX_SPAWN_SETSIGMASK))

    let cArguments = arguments.map { strdup($0) } + [nil]
    defer { cArguments.forEach { free($0) } }
    var pid: pid_t = 0
    let result = posix_spawnp(&pid, program, &actions, &attributes, cArguments, environ)
    guard result == 0 else {
      let reason = result == ENOENT ? "not found" : String(cString: strerror(result))
      let failure = "\(ScheduleJSON.isoString(now)) failed: \(reason)\n"
      _ = failure.withCString { write(log, $0, strlen($0)) }
      throw LaunchError(message: "cannot start \(mask(program)): \(reason)")
    }
    return LaunchedProcess(pid: pid, logPath: logPath)
  }
}
