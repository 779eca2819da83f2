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
    let index = y * grid.width + x
    if masks[index] == 0 {
      grid.write(" ", width: 1, x: x, y: y, style: style)
    } else {
      grid.cells[index].style = style
    }
    masks[index] = LineMask(rawValue: masks[index]).merging(mask).rawValue
    isText[index] = false
  }

  mutating func verticalLine(x: Int, rows: Range<Int>, style: Style) {
    guard x >= 0 && x < grid.width else { return }
    let rows = rows.clamped(to: 0..<grid.height)
    for y in rows { addLine(.vertical(), x: x, y: y, style: style) }
  }

  mutating func horizontalLine(y: Int, columns: Range<Int>, style: Style) {
    guard y >= 0 && y < grid.height else { return }
    let columns = columns.clamped(to: 0..<grid.width)
    for x in columns { addLine(.horizontal(), x: x, y: y, style: style) }
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
      let start = y * grid.width
      for x in area.minX..<area.maxX {
        masks[start + x] = 0
        isText[start + x] = text
      }
    }
  }

  // MARK: Resolving

  /// Joins touching lines and turns every line cell into its glyph.
  mutating func resolveLines(glyphs: GlyphSet) -> Grid {
    let width = grid.width
    let height = grid.height
    let original = masks
    for y in 0..<height {
      for x in 0..<width {
        let index = y * width + x
        guard original[index] != 0 else { continue }
        var mask = LineMask(rawValue: original[index])
        if x + 1 < width, mask[.right] == .none {
          mask[.right] = LineMask(rawValue: original[index + 1])[.left]
        }
        if x > 0, mask[.left] == .none {
          mask[.left] = LineMask(rawValue: original[index - 1])[.right]
        }
        if y > 0, mask[.up] == .none {
          mask[.up] = LineMask(rawValue: original[index - width])[.down]
        }
        if y + 1 < height, mask[.down] == .none {
          mask[.down] = LineMask(rawValue: original[index + width])[.up]
        }
        masks[index] = mask.rawValue
        grid.cells[index].content = .grapheme(glyphs.glyph(for: mask), width: 1)
      }
    }
    return grid
  }
}
