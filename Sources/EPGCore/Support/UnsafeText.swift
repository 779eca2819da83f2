/// The one definition of the characters of guide text that must never
/// reach a terminal, nor a file another program shows (a calendar): they
/// change the terminal's state or the direction of the text around them.
/// `TextSanitizer` shows each as `�` on the screen; `ICalendar` drops them.
public enum UnsafeText {
  /// Whether `scalar` is one of them:
  /// - C0 controls U+0000–U+001F (ESC, BEL, TAB, CR, LF, ...), DEL U+007F
  ///   and C1 controls U+0080–U+009F (CSI U+009B, OSC U+009D, ...);
  /// - bidi embeddings and overrides U+202A–U+202E, bidi isolates
  ///   U+2066–U+2069, and the marks U+200E, U+200F, U+061C;
  /// - line and paragraph separators U+2028, U+2029.
  public static func isUnsafe(_ scalar: Unicode.Scalar) -> Bool {
    let value = scalar.value
    if value < 0x20 || (value >= 0x7F && value <= 0x9F) { return true }
    if value < 0x61C { return false }
    switch value {
    case 0x61C, 0x200E, 0x200F, 0x2028, 0x2029, 0x202A...0x202E, 0x2066...0x2069: return true
    default: return false
    }
  }
}
