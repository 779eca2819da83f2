import EPGRaster

/// A `Grid` being drawn by the views: text placed by display width, cut to
/// a width with an ellipsis, sanitised on the way in, all by the grid's own
/// text engine (`Grid.put`, `TextWidth`). Wide glyphs are never split: a
/// glyph that does not fit leaves a space, and writing over either half of
/// a wide glyph blanks the other half.
///
/// Coordinates are cells, origin at the top-left of the grid.
struct Canvas {
  var grid: Grid
  let sanitizer: TextSanitizer
  let ellipsis: Character

  /// A blank canvas; text is sanitised for `glyphs` and cut with its
  /// ellipsis (the guide's own, `GlyphSet.ellipsis`).
  init(size: CellSize, glyphs: GlyphSet) {
    grid = Grid(width: size.columns, height: size.rows)
    sanitizer = glyphs.sanitizer
    ellipsis = glyphs.ellipsis
  }

  var width: Int { grid.width }
  var height: Int { grid.height }

  /// Puts one cell (of width 1 or 2) at (x, y), keeping wide glyphs whole
  /// (`Grid.write`).
  mutating func set(_ x: Int, _ y: Int, _ character: Character, width: Int = 1, style: Style) {
    grid.write(character, width: width, x: x, y: y, style: style)
  }

  /// Fills columns `x0..<x1` of row `y` with spaces in `style` (`Grid.fill`).
  mutating func fill(row y: Int, from x0: Int = 0, to x1: Int? = nil, style: Style) {
    let end = min(x1 ?? grid.width, grid.width)
    grid.fill(CellRect(x: x0, y: y, width: max(0, end - x0), height: 1), style: style)
  }

  /// Columns `text` takes as `write` puts it (`TextSanitizer.width(of:)`).
  func measure(_ text: String) -> Int { sanitizer.width(of: text) }

  /// Writes `text` at (x, y) in at most `maxWidth` columns (to the right
  /// edge when nil) with `Grid.put`: text that does not fit is cut at a
  /// cluster and ends in an ellipsis. Returns the column after the last
  /// one written.
  @discardableResult
  mutating func write(_ text: String, x: Int, y: Int, maxWidth: Int? = nil, style: Style) -> Int {
    let limit = min(maxWidth ?? (grid.width - x), grid.width - x)
    guard limit > 0, y >= 0, y < grid.height else { return x }
    return grid.put(
      text, x: x, y: y, clip: x..<(x + limit), style: style, sanitizer: sanitizer,
      ellipsis: ellipsis)
  }

  /// Writes `text` so that it ends just before column `end`.
  @discardableResult
  mutating func writeRight(_ text: String, end: Int, y: Int, style: Style) -> Int {
    let width = min(measure(text), end)
    return write(text, x: end - width, y: y, maxWidth: width, style: style)
  }
}
