import EPGLayout

/// A civil (wall-clock) date and time in the display zone.
public struct LocalTime: Hashable, Sendable {
  public var year: Int
  /// 1...12.
  public var month: Int
  /// 1...31.
  public var day: Int
  public var hour: Int
  public var minute: Int
  /// 0 = Sunday ... 6 = Saturday.
  public var weekday: Int
  /// Days since 1970-01-01 in local time (identifies the local day).
  public var dayNumber: Int64

  /// `instant` seen in `zone`.
  public init(_ instant: EpochSeconds, in zone: UTCOffsetTable) {
    let local = instant + EpochSeconds(zone.offset(at: instant))
    let days = TimeMath.floorDiv(local, 86_400)
    let secondsOfDay = local - days * 86_400
    dayNumber = days
    hour = Int(secondsOfDay / 3600)
    minute = Int(secondsOfDay % 3600 / 60)
    weekday = Int((days % 7 + 11) % 7)  // 1970-01-01 was a Thursday (4).
    let date = CivilDate(daysSinceEpoch: days)
    year = date.year
    month = date.month
    day = date.day
  }

  /// The instant at which local day `dayNumber` starts (its first instant at
  /// or after local midnight) in `zone`.
  public static func startOfDay(_ dayNumber: Int64, in zone: UTCOffsetTable) -> EpochSeconds {
    instant(dayNumber, minute: 0, in: zone)
  }

  /// The instant the local clock shows `minute` minutes after midnight of
  /// local day `dayNumber` in `zone`. A time the clocks skip (going
  /// forward) comes out shifted forward by the gap; a time shown twice
  /// (going back) gives one of its two instants.
  public static func instant(
    _ dayNumber: Int64, minute: Int, in zone: UTCOffsetTable
  ) -> EpochSeconds {
    let wallUTC = dayNumber * 86_400 + EpochSeconds(minute) * 60
    // Try the offset in force around then; correct once for a transition.
    var guess = wallUTC - EpochSeconds(zone.offset(at: wallUTC))
    let corrected = wallUTC - EpochSeconds(zone.offset(at: guess))
    if corrected != guess { guess = max(guess, corrected) }
    return guess
  }
}
