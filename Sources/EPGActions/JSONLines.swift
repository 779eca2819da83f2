/// Line numbers in JSON text, for problem reports (`FILE:LINE`), found by
/// a small scanner that knows strings, escapes and nesting and nothing
/// else.
enum JSONLines {
  /// The 1-based line where each element of the first array nested one
  /// level inside the top-level value begins (`{"reminders": [A, B]}` → the
  /// lines of A and B).
  static func elementLines(in text: String) -> [Int] {
    var lines: [Int] = []
    var line = 1
    var depth = 0
    var inString = false
    var escaped = false
    var expectingElement = false
    var arrayDepth: Int?
    for byte in text.utf8 {
      if byte == UInt8(ascii: "\n") { line += 1 }
      if inString {
        if escaped {
          escaped = false
        } else if byte == UInt8(ascii: "\\") {
          escaped = true
        } else if byte == UInt8(ascii: "\"") {
          inString = false
        }
        continue
      }
      let isSpace = byte == 0x20 || byte == 0x09 || byte == 0x0A || byte == 0x0D
      if expectingElement && !isSpace && byte != UInt8(ascii: "]") {
        lines.append(line)
        expectingElement = false
      }
      switch byte {
      case UInt8(ascii: "\""): inString = true
      case UInt8(ascii: "{"), UInt8(ascii: "["):
        depth += 1
        if byte == UInt8(ascii: "["), depth == 2, arrayDepth == nil {
          arrayDepth = depth
          expectingElement = true
        }
      case UInt8(ascii: "}"), UInt8(ascii: "]"):
        if depth == arrayDepth { return lines }
        depth -= 1
        expectingElement = false
      case UInt8(ascii: ","):
        if depth == arrayDepth { expectingElement = true }
      default: break
      }
    }
    return lines
  }

  /// The line of the first place the text stops being JSON, roughly: the
  /// line where nesting goes wrong or a stray character appears; nil when
  /// the scanner sees nothing wrong (the parser's reason is then about
  /// values, e.g. a bad number).
  static func errorLine(in text: String) -> Int? {
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
