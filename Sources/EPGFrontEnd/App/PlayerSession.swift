import EPGActions
import EPGLayout
import EPGPlaylist
import Foundation

/// The players the guide started (`w`, `W`): the run loop hands it each
/// `PlayRequest`; it starts the player through `PlayerLauncher` (detached,
/// or in the terminal) and reports what happened as status-line actions.
/// Detached players are polled (`poll()`, from the loop's idle step) so a
/// player that fails says so; they keep running when the guide ends.
///
/// A player's file of secret headers (`PlayerHeaderFile`) is removed once
/// the player has read it, when it ends, and at the latest when the guide
/// ends (`finish()`).
public struct PlayerSession {
  /// `$XDG_STATE_HOME/tvgrid` (or `~/.local/state/tvgrid`); nil without a
  /// usable HOME.
  public let logDirectory: String?
  /// Where header files go: `$XDG_RUNTIME_DIR/tvgrid`, else `logDirectory`.
  let headerDirectory: String?
  /// `HOME`, to show the log's path with `~`.
  let home: String?
  /// Detached players that have not ended yet.
  private var running: [(process: PlayerLauncher.Process, name: String)] = []

  public init(environment: [String: String]) {
    logDirectory = PlayerLauncher.logDirectory(environment: environment)
    headerDirectory = PlayerLauncher.headerDirectory(environment: environment)
    home = environment["HOME"]
    if let headerDirectory { PlayerHeaderFile.removeStale(in: headerDirectory) }
  }

  /// The header files of running players not yet removed.
  public var headerFiles: [PlayerHeaderFile] { running.compactMap(\.process.headerFile) }

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
          let player = try PlayerLauncher.launch(
            request.invocation, logDirectory: logDirectory, headerDirectory: headerDirectory,
            now: now, inTerminal: true)
          defer { player.headerFile?.remove() }
          return player.process.waitForExit()
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
        request.invocation, logDirectory: logDirectory, headerDirectory: headerDirectory,
        now: now)
      running.append((process, name))
    } catch {
      return [.notice(Self.text(of: error))]
    }
    var text = (request.note.map { $0 + "; " } ?? "") + "\(name) started: \(request.summary)"
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
    let uptime = ProcessInfo.processInfo.systemUptime
    for index in running.indices {
      guard let file = running[index].process.headerFile, file.isDone(uptime: uptime) else {
        continue
      }
      file.remove()
      running[index].process.headerFile = nil
    }
    running.removeAll { player in
      guard let status = player.process.process.exitStatus() else { return false }
      player.process.headerFile?.remove()
      if status != 0 {
        actions.append(.notice("\(player.name) ended with exit status \(status) (log: \(logPath))"))
      }
      return true
    }
    return actions
  }

  /// When the guide ends: the header files of players still running are
  /// removed, each once its player has read it, waiting at most
  /// `finishWait` seconds in all for those not read yet (a player started
  /// just before `q`).
  public mutating func finish() {
    let deadline = ProcessInfo.processInfo.systemUptime + Self.finishWait
    for index in running.indices {
      guard let file = running[index].process.headerFile else { continue }
      while !file.hasBeenRead() && running[index].process.process.exitStatus() == nil
        && ProcessInfo.processInfo.systemUptime < deadline
      {
        usleep(20_000)
      }
      file.remove()
      running[index].process.headerFile = nil
    }
  }

  /// How long `finish()` waits for players to read their header files, in
  /// seconds.
  static let finishWait = 2.0

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
