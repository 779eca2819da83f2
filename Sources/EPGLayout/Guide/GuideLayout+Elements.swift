/// Rect queries and single-element lookups.
///
/// Sticky elements are placed from the viewport (content points), with
/// `visibleLeft = contentOffset.x + contentInset.left` and `visibleTop =
/// contentOffset.y + contentInset.top`:
/// - `stickyX` = visibleLeft, or `max(visibleLeft, 0)` with
///   `shouldResizeStickyHeaders` (the column stops at the content origin on
///   overscroll); `stickyY` likewise from visibleTop.
/// - sectionHeader s: (stickyX, rowY(s), sectionHeaderWidth, sectionHeight).
/// - sectionHeaderBackground: from visibleLeft to the column's right edge
///   (`stickyX + sectionHeaderWidth`), visibleTop to the visible bottom — the
///   visible part of the channel column, including any overscroll gap.
/// - hourHeaderBackground: visibleLeft to the visible right, from visibleTop
///   to the hour row's bottom (`stickyY + hourHeaderHeight`).
/// - hourHeader k / halfHourHeader k: centred on its instant t,
///   (x(t) − hourWidth/2, stickyY, hourWidth, hourHeaderHeight).
/// - Vertical lines (hour, half-hour, current time) are centred on their
///   instant: x = x(t) − lineWidth/2, so a rasteriser that puts a line in the
///   column holding its centre puts it in the column holding x(t). They run
///   from the hour row's bottom (`stickyY + hourHeaderHeight`) to the bottom
///   of the last row.
/// - horizontalGridline s (1 ≤ s < N): centred in the gap above row s,
///   y = rowY(s) − sectionGap/2 − height/2, from min(visibleLeft, 0) to x(L).
/// - currentTimeIndicator: (x(now) − w/2, stickyY + hourHeaderHeight − h,
///   w, h): at the bottom of the hour row, in both sticky modes. It and its
///   line exist when E ≤ now < L (as the original); otherwise `element(_:at:)` returns them
///   hidden and `elements(in:)` leaves them out.
extension GuideLayout {
  /// Every visible element whose frame intersects `rect` (content points),
  /// in paint order: by z-index, then `ElementKind.paintRank`, then section,
  /// then time (hour index, or programme
  /// start). Hidden elements are not returned.
  ///
  /// Cost O(log n + k): rows come from `rect`'s y range by arithmetic,
  /// programmes by binary search in each row, hour marks only within `rect`.
  public func elements(in rect: Rect) -> [LayoutElement] {
    let m = metrics
    let families = configuration.families
    var result: [LayoutElement] = []
    // Rows whose elements can reach the rect: cells may stick out of their
    // band by a negative margin, and the gridline above row s lies in the gap.
    let gridline = GuideMetrics.length(configuration.horizontalGridlineHeight)
    let slack =
      Swift.max(
        Swift.abs(m.cellMargin.top), Swift.abs(m.cellMargin.bottom), m.sectionGap / 2 + gridline / 2
      )
      + 1
    let rows = m.sections(fromY: rect.minY, toY: rect.maxY, slack: slack)
    // Room for a full screen's rows (header, gridline, about ten cells and
    // overlays each) plus the marks, so the array rarely grows by copying.
    result.reserveCapacity(rows.count * 16 + 64)
    let wantCells = families.contains(.cells)
    let wantOverlays =
      families.contains(.floatingItemOverlays) && configuration.shouldUseFloatingItemOverlay
    // Every row's first position up front: the searches are independent, so
    // the processor overlaps their memory reads (a large guide's rows are
    // rarely in cache).
    var firstPositions: [Int] = []
    if wantCells || wantOverlays {
      firstPositions.reserveCapacity(rows.count)
      for section in rows {
        firstPositions.append(firstCellPosition(section: section, in: rect, metrics: m))
      }
    }
    for section in rows {
      if families.contains(.sectionHeaders) {
        append(sectionHeader(section, m), in: rect, to: &result)
      }
      if families.contains(.horizontalGridlines), section >= 1 {
        append(horizontalGridline(section, m), in: rect, to: &result)
      }
      if wantCells || wantOverlays {
        appendCells(
          section: section, from: firstPositions[section - rows.lowerBound], in: rect, metrics: m,
          cells: wantCells, overlays: wantOverlays, to: &result)
      }
    }
    if families.contains(.sectionHeaders) {
      append(sectionHeaderBackground(m), in: rect, to: &result)
    }
    if families.contains(.hourHeaders) {
      append(hourHeaderBackground(m), in: rect, to: &result)
    }
    appendMarks(in: rect, metrics: m, to: &result)
    if families.contains(.currentTime) {
      for kind in [ElementKind.currentTimeIndicator, .currentTimeVerticalGridline] {
        if let element = currentTime(kind, m), !element.isHidden {
          append(element, in: rect, to: &result)
        }
      }
    }
    return inPaintOrder(result)
  }

  /// The element of `kind` at `indexPath` (numbering as on `ElementKind`),
  /// or nil if there is none or its family is switched off. The current-time
  /// elements are returned hidden when `now` is outside the timeline.
  public func element(_ kind: ElementKind, at indexPath: IndexPath) -> LayoutElement? {
    let families = configuration.families
    guard families.contains(kind.family) else { return nil }
    let m = metrics
    let global = indexPath == IndexPath(item: 0, section: 0)
    switch kind {
    case .cell, .floatingItemOverlay:
      if kind == .floatingItemOverlay, !configuration.shouldUseFloatingItemOverlay { return nil }
      guard data.rows.indices.contains(indexPath.section) else { return nil }
      let row = data.rows[indexPath.section]
      guard let position = row.position(ofItem: indexPath.item),
        row.item(at: position) == indexPath.item,
        let cell = cell(section: indexPath.section, position: position, metrics: m)
      else { return nil }
      let frame =
        kind == .cell
        ? cell.frame : overlayFrame(for: cell.frame, indexPath: indexPath, metrics: m)
      return LayoutElement(
        kind: kind, indexPath: indexPath, frame: frame, zIndex: configuration.zIndex(of: kind),
        clipping: cell.clipping)
    case .sectionHeader:
      guard indexPath.item == 0, data.rows.indices.contains(indexPath.section) else { return nil }
      return sectionHeader(indexPath.section, m)
    case .horizontalGridline:
      guard indexPath.item == 0, indexPath.section >= 1, indexPath.section < m.sectionCount
      else { return nil }
      return horizontalGridline(indexPath.section, m)
    case .sectionHeaderBackground:
      return global ? sectionHeaderBackground(m) : nil
    case .hourHeaderBackground:
      return global ? hourHeaderBackground(m) : nil
    case .currentTimeIndicator, .currentTimeVerticalGridline:
      return global ? currentTime(kind, m) : nil
    case .hourHeader, .verticalGridline, .halfHourHeader, .halfHourVerticalGridline:
      guard indexPath.section == 0 else { return nil }
      let mark: UTCOffsetTable.Mark =
        kind == .hourHeader || kind == .verticalGridline ? .hour : .halfHour
      guard let time = m.markInstant(mark, indexPath.item) else { return nil }
      return markElement(kind, k: indexPath.item, time: time, m)
    }
  }

  /// `elements` reordered by z-index, then `ElementKind.paintRank`, keeping
  /// the order of generation within a kind (section, then time). A stable
  /// counting sort over the twelve kinds: O(k), no comparisons.
  private func inPaintOrder(_ elements: [LayoutElement]) -> [LayoutElement] {
    let kinds = ElementKind.allCases
    let order = kinds.sorted {
      (configuration.zIndex(of: $0), $0.paintRank) < (configuration.zIndex(of: $1), $1.paintRank)
    }
    var bucketOfKind = [Int](repeating: 0, count: kinds.count)
    for (bucket, kind) in order.enumerated() { bucketOfKind[kind.paintRank] = bucket }
    var starts = [Int](repeating: 0, count: kinds.count + 1)
    for element in elements { starts[bucketOfKind[element.kind.paintRank] + 1] += 1 }
    for bucket in 0..<kinds.count { starts[bucket + 1] += starts[bucket] }
    guard let first = elements.first else { return elements }
    var sorted = [LayoutElement](repeating: first, count: elements.count)
    for element in elements {
      let bucket = bucketOfKind[element.kind.paintRank]
      sorted[starts[bucket]] = element
      starts[bucket] += 1
    }
    return sorted
  }

  // MARK: Element builders

  private func append(_ element: LayoutElement, in rect: Rect, to result: inout [LayoutElement]) {
    if element.frame.intersects(rect) { result.append(element) }
  }

  private func sectionHeader(_ section: Int, _ m: GuideMetrics) -> LayoutElement {
    LayoutElement(
      kind: .sectionHeader, indexPath: IndexPath(item: 0, section: section),
      frame: Rect(
        x: m.stickyX, y: m.rowY(section), width: m.sectionHeaderWidth,
        height: m.sectionHeight),
      zIndex: configuration.zIndex(of: .sectionHeader))
  }

  private func sectionHeaderBackground(_ m: GuideMetrics) -> LayoutElement {
    let right = m.stickyX + m.sectionHeaderWidth
    return LayoutElement(
      kind: .sectionHeaderBackground, indexPath: IndexPath(item: 0, section: 0),
      frame: Rect(
        x: m.visibleLeft, y: m.visibleTop, width: Swift.max(0, right - m.visibleLeft),
        height: m.visibleBottom - m.visibleTop),
      zIndex: configuration.zIndex(of: .sectionHeaderBackground))
  }

  private func hourHeaderBackground(_ m: GuideMetrics) -> LayoutElement {
    let bottom = m.stickyY + m.hourHeaderHeight
    return LayoutElement(
      kind: .hourHeaderBackground, indexPath: IndexPath(item: 0, section: 0),
      frame: Rect(
        x: m.visibleLeft, y: m.visibleTop, width: m.visibleRight - m.visibleLeft,
        height: Swift.max(0, bottom - m.visibleTop)),
      zIndex: configuration.zIndex(of: .hourHeaderBackground))
  }

  private func horizontalGridline(_ section: Int, _ m: GuideMetrics) -> LayoutElement {
    let height = GuideMetrics.length(configuration.horizontalGridlineHeight)
    let left = Swift.min(m.visibleLeft, 0)
    let right = m.x(m.timeline.end)
    return LayoutElement(
      kind: .horizontalGridline, indexPath: IndexPath(item: 0, section: section),
      frame: Rect(
        x: left, y: m.rowY(section) - m.sectionGap / 2 - height / 2,
        width: Swift.max(0, right - left), height: height),
      zIndex: configuration.zIndex(of: .horizontalGridline))
  }

  /// Top and height of the vertical lines: hour row bottom to last row bottom.
  private func verticalLineSpan(_ m: GuideMetrics) -> (y: Double, height: Double) {
    let top = m.stickyY + m.hourHeaderHeight
    return (top, Swift.max(0, m.rowsBottom - top))
  }

  private func markElement(
    _ kind: ElementKind, k: Int, time: EpochSeconds, _ m: GuideMetrics
  ) -> LayoutElement {
    let x = m.x(time)
    let frame: Rect
    switch kind {
    case .hourHeader, .halfHourHeader:
      frame = Rect(
        x: x - m.hourWidth / 2, y: m.stickyY, width: m.hourWidth,
        height: m.hourHeaderHeight)
    default:
      let width = GuideMetrics.length(configuration.verticalGridlineWidth)
      let span = verticalLineSpan(m)
      frame = Rect(x: x - width / 2, y: span.y, width: width, height: span.height)
    }
    return LayoutElement(
      kind: kind, indexPath: IndexPath(item: k, section: 0), frame: frame,
      zIndex: configuration.zIndex(of: kind))
  }

  /// Hour and half-hour headers and lines within `rect`: only the marks whose
  /// elements can reach the rect are enumerated.
  private func appendMarks(in rect: Rect, metrics m: GuideMetrics, to result: inout [LayoutElement])
  {
    let families = configuration.families
    let lineWidth = GuideMetrics.length(configuration.verticalGridlineWidth)
    let reach = Swift.max(m.hourWidth, lineWidth) / 2 + 1
    let from = m.time(forX: rect.minX - reach) - 1
    let through = m.time(forX: rect.maxX + reach) + 1
    let groups: [(UTCOffsetTable.Mark, ElementKind, ElementKind)] = [
      (.hour, .hourHeader, .verticalGridline),
      (.halfHour, .halfHourHeader, .halfHourVerticalGridline),
    ]
    for (mark, header, line) in groups {
      let wantHeader = families.contains(header.family)
      let wantLine = families.contains(line.family)
      guard wantHeader || wantLine else { continue }
      for (k, time) in m.marks(mark, from: from, through: through) {
        if wantHeader { append(markElement(header, k: k, time: time, m), in: rect, to: &result) }
        if wantLine { append(markElement(line, k: k, time: time, m), in: rect, to: &result) }
      }
    }
  }

  private func currentTime(_ kind: ElementKind, _ m: GuideMetrics) -> LayoutElement? {
    let visible = m.timeline.start <= now && now < m.timeline.end
    let x = m.x(now)
    let frame: Rect
    if kind == .currentTimeIndicator {
      let size = configuration.currentTimeIndicatorSize
      let width = GuideMetrics.length(size.width)
      let height = GuideMetrics.length(size.height)
      frame = Rect(
        x: x - width / 2, y: m.stickyY + m.hourHeaderHeight - height, width: width,
        height: height)
    } else {
      let width = GuideMetrics.length(configuration.currentTimeVerticalGridlineWidth)
      let span = verticalLineSpan(m)
      frame = Rect(x: x - width / 2, y: span.y, width: width, height: span.height)
    }
    return LayoutElement(
      kind: kind, indexPath: IndexPath(item: 0, section: 0), frame: frame,
      zIndex: configuration.zIndex(of: kind), isHidden: !visible)
  }
}
