import EPGActions
import EPGFrontEnd
import EPGLayout
import EPGSchedule
import Foundation

/// `tvgrid reminders [FILE] [--json | --ics]`: the reminders, matched
/// against the guide (a moved programme shows its new time, a vanished
/// one is flagged), soonest first. Reads only; nothing is written (the
/// guide's snapshot aside), but for reminders an older version kept by
/// playlist row, which are moved to their channel once.
enum RemindersCommand {
  static func run(arguments: [String]) -> Int32 {
    let options: GuideOptions
    let json: Bool
    let ics: Bool
    do throws(UsageError) {
      let args = try Arguments(
        arguments, flags: GuideOptions.inputSwitchNames.union(["--json", "--ics"]),
        options: GuideOptions.inputOptionNames)
      options = try GuideOptions.resolve(args, localeIsUTF8: true)
      json = args.flag("--json")
      ics = args.flag("--ics")
      if json && ics { throw UsageError("--json and --ics exclude each other") }
    } catch {
      return reportUsage(error, command: "reminders")
    }
    let support = ActionsSupport(options: options)
    guard let guide = options.loadReportingErrors(prefix: "tvgrid reminders: "),
      let path = support.remindersPath()
    else { return 1 }
    let schedule = guide.schedule
    options.printConfigProblems(prefix: "tvgrid reminders: ", schedule: nil)
    let loaded = StoredFile.locked(path) {
      support.loadReminders(path: path, now: options.now, guide: guide)
    }
    guard var list = loaded?.document else {
      printError("tvgrid reminders: \(StoredFile.lockedMessage(path))")
      return 1
    }
    list.refresh(against: schedule, now: options.now)
    if ics {
      print(
        ICalendar.document(list.reminders.map(ICalendar.Event.init(reminder:)), stamp: options.now),
        terminator: "")
    } else if json {
      print(Self.json(list), terminator: "")
    } else {
      for reminder in list.reminders {
        var text = support.line(
          channel: reminder.channelName, title: reminder.title, subtitle: reminder.subtitle,
          start: reminder.start, stop: reminder.stop)
        if reminder.hasFired { text += "  (fired)" }
        if reminder.isMissing { text += "  (not in the guide)" }
        print(text)
      }
    }
    return 0
  }

  static func json(_ list: ReminderList) -> String {
    let objects: [[String: Any]] = list.reminders.map { reminder in
      var object: [String: Any] = [
        "channel": reminder.channelID, "channelName": reminder.channelName,
        "title": reminder.title, "start": ScheduleJSON.isoString(reminder.start),
        "stop": ScheduleJSON.isoString(reminder.stop), "fired": reminder.hasFired,
        "missing": reminder.isMissing,
      ]
      if let subtitle = reminder.subtitle { object["subTitle"] = subtitle }
      return object
    }
    guard
      let data = try? JSONSerialization.data(
        withJSONObject: ["reminders": objects],
        options: [.sortedKeys, .prettyPrinted, .withoutEscapingSlashes])
    else { return "{}\n" }
    return ScheduleJSON.escapingInvisibleScalars(String(decoding: data, as: UTF8.self)) + "\n"
  }
}
