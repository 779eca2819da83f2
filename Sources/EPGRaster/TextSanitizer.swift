import EPGCore

/// Makes text from guide data safe to put on a terminal.
///
/// Every character that can change the terminal's state or the direction of
/// the text (`UnsafeText`, in EPGCore: C0 and C1 controls, DEL, bidi
/// embeddings, overrides, isolates and marks, line and paragraph
/// separators) is replaced by one visible placeholder column, so hostile
/// data (an ESC sequence in a title) is shown, never executed.
///
/// The placeholder is `U+FFFD �` in Unicode mode and `?` in ASCII mode.
/// In ASCII mode every non-ASCII character is also shown as `?` (for
/// terminals whose locale is not UTF-8). Zero-width clusters (a lone
/// combining mark, ZWJ, ZWSP) are dropped.
public struct TextSanitizer: Hashable, Sendable {
  /// Only ASCII characters reach the output.
  public var asciiOnly: Bool

  public init(asciiOnly: Bool = false) {
    self.asciiOnly = asciiOnly
  }

  public static let unicode = TextSanitizer(asciiOnly: false)
  public static let ascii = TextSanitizer(asciiOnly: true)

  /// The visible stand-in for an unsafe character.
  public var placeholder: Character { asciiOnly ? "?" : "\u{FFFD}" }

  /// Whether a scalar must never reach the terminal (`UnsafeText`).
  public static func isUnsafe(_ scalar: Unicode.Scalar) -> Bool {
    UnsafeText.isUnsafe(scalar)
  }

  /// The character to display for `character` and its width in columns
  /// (1 or more, `TextWidth.of`; `TextWidth.cells(of:)` splits it into
  /// cells), or nil when it takes no column and is dropped.
  public func displayForm(of character: Character) -> (Character, width: Int)? {
    if let ascii = TextWidth.singleASCII(character) {
      if ascii >= 0x20 && ascii < 0x7F { return (character, 1) }
      return (placeholder, 1)  // C0, DEL
    }
    for scalar in character.unicodeScalars where Self.isUnsafe(scalar) {
      return (placeholder, 1)
    }
    let width = TextWidth.of(character)
    if width == 0 { return nil }
    if asciiOnly { return ("?", 1) }
    return (character, width)
  }

  /// Columns `text` takes as `Grid.put` writes it: the sum of the
  /// `displayForm` widths (unsafe characters count as their placeholder,
  /// zero-width clusters as nothing).
  public func width(of text: some StringProtocol) -> Int {
    var total = 0
    for character in text {
      if let (_, width) = displayForm(of: character) { total += width }
    }
    return total
  }

  /// The whole text as it will be shown: unsafe characters replaced,
  /// zero-width clusters dropped.
  public func sanitize(_ text: some StringProtocol) -> String {
    var result = ""
    for character in text {
      if let (shown, _) = displayForm(of: character) { result.append(shown) }
    }
    return result
  }
}

extension TextSanitizer {
  /// Whether a character may be written to a terminal as is.
  public static func isSafe(_ character: Character) -> Bool {
    if let ascii = TextWidth.singleASCII(character) { return ascii >= 0x20 && ascii < 0x7F }
    return !character.unicodeScalars.contains(where: isUnsafe)
  }
}
