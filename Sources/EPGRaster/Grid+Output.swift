extension Grid {
  /// The grid as plain text: one line per row, joined by "\n" (no newline
  /// after the last row). Continuation cells are omitted, as the terminal
  /// shows them. With `trimmingTrailingSpaces` (the default, used by
  /// `tvgrid render`) spaces at the end of each line are dropped; otherwise
  /// every line is exactly `width` columns wide.
  public func plainText(trimmingTrailingSpaces: Bool = true) -> String {
    var lines = self.lines
    if trimmingTrailingSpaces {
      lines = lines.map { line in
        var line = line
        while line.last == " " { line.removeLast() }
        return line
      }
    }
    return lines.joined(separator: "\n")
  }

  /// The grid as text with ANSI SGR escape sequences for colours and
  /// attributes: a sequence at each change of style, and a reset
  /// (`ESC[0m`) at the end of every line that set one. Lines are joined by
  /// "\n". Every character goes through the sanitiser's safety check, so
  /// the only escape sequences in the output are the ones added here.
  public func ansiText() -> String {
    var bytes: [UInt8] = []
    bytes.reserveCapacity(width * height * 2)
    for y in 0..<height {
      if y > 0 { bytes.append(0x0A) }
      var current = Style.plain
      for x in 0..<width {
        let cell = self[x, y]
        guard cell.glyph.width > 0 else { continue }
        if cell.style != current {
          bytes.append(contentsOf: cell.style.sgr.utf8)
          current = cell.style
        }
        appendText(of: cell.glyph, to: &bytes)
      }
      if current != .plain { bytes.append(contentsOf: "\u{1B}[0m".utf8) }
    }
    return String(decoding: bytes, as: UTF8.self)
  }
}

extension Style {
  /// The SGR sequence that sets exactly this style from any other:
  /// a reset (0) followed by the attributes and colours, e.g. `ESC[0;1;31m`.
  public var sgr: String {
    var codes = ["0"]
    if attributes.contains(.bold) { codes.append("1") }
    if attributes.contains(.dim) { codes.append("2") }
    if attributes.contains(.italic) { codes.append("3") }
    if attributes.contains(.underline) { codes.append("4") }
    if attributes.contains(.reverse) { codes.append("7") }
    if case .ansi(let n) = foreground {
      codes.append(n < 8 ? "\(30 + Int(n))" : n < 16 ? "\(90 + Int(n) - 8)" : "38;5;\(n)")
    }
    if case .ansi(let n) = background {
      codes.append(n < 8 ? "\(40 + Int(n))" : n < 16 ? "\(100 + Int(n) - 8)" : "48;5;\(n)")
    }
    return "\u{1B}[" + codes.joined(separator: ";") + "m"
  }
}
