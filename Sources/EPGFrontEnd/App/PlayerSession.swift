import EPGActions
import EPGLayout
import EPGPlaylist

/// The players the guide started (`w`, `W`): the run loop hands it each
/// `PlayRequest`; it starts the player through `PlayerLauncher` (detached,
/// or in the terminal) and reports what happened as status-line actions.
/// Detached players are polled (`poll()`, from the loop's idle step) so a
/// player that fails says so; they keep running when the guide ends.
public struct PlayerSession {
  /// `$XDG_STATE_HOME/tvgrid` (or `~/.local/state/tvgrid`); nil without a
  /// usable HOME.
  public let logDirectory: String?
  /// `HOME`, to show the log's path with `~`.
  let home: String?
  /// Detached players that have not ended yet.
  private var running: [(process: PlayerLauncher.Process, name: String)] = []

  public init(environment: [String: String]) {
    logDirectory = PlayerLauncher.logDirectory(environment: environment)
    home = environment["HOME"]
  }

  /// Whether a detached player is still running (as last polled).
  public var hasRunningPlayers: Bool { !running.isEmpty }

  /// How long the loop may wait before the next `poll()` (milliseconds),
  /// nil when no player runs.
  public var wakeInterval: Int? { running.isEmpty ? nil : 500 }

  /// Starts `request` at `now`. A player for the terminal runs inside
  /// `inTerminal` (which ends curses around it) and is waited for.
  public mutating func start(
    _ request: PlayRequest, now: EpochSeconds,
    inTerminal: (() -> Int32?) -> Int32? = { $0() }
  ) -> [Action] {
    let name = request.playerName
    guard let logDirectory else {
      return [.notice("Cannot start \(name): no folder for its log (HOME is not set)")]
    }
    var failure: PlayerLauncher.LaunchError?
    if request.inTerminal {
      let status = inTerminal {
        do throws(PlayerLauncher.LaunchError) {
          return try PlayerLauncher.launch(
            request.invocation, logDirectory: logDirectory, now: now, inTerminal: true
          ).waitForExit()
        } catch {
          failure = error
          return nil
        }
      }
      if let failure { return [.notice(Self.text(of: failure))] }
      guard let status, status != 0 else { return [.notice("\(name) ended: \(request.summary)")] }
      return [.notice("\(name) ended with exit status \(status) (log: \(shownLogPath))")]
    }
    do throws(PlayerLauncher.LaunchError) {
      let process = try PlayerLauncher.launch(
        request.invocation, logDirectory: logDirectory, now: now)
      running.append((process, name))
    } catch {
      return [.notice(Self.text(of: error))]
    }
    var text = "\(name) started: \(request.summary)"
    if request.invocation.droppedHeaders {
      text += "; the stream's headers were not passed (only mpv gets them)"
    }
    return [.notice(text)]
  }

  /// Looks at the detached players: one that ended with a non-zero status
  /// is reported (a clean end is not: the user closed it). Keeps
  /// `player.log` within `LogFile.sizeLimit` while they run.
  public mutating func poll() -> [Action] {
    if let logDirectory, !running.isEmpty { LogFile.bound(logDirectory + "/player.log") }
    var actions: [Action] = []
    let logPath = shownLogPath
    running.removeAll { player in
      guard let status = player.process.exitStatus() else { return false }
      if status != 0 {
        actions.append(.notice("\(player.name) ended with exit status \(status) (log: \(logPath))"))
      }
      return true
    }
    return actions
  }

  /// The log file's path, `~` for HOME.
  var shownLogPath: String {
    let path = (logDirectory ?? "") + "/player.log"
    if let home, !home.isEmpty, home != "/", path.hasPrefix(home + "/") {
      return "~" + path.dropFirst(home.count)
    }
    return path
  }

  /// The status line for a player that could not start; a missing program
  /// gets a hint.
  static func text(of error: PlayerLauncher.LaunchError) -> String {
    var text = error.message.prefix(1).uppercased() + error.message.dropFirst()
    if error.message.hasSuffix(": not found") {
      text += " (install it, or name a player with player = in the config)"
    }
    return text
  }
}
