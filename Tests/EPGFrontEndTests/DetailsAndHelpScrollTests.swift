import EPGFrontEnd
import Testing

/// Scrolling the details and help views: it stops at the end (no hidden
/// offset to scroll back through) and Home/End go to either end.
@Suite struct DetailsAndHelpScrollTests {
  func statusLine(_ state: AppState) -> String {
    trimTrailing(state.render().lines.last ?? "")
  }

  @Test func detailsStopAtTheEndAndPgUpMovesAtOnce() {
    // Doctors' details are 13 lines (see GuideScreenTests); 8 rows leave 6
    // for them between the top bar and the status line.
    var state = Fixture.state(rows: 8)
    state.apply([.key(.right), .key(.right), .key(.enter)])
    #expect(statusLine(state).hasSuffix(" 1-6/13"))
    for _ in 0..<10 { state.apply(.key(.pageDown)) }
    #expect(statusLine(state).hasSuffix(" 8-13/13"))
    state.apply(.key(.pageUp))  // a page is the 6 rows shown: from line 8 to 2
    #expect(statusLine(state).hasSuffix(" 2-7/13"))
    for _ in 0..<10 { state.apply(.key(.down)) }
    state.apply(.key(.up))
    #expect(statusLine(state).hasSuffix(" 7-12/13"))
    for _ in 0..<5 { state.apply(.mouse(MouseEvent(.wheelDown, x: 5, y: 3))) }
    state.apply(.mouse(MouseEvent(.wheelUp, x: 5, y: 3)))
    #expect(statusLine(state).hasSuffix(" 5-10/13"))
  }

  @Test func homeAndEndGoToEitherEndOfTheDetails() {
    var state = Fixture.state(rows: 8)
    state.apply([.key(.right), .key(.right), .key(.enter)])
    state.apply(.key(.end))
    #expect(statusLine(state).hasSuffix(" 8-13/13"))
    state.apply(.key(.home))
    #expect(statusLine(state).hasSuffix(" 1-6/13"))
    state.apply(.key(.character("G")))
    #expect(statusLine(state).hasSuffix(" 8-13/13"))
    state.apply(.key(.character("g")))
    #expect(statusLine(state).hasSuffix(" 1-6/13"))
  }

  @Test func helpStopsAtTheEndAndHomeEndWork() {
    var state = Fixture.state(rows: 10)
    state.apply(.key(.character("?")))
    let top = state.render()
    state.apply(.key(.end))
    let end = state.render()
    #expect(end != top)
    for _ in 0..<10 { state.apply(.key(.pageDown)) }
    #expect(state.render() == end)
    state.apply(.key(.up))
    #expect(state.render() != end)
    state.apply(.key(.down))
    #expect(state.render() == end)
    state.apply(.key(.home))
    #expect(state.render() == top)
  }
}
