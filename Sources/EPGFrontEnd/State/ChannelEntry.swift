import EPGLayout

/// A channel number being typed in the guide: each digit moves the
/// selection to the channel it names so far; Enter keeps it, Esc goes back.
public struct ChannelEntry: Hashable, Sendable {
  /// The digits typed so far (1 to `maxDigits`).
  public internal(set) var digits: String
  /// The selection before the first digit: row, programme and the time
  /// range Up/Down keep (Esc goes back to them).
  public let originRow: Int
  public let originItem: Int?
  public let originFocus: TimeSpan

  /// Longer numbers are not channel numbers.
  static let maxDigits = 6
}
