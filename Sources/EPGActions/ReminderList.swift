import EPGLayout
import EPGSchedule

/// The user's reminders (`reminders.json` in the data folder), sorted by
/// start. A value: load it, change it, save it (`ReminderList+Storage`).
public struct ReminderList: Hashable, Sendable {
  public private(set) var reminders: [Reminder]

  /// How far ahead of its start a reminder fires by default, in seconds
  /// (`remind_before = 2`, minutes, in the config).
  public static let defaultLead: Int64 = 120
  /// How far a programme may move and still be followed, in seconds.
  public static let followWindow: Int64 = 3 * 3600

  public init(_ reminders: [Reminder] = []) {
    self.reminders = reminders.sorted(by: Self.order)
  }

  static func order(_ a: Reminder, _ b: Reminder) -> Bool {
    (a.start, a.channelID, a.shift, a.title) < (b.start, b.channelID, b.shift, b.title)
  }

  public var isEmpty: Bool { reminders.isEmpty }

  /// The reminder for `programme` on the channel with `key`, if any.
  public func index(of programme: Programme, key: ChannelKey) -> Int? {
    reminders.firstIndex { $0.isFor(programme, key: key) }
  }

  /// Adds `reminder` unless one for the same programme exists; returns
  /// whether it was added.
  @discardableResult
  public mutating func add(_ reminder: Reminder) -> Bool {
    guard !reminders.contains(where: { $0.isSameProgramme(as: reminder) }) else { return false }
    reminders.append(reminder)
    reminders.sort(by: Self.order)
    return true
  }

  /// Sets a reminder for `programme` on `channel`, or removes the one it
  /// has; returns true when one was set (`r` in the guide).
  @discardableResult
  public mutating func toggle(_ programme: Programme, on channel: Channel) -> Bool {
    if let index = index(of: programme, key: channel.key) {
      reminders.remove(at: index)
      return false
    }
    return add(Reminder(programme: programme, channel: channel))
  }

  public mutating func remove(at index: Int) {
    reminders.remove(at: index)
  }

  /// Removes reminders whose programme ended before `instant`.
  public mutating func removeEnded(before instant: EpochSeconds) {
    reminders.removeAll { $0.stop < instant }
  }

  /// The indices of the reminders due at `now`: not fired for their start,
  /// `lead` seconds before the start is at or before `now + within`, and
  /// the programme not yet over. Soonest first.
  public func due(now: EpochSeconds, within: Int64 = 0, lead: Int64 = defaultLead) -> [Int] {
    reminders.indices.filter { index in
      let reminder = reminders[index]
      return !reminder.hasFired && reminder.start - lead <= now + within && now < reminder.stop
    }
  }

  /// Records that the reminder at `index` fired (for its current start).
  public mutating func markFired(_ index: Int) {
    reminders[index].firedStart = reminders[index].start
  }
}

extension ReminderList {
  /// Marks the reminders due at `now` (see `due`) as fired and returns
  /// them, soonest first: each fires once (`tvgrid remind --due` from cron,
  /// the notice in the guide).
  public mutating func fireDue(now: EpochSeconds, within: Int64 = 0, lead: Int64 = defaultLead)
    -> [Reminder]
  {
    let indices = due(now: now, within: within, lead: lead)
    for index in indices { markFired(index) }
    return indices.map { reminders[$0] }
  }
}

extension ReminderList {
  /// Which programmes have a reminder, for marking them while drawing
  /// (compute once per change of the list, then look up per programme).
  public struct Marks: Hashable, Sendable {
    var starts: [ChannelKey: Set<EpochSeconds>]

    /// Whether a reminder is set for the programme starting at `start` on
    /// the channel with `key` (titles are not compared: the marks are for
    /// drawing, `index(of:key:)` is the exact test).
    public func contains(key: ChannelKey, start: EpochSeconds) -> Bool {
      starts[key]?.contains(start) ?? false
    }
  }

  /// The marks of every reminder.
  public var marks: Marks {
    var starts: [ChannelKey: Set<EpochSeconds>] = [:]
    for reminder in reminders { starts[reminder.key, default: []].insert(reminder.start) }
    return Marks(starts: starts)
  }
}
