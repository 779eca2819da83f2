extension ReminderList {
  /// Applies the change from `old` to `new` (what one tvgrid did to its
  /// copy) to this list (the file as it is now, perhaps changed meanwhile
  /// by `tvgrid remind` from cron): reminders in `old` but not in `new`
  /// are removed, those in `new` but not in `old` are added, replacing one
  /// for the same programme (channel key, start and title). Reminders only
  /// this list has are kept.
  public mutating func apply(changeFrom old: ReminderList, to new: ReminderList) {
    let before = Set(old.reminders)
    let after = Set(new.reminders)
    let removed = before.subtracting(after)
    let added = new.reminders.filter { !before.contains($0) }
    var result = reminders.filter { !removed.contains($0) }
    for reminder in added {
      result.removeAll { $0.isSameProgramme(as: reminder) }
      result.append(reminder)
    }
    self = ReminderList(result)
  }
}
