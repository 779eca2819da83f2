import EPGLayout
import EPGSchedule
import Foundation

#if canImport(Glibc)
  import Glibc
#endif

/// Starts a player detached from the guide: in a new session (so its own
/// process group, and no controlling terminal it could read from or stop
/// on), standard input from `/dev/null`, standard output and error
/// appended to `player.log` in the log folder, the default signal
/// dispositions and an empty signal mask. No shell: `posix_spawnp` gets
/// the argument vector as built by `PlayerCommand`.
///
/// Before each start one line is appended to the log: the time (UTC), and
/// the command with every argument passed through `CredentialMask` (the
/// player's own output is its own: mpv, for one, prints the URL it opens).
public enum PlayerLauncher {
  /// The log folder for `environment`: `$XDG_STATE_HOME/tvgrid`, else
  /// `~/.local/state/tvgrid` (an empty or relative `XDG_STATE_HOME` is
  /// ignored, as the XDG rules say); nil without a usable `HOME`.
  public static func logDirectory(environment: [String: String]) -> String? {
    if let xdg = environment["XDG_STATE_HOME"], xdg.hasPrefix("/") { return xdg + "/tvgrid" }
    guard let home = environment["HOME"], home.hasPrefix("/") else { return nil }
    return home + "/.local/state/tvgrid"
  }

  /// glibc's `POSIX_SPAWN_SETSID` (`spawn.h`, glibc 2.26 and later; a GNU
  /// extension the Swift Glibc module does not import): the child calls
  /// `setsid()`, so it leads a new session and process group.
  static let spawnSetSID: Int32 = 0x80

  /// Why a player could not be started; `description` is the status line.
  public struct LaunchError: Error, Hashable, Sendable, CustomStringConvertible {
    public var message: String
    public var description: String { message }
  }

  /// A started player.
  public struct Process: Hashable, Sendable {
    public var pid: Int32
    public var logPath: String

    /// The exit status once the player has ended (128 + N when killed by
    /// signal N), nil while it runs. Reaps the process: call it now and
    /// then (e.g. on each key or tick) until it gives a status.
    public func exitStatus() -> Int32? {
      var raw: Int32 = 0
      let result = waitpid(pid, &raw, WNOHANG)
      guard result == pid else { return nil }
      return Self.decode(raw)
    }

    /// Waits for the player to end and returns its exit status (for tests
    /// and for `player_terminal`).
    public func waitForExit() -> Int32 {
      var raw: Int32 = 0
      while waitpid(pid, &raw, 0) < 0 {
        if errno != EINTR { return -1 }
      }
      return Self.decode(raw)
    }

    static func decode(_ raw: Int32) -> Int32 {
      (raw & 0x7f) == 0 ? (raw >> 8) & 0xff : 128 + (raw & 0x7f)
    }
  }

  /// Starts `invocation` detached, its output in `logDirectory/player.log`
  /// (folder created with mode 0700, file 0600).
  public static func launch(
    _ invocation: PlayerInvocation, logDirectory: String, now: EpochSeconds
  ) throws(LaunchError) -> Process {
    let arguments = invocation.arguments
    guard let program = arguments.first, !program.isEmpty,
      !arguments.contains(where: { $0.utf8.contains(0) })
    else { throw LaunchError(message: "no player command") }
    do {
      try FileManager.default.createDirectory(
        atPath: logDirectory, withIntermediateDirectories: true,
        attributes: [.posixPermissions: 0o700])
    } catch {
      throw LaunchError(message: "cannot create \(logDirectory)")
    }
    let logPath = logDirectory + "/player.log"
    let log = open(logPath, O_WRONLY | O_CREAT | O_APPEND | O_CLOEXEC, 0o600)
    guard log >= 0 else { throw LaunchError(message: "cannot open \(logPath)") }
    defer { close(log) }
    let shown = arguments.map(CredentialMask.masked).joined(separator: " ")
    let header = "\(ScheduleJSON.isoString(now)) start: \(shown)\n"
    _ = header.withCString { write(log, $0, strlen($0)) }

    var actions = posix_spawn_file_actions_t()
    posix_spawn_file_actions_init(&actions)
    defer { posix_spawn_file_actions_destroy(&actions) }
    posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0)
    posix_spawn_file_actions_adddup2(&actions, log, 1)
    posix_spawn_file_actions_adddup2(&actions, log, 2)

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
    var mask = sigset_t()
    sigemptyset(&mask)
    posix_spawnattr_setsigmask(&attributes, &mask)
    posix_spawnattr_setflags(
      &attributes, Int16(spawnSetSID | POSIX_SPAWN_SETSIGDEF | POSIX_SPAWN_SETSIGMASK))

    let cArguments = arguments.map { strdup($0) } + [nil]
    defer { cArguments.forEach { free($0) } }
    var pid: pid_t = 0
    let result = posix_spawnp(&pid, program, &actions, &attributes, cArguments, environ)
    guard result == 0 else {
      let reason = result == ENOENT ? "not found" : String(cString: strerror(result))
      let failure = "\(ScheduleJSON.isoString(now)) failed: \(reason)\n"
      _ = failure.withCString { write(log, $0, strlen($0)) }
      throw LaunchError(message: "cannot start \(CredentialMask.masked(program)): \(reason)")
    }
    return Process(pid: pid, logPath: logPath)
  }
}
