import EPGLayout

/// Layer 2: turns the program-guide layout's elements (points) into a grid
/// of terminal cells. Pure: no terminal, no locale, no clock.
///
/// **Painting.** Elements are painted in ascending `zIndex` (ties: by
/// `ElementKind.paintRank`, the layout's order, then as given), each clipped to its
/// snapped `CellRect` ∩ the screen, so the layout's z-order decides
/// everything: sticky headers sit on top because their z is higher, and
/// `headerLayoutType` decides the top-left corner:
///
///     timeRowAboveDayColumn            dayColumnAboveTimeRow
///     Mon 30 Nov    20:00              Mon 30 Nov   │20:00
///     ─────────────┬──────                          ├──────
///     BBC One      │News               BBC One      │News
///
/// (the hour row's rule runs through the corner, or the channel column's
/// line does). What each kind paints:
///
/// | kind                        | painting                                                     |
/// |-----------------------------|--------------------------------------------------------------|
/// | sectionHeaderBackground     | fill; a vertical line in its last column, running off both screen edges |
/// | sectionHeader               | channel name in its first row, clipped before the line column |
/// | hourHeaderBackground        | fill; a rule in its last row if it has ≥ 2 rows |
/// | hourHeader / halfHourHeader | time label from its line's boundary (whole, right of the channel column, or not at all); a tick on the rule in the line's column |
/// | cell                        | fill in the programme's style; title (from the overlay's column if there is one), sub-title (after ` — `) or start time where there is room; badges and content marks at the right of the title row when they fit; ◂ ▸ if cut by a forced window; the elapsed part of a programme on now gets the progress attributes |
/// | (one-cell marks)            | a programme shorter than a column keeps one cell; the next cell of its row starts after it and a separator column |
/// | (programme separators)      | vertical lines just left and right of every cell, painted just below the cells' z |
/// | (gaps)                      | where the content labels a row's gaps (`GuideContent.gap`): each stretch without a cell or separator is one box, no gridline through it, the label at its left; painted just below the separators |
/// | floatingItemOverlay         | nothing itself: it gives the column of its cell's title |
/// | vertical/halfHour gridline  | vertical line in its column (`CellMetrics.column(forLineAt:)`) |
/// | horizontalGridline          | horizontal line in its row (`CellMetrics.row(forLineAt:)`) |
/// | currentTimeVerticalGridline | heavy vertical line (┃) on background and line cells; text keeps its characters, in the now style; on the channel column's line (now within a column of the grid's left edge) it moves to the grid's first column |
/// | currentTimeIndicator        | the now mark (▼) in its last row, in the now line's column |
/// | (corner)                    | after all headers: the top-left corner (channel column × hour row) in the winning band's style, with the date |
///
/// Lines join into junctions at the end (`LineMask`, `GlyphSet`).
public struct GuideRasterizer: Sendable {
  public var metrics: CellMetrics
  public var glyphs: GlyphSet
  public var theme: Theme
  /// Applied to every text from the content.
  public var sanitizer: TextSanitizer

  public init(
    metrics: CellMetrics = .default, glyphs: GlyphSet = .unicode, theme: Theme = .colour,
    sanitizer: TextSanitizer = .unicode
  ) {
    self.metrics = metrics
    self.glyphs = glyphs
    self.theme = theme
    self.sanitizer = sanitizer
  }

  /// The grid size for a viewport: its size in points divided by the metrics.
  public func gridSize(for viewport: Viewport) -> (columns: Int, rows: Int) {
    (metrics.columns(in: viewport.size.width), metrics.rows(in: viewport.size.height))
  }

  /// Rasterises the scene into a grid the size of its viewport.
  public func render(_ scene: GuideScene, content: some GuideContent) -> Grid {
    let size = gridSize(for: scene.viewport)
    var painter = Painter(
      rasterizer: self, scene: scene, columns: size.columns, rows: size.rows)
    return painter.paint(content: content)
  }

  /// The programme whose cell `render` draws at column `x`, row `y` of its
  /// grid (cells, origin top-left), for mouse clicks: one-cell marks and
  /// the cells moved past them count where they are drawn. Nil on a
  /// gridline, a separator, a header or empty space.
  public func programme(atColumn x: Int, row y: Int, in scene: GuideScene) -> IndexPath? {
    let size = gridSize(for: scene.viewport)
    guard x >= 0, y >= 0, x < size.columns, y < size.rows else { return nil }
    var painter = Painter(
      rasterizer: self, scene: scene, columns: size.columns, rows: size.rows)
    return painter.cell(atColumn: x, row: y)
  }
}

/// Kinds the painter treats together.
extension ElementKind {
  /// Headers and their backgrounds: the corner is painted after all of them.
  var isHeaderBand: Bool {
    switch self {
    case .sectionHeader, .sectionHeaderBackground, .hourHeader, .halfHourHeader,
      .hourHeaderBackground:
      true
    default: false
    }
  }
}
