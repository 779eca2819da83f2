/// One terminal cell of a `Grid`.
///
/// A character two columns wide occupies a `.grapheme` cell of width 2 and the
/// `.continuation` cell to its right; the terminal shows the pair as one
/// glyph. A wide glyph is never split: writing over either half blanks both
/// (see `Grid.write(_:width:x:y:style:)`).
///
///     columns   0    1    2
///     cells    [コ,2][cont][a,1]     shown as "コa"
///
/// Storage is packed and trivially copyable (see `Cell.Glyph`), so grids
/// are cheap to fill, copy and compare; `content` converts on access.
public struct Cell: Hashable, Sendable {
  public enum Content: Hashable, Sendable {
    /// A grapheme cluster and its display width in columns (1 or 2).
    case grapheme(Character, width: Int)
    /// The right half of the wide glyph to the left.
    case continuation
  }

  /// The packed character and width.
  var glyph: Glyph
  public var style: Style

  public init(content: Content, style: Style = .plain) {
    self.glyph = Glyph(content)
    self.style = style
  }

  public init(_ character: Character, style: Style = .plain) {
    self.glyph = Glyph(character, width: 1)
    self.style = style
  }

  init(glyph: Glyph, style: Style) {
    self.glyph = glyph
    self.style = style
  }

  /// What the cell shows. A grapheme cluster longer than 15 bytes of UTF-8
  /// (long emoji ZWJ sequences, a letter under many marks) is stored as a
  /// stand-in as wide as the cell (`Glyph.standIn(for:width:)`).
  public var content: Content {
    get { glyph.content }
    set { glyph = Glyph(newValue) }
  }

  /// A space in the plain style.
  public static let blank = Cell(glyph: .space, style: .plain)

  /// Columns this cell starts: 1 or 2 for a grapheme, 0 for a continuation.
  public var width: Int { glyph.width }

  /// Whether this is the continuation half of a wide glyph.
  public var isContinuation: Bool { glyph.width == 0 }
}

extension Cell {
  /// A grapheme cluster packed in 16 bytes: up to 15 bytes of UTF-8 and one
  /// byte holding the byte count (low 4 bits) and the width (high 4 bits;
  /// 0 for a continuation). Trivially copyable: no reference counting.
  struct Glyph: Hashable, Sendable {
    /// Bytes 0–7 of the UTF-8, byte 0 lowest.
    var low: UInt64
    /// Bytes 8–14 of the UTF-8, then the count/width byte on top.
    var high: UInt64

    static let space = Glyph(ascii: 0x20)
    static let continuation = Glyph(low: 0, high: 0)

    init(low: UInt64, high: UInt64) {
      self.low = low
      self.high = high
    }

    /// A printable ASCII byte, width 1.
    init(ascii byte: UInt8) {
      low = UInt64(byte)
      high = UInt64(1 | (1 << 4)) << 56
    }

    init(_ content: Content) {
      switch content {
      case .grapheme(let character, let width): self.init(character, width: width)
      case .continuation: self = .continuation
      }
    }

    init(_ character: Character, width: Int) {
      if let ascii = TextWidth.singleASCII(character) {
        low = UInt64(ascii)
        high = UInt64(1 | (1 << 4)) << 56
        return
      }
      var utf8 = character.utf8
      if utf8.count > 15 { utf8 = Self.standIn(for: character, width: width).utf8 }
      var low: UInt64 = 0
      var high: UInt64 = 0
      var count = 0
      for byte in utf8 where count < 15 {
        if count < 8 {
          low |= UInt64(byte) << (8 * count)
        } else {
          high |= UInt64(byte) << (8 * (count - 8))
        }
        count += 1
      }
      let clampedWidth = width >= 2 ? 2 : 1
      self.low = low
      self.high = high | (UInt64(count | (clampedWidth << 4)) << 56)
    }

    /// What a cluster too long to pack is stored as: its first spacing scalar that
    /// a terminal draws as wide as the cell on its own (the first emoji of a
    /// ZWJ sequence, the letter under a pile of marks), else `？` (U+FF1F,
    /// 2 columns) or `�` (1 column). Never narrower or wider than the cell,
    /// so the row stays aligned.
    static func standIn(for character: Character, width: Int) -> Character {
      let cellWidth = width >= 2 ? 2 : 1
      for scalar in character.unicodeScalars
      where TextWidth.width(of: scalar) > 0 && TextWidth.of(Character(scalar)) == cellWidth {
        return Character(scalar)
      }
      return cellWidth == 2 ? "\u{FF1F}" : "\u{FFFD}"
    }

    /// One scalar, packed as `init(Character(scalar), width:)` packs it.
    init(scalar: Unicode.Scalar, width: Int) {
      let value = scalar.value
      guard value >= 0x80 else {
        self.init(ascii: UInt8(value))
        return
      }
      let low: UInt64
      let count: Int
      if value < 0x800 {
        low = UInt64(0xC0 | (value >> 6)) | UInt64(0x80 | (value & 0x3F)) << 8
        count = 2
      } else if value < 0x1_0000 {
        low =
          UInt64(0xE0 | (value >> 12)) | UInt64(0x80 | ((value >> 6) & 0x3F)) << 8
          | UInt64(0x80 | (value & 0x3F)) << 16
        count = 3
      } else {
        low =
          UInt64(0xF0 | (value >> 18)) | UInt64(0x80 | ((value >> 12) & 0x3F)) << 8
          | UInt64(0x80 | ((value >> 6) & 0x3F)) << 16 | UInt64(0x80 | (value & 0x3F)) << 24
        count = 4
      }
      let clampedWidth = width >= 2 ? 2 : 1
      self.init(low: low, high: UInt64(count | (clampedWidth << 4)) << 56)
    }

    /// Number of UTF-8 bytes (0 for a continuation).
    var count: Int { Int((high >> 56) & 0x0F) }

    /// 0 for a continuation, else 1 or 2.
    var width: Int { Int((high >> 60) & 0x0F) }

    /// The single ASCII byte, if this is one printable-or-not ASCII byte.
    var asciiByte: UInt8? {
      count == 1 && low < 0x80 ? UInt8(low) : nil
    }

    /// Appends the UTF-8 bytes to `bytes`.
    func appendUTF8(to bytes: inout [UInt8]) {
      let count = self.count
      for index in 0..<count {
        let byte = index < 8 ? low >> (8 * index) : high >> (8 * (index - 8))
        bytes.append(UInt8(truncatingIfNeeded: byte))
      }
    }

    var character: Character {
      if let byte = asciiByte { return Character(Unicode.Scalar(byte)) }
      var bytes: [UInt8] = []
      bytes.reserveCapacity(count)
      appendUTF8(to: &bytes)
      return String(decoding: bytes, as: UTF8.self).first ?? " "
    }

    var content: Content {
      width == 0 ? .continuation : .grapheme(character, width: width)
    }

    /// Whether the glyph may go to a terminal as is (see `TextSanitizer`).
    var isSafe: Bool {
      if let byte = asciiByte { return byte >= 0x20 && byte < 0x7F }
      // Multi-byte: every unsafe scalar above ASCII starts with C2, D8 or E2.
      let first = UInt8(truncatingIfNeeded: low)
      if first != 0xC2 && first != 0xD8 && first != 0xE2 && count <= 4 { return true }
      return TextSanitizer.isSafe(character)
    }
  }
}
