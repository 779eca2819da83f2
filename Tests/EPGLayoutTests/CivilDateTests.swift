import EPGLayout
import Testing

/// The one civil-date arithmetic, against day counts worked by hand.
@Suite struct CivilDateTests {
  /// 2000-01-01 is 30 years of 365 days plus 7 leap days (1972 … 1996)
  /// after 1970-01-01: 10 957; 1 March 2000 is 31 + 29 days later (2000 is
  /// a leap year); 1900-01-01 is 70 · 365 + 17 leap days (1904 … 1968)
  /// before: −25 567; 1 March 1900 is 31 + 28 later (1900 is not leap).
  @Test(arguments: [
    (1970, 1, 1, Int64(0)), (1969, 12, 31, -1), (2000, 1, 1, 10_957), (2000, 2, 29, 11_016),
    (2000, 3, 1, 11_017), (1900, 1, 1, -25_567), (1900, 3, 1, -25_508),
  ])
  func dayCounts(year: Int, month: Int, day: Int, days: Int64) {
    let date = CivilDate(year: year, month: month, day: day)
    #expect(date.daysSinceEpoch == days)
    #expect(CivilDate(daysSinceEpoch: days) == date)
  }

  /// Consecutive day counts are consecutive dates, across four centuries
  /// either side of the epoch (each step checked by the calendar's rules).
  @Test func everyDayFollowsTheDayBefore() {
    var date = CivilDate(daysSinceEpoch: -146_097 - 1)
    for days in Int64(-146_097)...146_097 {
      let next = CivilDate(daysSinceEpoch: days)
      let leap = (date.year % 4 == 0 && date.year % 100 != 0) || date.year % 400 == 0
      let length = [31, leap ? 29 : 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31][date.month - 1]
      let expected =
        date.day < length
        ? CivilDate(year: date.year, month: date.month, day: date.day + 1)
        : date.month < 12
          ? CivilDate(year: date.year, month: date.month + 1, day: 1)
          : CivilDate(year: date.year + 1, month: 1, day: 1)
      #expect(next == expected)
      if next != expected { break }
      #expect(next.daysSinceEpoch == days)
      date = next
    }
  }
}
