import EPGLayout
import EPGTestSupport
import Testing

/// A forced timeline window clips programmes instead of dropping them.
@Suite struct ForcedWindowTests {
  /// The worked example with a window 10:30–13:00, plus a channel 2 of
  /// programmes that touch the window from outside: D 09:00–10:30 (ends at
  /// E), Z 10:30–10:30 (zero-length at E), Y 10:35–10:35 (zero-length
  /// inside), H 10:40–11:00, F 13:00–13:30 (starts at L) and a zero-length
  /// duplicate of F.
  func layout(now: EpochSeconds = Fixture.at(11, 30)) -> GuideLayout {
    let data = GuideData(
      channels: [
        [Fixture.span(10, 15, 11, 0)],
        [Fixture.span(11, 0, 12, 30), Fixture.span(12, 30, 14, 0)],
        [
          Fixture.span(9, 0, 10, 30), Fixture.span(10, 30, 10, 30), Fixture.span(10, 35, 10, 35),
          Fixture.span(10, 40, 11, 0), Fixture.span(13, 0, 13, 30), Fixture.span(13, 0, 13, 0),
        ],
      ],
      timelineStart: Fixture.at(10, 30), timelineEnd: Fixture.at(13, 0))
    return GuideLayout(
      data: data, viewport: Viewport(size: Size(width: 1024, height: 768)), now: now)
  }

  @Test func timelineAndContentSizeFollowTheWindow() {
    let layout = layout()
    #expect(layout.timeline == Fixture.span(10, 30, 13, 0))
    #expect(layout.contentSize == Size(width: 1600, height: 250))
    #expect(layout.x(for: Fixture.at(10, 30)) == 100)
  }

  @Test func programmesAreClippedToTheWindow() throws {
    let layout = layout()
    let a = try #require(layout.element(.cell, at: IndexPath(item: 0, section: 0)))
    #expect(a.frame == Rect(x: 100, y: 50, width: 290, height: 60))
    #expect(a.clipping == .start)
    let b = try #require(layout.element(.cell, at: IndexPath(item: 0, section: 1)))
    #expect(b.frame == Rect(x: 400, y: 120, width: 890, height: 60))
    #expect(b.clipping == [])
    // C 12:30–14:00 is cut at 13:00, not dropped.
    let c = try #require(layout.element(.cell, at: IndexPath(item: 1, section: 1)))
    #expect(c.frame == Rect(x: 1300, y: 120, width: 290, height: 60))
    #expect(c.clipping == .end)
  }

  @Test func aProgrammeRunningPastTheEndIsMarked() throws {
    let data = GuideData(
      channels: [[Fixture.span(9, 0, 14, 0)]], timelineStart: Fixture.at(10),
      timelineEnd: Fixture.at(12))
    let layout = GuideLayout(
      data: data, viewport: Viewport(size: Size(width: 800, height: 400)), now: 0)
    let cell = try #require(layout.element(.cell, at: IndexPath(item: 0, section: 0)))
    #expect(cell.clipping == [.start, .end])
    #expect(cell.frame == Rect(x: 100, y: 50, width: 1190, height: 60))
    // The current time is outside the window: hidden, and not returned.
    #expect(
      layout.element(.currentTimeIndicator, at: IndexPath(item: 0, section: 0))?.isHidden == true)
    #expect(!layout.visibleElements.contains { $0.kind == .currentTimeIndicator })
  }

  @Test func programmesOutsideTheWindowAreSkipped() {
    let layout = layout()
    // D ends at E; Z is zero-length at E (seed fix 4: end ≤ E is skipped); F
    // starts at L; its zero-length twin was dropped.
    for item in [0, 1, 4, 5] {
      #expect(layout.element(.cell, at: IndexPath(item: item, section: 2)) == nil)
    }
    let cells = layout.elements(in: Rect(x: -1000, y: 0, width: 5000, height: 500)).filter {
      $0.kind == .cell
    }
    #expect(
      cells.map(\.indexPath) == [
        IndexPath(item: 0, section: 0), IndexPath(item: 0, section: 1),
        IndexPath(item: 1, section: 1),
        IndexPath(item: 2, section: 2), IndexPath(item: 3, section: 2),
      ])
  }

  /// The current-time elements exist when E ≤ now < L, as in the original.
  @Test(arguments: [
    (Fixture.at(10, 29, 59), false), (Fixture.at(10, 30), true), (Fixture.at(12, 59, 59), true),
    (Fixture.at(13), false),
  ])
  func theCurrentTimeIsShownFromTheStartUpToTheEnd(now: EpochSeconds, shown: Bool) {
    let layout = layout(now: now)
    for kind in [ElementKind.currentTimeIndicator, .currentTimeVerticalGridline] {
      #expect(layout.element(kind, at: IndexPath(item: 0, section: 0))?.isHidden == !shown)
      let everything = layout.elements(in: Rect(x: -1000, y: 0, width: 5000, height: 1000))
      #expect(everything.contains { $0.kind == kind } == shown)
    }
  }

  @Test func aZeroLengthProgrammeKeepsAMinimumWidth() throws {
    // Y (zero-length at 10:35, x = 100 + 5 min · 10 points) is widened to
    // the 1-point minimum.
    let layout = layout()
    #expect(layout.frame(.cell, 2, 2) == Rect(x: 150, y: 190, width: 1, height: 60))
    #expect(layout.frame(.cell, 3, 2) == Rect(x: 200, y: 190, width: 190, height: 60))
    var wide = layout
    wide.configuration.minimumCellWidth = 30
    #expect(wide.frame(.cell, 2, 2) == Rect(x: 150, y: 190, width: 30, height: 60))
    // Never past the next programme's start (10:40, x = 200).
    wide.configuration.minimumCellWidth = 500
    #expect(wide.frame(.cell, 2, 2) == Rect(x: 150, y: 190, width: 50, height: 60))
    // A programme shorter than its margin: width 0, never negative.
    let data = GuideData(channels: [
      [TimeSpan(start: Fixture.at(10), end: Fixture.at(10, 0, 30)), Fixture.span(10, 1, 11, 0)]
    ])
    var tight = GuideLayout(
      data: data, viewport: Viewport(size: Size(width: 800, height: 400)), now: 0)
    tight.configuration.minimumCellWidth = 0
    #expect(tight.frame(.cell, 0, 0) == Rect(x: 100, y: 50, width: 0, height: 60))
  }
}
