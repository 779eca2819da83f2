/// A date of the proleptic Gregorian calendar, and its day count since
/// 1970-01-01 (Howard Hinnant's `days_from_civil` and `civil_from_days`,
/// exact for every `Int64` day count whose year fits in an `Int`): tvgrid's
/// one civil-date arithmetic.
public struct CivilDate: Hashable, Sendable {
  public var year: Int
  /// 1...12.
  public var month: Int
  /// 1...31.
  public var day: Int

  public init(year: Int, month: Int, day: Int) {
    self.year = year
    self.month = month
    self.day = day
  }

  /// The date `days` days after 1970-01-01 (before it if negative).
  public init(daysSinceEpoch days: Int64) {
    let z = days + 719_468
    let era = TimeMath.floorDiv(z, 146_097)
    let doe = z - era * 146_097  // [0, 146096]
    let yoe = (doe - doe / 1460 + doe / 36_524 - doe / 146_096) / 365  // [0, 399]
    let doy = doe - (365 * yoe + yoe / 4 - yoe / 100)  // [0, 365], from 1 March
    let mp = (5 * doy + 2) / 153  // [0, 11], March = 0
    day = Int(doy - (153 * mp + 2) / 5 + 1)
    month = Int(mp < 10 ? mp + 3 : mp - 9)
    year = Int(yoe + era * 400) + (month <= 2 ? 1 : 0)
  }

  /// Days from 1970-01-01 to this date (negative before it). The month and
  /// day are taken as given (no range check: 31 February counts on).
  public var daysSinceEpoch: Int64 {
    let y = Int64(month <= 2 ? year - 1 : year)
    let era = TimeMath.floorDiv(y, 400)
    let yoe = y - era * 400
    let mp = Int64((month + 9) % 12)
    let doy = (153 * mp + 2) / 5 + Int64(day) - 1
    let doe = yoe * 365 + yoe / 4 - yoe / 100 + doy
    return era * 146_097 + doe - 719_468
  }
}
