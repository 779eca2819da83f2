/// One terminal cell of a `Grid`.
///
/// A character two columns wide occupies a `.grapheme` cell of width 2 and the
/// `.continuation` cell to its right; the terminal shows the pair as one
/// glyph. A wide glyph is never split: writing over either half blanks both
/// (see `Grid.write(_:width:x:y:style:)`).
///
///     columns   0    1    2
///     cells    [コ,2][cont][a,1]     shown as "コa"
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

  /// Columns this cell starts: 1 or 2 for a grapheme, 0 for a continuation.
  public var width: Int {
    switch content {
    case .grapheme(_, let width): width
    case .continuation: 0
    }
  }

  /// Whether this is the continuation half of a wide glyph.
  public var isContinuation: Bool { content == .continuation }
}
