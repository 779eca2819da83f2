import EPGLayout
import EPGSchedule

extension ReminderList {
  /// Where a reminder's programme is in a schedule.
  public struct Location: Hashable, Sendable {
    /// Index into `Schedule.channels` / `programmes`.
    public var channel: Int
    /// Index into `Schedule.programmes[channel]`.
    public var item: Int
    /// Seconds from the programme's times there to the reminder's airing:
    /// the reminder's shift less the channel's (0 on a row of the
    /// reminder's own key; 3600 for a "+1" reminder found on the guide
    /// channel itself).
    public var offset: Int64 = 0
  }

  /// What a refresh did to one reminder.
  public enum Change: Hashable, Sendable {
    /// The programme moved from `from` (epoch seconds); the reminder
    /// follows it.
    case moved(index: Int, from: EpochSeconds)
    /// The programme is no longer in the guide; the reminder is kept and
    /// flagged.
    case missing(index: Int)
  }

  /// The programme of `reminder` in `schedule`, on a channel with the
  /// reminder's key (`Channel.key`: id and shift), else on one with its id
  /// and another shift (the guide file alone for a "+1" reminder: the
  /// times compared are moved by the difference): the one with the same
  /// start and title; else the one with the same title whose start is
  /// nearest, within `followWindow` (3 h); else nil.
  public static func locate(_ reminder: Reminder, in schedule: Schedule) -> Location? {
    let own = schedule.channels.indices.filter { schedule.channels[$0].key == reminder.key }
    let others = schedule.channels.indices.filter {
      schedule.channels[$0].key.id == reminder.channelID
        && schedule.channels[$0].key.shift != reminder.shift
    }
    for channels in [own, others] {
      var best: (distance: Int64, location: Location)?
      for channel in channels {
        let offset = reminder.shift - schedule.channels[channel].key.shift
        let target = reminder.start - offset
        // Only programmes starting within the window are read (by their
        // times alone first: a mapped column decodes just those).
        let programmes = schedule.programmes[channel]
        var item = programmes.firstIndex(endingAfter: target - followWindow)
        while item < programmes.count {
          let start = programmes.span(at: item).start
          if start > target + followWindow { break }
          let distance = abs(start - target)
          if distance <= followWindow, best == nil || distance < best!.distance,
            Reminder.sameTitle(programmes[item].title, reminder.title)
          {
            best = (distance, Location(channel: channel, item: item, offset: offset))
          }
          item += 1
        }
      }
      if let best { return best.location }
    }
    return nil
  }

  /// Matches every reminder against a (new) guide: a programme that moved
  /// takes its reminder with it (start, stop and sub-title updated), one
  /// that is gone leaves its reminder flagged `isMissing`. Reminders whose
  /// programme has ended before `now` are left as they are. Returns what
  /// changed (indices after the re-sort).
  @discardableResult
  public mutating func refresh(against schedule: Schedule, now: EpochSeconds) -> [Change] {
    var updated = reminders
    var movedFrom: [Reminder: EpochSeconds] = [:]
    for index in updated.indices where updated[index].stop > now {
      guard let location = Self.locate(updated[index], in: schedule) else {
        updated[index].isMissing = true
        continue
      }
      let programme = schedule.programmes[location.channel][location.item]
      let old = updated[index].start
      updated[index].isMissing = false
      updated[index].start = programme.start + location.offset
      updated[index].stop = programme.listedStop + location.offset
      updated[index].subtitle = programme.subTitle ?? updated[index].subtitle
      if updated[index].start != old { movedFrom[updated[index]] = old }
    }
    self = ReminderList(updated)
    var changes: [Change] = []
    for (index, reminder) in reminders.enumerated() {
      if let from = movedFrom[reminder] { changes.append(.moved(index: index, from: from)) }
      if reminder.isMissing && reminder.stop > now { changes.append(.missing(index: index)) }
    }
    return changes
  }
}
