/// Splits the text of an `#EXTINF:` or `#EXTM3U` line (bytes) into
/// attributes and, for `#EXTINF`, the name, as players do:
/// - attributes are `key=value` separated by whitespace; keys are matched
///   case-insensitively (returned lowercased);
/// - a value is `"…"` or `'…'` (commas and spaces allowed inside), or
///   unquoted up to whitespace (or, for `#EXTINF`, a comma);
/// - for `#EXTINF`, the first token is the duration and the name is
///   everything after the first comma outside quotes.
///
/// One pass over the bytes; only keys in `wanted` are kept (first
/// occurrence wins), so a line with a million attributes costs no memory.
struct M3UAttributeScanner {
  /// An attribute's value as a byte range of the line.
  struct Result {
    var values: [String: Range<Int>] = [:]
    /// Index of the first byte of the name (after the first unquoted
    /// comma), or nil when there is no such comma.
    var nameStart: Int?
    /// A quote was opened and never closed.
    var unterminatedQuote = false
  }

  /// Longest attribute name looked at, in bytes.
  static let keyLimit = 64

  static func scan(
    _ bytes: [UInt8], _ range: Range<Int>, isEntry: Bool, wanted: Set<String>
  ) -> Result {
    var result = Result()
    var i = range.lowerBound
    let end = range.upperBound
    let comma = UInt8(ascii: ",")
    let equals = UInt8(ascii: "=")
    func isSpace(_ byte: UInt8) -> Bool { byte == 0x20 || byte == 0x09 }
    func isQuote(_ byte: UInt8) -> Bool { byte == 0x22 || byte == 0x27 }
    func endsUnquoted(_ byte: UInt8) -> Bool { isSpace(byte) || (isEntry && byte == comma) }
    if isEntry {  // the duration, e.g. -1
      while i < end && !endsUnquoted(bytes[i]) { i += 1 }
    }
    while i < end {
      let byte = bytes[i]
      if isSpace(byte) {
        i += 1
        continue
      }
      if isEntry && byte == comma {
        result.nameStart = i + 1
        break
      }
      // A key, up to `=`; a stray quoted word is skipped whole.
      let keyStart = i
      while i < end && !endsUnquoted(bytes[i]) && bytes[i] != equals {
        if isQuote(bytes[i]) {
          let quote = bytes[i]
          i += 1
          while i < end && bytes[i] != quote { i += 1 }
          if i == end { result.unterminatedQuote = true }
        }
        if i < end { i += 1 }
      }
      let keyRange = keyStart..<i
      guard i < end, bytes[i] == equals else { continue }
      i += 1
      var valueRange: Range<Int>
      if i < end && isQuote(bytes[i]) {
        let quote = bytes[i]
        i += 1
        let valueStart = i
        while i < end && bytes[i] != quote { i += 1 }
        valueRange = valueStart..<i
        if i == end { result.unterminatedQuote = true } else { i += 1 }
      } else {
        let valueStart = i
        while i < end && !endsUnquoted(bytes[i]) { i += 1 }
        valueRange = valueStart..<i
      }
      guard keyRange.count <= keyLimit else { continue }
      let key = String(decoding: bytes[keyRange], as: UTF8.self).lowercased()
      if wanted.contains(key) && result.values[key] == nil { result.values[key] = valueRange }
    }
    if isEntry && result.nameStart == nil && result.unterminatedQuote,
      let lastComma = bytes[range].lastIndex(of: comma)
    {
      // A quote left open swallowed the rest: the name is after the last
      // comma, and values stop before it.
      result.nameStart = lastComma + 1
      for (key, value) in result.values where value.upperBound > lastComma {
        result.values[key] = value.lowerBound..<max(value.lowerBound, lastComma)
      }
    }
    return result
  }
}
