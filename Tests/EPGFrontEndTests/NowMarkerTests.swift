import EPGFrontEnd
import EPGLayout
import EPGRaster
import EPGSchedule
import Testing

/// The current-time mark (▼ on the hour rule and the line through the
/// rows) near the grid's left edge.
@Suite struct NowMarkerTests {
  /// Column of the first ▼ in `row`, counted in cells.
  static func marker(_ grid: Grid, row: Int) -> Int? {
    (0..<grid.width).first { grid[$0, row].content == .grapheme("▼", width: 1) }
  }

  @Test(arguments: [0, 60, 120])
  func theMarkerStaysVisibleWithinAColumnOfTheLeftEdge(secondsAfter: Int) {
    // 24 columns an hour: a column is 150 s. The view starts at now (14:05,
    // a column edge) or up to 2 minutes before now: now is in the first
    // column of the grid, whose line would fall on the channel column's.
    var state = Fixture.state()
    state.scrollView(toStart: Fixture.now)
    #expect(state.viewStart == Fixture.now)
    state.apply(.tick(Fixture.now + EpochSeconds(secondsAfter)))
    let grid = state.render()
    let gridLeft = state.layout.channelColumnWidth
    let rule = state.layout.timeRow + 1
    #expect(Self.marker(grid, row: rule) == gridLeft, "\n\(grid.lines.joined(separator: "\n"))")
    // The line: the first grid column of every channel row in the now style.
    for y in state.layout.guideTop..<(state.layout.guideTop + 4) {
      #expect(grid[gridLeft, y].style.attributes.contains(.bold))
    }
  }

  @Test func aNowAColumnBeforeTheLeftEdgeIsNotShown() {
    // Now 14:05, the view from 14:07:30 (one column later): not in view.
    var state = Fixture.state()
    state.scrollView(toStart: Fixture.now + 150)
    #expect(state.viewStart == Fixture.now + 150)
    let grid = state.render()
    #expect(Self.marker(grid, row: state.layout.timeRow + 1) == nil)
  }
}
