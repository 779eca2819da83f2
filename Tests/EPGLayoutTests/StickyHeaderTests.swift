import EPGLayout
import EPGTestSupport
import Testing

/// Sticky headers over a sweep of offsets, with and without
/// `shouldResizeStickyHeaders`, with and without content insets.
@Suite struct StickyHeaderTests {
  static let insets = [EdgeInsets.zero, EdgeInsets(top: 20, left: 15, bottom: 10, right: 5)]

  func layout(offset: Point, inset: EdgeInsets, resize: Bool) -> GuideLayout {
    var layout = Fixture.workedExample(offset: offset) { $0.shouldResizeStickyHeaders = resize }
    layout.viewport.contentInset = inset
    layout.overlaySizeProvider = { _ in Size(width: 200, height: 60) }
    return layout
  }

  @Test(arguments: [false, true], [0, 1])
  func headersFollowTheVisibleEdges(resize: Bool, insetIndex: Int) throws {
    let inset = Self.insets[insetIndex]
    for ox in stride(from: -300.0, through: 2000, by: 37) {
      for oy in stride(from: -200.0, through: 300, by: 53) {
        let layout = layout(offset: Point(x: ox, y: oy), inset: inset, resize: resize)
        let left = ox + inset.left
        let top = oy + inset.top
        let stickyX = resize ? max(left, 0) : left
        let stickyY = resize ? max(top, 0) : top
        // Channel headers: pinned to the visible left edge (or the content
        // origin on overscroll with resize); rows do not move.
        let header = try #require(layout.frame(.sectionHeader, 0, 1))
        #expect(header == Rect(x: stickyX, y: 120, width: 100, height: 60))
        if !resize { #expect(header.minX - ox == inset.left) }
        if resize { #expect(header.minX >= 0) }
        // The hour row: pinned to the visible top; its headers keep their x.
        let hour = try #require(layout.frame(.hourHeader, 1))
        #expect(hour == Rect(x: 250, y: stickyY, width: 600, height: 50))
        if resize { #expect(hour.minY >= 0) }
        // Backgrounds cover the visible part of both bands, overscroll gaps included.
        let columnBackground = try #require(layout.frame(.sectionHeaderBackground, 0))
        #expect(columnBackground.minX == left && columnBackground.maxX == stickyX + 100)
        #expect(columnBackground.minY == top && columnBackground.maxY == oy + 768 - inset.bottom)
        let rowBackground = try #require(layout.frame(.hourHeaderBackground, 0))
        #expect(rowBackground.minX == left && rowBackground.maxX == ox + 1024 - inset.right)
        #expect(rowBackground.minY == top && rowBackground.maxY == stickyY + 50)
        // Vertical lines start under the hour row and end at the last row.
        let line = try #require(layout.frame(.verticalGridline, 2))
        #expect(line.minY == stickyY + 50)
        #expect(line.height == max(0, 180 - (stickyY + 50)))
        let now = try #require(layout.frame(.currentTimeIndicator, 0))
        #expect(now.maxY == stickyY + 50)
        // The overlay of B stays in its cell and right of the channel column.
        let cell = try #require(layout.frame(.cell, 0, 1))
        let overlay = try #require(layout.frame(.floatingItemOverlay, 0, 1))
        #expect(overlay.minX >= cell.minX && overlay.maxX <= cell.maxX)
        #expect(overlay.minX == min(max(stickyX + 110, cell.minX), cell.maxX - 200))
      }
    }
  }

  /// The same rules at a few offsets, the frames worked out by hand (not
  /// with the formulas above): channel header 100 × 60 at y 120, hour
  /// header 1 600 × 50 at x 250 in the worked example; insets top 20,
  /// left 15.
  @Test(arguments: [
    // offset x, y, inset?, resize, header x, hour-row y
    (0.0, 0.0, false, false, 0.0, 0.0),
    (-300, -200, false, true, 0, 0),
    (-300, -200, false, false, -300, -200),
    (700, 100, true, false, 715, 120),
    (700, 100, true, true, 715, 120),
    (-10, -5, true, true, 5, 15),
    (-40, -30, true, true, 0, 0),
    (-40, -30, true, false, -25, -10),
  ])
  func handWorkedStickyFrames(
    x: Double, y: Double, inset: Bool, resize: Bool, headerX: Double, hourY: Double
  ) throws {
    let layout = layout(
      offset: Point(x: x, y: y), inset: Self.insets[inset ? 1 : 0], resize: resize)
    #expect(
      try #require(layout.frame(.sectionHeader, 0, 1))
        == Rect(x: headerX, y: 120, width: 100, height: 60))
    #expect(
      try #require(layout.frame(.hourHeader, 1)) == Rect(x: 250, y: hourY, width: 600, height: 50))
  }

  @Test func overlayWidthNeverExceedsItsCell() throws {
    // A 15-minute programme (140 points wide after the margin) with a
    // 200-point overlay: the overlay is cut to the cell.
    var layout = Fixture.workedExample(offset: Point(x: 300, y: 0))
    layout.data = GuideData(channels: [[Fixture.span(10, 0, 10, 15), Fixture.span(10, 15, 12, 0)]])
    layout.overlaySizeProvider = { _ in Size(width: 200, height: 100) }
    let cell = try #require(layout.frame(.cell, 0, 0))
    #expect(cell == Rect(x: 100, y: 50, width: 140, height: 60))
    #expect(layout.frame(.floatingItemOverlay, 0, 0) == cell)
    // The long one: overlay sticks to the column at 300 + 100 + 10.
    #expect(layout.frame(.floatingItemOverlay, 1, 0) == Rect(x: 410, y: 50, width: 200, height: 60))
  }

  @Test func defaultOverlayIsHalfAnHourWide() {
    let layout = Fixture.workedExample(offset: Point(x: 700, y: 0))
    #expect(layout.configuration.floatingItemOverlaySize == Size(width: 300, height: 60))
    #expect(
      layout.frame(.floatingItemOverlay, 0, 1) == Rect(x: 810, y: 120, width: 300, height: 60))
    // Overlays follow the cell margins: y and height come from the cell.
    let margined = Fixture.workedExample {
      $0.cellMargin = EdgeInsets(top: 5, left: 0, bottom: 5, right: 10)
    }
    #expect(
      margined.frame(.floatingItemOverlay, 0, 1) == Rect(x: 550, y: 125, width: 300, height: 50))
  }

  @Test func horizontalGridlinesRunFromTheLeftEdgeToTheTimelineEnd() {
    let layout = Fixture.workedExample(offset: Point(x: -40, y: 0))
    #expect(
      layout.frame(.horizontalGridline, 0, 1) == Rect(x: -40, y: 114.5, width: 2390, height: 1))
    let scrolled = Fixture.workedExample(offset: Point(x: 500, y: 0))
    #expect(
      scrolled.frame(.horizontalGridline, 0, 1) == Rect(x: 0, y: 114.5, width: 2350, height: 1))
  }
}
