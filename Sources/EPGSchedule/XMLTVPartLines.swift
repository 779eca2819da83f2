/// Turns the lines the parser reports for one part of a file (`XMLTVParts`)
/// into the file's lines. A part after the first is parsed after the
/// file's prolog and a newline, so its first byte is at column 1 of parser
/// line `firstLine`; it starts the file's line `fileLine`. Columns need no
/// change: every part starts at the start of a line.
struct XMLTVPartLines {
  /// 1-based parser line of the part's first byte.
  var firstLine: Int
  /// 1-based line of the file where the part starts.
  var fileLine: Int

  /// The whole file, or its first part: lines as they are.
  static let file = XMLTVPartLines(firstLine: 1, fileLine: 1)

  /// The file's line for parser line `line`; 0 (unknown) stays 0.
  func callAsFunction(_ line: Int) -> Int {
    line <= 0 ? line : line - firstLine + fileLine
  }

  /// An error message of libxml2 with the lines it names ("Opening and
  /// ending tag mismatch: title line 12 and titel") made the file's. A line
  /// before `firstLine` is in the prolog, the file's own first lines.
  func message(_ text: String) -> String {
    guard firstLine != fileLine else { return text }
    var result = ""
    var rest = Substring(text)
    while let found = rest.firstRange(of: "line ") {
      result += rest[..<found.upperBound]
      rest = rest[found.upperBound...]
      let digits = rest.prefix { $0.isASCII && $0.isNumber }
      guard let line = Int(digits) else { continue }
      result += String(line >= firstLine ? self(line) : line)
      rest = rest.dropFirst(digits.count)
    }
    return result + rest
  }
}
