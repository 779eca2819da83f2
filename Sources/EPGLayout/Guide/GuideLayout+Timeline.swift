/// The time axis: timeline window, time ↔ x, hour marks and content size.
extension GuideLayout {
  /// The timeline window [E, L] in epoch seconds:
  /// - E is `data.timelineStart`, else the earliest programme start; L is
  ///   `data.timelineEnd`, else the latest programme end (after overlap
  ///   resolution). A forced L before E is raised to E.
  /// - With no programme and no forced window (an empty guide, or channels
  ///   without programmes) the timeline is the local hour containing `now`.
  /// - With no programme and one forced end, the missing end is the nearest
  ///   hour boundary beyond it (so the timeline is never empty by accident).
  public var timeline: TimeSpan {
    let forcedStart = data.timelineStart.map(TimeMath.clamped)
    let forcedEnd = data.timelineEnd.map(TimeMath.clamped)
    let programmes = data.programmeSpan.map {
      TimeSpan(start: TimeMath.clamped($0.start), end: TimeMath.clamped($0.end))
    }
    let start: EpochSeconds
    let end: EpochSeconds
    switch (forcedStart, forcedEnd, programmes) {
    case (let e?, let l?, _):
      start = e
      end = l
    case (let e?, nil, let span?):
      start = e
      end = span.end
    case (let e?, nil, nil):
      start = e
      end = timeZone.hourBoundary(after: e)
    case (nil, let l?, let span?):
      start = Swift.min(span.start, l)
      end = l
    case (nil, let l?, nil):
      start = timeZone.hourBoundary(atOrBefore: l - 1)
      end = l
    case (nil, nil, let span?):
      start = span.start
      end = span.end
    case (nil, nil, nil):
      start = timeZone.hourBoundary(atOrBefore: TimeMath.clamped(now))
      end = timeZone.hourBoundary(after: start)
    }
    return TimeSpan(start: start, end: Swift.max(start, end))
  }

  /// Left edge of the time grid in content points:
  /// `sectionHeaderWidth + contentMargin.left`; `x(for: timeline.start)`.
  public var gridOriginX: Double { metrics.gridOriginX }

  /// The x in content points of instant `time` (any instant; times outside
  /// the timeline extrapolate along the same line, they never mirror).
  public func x(for time: EpochSeconds) -> Double {
    metrics.x(time)
  }

  /// The instant at content x, rounded down to a whole second. It is the
  /// exact inverse of `x(for:)`: `time(forX: x(for: t)) == t` for every t,
  /// and `x(for: time(forX: x)) ≤ x < x(for: time(forX: x) + 1)`.
  public func time(forX x: Double) -> EpochSeconds {
    metrics.time(forX: x)
  }

  /// The size of the content in points: the channel column, the timeline,
  /// the hour row, all rows and the content margins. It is not enlarged to
  /// the view: where the view is larger the rest is empty. O(1).
  ///
  /// - width: `gridOriginX + (L − E) · hourWidth / 3600 + contentMargin.right`
  /// - height: `hourHeaderHeight + contentMargin.top + N · (sectionHeight +
  ///   sectionGap) − sectionGap + contentMargin.bottom` (no rows: no gap).
  public var contentSize: Size { metrics.contentSize }

  /// The top of row `section` in content points (rows beyond the guide
  /// extrapolate): `hourHeaderHeight + contentMargin.top + section ·
  /// (sectionHeight + sectionGap)`.
  public func y(forSection section: Int) -> Double {
    metrics.rowY(section)
  }

  /// The instant of hour header (and hour gridline) `k`, or nil if there is
  /// none: k = 0 is the last local hour boundary at or before E, and headers
  /// exist for every boundary up to and including L.
  public func time(forHourHeader k: Int) -> EpochSeconds? {
    metrics.markInstant(.hour, k)
  }

  /// The instant of half-hour header (and half-hour gridline) `k`, or nil:
  /// k = 0 is the first local hh:30 after hour header 0; they exist up to
  /// and including L.
  public func time(forHalfHourHeader k: Int) -> EpochSeconds? {
    metrics.markInstant(.halfHour, k)
  }

  /// The index k of the hour header at instant `time`, or nil if `time` is
  /// not an hour boundary of the timeline.
  public func hourHeaderIndex(at time: EpochSeconds) -> Int? {
    metrics.markIndex(.hour, at: time)
  }

  /// The instants of the hour headers in the closed range, with their k.
  public func hourHeaders(
    from start: EpochSeconds, through end: EpochSeconds
  ) -> [(k: Int, time: EpochSeconds)] {
    metrics.marks(.hour, from: start, through: end)
  }

  /// The derived quantities every query uses, O(log t) to build.
  var metrics: GuideMetrics { GuideMetrics(self) }
}
