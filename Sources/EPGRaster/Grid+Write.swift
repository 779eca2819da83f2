extension Grid {
  /// Writes one glyph of `width` columns (1 or 2) at (x, y), keeping wide
  /// glyphs whole:
  ///
  ///     before   [コ,2][cont][a]     write "x" at column 1
  ///     after    [ ]  [x]   [a]      the orphaned left half becomes a space
  ///
  ///     before   [a][コ,2][cont]     write "x" at column 1
  ///     after    [a][x]   [ ]        the orphaned right half becomes a space
  ///
  /// A wide glyph that would stick out of the grid's right edge is written as
  /// a space. Out-of-range positions are ignored.
  public mutating func write(_ character: Character, width: Int, x: Int, y: Int, style: Style) {
    write(Cell.Glyph(character, width: width), x: x, y: y, style: style)
  }

  /// `write` for a packed glyph (its width included).
  mutating func write(_ glyph: Cell.Glyph, x: Int, y: Int, style: Style) {
    guard contains(x: x, y: y) else { return }
    let wide = glyph.width >= 2
    if wide && x + 1 >= self.width {
      write(.space, x: x, y: y, style: style)
      return
    }
    let index = y * self.width + x
    releaseWideGlyph(at: index, x: x)
    if wide {
      releaseWideGlyph(at: index + 1, x: x + 1)
      cells[index + 1] = Cell(glyph: .continuation, style: style)
    }
    cells[index] = Cell(glyph: glyph, style: style)
  }

  /// Fills `rect` (clipped to the grid) with spaces in `style`.
  public mutating func fill(_ rect: CellRect, style: Style) {
    let area = rect.intersection(bounds)
    guard !area.isEmpty else { return }
    let blank = Cell(glyph: .space, style: style)
    for y in area.minY..<area.maxY {
      // Only the edge columns can cut a wide glyph.
      releaseWideGlyph(at: y * width + area.minX, x: area.minX)
      releaseWideGlyph(at: y * width + area.maxX - 1, x: area.maxX - 1)
    }
    let width = self.width
    cells.withUnsafeMutableBufferPointer { cells in
      guard MemoryLayout<Cell>.stride == 24, let base = cells.baseAddress else {
        for y in area.minY..<area.maxY {
          let range = (y * width + area.minX)..<(y * width + area.maxX)
          UnsafeMutableBufferPointer(rebasing: cells[range]).update(repeating: blank)
        }
        return
      }
      // The cell as three words, stored whole (three stores per cell
      // instead of one per field).
      var words: (UInt64, UInt64, UInt64) = (0, 0, 0)
      withUnsafeMutableBytes(of: &words) { $0.storeBytes(of: blank, as: Cell.self) }
      let raw = UnsafeMutableRawPointer(base)
      for y in area.minY..<area.maxY {
        var cell = raw + (y * width + area.minX) * 24
        for _ in area.minX..<area.maxX {
          cell.storeBytes(of: words.0, as: UInt64.self)
          cell.storeBytes(of: words.1, toByteOffset: 8, as: UInt64.self)
          cell.storeBytes(of: words.2, toByteOffset: 16, as: UInt64.self)
          cell += 24
        }
      }
    }
  }

  /// Adds `attributes` to the cells of `rect` (clipped), keeping their text.
  public mutating func addAttributes(_ attributes: Style.Attributes, in rect: CellRect) {
    let area = rect.intersection(bounds)
    guard !area.isEmpty else { return }
    for y in area.minY..<area.maxY {
      for x in area.minX..<area.maxX { cells[y * width + x].style.attributes.formUnion(attributes) }
    }
  }

  /// Writes `text` from column `x` of row `y` and returns the column after
  /// the last cell written.
  ///
  /// - Text passes `sanitizer` first (controls become a placeholder).
  /// - Only columns in `clip` (default: the whole row) are written; glyphs
  ///   left of it are skipped, and a wide glyph cut by the clip's left edge
  ///   shows as a space.
  /// - If the text is wider than the room from `x` to the clip's end, it is
  ///   cut at a glyph boundary and `ellipsis` is written in the last column
  ///   (no ellipsis if `ellipsis` is nil). A wide glyph that does not fit is
  ///   dropped, never split:
  ///
  ///         "コンピュータ" in 5 columns → "コン…" (2 + 2 + 1)
  ///         "コンピュータ" in 4 columns → "コ…"  and one column left as is
  ///         "News at Ten"  in 6 columns → "News…" (spaces before … dropped)
  ///
  /// - A grapheme cluster is kept whole and written in the cells a terminal
  ///   draws it in (`TextWidth.cells(of:)`): Thai "นำ" takes two cells,
  ///   "น" and "ำ", so no mark is lost to a one-glyph cell.
  @discardableResult
  public mutating func put(
    _ text: some StringProtocol, x: Int, y: Int, clip: Range<Int>? = nil, style: Style,
    sanitizer: TextSanitizer = .unicode, ellipsis: Character? = "…"
  ) -> Int {
    guard y >= 0 && y < height else { return x }
    let lower = max(clip?.lowerBound ?? 0, 0, x)
    let upper = min(clip?.upperBound ?? width, width)
    let skipBefore = max(clip?.lowerBound ?? 0, 0)
    guard lower < upper else { return x }
    // Printable ASCII in contiguous storage (the usual title): one pass
    // over the bytes, no String indexing.
    let contiguous = text.utf8.withContiguousStorageIfAvailable { bytes -> Int? in
      guard bytes.allSatisfy({ $0 >= 0x20 && $0 < 0x7F }) else { return nil }
      return putPrintableASCII(
        bytes, x: x, y: y, upper: upper, skipBefore: skipBefore, style: style, ellipsis: ellipsis)
    }
    if let written = contiguous ?? nil { return written }
    switch Self.textClass(text) {
    case .printableASCII:
      return putPrintableASCII(
        text.utf8, x: x, y: y, upper: upper, skipBefore: skipBefore, style: style,
        ellipsis: ellipsis)
    case .simpleScalars:
      return putSimpleScalars(
        text.unicodeScalars, x: x, y: y, upper: upper, skipBefore: skipBefore, style: style,
        sanitizer: sanitizer, ellipsis: ellipsis)
    case .general:
      break
    }
    // Pass 1: does the text fit between x and upper?
    var column = x
    var fits = true
    for character in text {
      guard let (_, glyphWidth) = sanitizer.displayForm(of: character) else { continue }
      column += glyphWidth
      if column > upper {
        fits = false
        break
      }
    }
    let ellipsisMark = fits ? nil : ellipsis
    let limit = ellipsisMark == nil ? upper : upper - 1
    // Pass 2: write, a whole cluster or nothing, each in the cells a
    // terminal draws it in.
    column = x
    for character in text {
      guard let (shown, clusterWidth) = sanitizer.displayForm(of: character) else { continue }
      if column + clusterWidth > limit { break }
      let cells =
        clusterWidth == 1 || shown.unicodeScalars.count == 1
        ? [(shown, clusterWidth)] : TextWidth.cells(of: shown)
      for (glyph, glyphWidth) in cells {
        if column >= skipBefore {
          write(glyph, width: glyphWidth, x: column, y: y, style: style)
        } else if column + glyphWidth > skipBefore {
          write(" ", width: 1, x: skipBefore, y: y, style: style)
        }
        column += glyphWidth
      }
    }
    return endCut(
      at: column, ellipsis: ellipsisMark, x: x, y: y, upper: upper, skipBefore: skipBefore,
      style: style)
  }

  /// Ends a written run at `column`: when the text was cut (`ellipsis` not
  /// nil), trailing spaces are taken back and the mark is written right
  /// after the last visible character ("News…", not "News …"). Returns the
  /// column after the run.
  private mutating func endCut(
    at end: Int, ellipsis: Character?, x: Int, y: Int, upper: Int, skipBefore: Int, style: Style
  ) -> Int {
    guard let mark = ellipsis else { return end }
    var column = end
    while column - 1 >= max(x, skipBefore), column - 1 < width,
      self[column - 1, y].glyph == .space
    {
      column -= 1
    }
    if column < upper, column >= skipBefore {
      write(mark, width: 1, x: column, y: y, style: style)
      column += 1
    }
    return column
  }

  /// How `put` may walk a text.
  private enum TextClass {
    /// Printable ASCII bytes only: one column per byte.
    case printableASCII
    /// Scalars that are each a grapheme cluster of their own, safe and
    /// never zero-width (`isSimple`): no grapheme breaking needed.
    case simpleScalars
    /// Anything else: per `Character`, through the sanitizer.
    case general
  }

  private static func textClass(_ text: some StringProtocol) -> TextClass {
    let ascii = text.utf8.withContiguousStorageIfAvailable { bytes in
      bytes.allSatisfy { $0 >= 0x20 && $0 < 0x7F }
    }
    if ascii ?? text.utf8.allSatisfy({ $0 >= 0x20 && $0 < 0x7F }) { return .printableASCII }
    return text.unicodeScalars.allSatisfy(isSimple) ? .simpleScalars : .general
  }

  /// Whether a scalar always forms a grapheme cluster on its own next to
  /// other such scalars (Grapheme_Cluster_Break "Other": no extending,
  /// joining, Hangul, regional-indicator or control scalars), is safe for a
  /// terminal and is one or two columns wide (`TextWidth.width(of:)`):
  /// printable ASCII, Latin-1 and Latin extended letters (not the soft
  /// hyphen), CJK punctuation (not the combining tone marks U+302A–U+302F),
  /// kana (not the combining voiced marks), CJK ideographs and fullwidth
  /// forms.
  @inline(__always)
  static func isSimple(_ scalar: Unicode.Scalar) -> Bool {
    switch scalar.value {
    case 0x20...0x7E, 0xA0...0xAC, 0xAE...0x2FF, 0x3000...0x3029, 0x3041...0x3096,
      0x30A0...0x30FF, 0x4E00...0x9FFF, 0xFF01...0xFF60:
      true
    default: false
    }
  }

  /// `put` for text whose scalars are all `isSimple`: the same two passes
  /// as the general case, one scalar per glyph.
  private mutating func putSimpleScalars(
    _ scalars: some Sequence<Unicode.Scalar>, x: Int, y: Int, upper: Int, skipBefore: Int,
    style: Style, sanitizer: TextSanitizer, ellipsis: Character?
  ) -> Int {
    // The display form of a simple scalar (as `TextSanitizer.displayForm`).
    @inline(__always)
    func form(_ scalar: Unicode.Scalar) -> (Cell.Glyph, Int) {
      if scalar.value < 0x80 { return (Cell.Glyph(ascii: UInt8(scalar.value)), 1) }
      if sanitizer.asciiOnly { return (Cell.Glyph(ascii: UInt8(ascii: "?")), 1) }
      let width = TextWidth.width(of: scalar)
      return (Cell.Glyph(scalar: scalar, width: width), width)
    }
    // Pass 1: does the text fit between x and upper?
    var column = x
    var fits = true
    for scalar in scalars {
      column += form(scalar).1
      if column > upper {
        fits = false
        break
      }
    }
    let ellipsisMark = fits ? nil : ellipsis
    let limit = ellipsisMark == nil ? upper : upper - 1
    // Pass 2: write.
    column = x
    for scalar in scalars {
      let (glyph, glyphWidth) = form(scalar)
      if column + glyphWidth > limit { break }
      if column >= skipBefore {
        write(glyph, x: column, y: y, style: style)
      } else if column + glyphWidth > skipBefore {
        write(.space, x: skipBefore, y: y, style: style)
      }
      column += glyphWidth
    }
    return endCut(
      at: column, ellipsis: ellipsisMark, x: x, y: y, upper: upper, skipBefore: skipBefore,
      style: style)
  }

  /// `put` for text of printable ASCII only (one column per byte, nothing to
  /// sanitise): the common case, without grapheme breaking.
  private mutating func putPrintableASCII(
    _ bytes: some Collection<UInt8>, x: Int, y: Int, upper: Int, skipBefore: Int, style: Style,
    ellipsis: Character?
  ) -> Int {
    let fits = x + bytes.count <= upper
    let limit = fits || ellipsis == nil ? upper : upper - 1
    let first = max(x, skipBefore)
    let end = min(x + bytes.count, limit)
    var lastVisible = x
    if first < end {
      // Only the two ends of the run can cut a wide glyph.
      let rowStart = y * width
      releaseWideGlyph(at: rowStart + first, x: first)
      releaseWideGlyph(at: rowStart + end - 1, x: end - 1)
      cells.withUnsafeMutableBufferPointer { cells in
        var column = x
        for byte in bytes {
          if column >= end { break }
          if column >= first {
            cells[rowStart + column] = Cell(glyph: Cell.Glyph(ascii: byte), style: style)
          }
          column += 1
          if byte != 0x20 { lastVisible = column }
        }
      }
    }
    var column = max(end, x)
    guard !fits, let mark = ellipsis else { return column }
    // No space between the cut text and the ellipsis.
    column = max(lastVisible, skipBefore)
    if column < upper {
      write(mark, width: 1, x: column, y: y, style: style)
      column += 1
    }
    return column
  }

  /// If `index` is one half of a wide glyph, turns the other half into a
  /// space (keeping its style) so the glyph is never left split.
  private mutating func releaseWideGlyph(at index: Int, x: Int) {
    let width = self.width
    cells.withUnsafeMutableBufferPointer { cells in
      Self.releaseWideGlyph(at: index, x: x, width: width, in: cells)
    }
  }

  /// `releaseWideGlyph(at:x:)` on raw storage of a grid `width` columns wide.
  @inline(__always)
  static func releaseWideGlyph(
    at index: Int, x: Int, width: Int, in cells: UnsafeMutableBufferPointer<Cell>
  ) {
    switch cells[index].glyph.width {
    case 0:
      if x > 0 && cells[index - 1].glyph.width == 2 { cells[index - 1].glyph = .space }
    case 2:
      if x + 1 < width && cells[index + 1].glyph.width == 0 { cells[index + 1].glyph = .space }
    default:
      break
    }
  }
}
