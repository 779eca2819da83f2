/// The quantities derived from a `GuideLayout` that every query needs:
/// sanitised configuration values, the timeline, the time ↔ x map and the
/// viewport's sticky positions. Built per query in O(log t) (t = time-zone
/// transitions), so it is never stale.
struct GuideMetrics {
  let layout: GuideLayout
  // Sanitised configuration (points; see `Configuration`).
  let sectionHeight: Double
  let sectionGap: Double
  let sectionHeaderWidth: Double
  let hourHeaderHeight: Double
  let hourWidth: Double
  let contentMargin: EdgeInsets
  let cellMargin: EdgeInsets
  let sectionCount: Int
  // Time axis.
  let timeline: TimeSpan
  let gridOriginX: Double
  /// Mark indices (in the zone's numbering) of hour header 0 and half-hour
  /// header 0.
  let firstHourMark: Int64
  let firstHalfHourMark: Int64
  let contentSize: Size
  // Viewport, content points.
  let visibleLeft: Double
  let visibleTop: Double
  let visibleRight: Double
  let visibleBottom: Double
  /// Left edge of the sticky channel column; top edge of the sticky hour row.
  let stickyX: Double
  let stickyY: Double

  init(_ layout: GuideLayout) {
    self.layout = layout
    let c = layout.configuration
    sectionHeight = GuideMetrics.length(c.sectionHeight)
    sectionGap = GuideMetrics.length(c.sectionGap)
    sectionHeaderWidth = GuideMetrics.length(c.sectionHeaderWidth)
    hourHeaderHeight = GuideMetrics.length(c.hourHeaderHeight)
    hourWidth = c.hourWidth.isFinite && c.hourWidth > 0 ? c.hourWidth : 1
    contentMargin = GuideMetrics.margin(c.contentMargin)
    cellMargin = GuideMetrics.margin(c.cellMargin)
    sectionCount = layout.data.sectionCount
    timeline = layout.timeline
    gridOriginX = sectionHeaderWidth + contentMargin.left
    let zone = layout.timeZone
    let firstHour = zone.hourBoundary(atOrBefore: timeline.start)
    firstHourMark = zone.markIndex(.hour, atOrAfter: firstHour)
    firstHalfHourMark = zone.markIndex(.halfHour, atOrAfter: firstHour)
    let timelineWidth = Double(timeline.end - timeline.start) * hourWidth / 3600
    let rows =
      Double(sectionCount) * (sectionHeight + sectionGap) - (sectionCount > 0 ? sectionGap : 0)
    contentSize = Size(
      width: Swift.max(0, gridOriginX + timelineWidth + contentMargin.right),
      height: Swift.max(0, hourHeaderHeight + contentMargin.top + rows + contentMargin.bottom))
    let viewport = layout.viewport
    let offset = Point(
      x: GuideMetrics.finite(viewport.contentOffset.x),
      y: GuideMetrics.finite(viewport.contentOffset.y))
    let inset = GuideMetrics.margin(viewport.contentInset)
    let size = Size(
      width: GuideMetrics.length(viewport.size.width),
      height: GuideMetrics.length(viewport.size.height))
    visibleLeft = offset.x + inset.left
    visibleTop = offset.y + inset.top
    visibleRight = Swift.max(visibleLeft, offset.x + size.width - inset.right)
    visibleBottom = Swift.max(visibleTop, offset.y + size.height - inset.bottom)
    let resize = c.shouldResizeStickyHeaders
    stickyX = resize ? Swift.max(visibleLeft, 0) : visibleLeft
    stickyY = resize ? Swift.max(visibleTop, 0) : visibleTop
  }

  // MARK: Time axis

  func x(_ time: EpochSeconds) -> Double {
    let seconds = Double(TimeMath.clamped(time)) - Double(timeline.start)
    return gridOriginX + seconds * hourWidth / 3600
  }

  func time(forX x: Double) -> EpochSeconds {
    let seconds = (GuideMetrics.finite(x) - gridOriginX) * 3600 / hourWidth
    guard seconds.isFinite else { return seconds > 0 ? TimeMath.limit : -TimeMath.limit }
    // Undo the rounding error of x(_:) so the map is an exact inverse.
    let nearest = seconds.rounded()
    let whole =
      Swift.abs(seconds - nearest) <= 1e-11 * Swift.max(1, Swift.abs(seconds))
      ? nearest : seconds.rounded(.down)
    return TimeMath.clamped(timeline.start + TimeMath.time(fromSeconds: whole))
  }

  /// Whether the mark at `instant` lies on the timeline's hour grid:
  /// from the hour boundary at or before E through L.
  func markInstant(_ mark: UTCOffsetTable.Mark, _ k: Int) -> EpochSeconds? {
    guard k >= 0 else { return nil }
    let base = mark == .hour ? firstHourMark : firstHalfHourMark
    let index = base + Int64(Swift.min(k, Int(TimeMath.limit)))
    let instant = layout.timeZone.instant(of: mark, index: index)
    return instant <= timeline.end ? instant : nil
  }

  func markIndex(_ mark: UTCOffsetTable.Mark, at time: EpochSeconds) -> Int? {
    let zone = layout.timeZone
    let index = zone.markIndex(mark, atOrAfter: time)
    guard zone.instant(of: mark, index: index) == time, time <= timeline.end else { return nil }
    let k = index - (mark == .hour ? firstHourMark : firstHalfHourMark)
    return k >= 0 ? Int(k) : nil
  }

  /// Marks of the timeline's grid within the closed range, with their k.
  func marks(
    _ mark: UTCOffsetTable.Mark, from start: EpochSeconds, through end: EpochSeconds
  ) -> [(k: Int, time: EpochSeconds)] {
    let zone = layout.timeZone
    let base = mark == .hour ? firstHourMark : firstHalfHourMark
    let lower = Swift.max(start, zone.instant(of: mark, index: base))
    let upper = Swift.min(end, timeline.end)
    guard lower <= upper else { return [] }
    return zone.marks(mark, from: lower, through: upper).map { (Int($0.index - base), $0.instant) }
  }

  // MARK: Rows

  var rowPitch: Double { sectionHeight + sectionGap }

  func rowY(_ section: Int) -> Double {
    hourHeaderHeight + contentMargin.top + Double(section) * rowPitch
  }

  /// Bottom of the last row (top of the rows when there are none).
  var rowsBottom: Double {
    sectionCount > 0 ? rowY(sectionCount - 1) + sectionHeight : rowY(0)
  }

  /// Sections whose row band `[rowY, rowY + sectionHeight)`, widened by
  /// `slack` points, may meet the vertical range `[minY, maxY]`.
  func sections(fromY minY: Double, toY maxY: Double, slack: Double) -> Range<Int> {
    guard sectionCount > 0 else { return 0..<0 }
    let top = rowY(0)
    guard rowPitch > 0 else {
      let meets = minY - slack <= top + sectionHeight && maxY + slack >= top
      return meets ? 0..<sectionCount : 0..<0
    }
    let first = GuideMetrics.index((minY - slack - top - sectionHeight) / rowPitch, sectionCount)
    let last = GuideMetrics.index(((maxY + slack - top) / rowPitch).rounded(.down), sectionCount)
    return first <= last ? first..<(last + 1) : 0..<0
  }

  // MARK: Sanitising

  static func finite(_ value: Double) -> Double { value.isFinite ? value : 0 }

  static func length(_ value: Double) -> Double { value.isFinite && value > 0 ? value : 0 }

  static func margin(_ insets: EdgeInsets) -> EdgeInsets {
    EdgeInsets(
      top: finite(insets.top), left: finite(insets.left), bottom: finite(insets.bottom),
      right: finite(insets.right))
  }

  /// `value` rounded up, clamped to `[0, count − 1]` (NaN gives 0).
  private static func index(_ value: Double, _ count: Int) -> Int {
    guard !value.isNaN else { return 0 }
    let clamped = Swift.min(Swift.max(value.rounded(.up), 0), Double(count - 1))
    return Int(clamped)
  }
}
