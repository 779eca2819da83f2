import EPGPlatform

/// A program started by `CommandLauncher`, running on its own.
public struct LaunchedProcess: Hashable, Sendable {
  /// Its process id, which is also its process group and session id.
  public var pid: Int32
  /// The log its output goes to.
  public var logPath: String

  public init(pid: Int32, logPath: String) {
    self.pid = pid
    self.logPath = logPath
  }

  /// The exit status once the program has ended (128 + N when killed by
  /// signal N; -1 when it was reaped elsewhere, so its status is unknown),
  /// nil while it runs. Reaps the process: call it now and then (e.g. on
  /// each key or tick) until it gives a status.
  public func exitStatus() -> Int32? {
    var raw: Int32 = 0
    let result = waitpid(pid, &raw, WNOHANG)
    if result < 0 && errno == ECHILD { return -1 }
    guard result == pid else { return nil }
    return Self.decode(raw)
  }

  /// Waits for the program to end and returns its exit status (for tests,
  /// and for a player given the terminal).
  public func waitForExit() -> Int32 {
    var raw: Int32 = 0
    while waitpid(pid, &raw, 0) < 0 {
      if errno != EINTR { return -1 }
    }
    return Self.decode(raw)
  }

  /// Stops the program and everything it started (SIGTERM to its process
  /// group).
  public func terminate() {
    kill(-pid, SIGTERM)
  }

  static func decode(_ raw: Int32) -> Int32 {
    (raw & 0x7f) == 0 ? (raw >> 8) & 0xff : 128 + (raw & 0x7f)
  }

  /// How a program ended, for the status line: "finished", "failed (exit
  /// status 3)", "killed by signal 9".
  public static func ending(status: Int32) -> String {
    if status == 0 { return "finished" }
    if status < 0 { return "ended" }
    if status > 128 { return "killed by signal \(status - 128)" }
    return "failed (exit status \(status))"
  }
}
