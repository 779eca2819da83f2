import EPGLayout

/// A command with a name: the user's `command NAME = TEMPLATE` (the `|`
/// menu, `tvgrid remind --due --run NAME`) or `notify_command`.
public struct NamedCommand: Hashable, Sendable {
  public var name: String
  public var template: CommandTemplate

  public init(name: String, template: CommandTemplate) {
    self.name = name
    self.template = template
  }

  /// Starts the command for one programme, detached (`CommandLauncher`),
  /// its output appended to `logDirectory/commands.log`.
  /// - Parameters:
  ///   - fields: the programme's placeholder values (text already
  ///     sanitised); a template using `{url}` needs `fields.url`.
  ///   - now: the time for the log line, epoch seconds.
  ///   - mask: hides credentials in the logged command line
  ///     (`CredentialMask.masked` from EPGPlaylist).
  public func start(
    fields: ProgrammeFields, logDirectory: String, now: EpochSeconds,
    mask: (String) -> String
  ) throws(CommandLauncher.LaunchError) -> LaunchedProcess {
    if template.uses("url") && fields.url.isEmpty {
      throw CommandLauncher.LaunchError(
        message: "\(name): \(fields.channel) has no stream for {url}")
    }
    return try CommandLauncher.launch(
      template.arguments(fields.values), logDirectory: logDirectory, logName: "commands.log",
      now: now, mask: mask)
  }
}
