import EPGLayout

/// Formats instants for the screen, in one display zone, with English names
/// (deterministic: no locale lookup).
public struct TimeFormat: Hashable, Sendable {
  public var zone: UTCOffsetTable
  /// 12-hour clock (`2:30pm`) instead of 24-hour (`14:30`).
  public var twelveHour: Bool

  public init(zone: UTCOffsetTable = .utc, twelveHour: Bool = false) {
    self.zone = zone
    self.twelveHour = twelveHour
  }

  static let weekdays = ["Sun", "Mon", "Tue", "Wed", "Thu", "Fri", "Sat"]
  static let months = [
    "Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec",
  ]

  public func local(_ instant: EpochSeconds) -> LocalTime { LocalTime(instant, in: zone) }

  /// `14:30` or `2:30pm`.
  public func clock(_ instant: EpochSeconds) -> String {
    let t = local(instant)
    return clock(hour: t.hour, minute: t.minute)
  }

  /// Minutes between time-row labels at `columnsPerHour` (columns per
  /// hour, > 0): the shortest of 30, 60, 120, 240, 480, 720 and 1440 whose
  /// columns hold the widest clock label ("10:30", "10:30am") and a space.
  ///
  ///     24-hour clock: 24 columns an hour → 30, 12 → 30, 6 → 60, 3 → 120
  ///     12-hour clock: 24 → 30, 12 → 60, 6 → 120, 3 → 240
  public func labelInterval(columnsPerHour: Int) -> Int {
    let room = clock(hour: 10, minute: 30).count + 1
    for minutes in [30, 60, 120, 240, 480, 720] where columnsPerHour * minutes / 60 >= room {
      return minutes
    }
    return 1440
  }

  /// The time-row label of `instant`: its clock time when it is a multiple
  /// of `interval` minutes (local), else "" (no label).
  public func timeRowLabel(_ instant: EpochSeconds, interval: Int) -> String {
    let t = local(instant)
    guard (t.hour * 60 + t.minute) % max(1, interval) == 0 else { return "" }
    return clock(hour: t.hour, minute: t.minute)
  }

  func clock(hour: Int, minute: Int) -> String {
    let mm = minute < 10 ? "0\(minute)" : "\(minute)"
    if twelveHour {
      let h = hour % 12 == 0 ? 12 : hour % 12
      return "\(h):\(mm)\(hour < 12 ? "am" : "pm")"
    }
    return (hour < 10 ? "0\(hour)" : "\(hour)") + ":" + mm
  }

  /// `Mon 30 Nov 2026`.
  public func date(_ instant: EpochSeconds) -> String {
    let t = local(instant)
    return "\(TimeFormat.weekdays[t.weekday]) \(t.day) \(TimeFormat.months[t.month - 1]) \(t.year)"
  }

  /// `Mon 30 Nov`.
  public func shortDate(_ instant: EpochSeconds) -> String {
    let t = local(instant)
    return "\(TimeFormat.weekdays[t.weekday]) \(t.day) \(TimeFormat.months[t.month - 1])"
  }

  /// `Mon 30`: the weekday and day of the month.
  public func dayName(_ instant: EpochSeconds) -> String {
    let t = local(instant)
    return "\(TimeFormat.weekdays[t.weekday]) \(t.day)"
  }

  /// Whether `instant` is the first instant of its local day (midnight, or
  /// the first hour after a midnight the clocks skip).
  public func isStartOfDay(_ instant: EpochSeconds) -> Bool {
    LocalTime.startOfDay(local(instant).dayNumber, in: zone) == instant
  }

  /// `1h 30m`, `45m`, `2h`.
  public static func duration(_ seconds: EpochSeconds) -> String {
    let minutes = max(0, seconds) / 60
    let h = minutes / 60
    let m = minutes % 60
    if h == 0 { return "\(m)m" }
    return m == 0 ? "\(h)h" : "\(h)h \(m)m"
  }
}
