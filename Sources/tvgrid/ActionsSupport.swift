import EPGActions
import EPGFrontEnd
import EPGLayout
import EPGNcurses
import EPGPlaylist
import EPGRaster
import EPGSchedule
import Foundation

/// What `reminders`, `remind` and `search` share besides `GuideOptions`:
/// tvgrid's folders, the reminders file, and one-line text for a
/// programme.
struct ActionsSupport {
  var options: GuideOptions
  var config: ConfigFile { options.config }
  var paths: TVGridPaths
  /// Guide text is data: control characters and bidi overrides become
  /// visible placeholders.
  var sanitizer: TextSanitizer

  init(options: GuideOptions) {
    self.options = options
    paths = TVGridPaths(environment: ProcessInfo.processInfo.environment)
    sanitizer = TerminalLocale.prepare() ? TextSanitizer.unicode : TextSanitizer.ascii
  }

  func clean(_ text: String) -> String { sanitizer.sanitize(text) }

  /// The reminders file; nil after a message when there is no data folder.
  func remindersPath() -> String? {
    guard let path = paths.remindersFile else {
      printError("tvgrid: no data folder (set HOME or XDG_DATA_HOME)")
      return nil
    }
    return path
  }

  /// The reminders at `path` for `guide`, read holding the file's lock
  /// (call inside `StoredFile.locked(path)`), problems printed to stderr.
  /// With a playlist, reminders that older versions kept by row
  /// (`m3u:3`) are moved to their channel's key (`migratingRowKeys`), said
  /// on stderr and written back at once when the file may be written.
  func loadReminders(path: String, now: EpochSeconds, guide: LoadedGuide?)
    -> StoredFile.Loaded<ReminderList>
  {
    var loaded = StoredFile.loadHoldingLock(ReminderList.self, path: path, now: now)
    for problem in loaded.problems { printError("tvgrid: \(problem)") }
    guard let joined = guide?.joined, let playlist = guide?.playlist else { return loaded }
    let (list, migration) = joined.migratingRowKeys(of: loaded.document)
    let file = (path as NSString).lastPathComponent
    for message in migration.messages(file: file, playlist: Self.name(of: playlist)) {
      printError("tvgrid: \(clean(message))")
    }
    if !migration.moved.isEmpty {
      loaded.document = list
      if loaded.writable { _ = save(list, path: path, loaded: loaded) }
    }
    return loaded
  }

  /// How messages name a playlist: a file's name, a URL masked.
  static func name(of playlist: Playlist) -> String {
    switch playlist.location {
    case .file(let path): return (path as NSString).lastPathComponent
    case .url: return playlist.location.shown
    }
  }

  /// Saves `list`; false (after a message when the write failed) when it
  /// was not saved, also when the file must not be written
  /// (`loaded.writable`: the reason was printed when it was read).
  func save(_ list: ReminderList, path: String, loaded: StoredFile.Loaded<ReminderList>) -> Bool {
    guard loaded.writable else { return false }
    do {
      try list.save(path: path)
      return true
    } catch {
      printError("tvgrid: \(error.description)")
      return false
    }
  }

  /// `Mon 2026-11-30 20:15–21:00  BBC One  Title: Sub-title`, in the
  /// display zone.
  func line(
    channel: String, title: String, subtitle: String?, start: EpochSeconds, stop: EpochSeconds,
  ) -> String {
    let name = subtitle.map { "\(clean(title)): \(clean($0))" } ?? clean(title)
    return "\(local(start, date: true))–\(local(stop, date: false))  "
      + "\(clean(channel))  \(name)"
  }

  /// `2026-11-30 20:15` (or `20:15`) at `instant` in the display zone.
  func local(_ instant: EpochSeconds, date: Bool) -> String {
    let iso = ScheduleJSON.isoString(instant + EpochSeconds(options.utcOffset(at: instant)))
    let parts = iso.split(separator: "T")
    let time = String(parts[1].prefix(5))
    return date ? "\(parts[0]) \(time)" : time
  }

  /// Starts `command` for `fields` detached (output in the state
  /// folder's `commands.log`); prints why it could not start.
  func start(_ command: NamedCommand, fields: ProgrammeFields, now: EpochSeconds)
    -> LaunchedProcess?
  {
    guard let folder = paths.state else {
      printError("tvgrid: no state folder for the command's log (set HOME or XDG_STATE_HOME)")
      return nil
    }
    do {
      return try command.start(
        fields: fields, logDirectory: folder, now: now, mask: LogMask.masked)
    } catch {
      printError("tvgrid: \(error.description)")
      return nil
    }
  }

  /// Waits a little (at most `seconds`, all together) for `commands` to
  /// end and prints how each that failed ended; one still running is left
  /// running. Returns false when one failed.
  static func report(_ commands: RunningCommands, seconds: Double) -> Bool {
    var commands = commands
    var ok = true
    let deadline = Date().addingTimeInterval(seconds)
    while true {
      for ended in commands.reap() where ended.status != 0 {
        ok = false
        printError("tvgrid: \(ended.message)")
      }
      if commands.isEmpty || Date() > deadline { break }
      usleep(20_000)
    }
    for entry in commands.running {
      printError(
        "tvgrid: \(entry.name) still running (pid \(entry.process.pid), output in \(entry.process.logPath))"
      )
    }
    return ok
  }

  /// `5m`, `90s`, `2h` or a number of minutes, in seconds.
  static func duration(_ text: String) -> Int64? {
    let units: [Character: Int64] = ["s": 1, "m": 60, "h": 3600, "d": 86_400]
    if let last = text.last, let unit = units[last], let value = Int64(text.dropLast()),
      (0...100_000).contains(value)
    {
      return value * unit
    }
    if let value = Int64(text), (0...100_000).contains(value) { return value * 60 }
    return nil
  }
}
