import EPGLayout

/// How layout points map to terminal cells, and the rounding policy.
///
/// Points are the layout's unit (content coordinates, origin top-left).
/// Cells are screen columns and rows, origin at the top-left cell of the
/// guide area, which shows the content point `viewport.contentOffset`.
///
/// **Rounding policy ("snap each edge, ties up").** An element's four edges
/// are snapped one by one to the nearest cell boundary, ties going to the
/// larger boundary (`floor(v + 0.5)`), and the rectangle is what lies between.
/// Two programmes that meet in time share an edge in points, so they share a
/// boundary in cells: no gap, no overlap. Sizes are never rounded.
///
///     points  0    20    40    60    80   (20 pt per column)
///             |  A  |  A  |  B  |  B  |
///     A = [0, 40)  → columns 0..<2
///     B = [40, 75) → columns 2..<4   (75 / 20 = 3.75 → 4)
///
/// A non-empty element that snaps to nothing (shorter than half a column)
/// still gets one cell, starting at its snapped left edge: a programme
/// shorter than a column shows as a one-cell mark. (The rasteriser then
/// starts the next programme of the row after the mark and a separator
/// column, so the mark is never covered.)
///
/// **Lines** (gridlines, separators, the current-time line) mark a boundary,
/// and a boundary is drawn in the cell just before it: a line whose centre is
/// at x occupies column `snap(x / pointsPerColumn) − 1` (rows alike). This is
/// where the terminal configuration (`TerminalGuideStyle`, one column of
/// `cellMargin.right`) leaves the gap at the end of each programme, so an
/// hour line, the separator of programmes changing at that hour and the
/// channel column's edge all use the same column:
///
///     boundary at 40 pt (column edge 2)
///     columns   0     1     2     3
///             [ A ][ A │][ B ][ B ]     the line is in column 1
public struct CellMetrics: Hashable, Sendable {
  /// Points per terminal column (> 0).
  public var pointsPerColumn: Double
  /// Points per terminal row (> 0).
  public var pointsPerRow: Double

  /// Non-positive or non-finite values fall back to the defaults.
  public init(pointsPerColumn: Double = 20, pointsPerRow: Double = 20) {
    self.pointsPerColumn =
      pointsPerColumn.isFinite && pointsPerColumn > 0 ? pointsPerColumn : 20
    self.pointsPerRow = pointsPerRow.isFinite && pointsPerRow > 0 ? pointsPerRow : 20
  }

  /// 20 points per column and per row: with the layout's `hourWidth` of 600
  /// points, one column is 2 minutes, half an hour is 15 columns.
  public static let `default` = CellMetrics()

  /// The rounding policy: the nearest integer, ties toward +∞ (`floor(v+0.5)`).
  /// Non-finite values and values beyond ±2^31 are clamped.
  public static func snap(_ value: Double) -> Int {
    let shifted = value + 0.5
    // Inside ±2^31 no clamping applies: floor by truncation (no libm call).
    if shifted.magnitude < 2_147_483_648 {
      let truncated = Int(shifted)
      return Double(truncated) > shifted ? truncated - 1 : truncated
    }
    return clampToInt(shifted.rounded(.down))
  }

  /// The column boundary nearest to content x (relative to `originX`).
  public func columnEdge(_ x: Double, originX: Double = 0) -> Int {
    Self.snap((x - originX) / pointsPerColumn)
  }

  /// The row boundary nearest to content y (relative to `originY`).
  public func rowEdge(_ y: Double, originY: Double = 0) -> Int {
    Self.snap((y - originY) / pointsPerRow)
  }

  /// The column holding a vertical line whose centre is at content x: the
  /// column just left of the nearest column boundary.
  public func column(forLineAt x: Double, originX: Double = 0) -> Int {
    columnEdge(x, originX: originX) - 1
  }

  /// The row holding a horizontal line whose centre is at content y: the row
  /// just above the nearest row boundary.
  public func row(forLineAt y: Double, originY: Double = 0) -> Int {
    rowEdge(y, originY: originY) - 1
  }

  /// The cells covered by `rect` (points), relative to `origin` (the content
  /// point shown in cell (0, 0)). Each edge is snapped on its own; a rectangle
  /// with positive width (height) covers at least one column (row).
  /// A rectangle with zero or negative size covers no cells.
  public func cellRect(for rect: Rect, origin: Point = .zero) -> CellRect {
    let left = columnEdge(rect.minX, originX: origin.x)
    var right = columnEdge(rect.maxX, originX: origin.x)
    let top = rowEdge(rect.minY, originY: origin.y)
    var bottom = rowEdge(rect.maxY, originY: origin.y)
    if rect.width > 0 && right <= left { right = left + 1 }
    if rect.height > 0 && bottom <= top { bottom = top + 1 }
    return CellRect(x: left, y: top, width: max(0, right - left), height: max(0, bottom - top))
  }

  /// Number of whole cells in a length of points (for sizing grids).
  public func columns(in width: Double) -> Int { max(0, Self.snap(width / pointsPerColumn)) }

  /// Number of whole rows in a length of points.
  public func rows(in height: Double) -> Int { max(0, Self.snap(height / pointsPerRow)) }

  /// Points for a number of columns.
  public func width(columns: Int) -> Double { Double(columns) * pointsPerColumn }

  /// Points for a number of rows.
  public func height(rows: Int) -> Double { Double(rows) * pointsPerRow }

  private static func clampToInt(_ value: Double) -> Int {
    guard value.isFinite else { return value > 0 ? Int(Int32.max) : Int(Int32.min) }
    return Int(min(max(value, Double(Int32.min)), Double(Int32.max)))
  }
}
