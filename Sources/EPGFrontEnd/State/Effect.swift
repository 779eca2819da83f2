import EPGActions
import EPGLayout
import EPGPlaylist
import EPGRemote

/// Something the reducer wants done outside the state (it does no I/O
/// itself): the run loop performs it and reports back with actions.
public enum Effect: Hashable, Sendable {
  /// Start a player (`w`, `W`).
  case play(PlayRequest)
  /// Write the reminders file: the change from `from` to `to` is applied
  /// to the file as it is (under its lock, so a `tvgrid remind` from cron
  /// meanwhile is not undone); the run loop reports the file's list back
  /// with `.remindersRead`.
  case saveReminders(from: ReminderList, to: ReminderList)
  /// Ring the terminal bell (a reminder fired and `bell` is not `no`).
  case bell
  /// Start one of the user's commands (or `notify_command`) for a
  /// programme, detached; how it ends comes back as a notice.
  case runCommand(NamedCommand, ProgrammeFields)
  /// Write an iCalendar file named `name` into tvgrid's calendar folder
  /// (`$XDG_DATA_HOME/tvgrid/calendar`).
  case writeCalendar(name: String, text: String)
  /// Ask tvheadend to record a programme (`R`).
  case record(RecordingRequest)
  /// Ask tvheadend to cancel a scheduled or running recording (`R` again);
  /// `title` is the guide's, for the status line.
  case cancelRecording(TvheadendRecording, title: String)
  /// Keep the favourites and hidden channels chosen in the guide (`*`,
  /// `x`, `u`) in `favourites.json`: the change from `from` to `to` is
  /// applied to the file as it is (under its lock, so another guide's
  /// choices meanwhile are kept).
  case saveChannelChoices(from: ChannelChoices, to: ChannelChoices)
  /// Keep the search history (oldest first) across runs: the searches run
  /// from `from` to `to` are added to the file as it is.
  case saveSearchHistory(from: [String], to: [String])
}

/// A programme to record on tvheadend: the channel's UUID (the guide's
/// channel id) and the programme's times (seconds since 1970) and title;
/// the run loop uses the server's event id for it when it knows one.
public struct RecordingRequest: Hashable, Sendable {
  public var channel: String
  public var start: EpochSeconds
  public var stop: EpochSeconds
  public var title: String
  /// What the status line says once the server has it: `recording
  /// "News"` (on now), `scheduled "News" for 21:00` (still to come).
  public var done: String

  public init(
    channel: String, start: EpochSeconds, stop: EpochSeconds, title: String, done: String = ""
  ) {
    self.channel = channel
    self.start = start
    self.stop = stop
    self.title = title
    self.done = done.isEmpty ? "recording \"\(title)\"" : done
  }
}

/// One stream to hand to the player.
public struct PlayRequest: Hashable, Sendable {
  /// The program and its arguments (the URL last, after `--`), as
  /// `PlayerCommand` built them; run without a shell.
  public var invocation: PlayerInvocation
  /// `player_terminal = yes`: the player gets the terminal (curses ends
  /// while it runs) instead of running detached.
  public var inTerminal: Bool
  /// What is played, for the status line, with no credentials:
  /// `BBC One, live (provider.example)`.
  public var summary: String
  /// What the status line says before it, when what plays is not what
  /// was selected: `"News" starts 21:00, in 3h` (a programme still to
  /// come: its channel plays live).
  public var note: String?

  public init(invocation: PlayerInvocation, inTerminal: Bool, summary: String, note: String? = nil)
  {
    self.invocation = invocation
    self.inTerminal = inTerminal
    self.summary = summary
    self.note = note
  }

  /// The program's name as the status line shows it (its file name).
  public var playerName: String {
    let program = invocation.arguments.first ?? ""
    return program.split(separator: "/").last.map(String.init) ?? program
  }
}
