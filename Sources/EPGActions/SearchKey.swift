@preconcurrency import EPGPlatform

/// A search's words folded so that accents, case and width never hide a
/// match: the one model every text test of a query uses (`ProgrammeQuery`:
/// words, `title:` … `cast:`, `genre:` text and `channel:`, at `/`, in
/// `tvgrid search` and in saved searches), and the one the results list
/// marks the words with.
///
/// A text matches when its folded form contains the key's folded form.
/// Folding, character by character (`SearchKey+Folding`):
/// - case: Unicode's lower-case mapping; then `ß` `ẞ` → `ss`, Greek final
///   `ς` → `σ`, long `ſ` → `s`, and Turkish dotless `ı` (with `İ`, which
///   loses its dot) → `i`;
/// - accents: Latin and Greek letters are decomposed (canonical
///   decomposition) and their combining marks dropped (`é` → `e`, `ά` →
///   `α`), also when the text comes decomposed;
/// - letters commonly typed as plain ones: `æ` → `ae`, `œ` → `oe`, `ø` →
///   `o`, `đ` `ð` → `d`, `ł` → `l`, `ħ` → `h`, `þ` → `th`, the digraphs
///   `ǆ` `ǉ` `ǌ` `ǳ` and `ĳ`, and the ligatures `ﬀ` … `ﬆ`;
/// - width: fullwidth Latin letters, digits and signs (`ＮＨＫ`) and the
///   ideographic space → ASCII.
///
/// Other scripts fold by case alone: Cyrillic `й` stays apart from `и`,
/// Japanese `が` from `か`, Thai and Arabic keep their marks.
///
/// The folded key is searched for in the text's UTF-8 bytes where they
/// lie (a string's, or a mapped snapshot's): an ASCII key is looked for in
/// place, ASCII capitals lowered as it goes, up to the text's first byte
/// that is not ASCII (all of an ASCII text: no copy, as before folding);
/// only the text from there is folded, into a scratch buffer, and
/// searched.
public struct SearchKey: Hashable, Sendable {
  /// The folded form's UTF-8 bytes, which a text's folded form must
  /// contain (only these: a key is copied into every test of a search).
  let bytes: [UInt8]
  /// Whether the folded form is ASCII (the usual case, even for `hirado`).
  let isASCII: Bool

  /// The key of `text`, folded.
  public init(_ text: String) {
    var text = text
    bytes = text.withUTF8 { source in Self.withFolded(source) { Array($0) } }
    isASCII = bytes.allSatisfy { $0 < 0x80 }
  }

  /// The folded form, which a text's folded form must contain.
  public var folded: String { String(decoding: bytes, as: UTF8.self) }

  /// `text` folded (what a key holds, and what two texts are compared by).
  public static func fold(_ text: String) -> String {
    var text = text
    return text.withUTF8 { source in
      withFolded(source) { String(decoding: $0, as: UTF8.self) }
    }
  }

  /// Whether folded `text` contains the key.
  public func isFound(in text: String) -> Bool {
    var text = text
    return text.withUTF8 { isFound(in: $0) }
  }

  /// Whether folded `text` (UTF-8 bytes) contains the key.
  public func isFound(in text: UnsafeBufferPointer<UInt8>) -> Bool {
    guard !bytes.isEmpty else { return true }
    return bytes.withUnsafeBufferPointer { key in
      // Up to the first byte that is not ASCII, folding is lowering ASCII
      // capitals: an ASCII key is looked for there in place.
      let firstOther: Int?
      if isASCII {
        switch Self.asciiSearch(key, in: text) {
        case .found: return true
        case .notFound(let other): firstOther = other
        }
      } else {
        firstOther = Self.firstNonASCII(text)
      }
      // ASCII folds to ASCII, byte for byte: the rest of a match is in
      // the text from the first other byte, and it starts at most the
      // key's length before it.
      guard let firstOther else { return false }
      let from = max(0, firstOther - key.count + 1)
      return Self.withFolded(text, from: from) { Self.firstIndex(of: key, in: $0, from: 0) != nil }
    }
  }

  /// Whether folded `text` is the key, whole (a channel's id or number).
  public func isWhole(_ text: String) -> Bool {
    var text = text
    return text.withUTF8 { source in
      Self.withFolded(source) { $0.elementsEqual(bytes) }
    }
  }

  /// Where the key is in `text`, as ranges of the original text (each from
  /// the first character whose folded form the match starts in to the end
  /// of the character it ends in, with any marks folded away after it),
  /// in order, not overlapping.
  public func ranges(in text: String) -> [Range<String.Index>] {
    guard !bytes.isEmpty else { return [] }
    var copy = text
    let offsets: [(start: Int, end: Int)] = copy.withUTF8 { source in
      let capacity = source.count * Self.maximumGrowth + Self.slack
      return withUnsafeTemporaryAllocation(of: Int32.self, capacity: capacity) { origins in
        Self.withFolded(source, origins: origins.baseAddress) { folded in
          var found: [(Int, Int)] = []
          var from = 0
          while let at = bytes.withUnsafeBufferPointer({
            Self.firstIndex(of: $0, in: folded, from: from)
          }) {
            let last = at + bytes.count - 1
            let start = Int(origins[at])
            var end = Self.characterEnd(source, from: Int(origins[last]))
            // Marks folded away after the last character belong to it.
            if at + bytes.count < folded.count {
              end = max(end, Int(origins[at + bytes.count]))
            } else {
              end = source.count
            }
            found.append((start, end))
            from = at + bytes.count
          }
          return found
        }
      }
    }
    let utf8 = text.utf8
    return offsets.map { offset in
      let start = Self.characterBoundary(
        utf8.index(utf8.startIndex, offsetBy: offset.start), in: text, down: true)
      let end = Self.characterBoundary(
        utf8.index(utf8.startIndex, offsetBy: offset.end), in: text, down: false)
      return start..<end
    }
  }

  /// Where `key` first is in `text` at or after `from` (bytes compared
  /// as they are; `memchr` finds the candidates).
  static func firstIndex(
    of key: UnsafeBufferPointer<UInt8>, in text: UnsafeBufferPointer<UInt8>, from: Int
  ) -> Int? {
    guard let base = text.baseAddress, let first = key.first else { return nil }
    var at = from
    while at + key.count <= text.count {
      guard let hit = memchr(base + at, Int32(first), text.count - key.count + 1 - at) else {
        return nil
      }
      at = base.distance(to: hit.assumingMemoryBound(to: UInt8.self))
      if memcmp(base + at, key.baseAddress!, key.count) == 0 { return at }
      at += 1
    }
    return nil
  }

  /// `index` moved to the nearest character boundary below (`down`) or
  /// above it.
  static func characterBoundary(_ index: String.Index, in text: String, down: Bool)
    -> String.Index
  {
    var index = index
    while index > text.startIndex && index < text.endIndex && index.samePosition(in: text) == nil {
      index =
        down ? text.unicodeScalars.index(before: index) : text.unicodeScalars.index(after: index)
    }
    return index
  }

  /// The offset after the UTF-8 sequence starting at `offset`.
  static func characterEnd(_ source: UnsafeBufferPointer<UInt8>, from offset: Int) -> Int {
    let lead = source[offset]
    let length = lead < 0xC0 ? 1 : lead < 0xE0 ? 2 : lead < 0xF0 ? 3 : 4
    return min(source.count, offset + length)
  }

  /// What an ASCII search says: found, or not before the first byte that
  /// is not ASCII (nil when there is none).
  enum ASCIISearch {
    case found
    case notFound(firstOther: Int?)
  }

  /// `key` (folded, ASCII) in `text` with its ASCII capitals lowered, up
  /// to the first byte that is not ASCII.
  static func asciiSearch(_ key: UnsafeBufferPointer<UInt8>, in text: UnsafeBufferPointer<UInt8>)
    -> ASCIISearch
  {
    @inline(__always) func lower(_ byte: UInt8) -> UInt8 {
      byte &- 65 < 26 ? byte | 0x20 : byte
    }
    let count = key.count
    var i = 0
    if text.count >= count {
      let first = key[0]
      while i <= text.count - count {
        let byte = text[i]
        if byte >= 0x80 { return .notFound(firstOther: i) }
        if lower(byte) == first {
          var j = 1
          while j < count, lower(text[i + j]) == key[j] { j += 1 }
          if j == count { return .found }
        }
        i += 1
      }
    }
    while i < text.count {
      if text[i] >= 0x80 { return .notFound(firstOther: i) }
      i += 1
    }
    return .notFound(firstOther: nil)
  }

  /// The offset of the first byte of `text` that is not ASCII (eight at a
  /// time); nil when there is none.
  static func firstNonASCII(_ text: UnsafeBufferPointer<UInt8>) -> Int? {
    guard let base = text.baseAddress else { return nil }
    let raw = UnsafeRawPointer(base)
    var i = 0
    while i + 8 <= text.count {
      let high = raw.loadUnaligned(fromByteOffset: i, as: UInt64.self) & 0x8080_8080_8080_8080
      // Little-endian: the lowest set bit is the first such byte.
      if high != 0 { return i + high.trailingZeroBitCount / 8 }
      i += 8
    }
    while i < text.count {
      if text[i] >= 0x80 { return i }
      i += 1
    }
    return nil
  }

  /// Calls `body` with `source` from offset `from` folded, in a scratch
  /// buffer; with `origins` (room for `maximumGrowth` × `source.count`),
  /// the offset in `source` of the character each folded byte comes from.
  static func withFolded<Result>(
    _ source: UnsafeBufferPointer<UInt8>, from: Int = 0,
    origins: UnsafeMutablePointer<Int32>? = nil,
    _ body: (UnsafeBufferPointer<UInt8>) -> Result
  ) -> Result {
    let capacity = (source.count - from) * maximumGrowth + slack
    return withUnsafeTemporaryAllocation(of: UInt8.self, capacity: capacity) { buffer in
      let count = fold(source, from: from, into: buffer.baseAddress!, origins: origins)
      return body(UnsafeBufferPointer(rebasing: buffer[..<count]))
    }
  }
}
