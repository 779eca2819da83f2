import EPGLayout
import Testing

/// The programme a move up or down a row selects (the front end's one
/// navigation query to the layout).
@Suite struct NavigationTests {
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
  }
}
