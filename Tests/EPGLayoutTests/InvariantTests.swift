import EPGLayout
import EPGSchedule
import EPGTestSupport
import Testing

/// Invariants over random guides, configurations and viewports (seeded), and
/// rect queries compared with a brute-force scan of every element.
@Suite struct InvariantTests {
  /// A random guide: up to 8 channels of up to 14 programmes that may
  /// overlap, repeat a start, be zero-length or invalid; sometimes a forced
  /// window; random configuration and viewport.
  static func randomLayout(_ g: inout SplitMix64) -> GuideLayout {
    let base = Fixture.day
    var channels: [[TimeSpan]] = []
    for _ in 0..<g.int(in: 0...8) {
      var spans: [TimeSpan] = []
      var time = base + EpochSeconds(g.int(in: 0...7200))
      for _ in 0..<g.int(in: 0...14) {
        if g.int(in: 0...4) == 0 { time -= EpochSeconds(g.int(in: 0...3600)) }  // overlap
        let length = EpochSeconds([0, 60, 300, 1800, 3600, 5400, -60][g.int(in: 0...6)])
        spans.append(TimeSpan(start: time, end: time + length))
        time += Swift.max(0, length) + EpochSeconds(g.int(in: 0...2) * 600)
      }
      channels.append(spans)
    }
    var data = GuideData(channels: channels)
    if g.bool() { data.timelineStart = base + EpochSeconds(g.int(in: 0...10_000)) }
    if g.bool() { data.timelineEnd = base + EpochSeconds(g.int(in: 5000...40_000)) }
    var c = GuideLayout.Configuration()
    c.hourWidth = [600, 120, 37.5, 1000][g.int(in: 0...3)]
    c.sectionHeight = [60, 20, 45.5][g.int(in: 0...2)]
    c.sectionGap = [10, 0, 3, 40][g.int(in: 0...3)]
    c.horizontalGridlineHeight = [1, 0, 0.5, 12][g.int(in: 0...3)]
    c.verticalGridlineWidth = [1, 0, 4][g.int(in: 0...2)]
    c.sectionHeaderWidth = [100, 0, 64][g.int(in: 0...2)]
    c.hourHeaderHeight = [50, 20, 0][g.int(in: 0...2)]
    c.contentMargin = EdgeInsets(
      top: g.double(in: 0...30), left: g.double(in: 0...30), bottom: g.double(in: 0...30),
      right: g.double(in: 0...30))
    c.cellMargin = EdgeInsets(
      top: g.double(in: 0...5), left: g.double(in: 0...5), bottom: g.double(in: 0...5),
      right: [0, 10, 2.5][g.int(in: 0...2)])
    c.minimumCellWidth = [1, 0, 20][g.int(in: 0...2)]
    c.shouldResizeStickyHeaders = g.bool()
    c.headerLayoutType = g.bool() ? .timeRowAboveDayColumn : .dayColumnAboveTimeRow
    c.currentTimeIndicatorShouldBeBehind = g.bool()
    c.shouldUseFloatingItemOverlay = g.int(in: 0...3) != 0
    if g.bool() { c.families = GuideLayout.ElementFamilies(rawValue: UInt16(g.int(in: 0...511))) }
    let viewport = Viewport(
      contentOffset: Point(x: g.double(in: -200...3000), y: g.double(in: -100...600)),
      size: Size(width: g.double(in: 0...1200), height: g.double(in: 0...800)),
      contentInset: g.bool()
        ? .zero
        : EdgeInsets(
          top: g.double(in: 0...40), left: g.double(in: 0...40), bottom: g.double(in: 0...40),
          right: g.double(in: 0...40)))
    var layout = GuideLayout(
      data: data, configuration: c, viewport: viewport,
      now: base + EpochSeconds(g.int(in: -3600...40_000)))
    if g.bool() {
      layout.overlaySizeProvider = { indexPath in
        indexPath.item % 2 == 0 ? Size(width: 80, height: 30) : nil
      }
    }
    return layout
  }

  /// Every element of the layout, found one by one through `element(_:at:)`.
  static func bruteForceElements(_ layout: GuideLayout) -> [LayoutElement] {
    var result: [LayoutElement] = []
    for (section, row) in layout.data.rows.enumerated() {
      for item in row.spans.indices {
        for kind in [ElementKind.cell, .floatingItemOverlay] {
          if let element = layout.element(kind, at: IndexPath(item: item, section: section)) {
            result.append(element)
          }
        }
      }
      for kind in [ElementKind.sectionHeader, .horizontalGridline] {
        if let element = layout.element(kind, at: IndexPath(item: 0, section: section)) {
          result.append(element)
        }
      }
    }
    for kind in [
      ElementKind.sectionHeaderBackground, .hourHeaderBackground, .currentTimeIndicator,
      .currentTimeVerticalGridline,
    ] {
      if let element = layout.element(kind, at: IndexPath(item: 0, section: 0)) {
        result.append(element)
      }
    }
    for kind in [
      ElementKind.hourHeader, .verticalGridline, .halfHourHeader, .halfHourVerticalGridline,
    ] {
      var k = 0
      while let element = layout.element(kind, at: IndexPath(item: k, section: 0)) {
        result.append(element)
        k += 1
      }
    }
    return result.filter { !$0.isHidden }
  }

  @Test func rectQueriesMatchABruteForceScan() {
    var g = SplitMix64(seed: 2026)
    for _ in 0..<400 {
      var layout = Self.randomLayout(&g)
      if g.int(in: 0...4) == 0 {
        // Negative margins push cells out of their slot and row band.
        layout.configuration.cellMargin = EdgeInsets(
          top: -g.double(in: 0...8), left: -g.double(in: 0...8), bottom: -g.double(in: 0...8),
          right: -g.double(in: 0...8))
        layout.configuration.floatingItemOffsetFromSection = -g.double(in: 0...50)
      }
      let all = Self.bruteForceElements(layout)
      var rects = [layout.viewport.visibleRect]
      for _ in 0..<4 {
        rects.append(
          Rect(
            x: g.double(in: -300...4000), y: g.double(in: -100...700),
            width: [0, 1, g.double(in: 0...2000)][g.int(in: 0...2)],
            height: [0, 1, g.double(in: 0...800)][g.int(in: 0...2)]))
      }
      // Rects aimed at elements: a point-sized rect at the centre of some.
      for element in all where g.int(in: 0...3) == 0 {
        let frame = element.frame
        rects.append(
          Rect(
            x: frame.minX + frame.width / 2, y: frame.minY + frame.height / 2, width: 0, height: 0))
      }
      for rect in rects {
        let found = layout.elements(in: rect)
        let expected = all.filter { $0.frame.intersects(rect) }
        #expect(Set(found) == Set(expected))
        #expect(found.count == expected.count)  // no duplicates
        // Paint order: z never decreases.
        #expect(zip(found, found.dropFirst()).allSatisfy { $0.zIndex <= $1.zIndex })
      }
    }
  }

  @Test func cellsStayInTheirRowAndNeverOverlap() {
    var g = SplitMix64(seed: 99)
    for _ in 0..<300 {
      let layout = Self.randomLayout(&g)
      let c = layout.configuration
      let window = layout.timeline
      for (section, row) in layout.data.rows.enumerated() {
        let cells = row.spans.indices.compactMap { item -> (Rect, Int)? in
          layout.element(.cell, at: IndexPath(item: item, section: section)).map {
            ($0.frame, item)
          }
        }.sorted { $0.0.minX < $1.0.minX }
        let top = layout.y(forSection: section)
        for (frame, _) in cells {
          #expect(frame.minY >= top && frame.maxY <= top + c.sectionHeight)
          #expect(frame.width >= 0 && frame.height >= 0)
          #expect(frame.minX >= layout.x(for: window.start) - 1e-9)
          #expect(frame.maxX <= layout.x(for: window.end) + 1e-9)
        }
        for (a, b) in zip(cells, cells.dropFirst()) {
          #expect(a.0.maxX <= b.0.minX + 1e-9, "cells \(a.1) and \(b.1) of row \(section) overlap")
        }
      }
    }
  }

  @Test func timeAndXAreExactInverses() {
    var g = SplitMix64(seed: 5)
    for _ in 0..<200 {
      let layout = Self.randomLayout(&g)
      for _ in 0..<20 {
        let time = layout.timeline.start + EpochSeconds(g.int(in: -86_400...86_400 * 30))
        #expect(layout.time(forX: layout.x(for: time)) == time)
        let x = g.double(in: -5000...50_000)
        let t = layout.time(forX: x)
        #expect(layout.x(for: t) <= x + 1e-6)
        #expect(x < layout.x(for: t + 1))
      }
    }
  }
}
