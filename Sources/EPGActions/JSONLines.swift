/// Line numbers in JSON text, for problem reports (`FILE:LINE`), found by
/// a small scanner that knows strings, escapes and nesting and nothing
/// else.
public enum JSONLines {
  /// For each list directly inside the top-level object, by its key, the
  /// 1-based line where each of its elements begins (`{"reminders": [A,
  /// B]}` → `["reminders": [line of A, line of B]]`). Keys are taken as
  /// written (escapes are not decoded).
  public static func elementLines(in text: String) -> [String: [Int]] {
    var result: [String: [Int]] = [:]
    var line = 1
    var depth = 0
    var inString = false
    var escaped = false
    var expectingElement = false
    /// The list being read (its key), while depth is 2 inside it.
    var list: String?
    var stringBytes: [UInt8] = []
    var lastKey: String?
    for byte in text.utf8 {
      if byte == UInt8(ascii: "\n") { line += 1 }
      if inString {
        if escaped {
          escaped = false
        } else if byte == UInt8(ascii: "\\") {
          escaped = true
        } else if byte == UInt8(ascii: "\"") {
          inString = false
          if depth == 1 { lastKey = String(decoding: stringBytes, as: UTF8.self) }
          continue
        }
        if depth == 1 { stringBytes.append(byte) }
        continue
      }
      let isSpace = byte == 0x20 || byte == 0x09 || byte == 0x0A || byte == 0x0D
      if expectingElement && !isSpace && byte != UInt8(ascii: "]"), let list {
        result[list, default: []].append(line)
        expectingElement = false
      }
      switch byte {
      case UInt8(ascii: "\""):
        inString = true
        stringBytes = []
      case UInt8(ascii: "{"), UInt8(ascii: "["):
        depth += 1
        if byte == UInt8(ascii: "["), depth == 2, let key = lastKey {
          list = key
          result[key] = result[key] ?? []
          expectingElement = true
        }
      case UInt8(ascii: "}"), UInt8(ascii: "]"):
        if depth == 2 { list = nil }
        depth -= 1
        expectingElement = false
      case UInt8(ascii: ","):
        if depth == 2, list != nil { expectingElement = true }
      default: break
      }
    }
    return result
  }

  /// The line of the first place the text stops being JSON, roughly: the
  /// line where nesting goes wrong or a stray character appears; nil when
  /// the scanner sees nothing wrong (the parser's reason is then about
  /// values, e.g. a bad number).
  public static func errorLine(in text: String) -> Int? {
    var line = 1
    var stack: [UInt8] = []
    var inString = false
    var escaped = false
    var sawValue = false
    for byte in text.utf8 {
      if byte == UInt8(ascii: "\n") { line += 1 }
      if inString {
        if escaped {
          escaped = false
        } else if byte == UInt8(ascii: "\\") {
          escaped = true
        } else if byte == UInt8(ascii: "\"") {
          inString = false
        } else if byte < 0x20 {
          return line
        }
        continue
      }
      switch byte {
      case 0x20, 0x09, 0x0A, 0x0D: continue
      case UInt8(ascii: "\""): inString = true
      case UInt8(ascii: "{"): stack.append(UInt8(ascii: "}"))
      case UInt8(ascii: "["): stack.append(UInt8(ascii: "]"))
      case UInt8(ascii: "}"), UInt8(ascii: "]"):
        guard stack.last == byte else { return line }
        stack.removeLast()
      case UInt8(ascii: ","), UInt8(ascii: ":"):
        if stack.isEmpty { return line }
      default:
        // Letters, digits, signs and dots make literals and numbers.
        let allowed =
          (0x30...0x39).contains(byte) || (0x61...0x7A).contains(byte)
          || byte == UInt8(ascii: "-") || byte == UInt8(ascii: "+") || byte == UInt8(ascii: ".")
          || byte == UInt8(ascii: "E")
        if !allowed { return line }
      }
      if stack.isEmpty && sawValue && byte != UInt8(ascii: "}") && byte != UInt8(ascii: "]") {
        return line
      }
      sawValue = true
    }
    if inString || !stack.isEmpty { return line }
    return nil
  }
}
