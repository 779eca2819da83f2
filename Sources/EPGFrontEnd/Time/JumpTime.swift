import EPGLayout

/// Where the `:` prompt asks the guide to go, read from what was typed
/// (English words, any case, words separated by spaces):
///
///     21:00  9pm  8:30pm  8 pm  noon  midnight   that time on the day in view
///     fri 21:00  friday 9pm  tomorrow 8pm        that day (a weekday is the
///     yesterday 06:00  2026-12-24 20:15          next one from today, today
///                                                included) at that time
///     today  tomorrow  fri  2026-12-24           that day, at the time of day
///                                                in view (as `[` `]` keep it)
///     +2h  -30m  +1h30m                          the view moved by that long
///
/// `parse` is a pure function of the text, today and the day in view (local
/// day numbers of `zone`) and `zone`.
public enum JumpTime: Hashable, Sendable {
  /// An instant: the view goes there as `p` goes to prime time.
  case instant(EpochSeconds)
  /// A local day (day number of the zone), keeping the time of day in view.
  case day(Int64)
  /// The view moved by this many seconds (negative: earlier).
  case offset(EpochSeconds)

  /// Why the text could not be read; `description` is the message for the
  /// status line.
  public struct ParseError: Error, Hashable, Sendable, CustomStringConvertible {
    public var description: String
  }

  static let examples = "try 21:00, fri 21:00, tomorrow 8pm, 2026-12-24 20:15, +2h"
  static let weekdays = [
    "sunday", "monday", "tuesday", "wednesday", "thursday", "friday", "saturday",
  ]

  /// Reads `text`. `today` and `dayInView` are local day numbers in `zone`.
  public static func parse(
    _ text: String, today: Int64, dayInView: Int64, zone: UTCOffsetTable
  ) -> Result<JumpTime, ParseError> {
    let words = text.lowercased().split(whereSeparator: { $0 == " " || $0 == "\t" }).map(
      String.init)
    guard let first = words.first else {
      return .failure(ParseError(description: "Type a day or time: " + examples))
    }
    if first.hasPrefix("+") || first.hasPrefix("-") {
      return offset(words.joined()).map { .offset($0) }
    }
    // "8 pm": the suffix joins the number before it.
    var tokens: [String] = []
    for word in words {
      if word == "am" || word == "pm", let last = tokens.popLast() {
        tokens.append(last + word)
      } else {
        tokens.append(word)
      }
    }
    var day: Int64?
    var minute: Int?
    for token in tokens {
      if let parsed = parseDay(token, today: today) {
        guard let value = parsed else {
          return .failure(ParseError(description: "No such date: \(token)"))
        }
        guard day == nil else {
          return .failure(ParseError(description: "Two days in '\(text)': " + examples))
        }
        day = value
      } else if let parsed = parseClock(token) {
        guard let value = parsed else {
          return .failure(ParseError(description: "No such time: \(token)"))
        }
        guard minute == nil else {
          return .failure(ParseError(description: "Two times in '\(text)': " + examples))
        }
        minute = value
      } else {
        return .failure(ParseError(description: "Cannot read '\(token)': " + examples))
      }
    }
    guard let minute else { return .success(.day(day ?? dayInView)) }
    return .success(.instant(LocalTime.instant(day ?? dayInView, minute: minute, in: zone)))
  }

  /// `+2h`, `-30m`, `+1h30m` (also `min`, `hr`): signed seconds.
  static func offset(_ text: String) -> Result<EpochSeconds, ParseError> {
    let sign: EpochSeconds = text.hasPrefix("-") ? -1 : 1
    var rest = Substring(text.dropFirst())
    var total: EpochSeconds = 0
    let bad = ParseError(
      description: "Cannot read '\(text)': a move is +2h, -30m or +1h30m (a day: [ or ])")
    guard !rest.isEmpty else { return .failure(bad) }
    while !rest.isEmpty {
      let digits = rest.prefix { $0.isASCII && $0.isNumber }
      guard !digits.isEmpty, digits.count <= 6, let amount = EpochSeconds(digits) else {
        return .failure(bad)
      }
      rest = rest.dropFirst(digits.count)
      let unit = rest.prefix { $0.isLetter }
      rest = rest.dropFirst(unit.count)
      switch unit {
      case "m", "min", "mins": total += amount * 60
      case "h", "hr", "hrs": total += amount * 3600
      default: return .failure(bad)
      }
    }
    return .success(sign * total)
  }

  /// A day word: nil when `token` is not one; `.some(nil)` for a date
  /// written as one that does not exist (`2026-02-30`).
  static func parseDay(_ token: String, today: Int64) -> Int64?? {
    switch token {
    case "today": return .some(today)
    case "tomorrow": return .some(today + 1)
    case "yesterday": return .some(today - 1)
    default: break
    }
    if token.count >= 3, let weekday = weekdays.firstIndex(where: { $0.hasPrefix(token) }) {
      // 1970-01-01 (day 0) was a Thursday (4).
      let todayWeekday = Int((today % 7 + 11) % 7)
      return .some(today + Int64((weekday - todayWeekday + 7) % 7))
    }
    let parts = token.split(separator: "-", omittingEmptySubsequences: false)
    guard parts.count == 3, parts[0].count == 4, parts[1].count == 2, parts[2].count == 2,
      parts.allSatisfy({ $0.allSatisfy { $0.isASCII && $0.isNumber } }),
      let year = Int(parts[0]), let month = Int(parts[1]), let day = Int(parts[2])
    else { return nil }
    let date = CivilDate(year: year, month: month, day: day)
    guard (1...12).contains(month), CivilDate(daysSinceEpoch: date.daysSinceEpoch) == date else {
      return .some(nil)
    }
    return .some(date.daysSinceEpoch)
  }

  /// A clock time in minutes after midnight: nil when `token` is not one;
  /// `.some(nil)` for one written as a time that does not exist (`25:00`).
  static func parseClock(_ token: String) -> Int?? {
    switch token {
    case "noon", "midday": return .some(12 * 60)
    case "midnight": return .some(0)
    default: break
    }
    var body = Substring(token)
    var half: Int?  // 0 am, 12 pm
    if body.hasSuffix("am") || body.hasSuffix("pm") {
      half = body.hasSuffix("pm") ? 12 : 0
      body = body.dropLast(2)
    }
    let parts = body.split(separator: ":", omittingEmptySubsequences: false)
    guard (1...2).contains(parts.count), (1...2).contains(parts[0].count),
      parts.allSatisfy({ !$0.isEmpty && $0.allSatisfy { $0.isASCII && $0.isNumber } }),
      let hour = Int(parts[0])
    else { return nil }
    // A bare number is a time only with am/pm (`9pm`); `21` alone is not.
    guard parts.count == 2 || half != nil else { return nil }
    let minute = parts.count == 2 ? Int(parts[1]) ?? 99 : 0
    guard parts.count == 1 || parts[1].count == 2, minute < 60 else { return .some(nil) }
    if let half {
      guard (1...12).contains(hour) else { return .some(nil) }
      return .some((hour % 12 + half) * 60 + minute)
    }
    guard hour < 24 else { return .some(nil) }
    return .some(hour * 60 + minute)
  }
}
