// `_nfd`, the standard library's canonical decomposition (the same data
// its string comparison uses), is published only as SPI; it is read once,
// to build the table below.
@_spi(_Unicode) import Swift

// Folding, one character at a time (what it means: `SearchKey`). ASCII is
// folded inline, eight bytes at a time where it can; every other character
// through a table of the Basic Multilingual Plane built once from the
// standard library's Unicode data (one `entry(of:)` for each character);
// the planes above, rare in guides, character by character.
extension SearchKey {
  /// The most bytes a byte of text folds to (a two-byte letter whose
  /// lower case takes three, `Ⱥ` → `ⱥ`; the table keeps every entry
  /// within it).
  static let maximumGrowth = 3

  /// Bytes `fold` may write past its count (a table entry is stored
  /// eight bytes at a time).
  static let slack = 8

  /// Folds UTF-8 `source` from offset `from` (a character's first byte)
  /// into `out` (room for `maximumGrowth` bytes for each byte folded, and
  /// `slack`) and returns the number of bytes written; with `origins`
  /// (room for as many), each byte written gets the offset in `source` of
  /// the character it comes from. Bytes that are not UTF-8 are copied as
  /// they are.
  static func fold(
    _ source: UnsafeBufferPointer<UInt8>, from: Int = 0, into out: UnsafeMutablePointer<UInt8>,
    origins: UnsafeMutablePointer<Int32>?
  ) -> Int {
    guard let base = source.baseAddress else { return 0 }
    let count = source.count
    let pages = Self.pages.pointer
    let pageOf = Self.pageOf.pointer
    var written = 0
    var i = from
    // Whether the last character was a Latin or Greek letter, whose marks
    // (decomposed text) are dropped.
    var afterLetter = from > 0 && isLatinOrGreekLetter(before: from, in: source)
    while i < count {
      // Eight ASCII bytes at a time, their capitals lowered in one go.
      if origins == nil, i + 8 <= count {
        let word = UnsafeRawPointer(base + i).loadUnaligned(as: UInt64.self)
        if word & 0x8080_8080_8080_8080 == 0 {
          let atLeastA = word &+ 0x3F3F_3F3F_3F3F_3F3F  // high bit: byte >= "A"
          let pastZ = word &+ 0x2525_2525_2525_2525  // high bit: byte > "Z"
          let capitals = atLeastA & ~pastZ & 0x8080_8080_8080_8080
          UnsafeMutableRawPointer(out + written).storeBytes(
            of: word | capitals >> 2, as: UInt64.self)
          written += 8
          afterLetter = (UInt8(truncatingIfNeeded: word >> 56) | 0x20) &- 97 < 26
          i += 8
          continue
        }
      }
      let lead = base[i]
      if lead < 0x80 {
        let isUpper = lead &- 65 < 26
        out[written] = isUpper ? lead | 0x20 : lead
        origins?[written] = Int32(truncatingIfNeeded: i)
        written += 1
        afterLetter = isUpper || lead &- 97 < 26
        i += 1
        continue
      }
      let scalar: UInt32
      let length: Int
      if let decoded = decode(source, at: i) {
        (scalar, length) = decoded
      } else {
        (scalar, length) = (0, 1)  // copied as it is
      }
      let entry =
        scalar < 0x1_0000
        ? pages[Int(pageOf[Int(scalar >> 8)]) << 8 | Int(scalar & 0xFF)]
        : entry(of: scalar)
      if entry & markFlag != 0 && afterLetter {
        // A mark after a Latin or Greek letter: dropped.
      } else if entry == 0 || entry & markFlag != 0 {
        for k in 0..<length {
          out[written + k] = base[i + k]
          origins?[written + k] = Int32(truncatingIfNeeded: i)
        }
        written += length
        afterLetter = afterLetter && entry & markFlag != 0
      } else {
        let folded = Int((entry >> 56) & 0x0F)
        UnsafeMutableRawPointer(out + written).storeBytes(
          of: entry & 0x00FF_FFFF_FFFF_FFFF, as: UInt64.self)
        if let origins {
          for k in 0..<folded { origins[written + k] = Int32(truncatingIfNeeded: i) }
        }
        written += folded
        afterLetter = entry & letterFlag != 0
      }
      i += length
    }
    return written
  }

  /// Whether the character ending just before `offset` is a Latin or
  /// Greek letter.
  static func isLatinOrGreekLetter(before offset: Int, in source: UnsafeBufferPointer<UInt8>)
    -> Bool
  {
    var start = offset - 1
    while start > 0 && source[start] & 0xC0 == 0x80 && offset - start < 4 { start -= 1 }
    guard let (scalar, length) = decode(source, at: start), start + length == offset else {
      return source[start] < 0x80 && (source[start] | 0x20) &- 97 < 26
    }
    return entry(of: scalar) & letterFlag != 0
  }

  /// The scalar starting at `source[at]` and its length in bytes; nil
  /// when the bytes there are not UTF-8.
  @inline(__always)
  static func decode(_ source: UnsafeBufferPointer<UInt8>, at i: Int) -> (UInt32, Int)? {
    let lead = UInt32(source[i])
    let length = lead >= 0xF0 ? 4 : lead >= 0xE0 ? 3 : lead >= 0xC2 ? 2 : 0
    guard length > 0, lead < 0xF5, i + length <= source.count else { return nil }
    var scalar = lead & (0x7F >> UInt32(length))
    for k in 1..<length {
      let byte = UInt32(source[i + k])
      guard byte & 0xC0 == 0x80 else { return nil }
      scalar = scalar << 6 | (byte & 0x3F)
    }
    return (scalar, length)
  }

  /// What a character folds to, as `fold` reads it: the folded UTF-8 in
  /// the low seven bytes (first byte lowest), their count in bits 56–59,
  /// and the flags; 0 when it stays as it is.
  static func entry(of value: UInt32) -> UInt64 {
    guard let scalar = Unicode.Scalar(value) else { return 0 }
    switch value {
    case 0xFF01...0xFF5E:
      // Fullwidth ASCII: U+FF01 is "!".
      let ascii = value - 0xFEE0
      return entry(of: ascii) != 0 ? entry(of: ascii) : pack([UInt8(ascii)], isLetter: false)
    case 0x3000:
      // The ideographic (fullwidth) space.
      return pack([0x20], isLetter: false)
    case 0xFB00...0xFB06:
      let letters = ["ff", "fi", "fl", "ffi", "ffl", "st", "st"][Int(value - 0xFB00)]
      return pack(Array(letters.utf8), isLetter: true)
    default: break
    }
    let properties = scalar.properties
    if properties.generalCategory == .nonspacingMark { return markFlag }
    let isLetter = isLatinOrGreekLetter(scalar)
    guard isLetter || properties.changesWhenLowercased else { return 0 }
    var folded = ""
    for lower in properties.lowercaseMapping.unicodeScalars {
      let parts = isLetter ? Array(String(lower)._nfd) : [lower]
      for part in parts where part.properties.generalCategory != .nonspacingMark {
        folded += letterFolds[part] ?? String(part)
      }
    }
    let bytes = Array(folded.utf8)
    guard bytes.count <= 7, bytes.count <= String(scalar).utf8.count * maximumGrowth else {
      return 0
    }
    return pack(bytes, isLetter: isLetter)
  }

  /// An entry: `bytes` (at most 7) and the flag.
  static func pack(_ bytes: [UInt8], isLetter: Bool) -> UInt64 {
    var entry = UInt64(bytes.count) << 56 | (isLetter ? letterFlag : 0)
    for (k, byte) in bytes.enumerated() { entry |= UInt64(byte) << UInt64(8 * k) }
    return entry
  }

  /// In an entry: the character is a Latin or Greek letter.
  static let letterFlag: UInt64 = 1 << 60
  /// In an entry: the character is a combining mark.
  static let markFlag: UInt64 = 1 << 61

  /// The runs of 256 characters of the Basic Multilingual Plane where some
  /// character folds to another: Latin to the CJK punctuation (U+0000 to
  /// U+30FF), Cyrillic Extended-B and Latin Extended-D (U+A6xx, U+A7xx),
  /// Cherokee and Latin Extended-E (U+ABxx), the ligatures (U+FBxx) and
  /// the fullwidth forms (U+FFxx). The others (CJK, Hangul, Yi, private
  /// use) stay as they are.
  static let foldingPages: [UInt32] = Array(0x00...0x30) + [0xA6, 0xA7, 0xAB, 0xFB, 0xFF]

  /// The entries of the folding pages, 256 each after page 0, which is
  /// all zeros (characters that stay as they are); allocated once, for the
  /// life of the process (read through a pointer: reading an array through
  /// its accessor on every character cost a fifth of folding).
  static let pages = Table<UInt64>(
    [UInt64](repeating: 0, count: 256)
      + foldingPages.flatMap { page in (0..<256).map { entry(of: page << 8 | $0) } })

  /// For each run of 256 characters, its page in `pages`.
  static let pageOf = Table<UInt16>(
    (0..<256).map { page in
      foldingPages.firstIndex(of: UInt32(page)).map { UInt16($0 + 1) } ?? 0
    })

  /// Values that never change, read through a pointer.
  ///
  /// A class so that the memory is freed with it (never, for the static
  /// tables above); `@unchecked Sendable`: it is written only while made.
  final class Table<Element>: @unchecked Sendable {
    let pointer: UnsafeMutablePointer<Element>
    init(_ values: [Element]) {
      pointer = .allocate(capacity: values.count)
      pointer.initialize(from: values, count: values.count)
    }
    deinit { pointer.deallocate() }
  }

  /// Letters folded to other letters after the lower-case mapping and
  /// decomposition (see `SearchKey`).
  static let letterFolds: [Unicode.Scalar: String] = [
    "ß": "ss", "ſ": "s", "ı": "i", "ς": "σ", "æ": "ae", "œ": "oe", "ø": "o", "đ": "d",
    "ð": "d", "ł": "l", "ħ": "h", "þ": "th", "ŧ": "t", "ŀ": "l", "ĳ": "ij", "ǆ": "dz",
    "ǉ": "lj", "ǌ": "nj", "ǳ": "dz",
  ]

  /// Whether `scalar` is a letter of the Latin or Greek blocks (ASCII
  /// letters included).
  static func isLatinOrGreekLetter(_ scalar: Unicode.Scalar) -> Bool {
    switch scalar.value {
    case 0x41...0x5A, 0x61...0x7A, 0xC0..<0x2B0, 0x370..<0x400, 0x1D00..<0x1DC0, 0x1E00..<0x2000,
      0x2C60..<0x2C80:
      scalar.properties.isAlphabetic
    default: false
    }
  }
}
