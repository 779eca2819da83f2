import EPGActions
import EPGLayout
import EPGRaster
import EPGSchedule

// Reminders in the guide (issue 15): `r` sets and removes them, ticks fire
// them (a notice over the screen, the bell, `notify_command`). The file is
// written by the run loop (`Effect.saveReminders`), never here.
extension AppState {
  /// Every row of the guide as a schedule (reminders are matched against
  /// the whole guide, whatever group is shown).
  var fullSchedule: Schedule {
    Schedule(
      channels: fullGuide.rows.map(\.channel), columns: fullGuide.rows.map(\.programmes))
  }

  /// How queries read times and genres here (the display zone, the
  /// config's genre keywords).
  var queryContext: ProgrammeQuery.Context {
    let zone = format.zone
    return ProgrammeQuery.Context(
      utcOffset: { Int(zone.offset(at: $0)) }, genreKeywords: settings.genreKeywords)
  }

  /// Takes `list` (the file's) as the reminders, matched against the guide:
  /// moved programmes are followed, missing ones flagged, and the saved
  /// searches that set reminders add their new matches. A move or an
  /// addition is saved; a flag alone is not (a guide without those
  /// channels, such as the demo guide, leaves the file alone).
  mutating func readReminders(_ list: ReminderList) {
    var updated = list
    let schedule = fullSchedule
    updated.refresh(against: schedule, now: now)
    updated.addMatches(of: actions.searches, in: schedule, now: now, context: queryContext)
    reminders = updated
    func unflagged(_ list: ReminderList) -> [Reminder] {
      list.reminders.map {
        var reminder = $0
        reminder.isMissing = false
        return reminder
      }
    }
    if unflagged(updated) != unflagged(list) {
      effects.append(.saveReminders(from: list, to: updated))
    }
  }

  /// Changes the reminders to `updated` and asks for the file to follow.
  mutating func changeReminders(to updated: ReminderList) {
    guard updated != reminders else { return }
    effects.append(.saveReminders(from: reminders, to: updated))
    reminders = updated
  }

  /// `r`: sets a reminder for the programme at `ref`, or removes the one
  /// it has. A programme that has started gets none (the status line says
  /// why).
  mutating func toggleReminder(_ ref: ProgrammeRef) {
    guard let programme = guide.programme(ref) else {
      message = "No programme selected to be reminded of"
      return
    }
    let channel = guide.rows[ref.row].channel
    let quoted = "\"\(programme.title)\""
    if reminders.index(of: programme, key: channel.key) == nil, programme.start <= now {
      message =
        programme.stop <= now
        ? "\(quoted) has ended: reminders are for programmes still to come"
        : "\(quoted) has started: reminders are for programmes still to come"
      return
    }
    var updated = reminders
    let isSet = updated.toggle(programme, on: channel)
    changeReminders(to: updated)
    message =
      isSet
      ? "Reminder set for \(quoted): fires at \(reminderFireText(start: programme.start))"
      : "Reminder removed: \(quoted)"
  }

  /// When a reminder for a programme starting at `start` fires: `20:13`,
  /// with the day when it is not today.
  func reminderFireText(start: EpochSeconds) -> String {
    let fire = start - actions.remindBefore
    let day =
      format.local(fire).dayNumber == format.local(now).dayNumber
      ? "" : format.shortDate(fire) + " "
    return day + format.clock(fire)
  }

  /// Whether the programme `programme` on `row` has a reminder.
  func hasReminder(_ programme: Programme, row: Int) -> Bool {
    guard guide.rows.indices.contains(row) else { return false }
    return reminderMarks.contains(key: guide.rows[row].channel.key, start: programme.start)
  }

  /// Fires the reminders due at `now` (each once: marked and saved): their
  /// notices open, the bell rings unless `bell = no`, `notify_command` runs.
  mutating func fireDueReminders() {
    var updated = reminders
    let fired = updated.fireDue(now: now, lead: actions.remindBefore)
    guard !fired.isEmpty else { return }
    changeReminders(to: updated)
    if actions.bell { effects.append(.bell) }
    if let notify = actions.notifyCommand {
      let command = NamedCommand(name: "notify_command", template: notify)
      for reminder in fired { effects.append(.runCommand(command, fields(of: reminder))) }
    }
    alerts += fired
  }

  /// Where `reminder`'s programme is in `model`: on a row of its channel
  /// key, the same start and title, else the same start; else the
  /// programme it was set on, on a row of its channel with another shift
  /// (times moved by the difference; see `ReminderList.locate`).
  func ref(of reminder: Reminder, in model: GuideModel) -> ProgrammeRef? {
    let own = model.rows(ofKey: reminder.key)
    for row in own {
      if let item = model.rows[row].programmes.firstIndex(where: {
        reminder.isFor($0, key: reminder.key)
      }) {
        return ProgrammeRef(row: row, item: item)
      }
    }
    for row in own {
      if let item = model.rows[row].programmes.firstIndex(where: { $0.start == reminder.start }) {
        return ProgrammeRef(row: row, item: item)
      }
    }
    let schedule = Schedule(
      channels: model.rows.map(\.channel), columns: model.rows.map(\.programmes))
    guard let location = ReminderList.locate(reminder, in: schedule),
      model.rows[location.channel].programmes[location.item].start + location.offset
        == reminder.start
    else { return nil }
    return ProgrammeRef(row: location.channel, item: location.item)
  }

  /// Selects `reminder`'s programme, scrolling to it (showing every
  /// channel when the group shown lacks it); false after a message when
  /// the guide does not have it.
  @discardableResult
  mutating func goToReminder(_ reminder: Reminder) -> Bool {
    if ref(of: reminder, in: guide) == nil, group != nil, ref(of: reminder, in: fullGuide) != nil {
      showGroup(nil, fallbackToFirst: false)
    }
    guard let ref = ref(of: reminder, in: guide) else {
      mode = .guide
      message = "\"\(reminder.title)\" is not in the guide"
      return false
    }
    goTo(ref)
    return true
  }

  /// The placeholder values for `reminder` (from its programme when the
  /// guide has it; the channel's stream as `{url}`).
  func fields(of reminder: Reminder) -> ProgrammeFields {
    if let ref = ref(of: reminder, in: fullGuide) { return fields(of: ref, in: fullGuide) }
    return reminder.fields(clean: { TextSanitizer.unicode.sanitize($0) })
  }

  /// The placeholder values for the programme at `ref` in `model`.
  func fields(of ref: ProgrammeRef, in model: GuideModel) -> ProgrammeFields {
    let row = model.rows[ref.row]
    return ProgrammeFields(
      programme: row.programmes[ref.item], channel: row.channel,
      url: row.playlist?.entry.streamURL ?? "", clean: { TextSanitizer.unicode.sanitize($0) })
  }

  /// The keys of the reminder notice (shown while `alerts` is not empty):
  /// Enter or `g` goes to the programme, `w` watches its channel, 1–9 run
  /// the user's commands for it, Esc or `d` dismisses it; `q` quits. Every
  /// other key is ignored while it is open.
  mutating func handleAlert(_ key: Key) {
    guard let reminder = alerts.first else { return }
    switch key {
    case .enter, .character("g"):
      alerts.removeFirst()
      goToReminder(reminder)
    case .character("w"):
      alerts.removeFirst()
      if goToReminder(reminder) { watch(fromStart: false, live: true) }
    case .character(let c) where c.isASCII && c.isNumber && c != "0":
      let index = Int(String(c))! - 1
      guard actions.commands.indices.contains(index) else { return }
      alerts.removeFirst()
      let fields = fields(of: reminder)
      runCommand(actions.commands[index], fields: fields, title: reminder.title)
    case .escape, .character("d"):
      alerts.removeFirst()
      message = "Reminder dismissed: \"\(reminder.title)\""
    case .character("q"):
      isFinished = true
    default:
      break
    }
  }

  /// Asks the run loop to start `command` for a programme (`title` for the
  /// status line); a template with `{url}` and no stream says why instead.
  mutating func runCommand(_ command: NamedCommand, fields: ProgrammeFields, title: String) {
    if command.template.uses("url") && fields.url.isEmpty {
      message =
        "\(command.name) needs a stream for {url}: \(fields.channel) has none"
        + (fullGuide.isPlaylist ? " in the playlist" : " (streams come with a playlist)")
      return
    }
    effects.append(.runCommand(command, fields))
    message = "Starting \(command.name) for \"\(title)\""
  }
}
