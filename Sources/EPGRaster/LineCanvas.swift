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

  /// Draws a vertical line over `rows` (its whole extent, which may reach
  /// beyond the grid) in column `x`. Inner cells get both arms; an end cell
  /// inside the extent gets only the arm pointing into the line, so lines
  /// end cleanly (┌ └ ...) and join what they end on when resolved. A line
  /// one cell long gets both arms.
  mutating func verticalLine(
    x: Int, rows: Range<Int>, style: Style, weight: LineMask.Weight = .light
  ) {
    guard x >= 0 && x < grid.width, !rows.isEmpty else { return }
    let single = rows.count == 1
    for y in rows.clamped(to: 0..<grid.height) {
      let up = single || y > rows.lowerBound
      let down = single || y < rows.upperBound - 1
      addLine(
        LineMask(up: up ? weight : .none, down: down ? weight : .none), x: x, y: y, style: style)
    }
  }

  /// Draws a horizontal line over `columns` (its whole extent) in row `y`;
  /// ends as for `verticalLine`.
  mutating func horizontalLine(
    y: Int, columns: Range<Int>, style: Style, weight: LineMask.Weight = .light
  ) {
    guard y >= 0 && y < grid.height, !columns.isEmpty else { return }
    let single = columns.count == 1
    for x in columns.clamped(to: 0..<grid.width) {
      let left = single || x > columns.lowerBound
      let right = single || x < columns.upperBound - 1
      addLine(
        LineMask(right: right ? weight : .none, left: left ? weight : .none), x: x, y: y,
        style: style)
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
      let start = y * grid.width
      for x in area.minX..<area.maxX {
        masks[start + x] = 0
        isText[start + x] = text
      }
    }
  }

  // MARK: Resolving

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
    let original = masks
    var result = masks
    let steps: [(LineMask.Arm, dx: Int, dy: Int)] = [
      (.right, 1, 0), (.up, 0, -1), (.left, -1, 0), (.down, 0, 1),
    ]
    for y in 0..<height {
      for x in 0..<width {
        let index = y * width + x
        guard original[index] != 0 else { continue }
        let mask = LineMask(rawValue: original[index])
        for (arm, dx, dy) in steps where mask[arm] == .none {
          let nx = x + dx
          let ny = y + dy
          guard nx >= 0 && nx < width && ny >= 0 && ny < height else { continue }
          let neighbourIndex = ny * width + nx
          let neighbour = LineMask(rawValue: original[neighbourIndex])
          guard !neighbour.isEmpty else { continue }
          var updated = LineMask(rawValue: result[index])
          if neighbour[arm.opposite] != .none {
            updated[arm] = max(updated[arm], neighbour[arm.opposite])
          } else if mask[arm.opposite] != .none {
            let weight = mask[arm.opposite]
            updated[arm] = max(updated[arm], weight)
            var other = LineMask(rawValue: result[neighbourIndex])
            other[arm.opposite] = max(other[arm.opposite], weight)
            result[neighbourIndex] = other.rawValue
          }
          result[index] = updated.rawValue
        }
      }
    }
    for index in result.indices where result[index] != 0 {
      grid.cells[index].content = .grapheme(
        glyphs.glyph(for: LineMask(rawValue: result[index])), width: 1)
    }
    masks = result
    return grid
  }
}
