import EPGActions
import EPGLayout
import EPGPlaylist
import Foundation

/// Carries out the effects of issue 15 for the run loop, as `PlayerSession`
/// does for players: reads and changes tvgrid's own files (reminders,
/// favourites and hidden channels, the search history: each change applied
/// to the file as it is now, under its lock, atomically, through
/// `StoredFile.update`), starts the user's commands and `notify_command`
/// detached (output in `$XDG_STATE_HOME/tvgrid/commands.log`) and reports
/// how they ended on later polls, writes calendar files. Reports back with
/// actions.
public struct ActionSession {
  public let paths: TVGridPaths
  /// `HOME`, to show paths with `~`.
  let home: String?
  /// Commands started and not yet seen to end.
  private var running = RunningCommands()

  public init(environment: [String: String]) {
    paths = TVGridPaths(environment: environment)
    home = environment["HOME"]
  }

  /// Reads the reminders file (a damaged one is set aside); the list and
  /// the problems, each `FILE:LINE: message`.
  public mutating func loadReminders(now: EpochSeconds) -> (
    list: ReminderList, problems: [String]
  ) {
    let loaded = load(ReminderList.self, paths.remindersFile, now: now)
    return (loaded.document, loaded.problems)
  }

  /// Reads `favourites.json` (a damaged one is set aside, its readable
  /// entries kept); the choices and the problems.
  public func loadChannelChoices(now: EpochSeconds) -> (
    choices: ChannelChoices, problems: [String]
  ) {
    let loaded = load(ChannelChoices.self, paths.channelChoicesFile, now: now)
    return (loaded.document, loaded.problems)
  }

  /// Reads the search history, oldest first.
  public func loadSearchHistory(now: EpochSeconds) -> [String] {
    load(SearchHistory.self, paths.searchHistoryFile, now: now).document.queries
  }

  /// The document at `path` (none without a data folder). No file:
  /// nothing to read, and no folder or lock file is made until something
  /// is kept.
  func load<Document: StoredDocument>(_ type: Document.Type, _ path: String?, now: EpochSeconds)
    -> StoredFile.Loaded<Document>
  {
    guard let path else { return StoredFile.Loaded() }
    return StoredFile.load(type, path: path, now: now)
  }

  /// How long the loop may wait before the next `poll()` (milliseconds),
  /// nil when no command runs.
  public var wakeInterval: Int? { running.isEmpty ? nil : 500 }

  /// Carries out `effect` at `now`; nil for an effect that is not this
  /// session's (`.play`, `.bell`, tvheadend's).
  public mutating func perform(_ effect: Effect, now: EpochSeconds) -> [Action]? {
    switch effect {
    case .saveReminders(let from, let to):
      switch update(paths.remindersFile, now: now, from: from, to: to) {
      case .success(let list): return [.remindersRead(list)]
      case .failure(let reason): return [.notice("Reminders not saved: \(reason)")]
      }
    case .saveChannelChoices(let from, let to):
      if case .failure(let reason) = update(paths.channelChoicesFile, now: now, from: from, to: to)
      {
        return [.notice("Favourites not kept: \(reason)")]
      }
      return []
    case .saveSearchHistory(let from, let to):
      let change = update(
        paths.searchHistoryFile, now: now, from: SearchHistory(from), to: SearchHistory(to))
      if case .failure(let reason) = change {
        return [.notice("Search history not kept: \(reason)")]
      }
      return []
    case .runCommand(let command, let fields): return [start(command, fields: fields, now: now)]
    case .writeCalendar(let name, let text): return [writeCalendar(name: name, text: text)]
    case .play, .bell, .record, .cancelRecording:
      return nil
    }
  }

  /// Applies the change from `from` to `to` to the file at `path` as it is
  /// now (`StoredFile.update`); the file as written, or why it was not.
  func update<Document: StoredDocument>(
    _ path: String?, now: EpochSeconds, from: Document, to: Document
  ) -> Result<Document, StoredFile.WriteError> {
    guard let path else {
      return .failure(StoredFile.WriteError(message: "no data folder (set HOME or XDG_DATA_HOME)"))
    }
    return StoredFile.update(path: path, now: now, from: from, to: to).map(\.document)
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
