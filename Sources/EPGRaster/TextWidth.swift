/// Display width of text in terminal columns, per grapheme cluster
/// (Swift `Character`), from a fixed, locale-independent table. It never
/// calls libc `wcwidth` (whose answer depends on the process locale).
///
/// A cluster is measured as terminals draw it (each scalar in cells of its
/// own, zero-width ones on the cell before):
/// 1. 2 if it contains U+FE0F (emoji presentation selector) or a scalar with
///    the Unicode `Emoji_Presentation` property: flags (two regional
///    indicators), ZWJ emoji sequences and emoji with modifiers are one
///    glyph 2 columns wide.
/// 2. Otherwise the sum of the widths of its scalars (`width(of:)`):
///    - 0 for nonspacing and enclosing marks (Mn, Me: accents, Thai MAI EK,
///      Devanagari virama, variation selectors), format characters (Cf: ZWJ,
///      ZWSP, soft hyphen, BOM) and Hangul medial vowel / final consonant
///      jamo (U+1160–U+11FF, U+D7B0–U+D7FF), which join the syllable before;
///    - 2 for East Asian Wide and Fullwidth ranges (`TextWidth.wideRanges`),
///      Hangul leading consonant jamo included;
///    - 1 for everything else: spacing marks (Mc: Devanagari ि ी ा) and
///      Thai SARA AM (Lo) take a column of their own, East Asian Ambiguous
///      counts 1.
///
///     "é" = e + U+0301          1 + 0         = 1
///     "นำ" = น + ำ (U+0E33)     1 + 1         = 2
///     "हि" = ह + ि (U+093F, Mc)  1 + 1         = 2
///     "한" = ᄒ + ᅡ + ᆫ (jamo)   2 + 0 + 0     = 2
///
/// `cells(of:)` splits a cluster into the cells it is drawn in.
///
/// Control characters are not measured here: `TextSanitizer` replaces them
/// before text reaches a grid.
public enum TextWidth {
  /// Columns of one grapheme cluster: 0, 1, 2 or more (a cluster of
  /// several spacing scalars, like Devanagari "न्दी", takes one or two
  /// columns for each).
  public static func of(_ character: Character) -> Int {
    // Fast path: one ASCII byte.
    if let ascii = singleASCII(character) { return ascii >= 0x20 && ascii < 0x7F ? 1 : 0 }
    if isOneGlyph(character) { return 2 }
    var total = 0
    for scalar in character.unicodeScalars { total += width(of: scalar) }
    return total
  }

  /// Whether the cluster is one emoji glyph, 2 columns wide (rule 1).
  static func isOneGlyph(_ character: Character) -> Bool {
    for scalar in character.unicodeScalars {
      // Below U+1F000 every Emoji_Presentation scalar is East Asian Wide
      // (in `wideRanges`), so the property lookup is needed only above.
      if scalar.value == 0xFE0F
        || (scalar.value >= 0x1F000 && scalar.properties.isEmojiPresentation)
      {
        return true
      }
    }
    return false
  }

  /// The cells a terminal draws `character` in, left to right, with their
  /// widths (1 or 2): one per spacing scalar, holding it and the zero-width
  /// scalars after it (zero-width scalars before the first spacing one go
  /// with it). An emoji cluster (rule 1) is one cell of width 2; a cluster
  /// of zero width has no cells. The widths add up to `of(character)`.
  ///
  ///     "नी" → ["न" 1, "ी" 1]      "न्दी" → ["न्" 1, "द" 1, "ी" 1]
  ///
  /// Written so, each cell is a glyph a terminal (or curses' `cchar_t`:
  /// one spacing character and the marks on it) can take as is.
  public static func cells(of character: Character) -> [(Character, width: Int)] {
    let total = of(character)
    guard total > 0 else { return [] }
    if isOneGlyph(character) || total == 1 { return [(character, total)] }
    var cells: [(scalars: String.UnicodeScalarView, width: Int)] = []
    var leading = String.UnicodeScalarView()
    for scalar in character.unicodeScalars {
      let width = width(of: scalar)
      if width > 0 {
        var scalars = leading
        leading = String.UnicodeScalarView()
        scalars.append(scalar)
        cells.append((scalars, width))
      } else if cells.isEmpty {
        leading.append(scalar)
      } else {
        cells[cells.count - 1].scalars.append(scalar)
      }
    }
    if cells.count == 1 { return [(character, total)] }
    return cells.map { cell in
      let text = String(cell.scalars)
      // Each cell is one grapheme cluster by construction; if not, its
      // spacing scalar alone stands for it.
      if text.count == 1, let single = text.first { return (single, cell.width) }
      let spacing = cell.scalars.first { width(of: $0) > 0 } ?? " "
      return (Character(spacing), cell.width)
    }
  }

  /// The byte of a one-byte (ASCII) character. Cheaper than
  /// `Character.asciiValue`, which compares with "\r\n" first.
  @inline(__always)
  static func singleASCII(_ character: Character) -> UInt8? {
    let utf8 = character.utf8
    guard utf8.count == 1, let byte = utf8.first, byte < 0x80 else { return nil }
    return byte
  }

  /// Columns of a single scalar (rule 2).
  public static func width(of scalar: Unicode.Scalar) -> Int {
    let value = scalar.value
    if value < 0x7F { return value >= 0x20 ? 1 : 0 }
    if value < 0x300 { return value == 0xAD ? 0 : (value < 0xA0 ? 0 : 1) }
    // Hangul medial vowels and final consonants (conjoining jamo).
    if (value >= 0x1160 && value <= 0x11FF) || (value >= 0xD7B0 && value <= 0xD7FF) { return 0 }
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
    // The first range that ends at or after `value`: wide if it starts
    // at or before it.
    let index = wideRanges.partitioningIndex { $0.upperBound >= value }
    return index < wideRanges.count && wideRanges[index].lowerBound <= value
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
