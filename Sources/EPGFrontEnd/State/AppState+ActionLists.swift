import EPGActions
import EPGLayout
import EPGSchedule

// The views of issue 15: the command menu (`|`), the reminders list (`a`),
// the saved searches' matches (`S`), and the calendar export (`i`).
extension AppState {
  // MARK: Commands

  /// `|`: the user's commands for the selected programme.
  mutating func openCommandMenu() {
    guard let selection else {
      message = "No programme selected"
      return
    }
    guard !actions.commands.isEmpty else {
      message = "No commands: add 'command NAME = TEMPLATE' lines to the config (see man tvgrid)"
      return
    }
    mode = .commandMenu(selection, selected: 0)
  }

  mutating func handleCommandMenu(_ key: Key, ref: ProgrammeRef, selected: Int) {
    let count = actions.commands.count
    switch key {
    case .up, .character("k"): mode = .commandMenu(ref, selected: max(0, selected - 1))
    case .down, .character("j"): mode = .commandMenu(ref, selected: min(count - 1, selected + 1))
    case .enter: runMenuCommand(selected, ref: ref)
    case .character(let c) where c.isASCII && c.isNumber && c != "0":
      let index = Int(String(c))! - 1
      if index < count { runMenuCommand(index, ref: ref) }
    case .escape, .character("|"): mode = .guide
    case .character("q"): isFinished = true
    default: break
    }
  }

  mutating func runMenuCommand(_ index: Int, ref: ProgrammeRef) {
    mode = .guide
    guard actions.commands.indices.contains(index), let programme = guide.programme(ref) else {
      return
    }
    runCommand(actions.commands[index], fields: fields(of: ref, in: guide), title: programme.title)
  }

  // MARK: Calendar

  /// `i`: the programme at `ref` as an iCalendar file in tvgrid's calendar
  /// folder, named by its UID (so the same programme writes the same file).
  mutating func exportCalendar(_ ref: ProgrammeRef) {
    guard let programme = guide.programme(ref) else { return }
    let event = ICalendar.Event(programme: programme, channel: guide.rows[ref.row].channel)
    let name = (event.uid.split(separator: "@").first.map(String.init) ?? event.uid) + ".ics"
    effects.append(.writeCalendar(name: name, text: ICalendar.document([event], stamp: now)))
  }

  // MARK: Reminders list

  /// The layout of the reminders list.
  public var reminderListLayout: DayList {
    DayList(starts: reminders.reminders.map(\.start), format: format, width: size.columns)
  }

  /// `a`: the reminders, soonest first, the first not yet over selected.
  mutating func openReminderList() {
    guard !reminders.isEmpty else {
      message = "No reminders: r on a programme still to come sets one"
      return
    }
    let index = reminders.reminders.firstIndex { $0.stop > now } ?? 0
    mode = .reminderList(
      ListCursor(
        selected: index,
        scroll: reminderListLayout.scroll(revealing: index, viewRows: layout.listRows, from: 0)))
  }

  mutating func handleReminderList(_ key: Key, cursor: ListCursor) {
    let count = reminders.reminders.count
    if let moved = movedCursor(cursor, key: key, count: count, list: reminderListLayout) {
      mode = .reminderList(moved)
      return
    }
    switch key {
    case .escape: mode = .guide
    case .character("q"): isFinished = true
    case .enter:
      if reminders.reminders.indices.contains(cursor.selected) {
        goToReminder(reminders.reminders[cursor.selected])
      }
    case .character("w"), .character("W"):
      if reminders.reminders.indices.contains(cursor.selected) {
        watchReminder(reminders.reminders[cursor.selected], fromStart: key == .character("W"))
      }
    case .character("r"):
      guard reminders.reminders.indices.contains(cursor.selected) else { return }
      let title = reminders.reminders[cursor.selected].title
      var updated = reminders
      updated.remove(at: cursor.selected)
      changeReminders(to: updated)
      message = "Reminder removed: \"\(title)\""
      if updated.isEmpty {
        mode = .guide
      } else {
        mode = .reminderList(
          ListCursor(
            selected: min(cursor.selected, updated.reminders.count - 1), scroll: cursor.scroll))
        clampListCursor()
      }
    case .character("?"), .function(1): mode = .help(scroll: 0)
    default: break
    }
  }

  /// `w` on a reminder: its programme when the guide shown has it, else
  /// its channel live, else why not.
  mutating func watchReminder(_ reminder: Reminder, fromStart: Bool) {
    if let ref = ref(of: reminder, in: guide) {
      watch(ref, fromStart: fromStart)
    } else if let row = guide.row(ofChannel: reminder.channelID) {
      watch(row: row, programme: nil, fromStart: false)
    } else {
      message = "\"\(reminder.title)\": \(reminder.channelName) is not in the guide shown"
    }
  }

  // MARK: Saved searches

  /// The upcoming matches (not over at now) of the saved searches in the
  /// rows shown, grouped by search in config order, soonest first, repeats
  /// collapsed (`SavedSearch.upcoming`).
  func savedMatches() -> [SavedMatch] {
    let schedule = Schedule(
      channels: guide.rows.map(\.channel), columns: guide.rows.map(\.programmes))
    let groups = SavedSearch.upcoming(
      actions.searches, in: schedule, during: TimeSpan(start: now, end: EpochSeconds.max / 2),
      context: queryContext)
    return groups.enumerated().flatMap { index, group in
      group.matches.map {
        SavedMatch(search: index, ref: ProgrammeRef(row: $0.channel, item: $0.item))
      }
    }
  }

  /// The layout of the saved searches' list (a heading per search).
  public func savedSearchList(_ items: [SavedMatch]) -> DayList {
    DayList(groupKeys: items.map { Int64($0.search) }, width: size.columns)
  }

  /// `S`: the saved searches' upcoming matches as one list.
  mutating func openSavedSearches() {
    guard !actions.searches.isEmpty else {
      message = "No saved searches: add 'search NAME = QUERY' lines to the config"
      return
    }
    let items = savedMatches()
    guard !items.isEmpty else {
      message = "No upcoming matches for the saved searches"
      return
    }
    mode = .savedSearches(items, ListCursor())
  }

  mutating func handleSavedSearches(_ key: Key, items: [SavedMatch], cursor: ListCursor) {
    if let moved = movedCursor(cursor, key: key, count: items.count, list: savedSearchList(items)) {
      mode = .savedSearches(items, moved)
      return
    }
    switch key {
    case .escape: mode = .guide
    case .character("q"): isFinished = true
    case .enter:
      if items.indices.contains(cursor.selected) { goTo(items[cursor.selected].ref) }
    case .character("w"), .character("W"):
      if items.indices.contains(cursor.selected) {
        watch(items[cursor.selected].ref, fromStart: key == .character("W"))
      }
    case .character("r"):
      if items.indices.contains(cursor.selected) { toggleReminder(items[cursor.selected].ref) }
    case .character("?"), .function(1): mode = .help(scroll: 0)
    default: break
    }
  }
}
