/// Display width of text in terminal columns, per grapheme cluster
/// (Swift `Character`), from a fixed, locale-independent table. It never
/// calls libc `wcwidth` (whose answer depends on the process locale).
///
/// Rules, in order, for one grapheme cluster:
/// 1. 2 if it contains U+FE0F (emoji presentation selector) or a scalar with
///    the Unicode `Emoji_Presentation` property (this covers flags, made of
///    two regional indicators, and ZWJ emoji sequences: one cluster, 2 columns).
/// 2. Otherwise the width of its first scalar:
///    - 0 for combining marks (Mn, Me), format characters (Cf: ZWJ, ZWSP,
///      soft hyphen, BOM) and Hangul medial/final jamo (U+1160–U+11FF);
///    - 2 for East Asian Wide and Fullwidth ranges (`TextWidth.wideRanges`);
///    - 1 for everything else, East Asian Ambiguous included.
///
/// Control characters are not measured here: `TextSanitizer` replaces them
/// before text reaches a grid.
public enum TextWidth {
  /// Columns of one grapheme cluster: 0, 1 or 2.
  public static func of(_ character: Character) -> Int {
    // Fast path: one ASCII byte.
    if let ascii = singleASCII(character) { return ascii >= 0x20 && ascii < 0x7F ? 1 : 0 }
    let scalars = character.unicodeScalars
    var first: Unicode.Scalar?
    for scalar in scalars {
      if first == nil { first = scalar }
      // Below U+1F000 every Emoji_Presentation scalar is East Asian Wide
      // (in `wideRanges`), so the property lookup is needed only above.
      if scalar.value == 0xFE0F
        || (scalar.value >= 0x1F000 && scalar.properties.isEmojiPresentation)
      {
        return 2
      }
    }
    guard let base = first else { return 0 }
    return width(of: base)
  }

  /// The byte of a one-byte (ASCII) character. Cheaper than
  /// `Character.asciiValue`, which compares with "\r\n" first.
  @inline(__always)
  static func singleASCII(_ character: Character) -> UInt8? {
    let utf8 = character.utf8
    guard utf8.count == 1, let byte = utf8.first, byte < 0x80 else { return nil }
    return byte
  }

  /// Columns of a single scalar when it starts a cluster.
  public static func width(of scalar: Unicode.Scalar) -> Int {
    let value = scalar.value
    if value < 0x7F { return value >= 0x20 ? 1 : 0 }
    if value < 0x300 { return value == 0xAD ? 0 : (value < 0xA0 ? 0 : 1) }
    if value >= 0x1160 && value <= 0x11FF { return 0 }
    // Combining marks inside the wide CJK ranges.
    if (value >= 0x302A && value <= 0x302F) || value == 0x3099 || value == 0x309A { return 0 }
    if isWide(value) { return 2 }
    switch scalar.properties.generalCategory {
    case .nonspacingMark, .enclosingMark, .format: return 0
    default: return 1
    }
  }

  /// Columns of a string: the sum over its grapheme clusters.
  public static func of(_ text: some StringProtocol) -> Int {
    var total = 0
    for character in text { total += of(character) }
    return total
  }

  /// Whether the scalar value lies in an East Asian Wide or Fullwidth range.
  static func isWide(_ value: UInt32) -> Bool {
    if value < wideRanges[0].lowerBound { return false }
    var low = 0
    var high = wideRanges.count - 1
    while low <= high {
      let mid = (low + high) / 2
      let range = wideRanges[mid]
      if value < range.lowerBound {
        high = mid - 1
      } else if value > range.upperBound {
        low = mid + 1
      } else {
        return true
      }
    }
    return false
  }

  /// East Asian Wide (W) and Fullwidth (F) ranges from Unicode's
  /// EastAsianWidth.txt (Unicode 15), merged; sorted and disjoint.
  /// Emoji with default emoji presentation are also caught by rule 1.
  static let wideRanges: [ClosedRange<UInt32>] = [
    0x1100...0x115F,  // Hangul Jamo initial consonants
    0x231A...0x231B, 0x2329...0x232A, 0x23E9...0x23EC, 0x23F0...0x23F0, 0x23F3...0x23F3,
    0x25FD...0x25FE, 0x2614...0x2615, 0x2648...0x2653, 0x267F...0x267F, 0x2693...0x2693,
    0x26A1...0x26A1, 0x26AA...0x26AB, 0x26BD...0x26BE, 0x26C4...0x26C5, 0x26CE...0x26CE,
    0x26D4...0x26D4, 0x26EA...0x26EA, 0x26F2...0x26F3, 0x26F5...0x26F5, 0x26FA...0x26FA,
    0x26FD...0x26FD, 0x2705...0x2705, 0x270A...0x270B, 0x2728...0x2728, 0x274C...0x274C,
    0x274E...0x274E, 0x2753...0x2755, 0x2757...0x2757, 0x2795...0x2797, 0x27B0...0x27B0,
    0x27BF...0x27BF, 0x2B1B...0x2B1C, 0x2B50...0x2B50, 0x2B55...0x2B55,
    0x2E80...0x303E,  // CJK radicals, Kangxi, ideographic description, CJK symbols
    0x3041...0x3247,  // Hiragana, Katakana, Bopomofo, Hangul compatibility, Kanbun, ...
    0x3250...0x4DBF,  // enclosed CJK, CJK compatibility, CJK extension A
    0x4E00...0xA4C6,  // CJK unified ideographs, Yi
    0xA960...0xA97C,  // Hangul Jamo extended A
    0xAC00...0xD7A3,  // Hangul syllables
    0xF900...0xFAFF,  // CJK compatibility ideographs
    0xFE10...0xFE19,  // vertical forms
    0xFE30...0xFE6B,  // CJK compatibility forms, small form variants
    0xFF01...0xFF60,  // fullwidth ASCII variants
    0xFFE0...0xFFE6,  // fullwidth signs
    0x16FE0...0x16FE4, 0x16FF0...0x16FF1,
    0x17000...0x18CD5,  // Tangut, Khitan
    0x18D00...0x18D08, 0x1AFF0...0x1B2FB,  // Kana supplement and extensions, Nushu
    0x1F004...0x1F004, 0x1F0CF...0x1F0CF, 0x1F18E...0x1F18E, 0x1F191...0x1F19A,
    0x1F200...0x1F202, 0x1F210...0x1F23B, 0x1F240...0x1F248, 0x1F250...0x1F251,
    0x1F260...0x1F265,
    0x1F300...0x1F320, 0x1F32D...0x1F335, 0x1F337...0x1F37C, 0x1F37E...0x1F393,
    0x1F3A0...0x1F3CA, 0x1F3CF...0x1F3D3, 0x1F3E0...0x1F3F0, 0x1F3F4...0x1F3F4,
    0x1F3F8...0x1F43E, 0x1F440...0x1F440, 0x1F442...0x1F4FC, 0x1F4FF...0x1F53D,
    0x1F54B...0x1F54E, 0x1F550...0x1F567, 0x1F57A...0x1F57A, 0x1F595...0x1F596,
    0x1F5A4...0x1F5A4, 0x1F5FB...0x1F64F, 0x1F680...0x1F6C5, 0x1F6CC...0x1F6CC,
    0x1F6D0...0x1F6D2, 0x1F6D5...0x1F6D7, 0x1F6DC...0x1F6DF, 0x1F6EB...0x1F6EC,
    0x1F6F4...0x1F6FC, 0x1F7E0...0x1F7EB, 0x1F7F0...0x1F7F0, 0x1F90C...0x1F93A,
    0x1F93C...0x1F945, 0x1F947...0x1F9FF, 0x1FA70...0x1FA7C, 0x1FA80...0x1FA88,
    0x1FA90...0x1FABD, 0x1FABF...0x1FAC5, 0x1FACE...0x1FADB, 0x1FAE0...0x1FAE8,
    0x1FAF0...0x1FAF8,
    0x20000...0x2FFFD,  // CJK extensions B–F, compatibility supplement
    0x30000...0x3FFFD,  // CJK extensions G, H
  ]
}
