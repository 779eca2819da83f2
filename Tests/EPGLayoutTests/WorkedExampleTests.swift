import EPGTestSupport
import Testing

@testable import EPGLayout

/// The worked example of seed §1.9 with the fixes applied: left-anchored
/// axis, exact inverse, the 14:00 hour line, centred vertical lines.
@Suite struct WorkedExampleTests {
  let layout = Fixture.workedExample()

  @Test func timelineAndContentSize() {
    #expect(layout.timeline == Fixture.span(10, 15, 14, 0))
    #expect(layout.contentSize == Size(width: 2350, height: 180))
    #expect(layout.gridOriginX == 100)
  }

  @Test func timeAxisIsAnExactInverse() {
    #expect(layout.x(for: Fixture.at(11, 30)) == 850)
    #expect(layout.time(forX: 850) == Fixture.at(11, 30))
    #expect(layout.x(for: Fixture.at(10, 15)) == 100)
    #expect(layout.time(forX: 100) == Fixture.at(10, 15))
    // Dates after L extrapolate instead of mirroring.
    #expect(layout.x(for: Fixture.at(15, 0)) == 2950)
    // Between whole seconds time(forX:) rounds down.
    #expect(layout.time(forX: 850.1) == Fixture.at(11, 30))
    #expect(layout.time(forX: 849.9) == Fixture.at(11, 29, 59))
  }

  @Test func cellFrames() {
    #expect(layout.frame(.cell, 0, 0) == Rect(x: 100, y: 50, width: 440, height: 60))
    #expect(layout.frame(.cell, 0, 1) == Rect(x: 550, y: 120, width: 890, height: 60))
    #expect(layout.frame(.cell, 1, 1) == Rect(x: 1450, y: 120, width: 890, height: 60))
    #expect(layout.frame(.cell, 1, 0) == nil)
    #expect(layout.element(.cell, at: IndexPath(item: 0, section: 1))?.zIndex == 100)
  }

  @Test func hourLinesIncludeTheLastHour() {
    let times = (0..<6).map { layout.time(forHourHeader: $0) }
    #expect(times == [10, 11, 12, 13, 14].map { Fixture.at($0) } + [nil])
    #expect(layout.frame(.verticalGridline, 0) == Rect(x: -50.5, y: 50, width: 1, height: 130))
    #expect(layout.frame(.verticalGridline, 4) == Rect(x: 2349.5, y: 50, width: 1, height: 130))
    #expect(layout.frame(.verticalGridline, 5) == nil)
    #expect(layout.frame(.hourHeader, 1) == Rect(x: 250, y: 0, width: 600, height: 50))
    #expect(layout.frame(.hourHeader, 4) == Rect(x: 2050, y: 0, width: 600, height: 50))
  }

  @Test func halfHourLines() {
    let times = (0..<5).map { layout.time(forHalfHourHeader: $0) }
    #expect(
      times == [
        Fixture.at(10, 30), Fixture.at(11, 30), Fixture.at(12, 30), Fixture.at(13, 30), nil,
      ])
    #expect(
      layout.frame(.halfHourVerticalGridline, 1) == Rect(x: 849.5, y: 50, width: 1, height: 130))
    #expect(layout.frame(.halfHourHeader, 0) == Rect(x: -50, y: 0, width: 600, height: 50))
  }

  @Test func currentTimeAndGridlines() {
    #expect(layout.frame(.currentTimeIndicator, 0) == Rect(x: 800, y: 40, width: 100, height: 10))
    #expect(
      layout.frame(.currentTimeVerticalGridline, 0) == Rect(x: 849.5, y: 50, width: 1, height: 130))
    #expect(layout.frame(.horizontalGridline, 0, 1) == Rect(x: 0, y: 114.5, width: 2350, height: 1))
    #expect(layout.frame(.horizontalGridline, 0, 0) == nil)
  }

  @Test func stickyAtOffset700() {
    let scrolled = Fixture.workedExample(offset: Point(x: 700, y: 0))
    #expect(scrolled.frame(.sectionHeader, 0, 1) == Rect(x: 700, y: 120, width: 100, height: 60))
    #expect(
      scrolled.frame(.sectionHeaderBackground, 0) == Rect(x: 700, y: 0, width: 100, height: 768))
    #expect(scrolled.frame(.hourHeaderBackground, 0) == Rect(x: 700, y: 0, width: 1024, height: 50))
  }

  @Test func floatingOverlay() {
    let provider: @Sendable (IndexPath) -> Size? = { _ in Size(width: 200, height: 60) }
    var at700 = Fixture.workedExample(offset: Point(x: 700, y: 0))
    at700.overlaySizeProvider = provider
    #expect(at700.frame(.floatingItemOverlay, 0, 1) == Rect(x: 810, y: 120, width: 200, height: 60))
    var at1300 = Fixture.workedExample(offset: Point(x: 1300, y: 0))
    at1300.overlaySizeProvider = provider
    #expect(
      at1300.frame(.floatingItemOverlay, 0, 1) == Rect(x: 1240, y: 120, width: 200, height: 60))
  }
}
