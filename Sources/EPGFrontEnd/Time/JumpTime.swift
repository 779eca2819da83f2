import EPGLayout
import EPGSchedule

/// Where the `:` prompt asks the guide to go, read from what was typed
/// (English words, any case, words separated by spaces):
///
///     21:00  9pm  8:30pm  8 pm  noon  midnight   that time on the day in view
///     9  21 (a bare hour, 24-hour clock)
///     fri 21:00  friday 9pm  tomorrow 8pm        that day (a weekday is the
///     yesterday 06:00  2026-12-24 20:15          next one from today, today
///                                                included) at that time
///     today  tomorrow  fri  2026-12-24           that day, at the time of day
///                                                in view (as `[` `]` keep it)
///     +2h  -30m  +1h30m                          the view moved by that long
///     now                                        now
///     2026-12-24T20:15Z  20261224201500 +0000    a timestamp (ISO 8601, XMLTV,
///     @1796000000                                seconds since 1970)
///
/// The one reader of times typed by people: the `:` prompt (`parse`), the
/// command line's `--now`, `--at`, `--start` (`instant`) and the config's
/// `prime_time` (`minuteOfDay`). `parse` is a pure function of the text,
/// now, the day in view (a local day number of `zone`) and `zone`.
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

  /// Reads `text`. `now` is the instant (its local day is today);
  /// `dayInView` is a local day number in `zone`.
  public static func parse(
    _ text: String, now: EpochSeconds, dayInView: Int64, zone: UTCOffsetTable
  ) -> Result<JumpTime, ParseError> {
    let words = text.lowercased().split(whereSeparator: { $0 == " " || $0 == "\t" }).map(
      String.init)
    guard let first = words.first else {
      return .failure(ParseError(description: "Type a day or time: " + examples))
    }
    if first.hasPrefix("+") || first.hasPrefix("-") {
      return offset(words.joined()).map { .offset($0) }
    }
    if words == ["now"] { return .success(.instant(now)) }
    let read = parse(
      tokens: joinedSuffixes(words), text: text, now: now, dayInView: dayInView, zone: zone)
    if case .failure = read, let stamp = timestamp(text, zone: zone) {
      return .success(.instant(stamp))
    }
    return read
  }

  /// `text` as a timestamp (ISO 8601, XMLTV, `@SECONDS`; without a zone,
  /// local time in `zone`), when it has the digits of a date (8) or is
  /// `@SECONDS`; nil otherwise.
  static func timestamp(_ text: String, zone: UTCOffsetTable) -> EpochSeconds? {
    let trimmed = text.trimmingWhitespace()
    guard trimmed.hasPrefix("@") || trimmed.filter({ $0.isASCII && $0.isNumber }).count >= 8,
      let rough = TimestampParser.parse(trimmed, floatingOffset: 0)
    else { return nil }
    return TimestampParser.parse(trimmed, floatingOffset: Int(zone.offset(at: rough)))
  }

  /// `words` with `am`/`pm` joined to the number before them (`8 pm`).
  static func joinedSuffixes(_ words: [String]) -> [String] {
    var tokens: [String] = []
    for word in words {
      if word == "am" || word == "pm", let last = tokens.popLast() {
        tokens.append(last + word)
      } else {
        tokens.append(word)
      }
    }
    return tokens
  }

  /// Days and clock times (`tokens` from `joinedSuffixes`).
  static func parse(
    tokens: [String], text: String, now: EpochSeconds, dayInView: Int64, zone: UTCOffsetTable
  ) -> Result<JumpTime, ParseError> {
    let today = LocalTime(now, in: zone).dayNumber
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

  /// `text` as an instant relative to `now` (what `--now`, `--at` and
  /// `--start` read): a timestamp first, else what `parse` reads with
  /// today in view, a day alone at now's time of day, a move from now.
  public static func instant(
    _ text: String, now: EpochSeconds, zone: UTCOffsetTable
  ) -> Result<EpochSeconds, ParseError> {
    if let stamp = timestamp(text, zone: zone) { return .success(stamp) }
    let local = LocalTime(now, in: zone)
    let minute = local.hour * 60 + local.minute
    let seconds = now - LocalTime.instant(local.dayNumber, minute: minute, in: zone)
    return parse(text, now: now, dayInView: local.dayNumber, zone: zone).map { jump in
      switch jump {
      case .instant(let instant): instant
      case .offset(let offset): now + offset
      case .day(let day): LocalTime.instant(day, minute: minute, in: zone) + seconds
      }
    }
  }

  /// `text` as a time of day in minutes after midnight (`prime_time`):
  /// `20:15`, `8pm`, `8:15 pm`, `21`, `noon`.
  public static func minuteOfDay(_ text: String) -> Result<Int, ParseError> {
    let bad = ParseError(description: "a time of day (20:00, 8pm, 20:15), not '\(text)'")
    let tokens = joinedSuffixes(
      text.lowercased().split(whereSeparator: { $0 == " " || $0 == "\t" }).map(String.init))
    guard tokens.count == 1, let parsed = parseClock(tokens[0]), let minute = parsed else {
      return .failure(bad)
    }
    return .success(minute)
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
    // A bare number is an hour: `9pm`, or on the 24-hour clock `21`.
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
