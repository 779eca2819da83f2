/// One terminal cell of a `Grid`.
///
/// A character two columns wide occupies a `.grapheme` cell of width 2 and the
/// `.continuation` cell to its right; the terminal shows the pair as one
/// glyph. A wide glyph is never split: writing over either half blanks both.
public struct Cell: Hashable, Sendable {
  public enum Content: Hashable, Sendable {
    /// A grapheme cluster and its display width in columns (1 or 2).
    case grapheme(Character, width: Int)
    /// The right half of the wide glyph to the left.
    case continuation
  }

  public var content: Content
  public var style: Style

  public init(content: Content, style: Style = .plain) {
    self.content = content
    self.style = style
  }

  public init(_ character: Character, style: Style = .plain) {
    self.init(content: .grapheme(character, width: 1), style: style)
  }

  /// A space in the plain style.
  public static let blank = Cell(" ")
}
