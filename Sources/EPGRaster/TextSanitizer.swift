/// Makes text from guide data safe to put on a terminal.
///
/// Every character that can change the terminal's state or the direction of
/// the text is replaced by one visible placeholder column, so hostile data
/// (an ESC sequence in a title) is shown, never executed:
/// - C0 controls U+0000–U+001F (ESC, BEL, TAB, CR, LF, ...), DEL U+007F and
///   C1 controls U+0080–U+009F (CSI U+009B, OSC U+009D, ...);
/// - bidi embeddings and overrides U+202A–U+202E, bidi isolates
///   U+2066–U+2069, and the marks U+200E, U+200F, U+061C;
/// - line and paragraph separators U+2028, U+2029.
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

  /// Whether a scalar must never reach the terminal.
  public static func isUnsafe(_ scalar: Unicode.Scalar) -> Bool {
    let value = scalar.value
    if value < 0x20 || (value >= 0x7F && value <= 0x9F) { return true }
    if value < 0x61C { return false }
    switch value {
    case 0x61C, 0x200E, 0x200F, 0x2028, 0x2029, 0x202A...0x202E, 0x2066...0x2069: return true
    default: return false
    }
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
