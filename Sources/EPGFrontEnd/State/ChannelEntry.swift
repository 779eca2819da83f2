/// A channel number being typed in the guide: each digit moves the
/// selection to the channel it names so far; Enter keeps it, Esc goes back.
public struct ChannelEntry: Hashable, Sendable {
  /// The digits typed so far (1 to `maxDigits`).
  public internal(set) var digits: String
  /// The row selected before the first digit.
  public let originRow: Int

  /// Longer numbers are not channel numbers.
  static let maxDigits = 6
}
