import EPGCore

/// Parses the timestamps of XMLTV files and of the command line into
/// absolute instants (epoch seconds, UTC).
///
/// XMLTV form: any leading part of `YYYYMMDDhhmmss` (missing fields take
/// their lowest value), then optionally a zone: `±hhmm`, `±hh:mm`, `±hh`,
/// `Z` or a common zone name (`UTC`, `GMT`, `BST`, `CET`, `CEST`, `EST`,
/// `EDT`, …), with or without a space before it. No zone means UTC.
///
/// ISO 8601 form (for `--now`/`--start`): `2026-11-30T20:15:00Z`,
/// `2026-11-30T20:15+01:00`, `2026-11-30 20:15`, `2026-11-30`, optional
/// fractional seconds (dropped). No zone means `floatingOffset`.
public enum TimestampParser {
  /// A parsed XMLTV timestamp with what the file actually said.
  public struct Parsed: Hashable, Sendable {
    public var instant: EpochSeconds
    /// How many of the 14 date-time digits were present.
    public var digitCount: Int
    /// Whether the text named a zone or offset.
    public var hasZone: Bool
  }

  /// Parses an XMLTV timestamp; nil if it is malformed or out of range.
  public static func parseXMLTV(_ text: String) -> EpochSeconds? {
    parseXMLTVDetailed(text)?.instant
  }

  /// Parses an XMLTV timestamp, keeping how complete it was.
  public static func parseXMLTVDetailed(_ text: String) -> Parsed? {
    var copy = text
    return copy.withUTF8 { parseXMLTV(bytes: $0) }
  }

  /// Parses an XMLTV timestamp from UTF-8 bytes (the loader's fast path).
  public static func parseXMLTV(bytes: UnsafeBufferPointer<UInt8>) -> Parsed? {
    var scanner = Scanner(bytes: bytes)
    scanner.skipSpaces()
    // year, month, day, hour, minute, second: any leading part; missing
    // fields take their lowest value.
    var fields: InlineArray<6, Int> = [0, 1, 1, 0, 0, 0]
    var digits = 0
    for index in fields.indices {
      let width = index == 0 ? 4 : 2
      guard let value = scanner.digits(exactly: width) else { break }
      fields[index] = value
      digits += width
    }
    guard digits >= 4 else { return nil }
    // A digit left over means a field was cut in half (e.g. 7 digits).
    if let next = scanner.peek, isDigit(next) { return nil }
    scanner.skipSpaces()
    var offset = 0
    var hasZone = false
    if !scanner.isAtEnd {
      guard let zone = scanner.zone() else { return nil }
      offset = zone
      hasZone = true
      scanner.skipSpaces()
      guard scanner.isAtEnd else { return nil }
    }
    guard
      let local = epochSeconds(
        year: fields[0], month: fields[1], day: fields[2], hour: fields[3], minute: fields[4],
        second: fields[5])
    else { return nil }
    return Parsed(instant: local - EpochSeconds(offset), digitCount: digits, hasZone: hasZone)
  }

  /// Parses user input: ISO 8601 (see the type's documentation), an XMLTV
  /// timestamp, or `@SECONDS` since the epoch. Text without a zone is read
  /// as local time at `floatingOffset` seconds east of UTC.
  public static func parse(_ text: String, floatingOffset: Int = 0) -> EpochSeconds? {
    var copy = text
    return copy.withUTF8 { bytes -> EpochSeconds? in
      var scanner = Scanner(bytes: bytes)
      scanner.skipSpaces()
      if scanner.peek == UInt8(ascii: "@") {
        scanner.advance()
        var negative = false
        if scanner.peek == UInt8(ascii: "-") {
          negative = true
          scanner.advance()
        }
        guard let value = scanner.number(maxDigits: 12) else { return nil }
        scanner.skipSpaces()
        guard scanner.isAtEnd else { return nil }
        return EpochSeconds(negative ? -value : value)
      }
      if let iso = parseISO(&scanner, floatingOffset: floatingOffset) { return iso }
      guard let parsed = parseXMLTV(bytes: bytes) else { return nil }
      return parsed.hasZone ? parsed.instant : parsed.instant - EpochSeconds(floatingOffset)
    }
  }

  /// The offset east of UTC in seconds of a zone name (`BST` → 3600), or
  /// nil if unknown. Case-insensitive.
  public static func offset(ofZoneNamed name: String) -> Int? {
    zoneOffsets[name.uppercased()]
  }

  /// Common zone abbreviations and their offsets in minutes east of UTC.
  static let zoneOffsets: [String: Int] = {
    let minutes: [String: Int] = [
      "UTC": 0, "UT": 0, "GMT": 0, "Z": 0, "WET": 0, "WEST": 60, "BST": 60, "IST": 60,
      "CET": 60, "CEST": 120, "MET": 60, "MEST": 120, "MEZ": 60, "MESZ": 120,
      "EET": 120, "EEST": 180, "MSK": 180, "SAST": 120, "WAT": 60, "CAT": 120, "EAT": 180,
      "EST": -300, "EDT": -240, "CST": -360, "CDT": -300, "MST": -420, "MDT": -360,
      "PST": -480, "PDT": -420, "AKST": -540, "AKDT": -480, "HST": -600, "AST": -240,
      "ADT": -180, "NST": -210, "NDT": -150, "JST": 540, "KST": 540, "HKT": 480,
      "SGT": 480, "AWST": 480, "ACST": 570, "ACDT": 630, "AEST": 600, "AEDT": 660,
      "NZST": 720, "NZDT": 780,
    ]
    return minutes.mapValues { $0 * 60 }
  }()

  // MARK: - ISO 8601

  private static func parseISO(_ scanner: inout Scanner, floatingOffset: Int) -> EpochSeconds? {
    let start = scanner
    // Years beyond 0…9999 carry a sign (ISO 8601 expanded form), e.g. -0001.
    var yearSign = 1
    if scanner.take(UInt8(ascii: "-")) {
      yearSign = -1
    } else {
      _ = scanner.take(UInt8(ascii: "+"))
    }
    var yearDigits = 0
    var yearValue = 0
    while let byte = scanner.peek, isDigit(byte), yearDigits < 9 {
      yearValue = yearValue * 10 + Int(byte - 48)
      yearDigits += 1
      scanner.advance()
    }
    let year = yearSign * yearValue
    guard yearDigits >= 4, scanner.take(UInt8(ascii: "-")),
      let month = scanner.digits(exactly: 2), scanner.take(UInt8(ascii: "-")),
      let day = scanner.digits(exactly: 2)
    else {
      scanner = start
      return nil
    }
    var hour = 0
    var minute = 0
    var second = 0
    if scanner.take(UInt8(ascii: "T")) || scanner.take(UInt8(ascii: "t"))
      || scanner.take(UInt8(ascii: " "))
    {
      scanner.skipSpaces()
      guard let h = scanner.digits(exactly: 2), scanner.take(UInt8(ascii: ":")),
        let m = scanner.digits(exactly: 2)
      else { return nil }
      hour = h
      minute = m
      if scanner.take(UInt8(ascii: ":")) {
        guard let s = scanner.digits(exactly: 2) else { return nil }
        second = s
        if scanner.take(UInt8(ascii: ".")) || scanner.take(UInt8(ascii: ",")) {
          guard scanner.number(maxDigits: 9) != nil else { return nil }
        }
      }
    }
    scanner.skipSpaces()
    var offset = floatingOffset
    if !scanner.isAtEnd {
      guard let zone = scanner.zone() else { return nil }
      offset = zone
      scanner.skipSpaces()
      guard scanner.isAtEnd else { return nil }
    }
    guard
      let local = epochSeconds(
        year: year, month: month, day: day, hour: hour, minute: minute, second: second)
    else { return nil }
    return local - EpochSeconds(offset)
  }

  // MARK: - Calendar

  /// Seconds since the epoch of a proleptic Gregorian date-time in UTC, or
  /// nil when a field is out of range. A leap second (60) counts as 59.
  static func epochSeconds(
    year: Int, month: Int, day: Int, hour: Int, minute: Int, second: Int
  ) -> EpochSeconds? {
    guard (1...12).contains(month), day >= 1, day <= daysIn(month: month, year: year),
      (0...23).contains(hour), (0...59).contains(minute), (0...60).contains(second)
    else { return nil }
    let days = CivilDate(year: year, month: month, day: day).daysSinceEpoch
    return days * 86_400 + EpochSeconds(hour * 3600 + minute * 60 + min(second, 59))
  }

  static func daysIn(month: Int, year: Int) -> Int {
    switch month {
    case 2: return (year % 4 == 0 && year % 100 != 0) || year % 400 == 0 ? 29 : 28
    case 4, 6, 9, 11: return 30
    default: return 31
    }
  }

  static func isDigit(_ byte: UInt8) -> Bool { byte >= 48 && byte <= 57 }
}

/// A cursor over ASCII bytes for the timestamp grammars.
private struct Scanner {
  let bytes: UnsafeBufferPointer<UInt8>
  var index = 0

  init(bytes: UnsafeBufferPointer<UInt8>) { self.bytes = bytes }

  var isAtEnd: Bool { index >= bytes.count }
  var peek: UInt8? { index < bytes.count ? bytes[index] : nil }
  mutating func advance() { index += 1 }

  mutating func skipSpaces() {
    while let byte = peek, byte == 32 || byte == 9 { index += 1 }
  }

  mutating func take(_ byte: UInt8) -> Bool {
    guard peek == byte else { return false }
    index += 1
    return true
  }

  /// Exactly `count` digits as a number, or nil (cursor unchanged).
  mutating func digits(exactly count: Int) -> Int? {
    guard index + count <= bytes.count else { return nil }
    var value = 0
    for offset in 0..<count {
      let byte = bytes[index + offset]
      guard TimestampParser.isDigit(byte) else { return nil }
      value = value * 10 + Int(byte - 48)
    }
    index += count
    return value
  }

  /// One to `maxDigits` digits.
  mutating func number(maxDigits: Int) -> Int? {
    var value = 0
    var count = 0
    while let byte = peek, TimestampParser.isDigit(byte), count < maxDigits {
      value = value * 10 + Int(byte - 48)
      count += 1
      index += 1
    }
    if let byte = peek, TimestampParser.isDigit(byte) { return nil }
    return count > 0 ? value : nil
  }

  /// `±hh`, `±hhmm`, `±hh:mm`, `Z`, or a zone name; seconds east of UTC.
  mutating func zone() -> Int? {
    guard let first = peek else { return nil }
    if first == UInt8(ascii: "+") || first == UInt8(ascii: "-") {
      index += 1
      guard let hours = digits(exactly: 2) else { return nil }
      var minutes = 0
      if take(UInt8(ascii: ":")) {
        guard let m = digits(exactly: 2) else { return nil }
        minutes = m
      } else if let m = digits(exactly: 2) {
        minutes = m
      }
      guard hours <= 18, minutes <= 59 else { return nil }
      let seconds = hours * 3600 + minutes * 60
      return first == UInt8(ascii: "-") ? -seconds : seconds
    }
    var name = ""
    while let byte = peek, (byte >= 65 && byte <= 90) || (byte >= 97 && byte <= 122) {
      name.unicodeScalars.append(Unicode.Scalar(byte))
      index += 1
    }
    guard !name.isEmpty, let offset = TimestampParser.offset(ofZoneNamed: name) else {
      return nil
    }
    // "UTC+01:00" and the like.
    if let sign = peek, sign == UInt8(ascii: "+") || sign == UInt8(ascii: "-") {
      guard let extra = zone() else { return nil }
      return offset + extra
    }
    return offset
  }
}
