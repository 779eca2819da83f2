/// The commands tvgrid started and has not yet seen end, so it can say how
/// each ended (the guide's status line on a tick, `tvgrid remind` before it
/// exits). Reaping is polling (`waitpid` with `WNOHANG`): nothing here
/// waits.
public struct RunningCommands: Hashable, Sendable {
  /// A started command.
  public struct Entry: Hashable, Sendable {
    public var name: String
    public var process: LaunchedProcess
  }

  /// One that ended.
  public struct Ended: Hashable, Sendable {
    public var name: String
    public var process: LaunchedProcess
    /// Exit status, or 128 + the signal.
    public var status: Int32
    /// For the status line: "record finished", "record failed (exit
    /// status 1); see LOG".
    public var message: String
  }

  public private(set) var running: [Entry] = []

  public init() {}

  public var isEmpty: Bool { running.isEmpty }

  public mutating func add(_ name: String, _ process: LaunchedProcess) {
    running.append(Entry(name: name, process: process))
  }

  /// Collects the commands that have ended since the last call, and keeps
  /// the logs of those still running within `LogFile.sizeLimit`.
  public mutating func reap() -> [Ended] {
    for path in Set(running.map(\.process.logPath)) { LogFile.bound(path) }
    var ended: [Ended] = []
    running.removeAll { entry in
      guard let status = entry.process.exitStatus() else { return false }
      let ending = "\(entry.name) \(LaunchedProcess.ending(status: status))"
      let message = status == 0 ? ending : "\(ending); see \(entry.process.logPath)"
      ended.append(
        Ended(name: entry.name, process: entry.process, status: status, message: message))
      return true
    }
    return ended
  }
}
