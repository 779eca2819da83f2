import EPGActions
import EPGLayout
import EPGPlaylist
import Foundation

/// Carries out the effects of issue 15 for the run loop, as `PlayerSession`
/// does for players: reads and writes the reminders file (under its lock,
/// atomically), starts the user's commands and `notify_command` detached
/// (output in `$XDG_STATE_HOME/tvgrid/commands.log`) and reports how they
/// ended on later polls, writes calendar files. Reports back with actions.
public struct ActionSession {
  public let paths: TVGridPaths
  /// `HOME`, to show paths with `~`.
  let home: String?
  /// False when the reminders file must not be written over (a newer
  /// format, or a bad file that could not be moved aside).
  private var writable = true
  /// Commands started and not yet seen to end.
  private var running = RunningCommands()

  public init(environment: [String: String]) {
    paths = TVGridPaths(environment: environment)
    home = environment["HOME"]
  }

  /// Reads the reminders file (a corrupt one is moved aside); the list and
  /// the problems, each `FILE:LINE: message`.
  public mutating func loadReminders(now: EpochSeconds) -> (
    list: ReminderList, problems: [String]
  ) {
    // No file: nothing to read, and no folder or lock file is made until
    // a reminder is set.
    guard let path = paths.remindersFile, FileManager.default.fileExists(atPath: path) else {
      return (ReminderList(), [])
    }
    let loaded = StoredFile.locked(path) { ReminderList.load(path: path, now: now) }
    writable = loaded.writable
    return (loaded.list, loaded.problems)
  }

  /// How long the loop may wait before the next `poll()` (milliseconds),
  /// nil when no command runs.
  public var wakeInterval: Int? { running.isEmpty ? nil : 500 }

  /// Carries out `effect` at `now`; nil for an effect that is not this
  /// session's (`.play`, `.bell`, tvheadend's, the channel choices).
  public mutating func perform(_ effect: Effect, now: EpochSeconds) -> [Action]? {
    switch effect {
    case .saveReminders(let from, let to): return saveReminders(from: from, to: to, now: now)
    case .runCommand(let command, let fields): return [start(command, fields: fields, now: now)]
    case .writeCalendar(let name, let text): return [writeCalendar(name: name, text: text)]
    case .play, .bell, .record, .cancelRecording, .saveChannelChoices, .saveSearchHistory:
      return nil
    }
  }

  /// Applies the change to the file as it is now, under the lock.
  mutating func saveReminders(from: ReminderList, to: ReminderList, now: EpochSeconds)
    -> [Action]
  {
    guard let path = paths.remindersFile else {
      return [.notice("Reminders not saved: no data folder (set HOME or XDG_DATA_HOME)")]
    }
    guard writable else {
      return [
        .notice("Reminders not saved: \(shown(path)) is kept as it is (see the message at start)")
      ]
    }
    var failure: String?
    let saved = StoredFile.locked(path) { () -> ReminderList in
      var list = ReminderList.load(path: path, now: now).list
      list.apply(changeFrom: from, to: to)
      do throws(StoredFile.WriteError) {
        try list.save(path: path)
      } catch {
        failure = error.description
      }
      return list
    }
    if let failure { return [.notice("Reminders not saved: \(failure)")] }
    return [.remindersRead(saved)]
  }

  mutating func start(_ command: NamedCommand, fields: ProgrammeFields, now: EpochSeconds)
    -> Action
  {
    guard let folder = paths.state else {
      return .notice("Cannot start \(command.name): no folder for its log (set HOME)")
    }
    do throws(CommandLauncher.LaunchError) {
      let process = try command.start(
        fields: fields, logDirectory: folder, now: now, mask: LogMask.masked)
      running.add(command.name, process)
      return .notice("\(command.name) started (output in \(shown(process.logPath)))")
    } catch {
      return .notice(error.description.prefix(1).uppercased() + error.description.dropFirst())
    }
  }

  /// How the commands that ended since the last poll ended.
  public mutating func poll() -> [Action] {
    running.reap().map { ended in
      .notice(
        ended.message.replacingOccurrences(
          of: ended.process.logPath, with: shown(ended.process.logPath)))
    }
  }

  mutating func writeCalendar(name: String, text: String) -> Action {
    guard let data = paths.data else {
      return .notice("No folder for calendar files (set HOME or XDG_DATA_HOME)")
    }
    let path = data + "/calendar/" + name
    do throws(StoredFile.WriteError) {
      try StoredFile.write(Data(text.utf8), to: path)
      return .notice("Wrote \(shown(path))")
    } catch {
      return .notice("Calendar file not written: \(error.description)")
    }
  }

  /// `path` with `~` for HOME.
  func shown(_ path: String) -> String {
    if let home, !home.isEmpty, home != "/", path.hasPrefix(home + "/") {
      return "~" + path.dropFirst(home.count)
    }
    return path
  }
}
