import CXMLTVReader
import EPGPlatform

/// Copies JSON text as it is read, leaving out what strings hold past
/// `limit` bytes (counted decoded: an escape is the bytes it stands for),
/// so that a guide with a huge string never holds it: the longest field
/// limit (a description's, `XMLTV_DESC_LIMIT`) and one character more are
/// kept, so that `ScheduleJSON` still sees that the string was longer and
/// cuts it to its field's limit with a finding.
///
/// A cut falls on a character boundary, outside an escape and never
/// between the two halves of an escaped surrogate pair, so the text stays
/// valid JSON; everything outside strings is copied as it is.
struct JSONStringLimiter {
  /// Decoded bytes of a string kept before the rest is left out.
  var limit = Int(XMLTV_DESC_LIMIT) + 1

  private var inString = false
  /// After a backslash: the escape's bytes seen so far (1 for `\`).
  private var escape = 0
  /// The hex digits of a `\u` escape so far.
  private var hex: UInt32 = 0
  /// The last escape was a high surrogate (its low half must follow).
  private var highSurrogate = false
  /// Decoded bytes of the current string so far.
  private var decoded = 0
  /// The rest of the current string is being left out.
  private var dropping = false
  /// Strings cut so far.
  private(set) var cuts = 0

  /// Appends `chunk` to `output`, strings cut to `limit`.
  mutating func append(_ chunk: UnsafeBufferPointer<UInt8>, to output: inout [UInt8]) {
    guard let base = chunk.baseAddress else { return }
    let count = chunk.count
    var run = 0  // start of the bytes of `chunk` not yet copied
    var index = 0
    while index < count {
      if escape > 0 {
        readEscape(base[index])
        index += 1
        continue
      }
      if !inString {
        // To the next string (memchr: fast even in a debug build).
        guard let quote = memchr(base + index, Int32(UInt8(ascii: "\"")), count - index) else {
          break
        }
        index = base.distance(to: quote.assumingMemoryBound(to: UInt8.self)) + 1
        inString = true
        decoded = 0
        dropping = false
        highSurrogate = false
        continue
      }
      // Inside a string: plain bytes up to the next quote or backslash.
      let stop = Self.nextSpecial(base, from: index, count: count)
      if !dropping, decoded + (stop - index) >= limit {
        // Cut at the first character boundary at or after the limit.
        var at = index + max(0, limit - decoded)
        while at < stop && base[at] & 0xC0 == 0x80 { at += 1 }
        if at < stop {
          output.append(contentsOf: UnsafeBufferPointer(start: base + run, count: at - run))
          dropping = true
          cuts += 1
        }
      }
      decoded += stop - index
      if stop > index { highSurrogate = false }
      index = stop
      guard index < count else { break }
      if base[index] == UInt8(ascii: "\"") {
        // The string ends: its closing quote is always kept.
        inString = false
        if dropping {
          run = index
          dropping = false
        }
      } else {
        if !dropping, decoded >= limit, !highSurrogate {
          output.append(contentsOf: UnsafeBufferPointer(start: base + run, count: index - run))
          dropping = true
          cuts += 1
        }
        escape = 1
      }
      index += 1
    }
    if !dropping {
      output.append(contentsOf: UnsafeBufferPointer(start: base + run, count: count - run))
    }
  }

  /// The index of the first quote or backslash of `base[from..<count]`,
  /// else `count`.
  private static func nextSpecial(_ base: UnsafePointer<UInt8>, from: Int, count: Int) -> Int {
    let length = count - from
    let quote = memchr(base + from, Int32(UInt8(ascii: "\"")), length)
    let searched = quote.map { base.distance(to: $0.assumingMemoryBound(to: UInt8.self)) } ?? count
    let backslash = memchr(base + from, Int32(UInt8(ascii: "\\")), searched - from)
    return backslash.map { base.distance(to: $0.assumingMemoryBound(to: UInt8.self)) } ?? searched
  }

  /// One byte of an escape after its backslash.
  private mutating func readEscape(_ byte: UInt8) {
    escape += 1
    if escape == 2 {
      if byte != UInt8(ascii: "u") {
        escape = 0
        decoded += 1
        highSurrogate = false
      } else {
        hex = 0
      }
      return
    }
    hex = hex << 4 | UInt32(Self.hexValue(byte))
    guard escape == 6 else { return }
    escape = 0
    let wasHigh = highSurrogate
    highSurrogate = (0xD800...0xDBFF).contains(hex)
    if wasHigh && (0xDC00...0xDFFF).contains(hex) {
      decoded += 1  // the pair's fourth byte (the high half counted three)
    } else {
      decoded += hex < 0x80 ? 1 : hex < 0x800 ? 2 : 3
    }
  }

  private static func hexValue(_ byte: UInt8) -> UInt8 {
    switch byte {
    case UInt8(ascii: "0")...UInt8(ascii: "9"): return byte - UInt8(ascii: "0")
    case UInt8(ascii: "a")...UInt8(ascii: "f"): return byte - UInt8(ascii: "a") + 10
    case UInt8(ascii: "A")...UInt8(ascii: "F"): return byte - UInt8(ascii: "A") + 10
    default: return 0
    }
  }
}
