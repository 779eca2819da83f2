import EPGActions
import EPGFrontEnd
import EPGLayout
import EPGSchedule
import Foundation

/// `tvgrid remind [FILE] --due [--within DURATION] [--run NAME]`: prints the
/// reminders due now (their programme starts within `remind_before`
/// minutes, plus DURATION), runs `notify_command` (and the user's command
/// NAME) for each, and records that they fired so each fires once — for
/// cron or a systemd timer.
///
/// `tvgrid remind [FILE] --add CHANNEL_ID --start TIME`: sets a reminder for
/// the programme on that channel at TIME (for scripts and tests).
enum RemindCommand {
  /// How long the command waits for the programs it started before it
  /// leaves them running, in seconds.
  static let waitSeconds = 3.0

  static func run(arguments: [String]) -> Int32 {
    let options: GuideOptions
    let due: Bool
    var within: Int64 = 0
    let runName: String?
    let add: (channel: String, start: EpochSeconds)?
    do throws(UsageError) {
      let args = try Arguments(
        arguments, flags: GuideOptions.inputSwitchNames.union(["--due"]),
        options: GuideOptions.inputOptionNames.union(["--within", "--run", "--add", "--start"]))
      options = try GuideOptions.resolve(args, localeIsUTF8: true)
      due = args.flag("--due")
      if let text = args.value("--within") {
        guard let seconds = ActionsSupport.duration(text) else {
          throw UsageError("--within wants a duration like 5m, 90s or 1h, not '\(text)'")
        }
        within = seconds
      }
      runName = args.value("--run")
      if let channel = args.value("--add") {
        guard let text = args.value("--start") else { throw UsageError("--add needs --start TIME") }
        switch TimeParsing.instant(text, now: options.now, zone: options.timeZone) {
        case .success(let start): add = (channel, start)
        case .failure(let error): throw UsageError(TimeParsing.message("--start", error))
        }
      } else {
        add = nil
      }
      guard due != (add != nil) else { throw UsageError("give either --due or --add") }
      if runName != nil && !due { throw UsageError("--run goes with --due") }
    } catch {
      return reportUsage(error, command: "remind")
    }
    let support = ActionsSupport(options: options)
    var commands: [NamedCommand] = []
    if let notify = support.config.notifyCommand {
      commands.append(NamedCommand(name: "notify_command", template: notify))
    }
    if let runName {
      guard let template = support.config.command(named: runName) else {
        let known = support.config.commands.map(\.name).joined(separator: ", ")
        printError(
          "tvgrid remind: no command '\(runName)' in the config"
            + (known.isEmpty ? "" : " (commands: \(known))"))
        return 2
      }
      commands.append(NamedCommand(name: runName, template: template))
    }
    guard let guide = options.loadReportingErrors(prefix: "tvgrid remind: "),
      let path = support.remindersPath()
    else { return 1 }
    let schedule = guide.schedule
    options.printConfigProblems(prefix: "tvgrid remind: ", schedule: nil)
    var started = RunningCommands()
    var ok = true
    // Read, fire and write under the lock; wait for the commands after.
    // `status` is set when there is nothing to wait for (--add, a failure).
    let locked: Int32?? = StoredFile.locked(path) { () -> Int32? in
      let loaded = support.loadReminders(path: path, now: options.now, guide: guide)
      var list = loaded.document
      list.refresh(against: schedule, now: options.now)
      // Saved searches with `search_remind` set reminders for new matches.
      let zoneOptions = options
      list.addMatches(
        of: support.config.searches, in: schedule, now: options.now,
        context: ProgrammeQuery.Context(
          utcOffset: { zoneOptions.utcOffset(at: $0) },
          genreKeywords: options.settings.genreKeywords))
      if let add {
        return addReminder(add, to: &list, schedule: schedule, path: path, loaded: loaded, support)
      }
      let fired = list.fireDue(now: options.now, within: within, lead: support.config.remindBefore)
      for reminder in fired {
        var text = support.line(
          channel: reminder.channelName, title: reminder.title, subtitle: reminder.subtitle,
          start: reminder.start, stop: reminder.stop)
        if reminder.isMissing { text += "  (not in the guide)" }
        print(text)
        let fields = reminder.fields(clean: support.clean)
        for command in commands {
          if let process = support.start(command, fields: fields, now: options.now) {
            started.add(command.name, process)
          } else {
            ok = false
          }
        }
      }
      // Written only when something changed (cron runs this every minute),
      // or to leave out a damaged file's bad entries (kept aside).
      let unchanged = list == loaded.document && loaded.setAside == nil
      guard unchanged || support.save(list, path: path, loaded: loaded) else {
        // The fired ones would fire again on the next run.
        printError("tvgrid remind: the reminders were not saved")
        return 1
      }
      return nil
    }
    guard let status = locked else {
      printError("tvgrid remind: \(StoredFile.lockedMessage(path)); nothing was done")
      return 1
    }
    if let status { return status }
    if !ActionsSupport.report(started, seconds: waitSeconds) { ok = false }
    return ok ? 0 : 1
  }

  /// Sets a reminder for the programme at `add.start` on the channel
  /// `add.channel` names: a channel id (for a playlist, the row's own
  /// `m3u:N`), else a channel key (`ChannelKey.text`: `bbc1.uk shift +1`),
  /// else a key's id (`bbc1.uk`: the rows showing that guide channel, the
  /// first with a programme starting then, else on then). Exit status 1
  /// when it is not saved.
  static func addReminder(
    _ add: (channel: String, start: EpochSeconds), to list: inout ReminderList,
    schedule: Schedule, path: String, loaded: StoredFile.Loaded<ReminderList>,
    _ support: ActionsSupport
  ) -> Int32 {
    let channels = schedule.channels.indices
    var candidates = channels.filter { schedule.channels[$0].id == add.channel }
    if candidates.isEmpty {
      candidates = channels.filter { schedule.channels[$0].key.text == add.channel }
    }
    if candidates.isEmpty {
      candidates = channels.filter { schedule.channels[$0].key.id == add.channel }
    }
    guard !candidates.isEmpty else {
      printError("tvgrid remind: no channel '\(support.clean(add.channel))' in the guide")
      return 1
    }
    let start = add.start
    let found =
      candidates.lazy.compactMap { channel in
        schedule.programmes[channel].spans.firstIndex { $0.start == start }.map { (channel, $0) }
      }.first
      ?? candidates.lazy.compactMap { channel in
        schedule.programmes[channel].spans.firstIndex { $0.contains(start) }.map { (channel, $0) }
      }.first
    guard let (channel, item) = found else {
      printError("tvgrid remind: nothing on \(support.clean(add.channel)) at that time")
      return 1
    }
    list.add(
      Reminder(programme: schedule.programmes[channel][item], channel: schedule.channels[channel]))
    // Already set, nothing else changed: nothing to write.
    let unchanged = list == loaded.document && loaded.setAside == nil
    guard unchanged || support.save(list, path: path, loaded: loaded) else {
      printError("tvgrid remind: the reminder was not saved")
      return 1
    }
    return 0
  }
}
