/// A grid being rasterised plus the line arms drawn into it (internal).
///
/// Lines only add arms (`LineMask`) to cells; anything painted later over a
/// cell (a fill or text) removes them. `resolveLines(glyphs:)` runs once at
/// the end: each line cell first gains an arm towards every neighbouring line
/// cell that points at it, then gets the glyph for its arms.
///
///     after drawing            after resolving
///     ─ ─ ─ ─ ─   (row 0)      ─ ─ ┬ ─ ─
///         │       (row 1)          │
///
/// Unsafe storage access only where `make bench`'s frame suite shows it pays
/// more than 10 % of a frame (measured side by side against plain array
/// loops, issue 16): drawing lines borrows the three arrays once per line
/// (plain subscripts: about 12 % slower frames), and `resolveLines` reads
/// the masks eight at a time (skipping empty runs, *meet* for eight cells at
/// once; per cell: 10-channel frames about 12 % slower). Fills and clearing
/// are plain loops.
struct LineCanvas {
  var grid: Grid
  var masks: [UInt8]
  /// Whether each cell holds text (a space inside a title counts), as
  /// opposed to background or a line.
  var isText: [Bool]

  init(width: Int, height: Int) {
    grid = Grid(width: width, height: height)
    masks = Array(repeating: 0, count: grid.width * grid.height)
    isText = Array(repeating: false, count: grid.width * grid.height)
  }

  // MARK: Painting

  mutating func fill(_ rect: CellRect, style: Style) {
    let area = rect.intersection(grid.bounds)
    guard !area.isEmpty else { return }
    grid.fill(area, style: style)
    clearMasks(in: area, text: false)
  }

  @discardableResult
  mutating func put(
    _ text: some StringProtocol, x: Int, y: Int, clip: Range<Int>, style: Style,
    sanitizer: TextSanitizer, ellipsis: Character?
  ) -> Int {
    let end = grid.put(
      text, x: x, y: y, clip: clip, style: style, sanitizer: sanitizer, ellipsis: ellipsis)
    let from = max(x, clip.lowerBound, 0)
    if end > from {
      clearMasks(in: CellRect(x: from, y: y, width: end - from, height: 1), text: true)
    }
    return end
  }

  mutating func write(_ character: Character, x: Int, y: Int, style: Style) {
    guard grid.contains(x: x, y: y) else { return }
    grid.write(character, width: 1, x: x, y: y, style: style)
    masks[y * grid.width + x] = 0
    isText[y * grid.width + x] = true
  }

  /// Adds `mask` to the cell at (x, y); the cell shows a line in `style`.
  mutating func addLine(_ mask: LineMask, x: Int, y: Int, style: Style) {
    guard grid.contains(x: x, y: y) else { return }
    let width = grid.width
    masks.withUnsafeMutableBufferPointer { masks in
      isText.withUnsafeMutableBufferPointer { isText in
        grid.cells.withUnsafeMutableBufferPointer { cells in
          Self.addLine(
            mask.rawValue, index: y * width + x, x: x, width: width, style: style,
            cells: cells, masks: masks, isText: isText)
        }
      }
    }
  }

  /// `addLine` on raw storage: the one place that adds an arm to a cell.
  /// A cell without arms that holds half of a wide glyph is released first
  /// (as `Grid.write(.space, ...)` does; the content is set when resolved).
  @inline(__always)
  private static func addLine(
    _ mask: UInt8, index: Int, x: Int, width: Int, style: Style,
    cells: UnsafeMutableBufferPointer<Cell>, masks: UnsafeMutableBufferPointer<UInt8>,
    isText: UnsafeMutableBufferPointer<Bool>
  ) {
    let old = masks[index]
    if old == 0 {
      let glyphWidth = cells[index].glyph.width
      if glyphWidth != 1 {
        Grid.releaseWideGlyph(at: index, x: x, width: width, in: cells)
        cells[index] = Cell(glyph: .space, style: style)
      } else {
        cells[index].style = style
      }
      masks[index] = mask
    } else {
      cells[index].style = style
      masks[index] = LineMask(rawValue: old).merging(LineMask(rawValue: mask)).rawValue
    }
    isText[index] = false
  }

  /// Draws a vertical line over `rows` (its whole extent, which may reach
  /// beyond the grid) in column `x`. Inner cells get both arms; an end cell
  /// inside the extent gets only the arm pointing into the line, so lines
  /// end cleanly (┌ └ ...) and join what they end on when resolved. A line
  /// one cell long gets both arms.
  mutating func verticalLine(
    x: Int, rows: Range<Int>, style: Style, weight: LineMask.Weight = .light
  ) {
    guard x >= 0 && x < grid.width, !rows.isEmpty else { return }
    let visible = rows.clamped(to: 0..<grid.height)
    guard !visible.isEmpty else { return }
    let single = rows.count == 1
    let width = grid.width
    masks.withUnsafeMutableBufferPointer { masks in
      isText.withUnsafeMutableBufferPointer { isText in
        grid.cells.withUnsafeMutableBufferPointer { cells in
          for y in visible {
            let up = single || y > rows.lowerBound
            let down = single || y < rows.upperBound - 1
            let mask = LineMask(up: up ? weight : .none, down: down ? weight : .none)
            Self.addLine(
              mask.rawValue, index: y * width + x, x: x, width: width, style: style,
              cells: cells, masks: masks, isText: isText)
          }
        }
      }
    }
  }

  /// Draws, for each rectangle, a vertical line over its rows just left of
  /// it and one just right of it (as two `verticalLine` calls would, in
  /// order), with the storage borrowed once.
  mutating func verticalLines(besides rects: [CellRect], style: Style) {
    let width = grid.width
    let height = grid.height
    masks.withUnsafeMutableBufferPointer { masks in
      isText.withUnsafeMutableBufferPointer { isText in
        grid.cells.withUnsafeMutableBufferPointer { cells in
          for rect in rects {
            let rows = rect.minY..<rect.maxY
            let visible = rows.clamped(to: 0..<height)
            guard !rows.isEmpty, !visible.isEmpty else { continue }
            let single = rows.count == 1
            for side in 0..<2 {
              let x = side == 0 ? rect.minX - 1 : rect.maxX
              guard x >= 0 && x < width else { continue }
              for y in visible {
                let up = single || y > rows.lowerBound
                let down = single || y < rows.upperBound - 1
                let mask = LineMask(up: up ? .light : .none, down: down ? .light : .none)
                Self.addLine(
                  mask.rawValue, index: y * width + x, x: x, width: width, style: style,
                  cells: cells, masks: masks, isText: isText)
              }
            }
          }
        }
      }
    }
  }

  /// Draws a horizontal line over `columns` (its whole extent) in row `y`;
  /// ends as for `verticalLine`.
  mutating func horizontalLine(
    y: Int, columns: Range<Int>, style: Style, weight: LineMask.Weight = .light
  ) {
    guard y >= 0 && y < grid.height, !columns.isEmpty else { return }
    let visible = columns.clamped(to: 0..<grid.width)
    guard !visible.isEmpty else { return }
    let single = columns.count == 1
    let through = LineMask.horizontal(weight).rawValue
    let startMask = single ? through : LineMask(right: weight).rawValue
    let endMask = single ? through : LineMask(left: weight).rawValue
    let width = grid.width
    let rowStart = y * width
    masks.withUnsafeMutableBufferPointer { masks in
      isText.withUnsafeMutableBufferPointer { isText in
        grid.cells.withUnsafeMutableBufferPointer { cells in
          for x in visible {
            var mask = through
            if x == columns.lowerBound { mask = startMask }
            if x == columns.upperBound - 1 { mask = endMask }
            let index = rowStart + x
            if masks[index] == 0 && !isText[index] {
              // Neither line nor text: a one-column glyph (a fill's space
              // or the blank grid), so only the style changes; the cell
              // itself is not read.
              cells[index].style = style
              masks[index] = mask
              continue
            }
            Self.addLine(
              mask, index: index, x: x, width: width, style: style, cells: cells,
              masks: masks, isText: isText)
          }
        }
      }
    }
  }

  func hasLine(x: Int, y: Int) -> Bool {
    grid.contains(x: x, y: y) && masks[y * grid.width + x] != 0
  }

  /// Whether the cell holds text (not background, not a line).
  func hasText(x: Int, y: Int) -> Bool {
    grid.contains(x: x, y: y) && isText[y * grid.width + x]
  }

  private mutating func clearMasks(in area: CellRect, text: Bool) {
    let area = area.intersection(grid.bounds)
    guard !area.isEmpty else { return }
    for y in area.minY..<area.maxY {
      for index in (y * grid.width + area.minX)..<(y * grid.width + area.maxX) {
        masks[index] = 0
        isText[index] = text
      }
    }
  }

  // MARK: Resolving

  /// The two join rules for one cell and its neighbour in the direction of
  /// the arm at `shift` (right 0, up 2, left 4, down 6).
  @inline(__always)
  private static func join(
    _ index: Int, _ neighbourIndex: Int, shift: UInt8, _ original: UnsafeBufferPointer<UInt8>,
    _ result: UnsafeMutableBufferPointer<UInt8>
  ) {
    let mask = original[index]
    guard (mask >> shift) & 3 == 0 else { return }
    let neighbour = original[neighbourIndex]
    guard neighbour != 0 else { return }
    let oppositeShift = (shift + 4) & 7
    let pointing = (neighbour >> oppositeShift) & 3
    if pointing != 0 {
      // meet: the neighbour's line runs into this cell.
      result[index] |= pointing << shift
      return
    }
    let along = (mask >> oppositeShift) & 3
    guard along != 0 else { return }
    // end on: this line ends next to another line; join both.
    result[index] |= along << shift
    if (result[neighbourIndex] >> oppositeShift) & 3 < along {
      result[neighbourIndex] =
        (result[neighbourIndex] & ~(3 << oppositeShift)) | (along << oppositeShift)
    }
  }

  /// Joins touching lines and turns every line cell into its glyph.
  ///
  /// Two rules, applied to the masks as drawn (so the order of cells does
  /// not matter):
  /// - *meet*: a line cell gains an arm towards a neighbour whose arm points
  ///   at it (a line running into another one: ├ ┬ ┴ ┤);
  /// - *end on*: the end cell of a line (it has an arm on one side of an
  ///   axis but not the other) whose next cell along that axis is a line
  ///   cell joins it, both cells gaining the connecting arms.
  mutating func resolveLines(glyphs: GlyphSet) -> Grid {
    let width = grid.width
    let height = grid.height
    var result = masks
    masks.withUnsafeBufferPointer { original in
      result.withUnsafeMutableBufferPointer { result in
        for y in 0..<height {
          let rowStart = y * width
          var x = 0
          while x < width {
            let index = rowStart + x
            if x + 8 <= width, Self.word(original, at: index) == 0 {
              x += 8  // eight cells without a line
              continue
            }
            if x >= 1 && x + 9 <= width,
              let gained = Self.meetOnly(
                original, at: index, width: width, hasUp: y > 0, hasDown: y + 1 < height)
            {
              if gained != 0 {
                let target = UnsafeMutableRawPointer(result.baseAddress.unsafelyUnwrapped + index)
                let old = target.loadUnaligned(as: UInt64.self)
                target.storeBytes(of: old | gained, as: UInt64.self)
              }
              x += 8
              continue
            }
            let mask = original[index]
            if mask != 0 {
              // Arms present as one bit each: right 0, up 2, left 4, down 6.
              let present = (mask | (mask >> 1)) & 0x55
              if present & 0x05 == (present >> 4) & 0x05 {
                // Each axis has both arms or none (no line ends here): only
                // *meet* can apply, from neighbours pointing at a free side.
                var gained: UInt8 = 0
                if x + 1 < width, mask & 0x03 == 0 { gained |= (original[index + 1] >> 4) & 3 }
                if y > 0, mask & 0x0C == 0 { gained |= (original[index - width] >> 6) << 2 }
                if x > 0, mask & 0x30 == 0 { gained |= (original[index - 1] & 3) << 4 }
                if y + 1 < height, mask & 0xC0 == 0 {
                  gained |= ((original[index + width] >> 2) & 3) << 6
                }
                result[index] |= gained
                x += 1
                continue
              }
              if x + 1 < width { Self.join(index, index + 1, shift: 0, original, result) }
              if y > 0 { Self.join(index, index - width, shift: 2, original, result) }
              if x > 0 { Self.join(index, index - 1, shift: 4, original, result) }
              if y + 1 < height { Self.join(index, index + width, shift: 6, original, result) }
            }
            x += 1
          }
        }
      }
    }
    glyphs.packedByMask.withUnsafeBufferPointer { glyphTable in
      result.withUnsafeBufferPointer { result in
        grid.cells.withUnsafeMutableBufferPointer { cells in
          // Only cells with arms, found eight at a time.
          let count = result.count
          var start = 0
          while start + 8 <= count {
            var word = Self.word(result, at: start)
            while word != 0 {
              let byte = word.trailingZeroBitCount / 8
              let index = start + byte
              cells[index].glyph = glyphTable[Int(result[index])]
              word &= ~(0xFF << UInt64(byte * 8))
            }
            start += 8
          }
          for index in start..<count where result[index] != 0 {
            cells[index].glyph = glyphTable[Int(result[index])]
          }
        }
      }
    }
    masks = result
    return grid
  }

  /// The arms the eight cells from `index` gain, as one word, when no line
  /// ends among them (each cell has both arms of an axis or neither): then
  /// only *meet* applies, computed for the eight at once (SWAR). Nil when a
  /// line ends there. The cells left and right of the eight must be in the
  /// same row; `hasUp` / `hasDown` tell whether there are rows above and below.
  @inline(__always)
  private static func meetOnly(
    _ masks: UnsafeBufferPointer<UInt8>, at index: Int, width: Int, hasUp: Bool, hasDown: Bool
  ) -> UInt64? {
    let ones: UInt64 = 0x0101_0101_0101_0101
    let m = word(masks, at: index)
    // Per byte: arms present at bits 0 (right), 2 (up), 4 (left), 6 (down).
    let present = (m | (m >> 1)) & (ones * 0x55)
    guard (present ^ (present >> 4)) & (ones * 0x05) == 0 else { return nil }
    var folded = m | (m >> 4)
    folded |= folded >> 2
    folded |= folded >> 1
    let isLine = (folded & ones) * 0xFF
    let right = word(masks, at: index + 1)
    let left = word(masks, at: index - 1)
    let up = hasUp ? word(masks, at: index - width) : 0
    let down = hasDown ? word(masks, at: index + width) : 0
    let noRight = ~(m | (m >> 1)) & ones
    let noUp = ~((m >> 2) | (m >> 3)) & ones
    let noLeft = ~((m >> 4) | (m >> 5)) & ones
    let noDown = ~((m >> 6) | (m >> 7)) & ones
    // A free side gains the neighbour's arm pointing at it.
    var gained = (right >> 4) & (noRight * 0x03)
    gained |= (up >> 4) & (noUp * 0x0C)
    gained |= ((left & (ones * 0x03)) << 4) & (noLeft * 0x30)
    gained |= ((down & (ones * 0x0C)) << 4) & (noDown * 0xC0)
    return gained & isLine
  }

  /// Eight masks from `index` as one word (zero when none has an arm).
  @inline(__always)
  private static func word(_ masks: UnsafeBufferPointer<UInt8>, at index: Int) -> UInt64 {
    UnsafeRawPointer(masks.baseAddress.unsafelyUnwrapped + index).loadUnaligned(as: UInt64.self)
  }
}
