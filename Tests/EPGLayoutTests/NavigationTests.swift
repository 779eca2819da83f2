import EPGLayout
import Testing

/// Keyboard navigation, scrolling targets and hit testing.
@Suite struct NavigationTests {
  let layout = Fixture.workedExample()

  func path(_ item: Int, _ section: Int) -> IndexPath { IndexPath(item: item, section: section) }

  /// Row 0: P0 10:00–10:20, P1 10:20–10:40, P2 10:40–12:00; row 1: Q 10:00–12:00.
  var rule: GuideLayout {
    let data = GuideData(
      channels: [
        [Fixture.span(10, 40, 12, 0), Fixture.span(10, 0, 10, 20), Fixture.span(10, 20, 10, 40)],
        [Fixture.span(10, 0, 12, 0)],
      ])
    return GuideLayout(data: data, viewport: Viewport(size: Size(width: 1024, height: 768)), now: 0)
  }

  @Test func nextAndPreviousFollowTimeOrder() {
    #expect(layout.nextProgramme(after: path(0, 1)) == path(1, 1))
    #expect(layout.nextProgramme(after: path(1, 1)) == nil)
    #expect(layout.previousProgramme(before: path(1, 1)) == path(0, 1))
    #expect(layout.previousProgramme(before: path(0, 1)) == nil)
    // Item order is not time order: P0 is item 1, P1 item 2, P2 item 0.
    #expect(rule.nextProgramme(after: path(1, 0)) == path(2, 0))
    #expect(rule.nextProgramme(after: path(2, 0)) == path(0, 0))
    #expect(rule.previousProgramme(before: path(0, 0)) == path(2, 0))
    #expect(layout.nextProgramme(after: path(5, 1)) == nil)
    #expect(layout.nextProgramme(after: path(0, 7)) == nil)
  }

  @Test func duplicatesAreSkipped() {
    let data = GuideData(
      channels: [
        [Fixture.span(10, 0, 11, 0), Fixture.span(10, 0, 10, 30), Fixture.span(11, 0, 12, 0)]
      ])
    let layout = GuideLayout(
      data: data, viewport: Viewport(size: Size(width: 800, height: 400)), now: 0)
    #expect(layout.nextProgramme(after: path(0, 0)) == path(2, 0))
    #expect(layout.previousProgramme(before: path(2, 0)) == path(0, 0))
    // From the dropped duplicate, moves continue from the programme shown in its place.
    #expect(layout.nextProgramme(after: path(1, 0)) == path(2, 0))
    #expect(layout.element(.cell, at: path(1, 0)) == nil)
  }

  @Test func programmeOnAirAtAnInstant() {
    #expect(layout.programme(inSection: 1, at: Fixture.at(12, 30)) == path(1, 1))
    #expect(layout.programme(inSection: 1, at: Fixture.at(12, 29, 59)) == path(0, 1))
    #expect(layout.programme(inSection: 1, at: Fixture.at(11)) == path(0, 1))
    #expect(layout.programme(inSection: 1, at: Fixture.at(14)) == nil)
    #expect(layout.programme(inSection: 0, at: Fixture.at(10)) == nil)
    #expect(layout.programme(inSection: 3, at: Fixture.at(11)) == nil)
  }

  @Test func bestMatchFollowsTheAndroidTVRule() {
    let rule = rule
    // 1. A programme containing the whole range.
    #expect(rule.programme(inSection: 0, bestMatching: Fixture.span(10, 45, 11, 0)) == path(0, 0))
    // 2. Else the widest programme wholly inside it.
    #expect(rule.programme(inSection: 0, bestMatching: Fixture.span(10, 10, 10, 50)) == path(2, 0))
    #expect(rule.programme(inSection: 0, bestMatching: Fixture.span(9, 0, 13, 0)) == path(0, 0))
    // 3. Else the largest partial overlap; a tie goes to the earlier one.
    #expect(rule.programme(inSection: 0, bestMatching: Fixture.span(10, 12, 10, 25)) == path(1, 0))
    #expect(rule.programme(inSection: 0, bestMatching: Fixture.span(10, 15, 10, 25)) == path(1, 0))
    #expect(rule.programme(inSection: 0, bestMatching: Fixture.span(10, 17, 10, 35)) == path(2, 0))
    // 4. Else the nearest in time.
    #expect(rule.programme(inSection: 0, bestMatching: Fixture.span(13, 0, 13, 30)) == path(0, 0))
    #expect(rule.programme(inSection: 0, bestMatching: Fixture.span(8, 0, 9, 0)) == path(1, 0))
    // An empty range counts as one second.
    #expect(
      rule.programme(
        inSection: 0, bestMatching: TimeSpan(start: Fixture.at(10, 20), end: Fixture.at(10, 20)))
        == path(2, 0))
    // Moving between rows.
    #expect(rule.programme(adjacentTo: path(2, 0), rowDelta: 1) == path(0, 1))
    #expect(rule.programme(adjacentTo: path(0, 1), rowDelta: -1) == path(0, 0))
    #expect(rule.programme(adjacentTo: path(0, 1), rowDelta: 1) == nil)
    #expect(layout.programme(adjacentTo: path(0, 0), rowDelta: 1) == path(0, 1))
  }

  @Test func scrollTargetsCentreInTheGridArea() {
    // The grid area is 1024 − 100 = 924 points wide; content 2350 × 180.
    #expect(layout.contentOffset(centeringTime: Fixture.at(11, 30)) == Point(x: 288, y: 0))
    #expect(layout.contentOffset(centeringTime: Fixture.at(10, 15)) == Point(x: 0, y: 0))
    #expect(layout.contentOffset(centeringTime: Fixture.at(14)) == Point(x: 1326, y: 0))
    // C (1450…2340) centred would need 1333: clamped to 1326.
    #expect(layout.contentOffset(revealing: path(1, 1)) == Point(x: 1326, y: 0))
    // B (550…1440) centred: 995 − 100 − 462 = 433.
    #expect(layout.contentOffset(revealing: path(0, 1)) == Point(x: 433, y: 0))
    #expect(layout.contentOffset(revealing: path(9, 1)) == nil)
    // With a left inset the grid area starts after inset + channel column.
    var inset = layout
    inset.viewport.contentInset = EdgeInsets(top: 0, left: 24, bottom: 0, right: 0)
    #expect(inset.contentOffset(centeringTime: Fixture.at(11, 30)) == Point(x: 276, y: 0))
  }

  @Test func scrollTargetsRevealRowsBelowTheHourRow() {
    let data = GuideData(channels: Array(repeating: [Fixture.span(10, 0, 11, 0)], count: 20))
    var layout = GuideLayout(
      data: data, viewport: Viewport(size: Size(width: 800, height: 300)), now: 0)
    #expect(layout.contentSize.height == 1440)
    // Row 10 (750…810) below the view: its bottom goes to the view's bottom.
    #expect(layout.contentOffset(revealingSection: 10) == Point(x: 0, y: 510))
    layout.viewport.contentOffset = Point(x: 0, y: 510)
    // Row 2 (190…250) above the grid: its top goes just under the hour row.
    #expect(layout.contentOffset(revealingSection: 2) == Point(x: 0, y: 140))
    // A visible row needs no move; the last row clamps to the content.
    #expect(layout.contentOffset(revealingSection: 9) == Point(x: 0, y: 510))
    #expect(layout.contentOffset(revealingSection: 19) == Point(x: 0, y: 1140))
    #expect(layout.contentOffset(revealingSection: 0) == Point(x: 0, y: 0))
    #expect(layout.clampedContentOffset(Point(x: -50, y: 5000)) == Point(x: 0, y: 1140))
  }

  @Test func hitTesting() {
    #expect(layout.section(atY: 50) == 0)
    #expect(layout.section(atY: 109.9) == 0)
    #expect(layout.section(atY: 110) == nil)  // the gap
    #expect(layout.section(atY: 120) == 1)
    #expect(layout.section(atY: 40) == nil)  // the hour row
    #expect(layout.section(atY: 180) == nil)
    #expect(layout.item(at: Point(x: 600, y: 150)) == path(0, 1))
    #expect(layout.item(at: Point(x: 1445, y: 150)) == nil)  // the margin between B and C
    #expect(layout.item(at: Point(x: 1450, y: 150)) == path(1, 1))
    #expect(layout.hitTest(Point(x: 50, y: 150))?.kind == .sectionHeader)
    #expect(layout.hitTest(Point(x: 50, y: 150))?.indexPath == path(0, 1))
    #expect(layout.hitTest(Point(x: 600, y: 150))?.kind == .floatingItemOverlay)
    #expect(layout.hitTest(Point(x: 1200, y: 150))?.kind == .cell)
  }
}
