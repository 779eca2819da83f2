import EPGActions
import EPGLayout
import EPGSchedule
import Foundation

/// Starts a player through `CommandLauncher` (detached, own session and
/// process group, stdin `/dev/null`), its output appended to `player.log`
/// in the state folder, the logged command line passed through
/// `CredentialMask`.
public enum PlayerLauncher {
  /// The log folder for `environment`: `TVGridPaths.state`
  /// (`$XDG_STATE_HOME/tvgrid`, else `~/.local/state/tvgrid`).
  public static func logDirectory(environment: [String: String]) -> String? {
    TVGridPaths(environment: environment).state
  }

  public typealias LaunchError = CommandLauncher.LaunchError
  public typealias Process = LaunchedProcess

  /// Starts `invocation` detached, its output in `logDirectory/player.log`;
  /// with `inTerminal`, on the terminal (see `CommandLauncher.launch`).
  public static func launch(
    _ invocation: PlayerInvocation, logDirectory: String, now: EpochSeconds,
    inTerminal: Bool = false
  ) throws(LaunchError) -> Process {
    guard !invocation.arguments.isEmpty else { throw LaunchError(message: "no player command") }
    return try CommandLauncher.launch(
      invocation.arguments, logDirectory: logDirectory, logName: "player.log", now: now,
      mask: CredentialMask.masked, inTerminal: inTerminal)
  }
}
