extension GuideModel {
  /// Whether any channel has a number (`<lcn>`, or a numeric display name).
  public var hasChannelNumbers: Bool { rows.contains { $0.channel.number != nil } }

  /// The channel of `row` as the channel column shows it: its number
  /// right-aligned in `channelNumberWidth` (a blank there when it has none)
  /// when some row shown has one, then `mark` and its name (not again when
  /// the name is the number).
  public func channelLabel(row: Int, mark: String = "") -> String {
    guard rows.indices.contains(row) else { return "" }
    let channel = rows[row].channel
    guard let width = channelNumberWidth else { return mark + channel.name }
    let number = channel.number ?? ""
    return String(repeating: " ", count: max(0, width - number.count)) + number + " " + mark
      + (channel.nameIsNumber ? "" : channel.name)
  }

  /// The width of the longest channel number among `rows` (characters),
  /// or nil when none has one. Worked out once, by `init`.
  static func numberWidth(of rows: [Row]) -> Int? {
    var width: Int?
    for row in rows {
      guard let number = row.channel.number else { continue }
      width = max(width ?? 0, number.count)
    }
    return width
  }

  /// The row of the channel that `digits` (ASCII digits) names: when the
  /// guide has channel numbers, the channel with that number (leading zeros
  /// ignored), else the first whose number starts with the digits, so the
  /// selection follows the typing; without channel numbers, the channel at
  /// that position from 1. Nil when none matches.
  public func row(forChannelNumber digits: String) -> Int? {
    let typed = Self.withoutLeadingZeros(digits)
    guard hasChannelNumbers else {
      guard let position = Int(typed), position >= 1, position <= rows.count else { return nil }
      return position - 1
    }
    let numbers = rows.map { $0.channel.number.map(Self.withoutLeadingZeros) }
    if let exact = numbers.firstIndex(where: { $0 == typed }) { return exact }
    return numbers.firstIndex { $0?.hasPrefix(typed) == true }
  }

  private static func withoutLeadingZeros(_ number: String) -> String {
    let trimmed = number.drop { $0 == "0" }
    return trimmed.isEmpty ? (number.isEmpty ? "" : "0") : String(trimmed)
  }
}
