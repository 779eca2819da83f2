import EPGLayout
import EPGSchedule

extension ReminderList {
  /// Sets a reminder for each upcoming match (not started at `now`) of the
  /// searches in `searches` that set reminders by themselves
  /// (`SavedSearch.setsReminders`, epgsearch's search timers), repeats
  /// collapsed as in `SavedSearch.upcoming`. Returns the reminders added
  /// (matches that already had one are left alone).
  @discardableResult
  public mutating func addMatches(
    of searches: [SavedSearch], in schedule: Schedule, now: EpochSeconds,
    context: ProgrammeQuery.Context
  ) -> [Reminder] {
    let reminding = searches.filter(\.setsReminders)
    guard !reminding.isEmpty else { return [] }
    let span = TimeSpan(start: now, end: EpochSeconds.max / 2)
    var added: [Reminder] = []
    for group in SavedSearch.upcoming(reminding, in: schedule, during: span, context: context) {
      for match in group.matches {
        let programme = schedule.programmes[match.channel][match.item]
        guard programme.start > now else { continue }
        let reminder = Reminder(programme: programme, channel: schedule.channels[match.channel])
        if add(reminder) { added.append(reminder) }
      }
    }
    return added
  }
}
