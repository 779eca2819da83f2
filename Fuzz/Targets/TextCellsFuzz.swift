import EPGLayout
import EPGRaster

/// libFuzzer target: the text-to-cells path. Guide text (arbitrary bytes
/// decoded as UTF-8, as the loader does) goes through `TextSanitizer`,
/// `TextWidth`, `Grid.put` (with clips, offsets, ellipsis and over wide
/// glyphs already there) and `Grid.ansiText`, and the front end's
/// `wrapText`. Checked: no crash; no wide glyph left split; every cell's
/// width is its text's width; and the terminal text contains no escape
/// sequence but the SGR ones `ansiText` adds, no C0/C1 control but the line
/// feeds, and no bidi control.
///
/// Input layout: 6 parameter bytes, then the text.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzTextCells(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
  guard size >= 6 else { return 0 }
  let p = Array(UnsafeBufferPointer(start: data, count: 6))
  let text = String(decoding: UnsafeBufferPointer(start: data + 6, count: size - 6), as: UTF8.self)
  let width = Int(p[0] % 48) + 1
  let height = Int(p[1] % 3) + 1
  let extremes = [Int.min, -1_000_000, Int.max - 2, 1_000_000]
  let x = p[5] & 0x10 != 0 ? extremes[Int(p[2]) % 4] : Int(Int8(bitPattern: p[2])) % (width + 4)
  let clipLow = Int(Int8(bitPattern: p[3])) % (width + 3)
  let clipHigh = clipLow + Int(p[4] % UInt8(min(255, width + 4)))
  let clip: Range<Int>? = p[5] & 1 != 0 ? clipLow..<clipHigh : nil
  let sanitizer: TextSanitizer = p[5] & 2 != 0 ? .ascii : .unicode
  let ellipsis: Character? = p[5] & 4 != 0 ? nil : "…"
  var grid = Grid(width: width, height: height)
  if p[5] & 8 != 0 {
    // Wide glyphs everywhere first, so writes cut them.
    for y in 0..<height {
      var column = 0
      while column + 1 < width {
        grid.write("コ", width: 2, x: column, y: y, style: .plain)
        column += 2
      }
    }
  }
  let style = Style(foreground: .ansi(p[1] % 16), attributes: .bold)
  let y = height - 1
  let before = grid
  grid.put(text, x: x, y: y, clip: clip, style: style, sanitizer: sanitizer, ellipsis: ellipsis)
  for row in 0..<height where row != y {
    for column in 0..<width where grid[column, row] != before[column, row] {
      fatalError("put on row \(y) changed row \(row)")
    }
  }
  // A second write across the first, half a glyph off.
  grid.put(text, x: (x == Int.min ? 0 : x / 2) + 1, y: y, style: .plain, sanitizer: sanitizer)
  checkCells(grid)
  checkTerminalText(grid.ansiText())
  checkTerminalText(grid.plainText())
  let sanitized = sanitizer.sanitize(text)
  for scalar in sanitized.unicodeScalars where TextSanitizer.isUnsafe(scalar) {
    fatalError("sanitize kept U+\(String(scalar.value, radix: 16))")
  }
  if sanitizer.asciiOnly && !sanitized.utf8.allSatisfy({ $0 < 0x80 }) {
    fatalError("ASCII sanitizer let a non-ASCII character through")
  }
  let measure = { (s: String) in TextWidth.of(sanitizer.sanitize(s)) }
  let lines = wrapText(text, width: width, measure: measure)
  if text.allSatisfy({ measure(String($0)) <= width }) {
    for line in lines where measure(line) > width {
      fatalError("wrapText made a line of \(measure(line)) columns for width \(width)")
    }
  }
  return 0
}

/// Every wide glyph is followed by its continuation and every continuation
/// follows a wide glyph; a cell's width is its character's width.
func checkCells(_ grid: Grid) {
  for y in 0..<grid.height {
    for x in 0..<grid.width {
      switch grid[x, y].content {
      case .continuation:
        guard x > 0, grid[x - 1, y].width == 2 else {
          fatalError("orphan continuation at \(x),\(y)")
        }
      case .grapheme(let character, let cellWidth):
        guard cellWidth == 1 || cellWidth == 2 else { fatalError("cell width \(cellWidth)") }
        if cellWidth == 2 {
          guard x + 1 < grid.width, grid[x + 1, y].isContinuation else {
            fatalError("wide glyph without its right half at \(x),\(y)")
          }
        }
        guard TextSanitizer.isSafe(character) else { fatalError("unsafe character in a cell") }
        let measured = TextWidth.of(character)
        guard measured == cellWidth else {
          fatalError("cell \(x),\(y) width \(cellWidth) but its text measures \(measured)")
        }
      }
    }
  }
}

/// The only escape sequences allowed are SGR (`ESC [ digits ; … m`); no
/// other C0 control than LF, no DEL, no C1, no bidi control.
func checkTerminalText(_ text: String) {
  let scalars = Array(text.unicodeScalars)
  var i = 0
  while i < scalars.count {
    let value = scalars[i].value
    if value == 0x1B {
      guard i + 1 < scalars.count, scalars[i + 1] == "[" else {
        fatalError("ESC not followed by [")
      }
      var j = i + 2
      while j < scalars.count, scalars[j] == ";" || ("0"..."9").contains(scalars[j]) { j += 1 }
      guard j < scalars.count, scalars[j] == "m" else {
        fatalError("escape sequence other than SGR")
      }
      i = j + 1
      continue
    }
    if value == 0x0A {
      i += 1
      continue
    }
    if value >= 0x20 && value != 0x7F && !(0x80...0x9F).contains(value) {
      if TextSanitizer.isUnsafe(scalars[i]) {
        fatalError("bidi or separator U+\(String(value, radix: 16))")
      }
      i += 1
      continue
    }
    fatalError("control U+\(String(value, radix: 16)) in terminal text")
  }
}
