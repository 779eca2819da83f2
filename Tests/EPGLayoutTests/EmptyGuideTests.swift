import EPGLayout
import EPGTestSupport
import Testing

/// Defined states without channels or programmes.
@Suite struct EmptyGuideTests {
  let now = Fixture.at(11, 30, 10)

  func layout(_ data: GuideData, zone: UTCOffsetTable = .utc) -> GuideLayout {
    GuideLayout(
      data: data, viewport: Viewport(size: Size(width: 1024, height: 768)), now: now, timeZone: zone
    )
  }

  @Test func noChannelsShowTheHourContainingNow() {
    let layout = layout(.empty)
    #expect(layout.timeline == Fixture.span(11, 0, 12, 0))
    #expect(layout.contentSize == Size(width: 700, height: 50))
    let kinds = Set(layout.visibleElements.map(\.kind))
    #expect(
      kinds.isSuperset(of: [
        .hourHeader, .halfHourHeader, .hourHeaderBackground, .sectionHeaderBackground,
        .currentTimeIndicator,
      ]))
    #expect(
      !kinds.contains(.cell) && !kinds.contains(.sectionHeader)
        && !kinds.contains(.horizontalGridline))
    #expect(layout.time(forHourHeader: 1) == Fixture.at(12))
  }

  @Test func theHourOfNowUsesTheZone() {
    // In +05:30 the local hour holding 11:30:10Z (17:00:10 local) starts at 11:30Z.
    let layout = layout(.empty, zone: .fixed(19_800))
    #expect(layout.timeline == Fixture.span(11, 30, 12, 30))
  }

  @Test func channelsWithoutProgrammesHaveHeadersAndNoCells() {
    let layout = layout(GuideData(channels: [[], []]))
    #expect(layout.timeline == Fixture.span(11, 0, 12, 0))
    #expect(layout.contentSize == Size(width: 700, height: 180))
    let headers = layout.visibleElements.filter { $0.kind == .sectionHeader }
    #expect(headers.map(\.indexPath.section) == [0, 1])
    #expect(!layout.visibleElements.contains { $0.kind == .cell })
    #expect(layout.programme(inSection: 1, bestMatching: Fixture.span(11, 0, 12, 0)) == nil)
  }

  @Test func oneForcedEndWithoutProgrammes() {
    let start = layout(GuideData(channels: [[]], timelineStart: Fixture.at(9, 20)))
    #expect(start.timeline == Fixture.span(9, 20, 10, 0))
    let end = layout(GuideData(channels: [[]], timelineEnd: Fixture.at(9, 0)))
    #expect(end.timeline == Fixture.span(8, 0, 9, 0))
  }

  @Test func anInvertedWindowIsEmpty() {
    let layout = layout(
      GuideData(
        channels: [[Fixture.span(10, 0, 11, 0)]], timelineStart: Fixture.at(12),
        timelineEnd: Fixture.at(11)))
    #expect(layout.timeline == TimeSpan(start: Fixture.at(12), end: Fixture.at(12)))
    #expect(layout.contentSize.width == 100)
    #expect(layout.frame(.cell, 0, 0) == nil)
  }

  @Test func badConfigurationAndViewportNeverTrap() {
    var layout = layout(GuideData(channels: [[Fixture.span(10, 0, 11, 0)]]))
    layout.configuration.hourWidth = 0
    layout.configuration.sectionHeight = -.infinity
    layout.configuration.sectionGap = .nan
    layout.configuration.cellMargin = EdgeInsets(top: .nan, left: -50, bottom: 0, right: .infinity)
    layout.viewport = Viewport(
      contentOffset: Point(x: .nan, y: .infinity), size: Size(width: -5, height: .nan))
    _ = layout.elements(in: Rect(x: -.infinity, y: .nan, width: .infinity, height: 1e300))
    _ = layout.elements(in: layout.viewport.visibleRect)
    _ = layout.time(forX: .infinity)
    _ = layout.hitTest(Point(x: .nan, y: 0))
    #expect(layout.contentSize.width.isFinite && layout.contentSize.height.isFinite)
    // Absurd instants are clamped, not trapped on.
    let wild = self.layout(
      GuideData(channels: [[TimeSpan(start: .min, end: .max), TimeSpan(start: .max, end: .min)]]))
    _ = wild.visibleElements
    _ = wild.contentSize
    _ = wild.programme(inSection: 0, bestMatching: TimeSpan(start: .max, end: .max))
  }
}
