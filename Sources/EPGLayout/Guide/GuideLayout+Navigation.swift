/// Navigation and hit testing for a keyboard or mouse front end. All pure:
/// they read the layout and return index paths or content offsets.
///
/// Only shown programmes take part (kept by overlap resolution and meeting
/// the timeline window); a dropped duplicate stands for the programme shown
/// in its place.
extension GuideLayout {
  /// The shown span of a programme: after overlap resolution, clipped to the
  /// timeline. Nil if the programme is not shown.
  public func shownSpan(of indexPath: IndexPath) -> TimeSpan? {
    guard let position = shownPosition(of: indexPath) else { return nil }
    let row = data.rows[indexPath.section]
    let window = timeline
    return TimeSpan(
      start: Swift.max(row.start(at: position), window.start),
      end: Swift.max(
        Swift.max(row.start(at: position), window.start),
        Swift.min(row.end(at: position), window.end)))
  }

  /// The next shown programme in the same row, in time order, or nil.
  public func nextProgramme(after indexPath: IndexPath) -> IndexPath? {
    guard let position = shownPosition(of: indexPath) else { return nil }
    return shownIndexPath(section: indexPath.section, position: position + 1)
  }

  /// The previous shown programme in the same row, in time order, or nil.
  public func previousProgramme(before indexPath: IndexPath) -> IndexPath? {
    guard let position = shownPosition(of: indexPath) else { return nil }
    return shownIndexPath(section: indexPath.section, position: position - 1)
  }

  /// The shown programme of row `section` on the air at `instant` (its shown
  /// span contains the instant), or nil.
  public func programme(inSection section: Int, at instant: EpochSeconds) -> IndexPath? {
    guard data.rows.indices.contains(section) else { return nil }
    let row = data.rows[section]
    let position = row.firstPosition(endingAfter: instant)
    guard position < row.count, row.start(at: position) <= instant else { return nil }
    return shownIndexPath(section: section, position: position)
  }

  /// The shown programme of row `section` that best matches `range` (the
  /// Android TV guide rule, for moving up or down a row):
  /// 1. the one whose span contains the whole range; else
  /// 2. the widest one lying wholly inside the range; else
  /// 3. the one with the largest partial overlap; else
  /// 4. the one nearest in time (smallest gap).
  /// Ties go to the earlier programme. An empty range [t, t) counts as
  /// [t, t + 1). Nil only if the row shows no programme.
  public func programme(inSection section: Int, bestMatching range: TimeSpan) -> IndexPath? {
    guard data.rows.indices.contains(section) else { return nil }
    let row = data.rows[section]
    let start = TimeMath.clamped(range.start)
    let target = TimeSpan(start: start, end: Swift.max(TimeMath.clamped(range.end), start + 1))
    let window = timeline
    let first = row.firstPosition(endingAfter: target.start)
    var best: (position: Int, rank: Int, score: Int64)?
    func consider(_ position: Int) {
      guard shownIndexPath(section: section, position: position) != nil else { return }
      let span = row.shownSpan(at: position)
      let rank: Int
      let score: Int64
      if span.start <= target.start && span.end >= target.end {
        (rank, score) = (0, 0)
      } else if span.start >= target.start && span.end <= target.end && span.overlaps(target) {
        (rank, score) = (1, -span.duration)
      } else if span.overlaps(target) {
        let overlap = Swift.min(span.end, target.end) - Swift.max(span.start, target.start)
        (rank, score) = (2, -overlap)
      } else {
        let gap = span.end <= target.start ? target.start - span.end : span.start - target.end
        (rank, score) = (3, gap)
      }
      if let known = best, (known.rank, known.score) <= (rank, score) { return }
      best = (position, rank, score)
    }
    // Overlapping candidates, then the nearest neighbour on each side.
    var position = first
    while position < row.count, row.start(at: position) < target.end {
      consider(position)
      position += 1
    }
    if best == nil || best?.rank == 3 {
      // Nearest in time: the last shown before, the first shown after.
      var before = first - 1
      while before >= 0, shownIndexPath(section: section, position: before) == nil,
        row.end(at: before) > window.start
      {
        before -= 1
      }
      if before >= 0 { consider(before) }
      var after = position
      while after < row.count, shownIndexPath(section: section, position: after) == nil,
        row.start(at: after) < window.end
      {
        after += 1
      }
      if after < row.count { consider(after) }
    }
    return best.flatMap { shownIndexPath(section: section, position: $0.position) }
  }

  /// The best match in the row `delta` rows away from `indexPath`'s row for
  /// the shown span of `indexPath` (up: −1, down: +1). Nil off the guide.
  public func programme(adjacentTo indexPath: IndexPath, rowDelta delta: Int) -> IndexPath? {
    guard let span = shownSpan(of: indexPath) else { return nil }
    return programme(inSection: indexPath.section + delta, bestMatching: span)
  }

  // MARK: Scrolling

  /// The content offset that centres instant `time` in the grid area (the
  /// visible part right of the channel column), clamped to the content.
  /// The y offset is unchanged.
  public func contentOffset(centeringTime time: EpochSeconds) -> Point {
    let m = metrics
    let gridWidth = m.visibleRight - m.visibleLeft - m.sectionHeaderWidth
    let x = m.x(time) - viewportInset.left - m.sectionHeaderWidth - gridWidth / 2
    return clampedOffset(Point(x: x, y: viewport.contentOffset.y), m)
  }

  /// The content offset that brings a programme into view: its cell centred
  /// in the grid area when it fits, else its left edge at the grid area's
  /// left; clamped to the content. The row is then revealed vertically as
  /// by `contentOffset(revealingSection:)`. Nil if it is not shown.
  public func contentOffset(revealing indexPath: IndexPath) -> Point? {
    guard let cell = element(.cell, at: indexPath) ?? cellIgnoringFamilies(indexPath) else {
      return nil
    }
    let m = metrics
    let gridWidth = m.visibleRight - m.visibleLeft - m.sectionHeaderWidth
    let gridLeft = viewportInset.left + m.sectionHeaderWidth
    let x =
      cell.frame.width <= gridWidth
      ? cell.frame.midX - gridLeft - gridWidth / 2 : cell.frame.minX - gridLeft
    var moved = self
    moved.viewport.contentOffset = clampedOffset(Point(x: x, y: viewport.contentOffset.y), m)
    return moved.contentOffset(revealingSection: indexPath.section)
  }

  /// The content offset that scrolls row `section` fully into view below the
  /// hour row with the least movement (x unchanged), clamped to the content.
  public func contentOffset(revealingSection section: Int) -> Point {
    let m = metrics
    let offset = viewport.contentOffset
    let top = m.rowY(section)
    let bottom = top + m.sectionHeight
    var y = offset.y
    let gridTop = m.visibleTop + m.hourHeaderHeight
    if top < gridTop {
      y = top - viewportInset.top - m.hourHeaderHeight
    } else if bottom > m.visibleBottom {
      y = bottom - (m.visibleBottom - offset.y)
    }
    return clampedOffset(Point(x: offset.x, y: y), m)
  }

  /// The content offset clamped so the view stays on the content:
  /// x in `[−inset.left, contentWidth + inset.right − viewWidth]`, y likewise
  /// (the lower bound wins when the content is smaller than the view).
  public func clampedContentOffset(_ offset: Point) -> Point {
    clampedOffset(offset, metrics)
  }

  // MARK: Hit testing

  /// The row whose band `[rowY, rowY + sectionHeight)` holds content y, or
  /// nil (gaps, the hour row, beyond the last row).
  public func section(atY y: Double) -> Int? {
    let m = metrics
    guard y.isFinite, m.sectionCount > 0 else { return nil }
    let rows = m.sections(fromY: y, toY: y, slack: 0)
    return rows.first { y >= m.rowY($0) && y < m.rowY($0) + m.sectionHeight }
  }

  /// The programme whose cell contains content point `point`, ignoring what
  /// may be drawn over it (see `hitTest(_:)`), or nil.
  public func item(at point: Point) -> IndexPath? {
    guard let section = section(atY: point.y), point.x.isFinite else { return nil }
    let m = metrics
    var found: IndexPath?
    var cells: [LayoutElement] = []
    let rect = Rect(x: point.x, y: point.y, width: 0, height: 0)
    appendCells(
      section: section, from: firstCellPosition(section: section, in: rect, metrics: m),
      in: rect, metrics: m, cells: true, overlays: false, to: &cells)
    for cell in cells where cell.frame.contains(point) {
      found = cell.indexPath
    }
    return found
  }

  /// The topmost visible element whose frame contains content `point` (for
  /// a click): the last in paint order, or nil.
  public func hitTest(_ point: Point) -> LayoutElement? {
    elements(in: Rect(x: point.x, y: point.y, width: 0, height: 0)).last {
      $0.frame.contains(point)
    }
  }

  // MARK: Private

  private var viewportInset: EdgeInsets { GuideMetrics.margin(viewport.contentInset) }

  private func clampedOffset(_ offset: Point, _ m: GuideMetrics) -> Point {
    let inset = viewportInset
    let size = viewport.size
    let minX = -inset.left
    let maxX = Swift.max(minX, m.contentSize.width + inset.right - GuideMetrics.length(size.width))
    let minY = -inset.top
    let maxY = Swift.max(
      minY, m.contentSize.height + inset.bottom - GuideMetrics.length(size.height))
    return Point(
      x: Swift.min(Swift.max(GuideMetrics.finite(offset.x), minX), maxX),
      y: Swift.min(Swift.max(GuideMetrics.finite(offset.y), minY), maxY))
  }

  private func cellIgnoringFamilies(_ indexPath: IndexPath) -> LayoutElement? {
    var copy = self
    copy.configuration.families.insert(.cells)
    return copy.element(.cell, at: indexPath)
  }

  /// The position of a shown programme (a duplicate maps to its winner).
  private func shownPosition(of indexPath: IndexPath) -> Int? {
    guard data.rows.indices.contains(indexPath.section),
      let position = data.rows[indexPath.section].position(ofItem: indexPath.item),
      shownIndexPath(section: indexPath.section, position: position) != nil
    else { return nil }
    return position
  }

  /// The index path at `position` if that programme is shown.
  private func shownIndexPath(section: Int, position: Int) -> IndexPath? {
    guard data.rows.indices.contains(section) else { return nil }
    let row = data.rows[section]
    guard position >= 0, position < row.count else { return nil }
    let start = row.start(at: position)
    let end = row.end(at: position)
    let shown = Self.isShown(start: start, end: end, in: timeline)
    return shown ? IndexPath(item: row.item(at: position), section: section) : nil
  }
}

extension Rect {
  /// The x of the centre, in points.
  fileprivate var midX: Double { minX + width / 2 }
}
