/// Programme cells and their floating overlays.
///
/// - A programme (after overlap resolution) is shown when its shown span
///   meets the timeline window: `start < L` and `end > E` (seed fix 4: skip
///   `end ≤ E` and `start ≥ L`), so a zero-length programme is shown when
///   `E < start < L`. Others are skipped (`TimeSpan.overlaps`, the one rule).
/// - A shown programme is clipped to [E, L]; `LayoutElement.clipping` says
///   which ends were cut.
/// - Cell frame: `x = x(max(start, E)) + cellMargin.left`,
///   `y = rowY + cellMargin.top`, width `x(min(end, L)) − x(max(start, E)) −
///   cellMargin.left − cellMargin.right`, height `sectionHeight −
///   cellMargin.top − cellMargin.bottom`, never negative.
/// - A cell narrower than `minimumCellWidth` is widened to it, but never past
///   the x of the next kept programme's start (or of L). Where the margins
///   are wider than the programme, the cell is empty (width 0) and its x is
///   held at that limit, so cells never overlap and never leave the timeline.
extension GuideLayout {
  /// The frame and clipping of the kept programme at `position` of row
  /// `section`, or nil if it is not shown.
  func cell(
    section: Int, position: Int, metrics m: GuideMetrics
  ) -> (frame: Rect, clipping: LayoutElement.Clipping)? {
    cell(in: data.rows[section].lookup, section: section, position: position, metrics: m)
  }

  func cell(
    in row: GuideRow.Lookup, section: Int, position: Int, metrics m: GuideMetrics
  ) -> (frame: Rect, clipping: LayoutElement.Clipping)? {
    let start = row.start(at: position)
    let end = row.end(at: position)
    let window = m.timeline
    // Shown when `start < L` and `end > E`: the one overlap rule.
    guard TimeSpan(start: start, end: end).overlaps(window) else { return nil }
    let left = m.x(Swift.max(start, window.start))
    let right = m.x(Swift.min(end, window.end))
    // The slot ends at the next kept programme's start (or at L).
    let next =
      position + 1 < row.count ? Swift.min(row.start(at: position + 1), window.end) : window.end
    let limit = m.x(next)
    let x = Swift.min(left + m.cellMargin.left, limit)
    var width = right - left - m.cellMargin.left - m.cellMargin.right
    let minimum = GuideMetrics.length(configuration.minimumCellWidth)
    if width < minimum {
      width = Swift.max(width, Swift.min(minimum, limit - x))
    }
    let height = m.sectionHeight - m.cellMargin.top - m.cellMargin.bottom
    let frame = Rect(
      x: x, y: m.rowY(section) + m.cellMargin.top, width: Swift.max(0, width),
      height: Swift.max(0, height))
    var clipping: LayoutElement.Clipping = []
    if start < window.start { clipping.insert(.start) }
    if end > window.end { clipping.insert(.end) }
    return (frame, clipping)
  }

  /// The floating overlay frame for a cell: size from `overlaySizeProvider`
  /// or the configuration, cut to the cell; `x = clamp(channel column right
  /// edge + floatingItemOffsetFromSection, cell.minX, cell.maxX − width)`,
  /// so a programme that started left of the view keeps its title in view
  /// and the overlay never leaves its cell. `y` is the cell's top.
  func overlayFrame(for cell: Rect, indexPath: IndexPath, metrics m: GuideMetrics) -> Rect {
    let size = overlaySizeProvider?(indexPath) ?? configuration.floatingItemOverlaySize
    let width = Swift.min(GuideMetrics.length(size.width), cell.width)
    let height = Swift.min(GuideMetrics.length(size.height), cell.height)
    let floatingLine =
      m.stickyX + m.sectionHeaderWidth
      + GuideMetrics.finite(configuration.floatingItemOffsetFromSection)
    let x = Swift.max(cell.minX, Swift.min(floatingLine, cell.maxX - width))
    return Rect(x: x, y: cell.minY, width: width, height: height)
  }

  /// The horizontal slack (points) of a cell query: cells may stick out of
  /// their programme's slot by their margins.
  private func cellSlack(_ m: GuideMetrics) -> Double {
    Swift.abs(m.cellMargin.left) + Swift.abs(m.cellMargin.right) + 1
  }

  /// The position from which `appendCells` scans row `section` for `rect`:
  /// the one before the first programme ending after the rect's start.
  /// Binary search: O(log n).
  func firstCellPosition(section: Int, in rect: Rect, metrics m: GuideMetrics) -> Int {
    let row = data.rows[section].lookup
    guard row.count > 0 else { return 0 }
    let low = m.time(forX: rect.minX - cellSlack(m)) - 1
    return Swift.max(0, row.firstPosition(endingAfter: Swift.max(low, m.timeline.start)) - 1)
  }

  /// Cells (and overlays) of `section` that intersect `rect`, appended,
  /// scanning from `first` (`firstCellPosition`): O(k) for k programmes.
  func appendCells(
    section: Int, from first: Int, in rect: Rect, metrics m: GuideMetrics, cells: Bool,
    overlays: Bool, to elements: inout [LayoutElement]
  ) {
    let row = data.rows[section].lookup
    guard row.count > 0 else { return }
    let high = m.time(forX: rect.maxX + cellSlack(m)) + 1
    var position = first
    let cellZ = configuration.zIndex(of: .cell)
    let overlayZ = configuration.zIndex(of: .floatingItemOverlay)
    while position < row.count, row.start(at: position) <= high {
      defer { position += 1 }
      guard let cell = cell(in: row, section: section, position: position, metrics: m),
        cell.frame.intersects(rect)
      else { continue }
      let indexPath = IndexPath(item: row.item(at: position), section: section)
      if cells {
        elements.append(
          LayoutElement(
            kind: .cell, indexPath: indexPath, frame: cell.frame, zIndex: cellZ,
            clipping: cell.clipping))
      }
      if overlays {
        let frame = overlayFrame(for: cell.frame, indexPath: indexPath, metrics: m)
        if frame.intersects(rect) {
          elements.append(
            LayoutElement(
              kind: .floatingItemOverlay, indexPath: indexPath, frame: frame, zIndex: overlayZ,
              clipping: cell.clipping))
        }
      }
    }
  }
}
