import EPGActions

/// What the guide does with programmes besides showing them (issue 15),
/// from the config file: reminders, the user's commands, saved searches.
public struct ActionSettings: Hashable, Sendable {
  /// How long before its start a reminder fires, in seconds
  /// (`remind_before`, default 2 minutes).
  public var remindBefore: Int64 = ReminderList.defaultLead
  /// Ring the terminal bell when a reminder fires (`bell`).
  public var bell = true
  /// Run for each reminder that fires (`notify_command`).
  public var notifyCommand: CommandTemplate?
  /// `command NAME = TEMPLATE`, in file order (the `|` menu, the
  /// reminder notice's choices).
  public var commands: [NamedCommand] = []
  /// `search NAME = QUERY`, in file order (`S`, `search_remind`).
  public var searches: [SavedSearch] = []

  public init() {}

  /// The settings of `config`.
  public init(config: ConfigFile) {
    remindBefore = config.remindBefore
    bell = config.bell
    notifyCommand = config.notifyCommand
    commands = config.commands
    searches = config.searches
  }
}
