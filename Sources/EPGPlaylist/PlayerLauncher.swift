import EPGActions
import EPGLayout
import EPGSchedule
import Foundation

/// Starts a player through `CommandLauncher` (detached, own session and
/// process group, stdin `/dev/null`, no other descriptor of tvgrid's), its
/// output appended to `player.log` in the state folder, the logged command
/// line passed through `LogMask` (credentials in URLs, secret headers).
/// A stream's secret headers go to a `PlayerHeaderFile` given to mpv as
/// `--include=FILE`, right after the program.
public enum PlayerLauncher {
  /// The log folder for `environment`: `TVGridPaths.state`
  /// (`$XDG_STATE_HOME/tvgrid`, else `~/.local/state/tvgrid`).
  public static func logDirectory(environment: [String: String]) -> String? {
    TVGridPaths(environment: environment).state
  }

  /// The folder for header files: `TVGridPaths.runtime`
  /// (`$XDG_RUNTIME_DIR/tvgrid`), else the state folder.
  public static func headerDirectory(environment: [String: String]) -> String? {
    let paths = TVGridPaths(environment: environment)
    return paths.runtime ?? paths.state
  }

  public typealias LaunchError = CommandLauncher.LaunchError

  /// A started player and its header file, if it has one.
  public struct Process: Hashable, Sendable {
    public var process: LaunchedProcess
    /// Removed by the caller (`PlayerHeaderFile.remove`, once) when the
    /// player has read it or has ended.
    public var headerFile: PlayerHeaderFile?
  }

  /// Starts `invocation` detached, its output in `logDirectory/player.log`;
  /// with `inTerminal`, on the terminal (see `CommandLauncher.launch`). Its
  /// secret headers are written to a file in `headerDirectory` (default:
  /// `logDirectory`).
  public static func launch(
    _ invocation: PlayerInvocation, logDirectory: String, headerDirectory: String? = nil,
    now: EpochSeconds, inTerminal: Bool = false
  ) throws(LaunchError) -> Process {
    guard !invocation.arguments.isEmpty else { throw LaunchError(message: "no player command") }
    var arguments = invocation.arguments
    var headerFile: PlayerHeaderFile?
    if let options = invocation.secretHeaderOptions {
      let file = try PlayerHeaderFile.create(options, in: headerDirectory ?? logDirectory)
      arguments.insert("--include=" + file.path, at: 1)
      headerFile = file
    }
    do throws(LaunchError) {
      let process = try CommandLauncher.launch(
        arguments, logDirectory: logDirectory, logName: "player.log", now: now,
        mask: LogMask.masked, inTerminal: inTerminal)
      return Process(process: process, headerFile: headerFile)
    } catch {
      headerFile?.remove()
      throw error
    }
  }
}
