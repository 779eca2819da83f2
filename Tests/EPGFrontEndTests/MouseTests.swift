import EPGFrontEnd
import EPGLayout
import EPGSchedule
import Testing

/// Issue 18 item 9: double click, the horizontal wheel (or Shift-wheel) and
/// clicks on the time row. The fixture at 80 × 14: the time row is row 2
/// (14:00 at column 13, 24 columns an hour: 15:00 at column 37), channel
/// rows from row 4 (BBC One, Film Four, Sport, Kids).
@Suite struct MouseTests {
  @Test func aClickOnTheTimeRowSelectsThatTimeInTheSelectedRow() {
    var state = Fixture.state()
    state.apply(.mouse(MouseEvent(.press, x: 37, y: 2)))
    #expect(state.selectedProgramme?.title == "Doctors")  // 15:00–15:45
    #expect(state.viewStart == Fixture.at(14))  // the view stays
    // On the rule under the labels too; Film Four at 16:00 is Casablanca.
    state.apply([.key(.down), .mouse(MouseEvent(.press, x: 61, y: 3))])
    #expect(state.selectedProgramme?.title == "Casablanca")
    // The corner (the date) goes back to now.
    state.apply([.key(.character("]")), .mouse(MouseEvent(.press, x: 3, y: 2))])
    #expect(state.viewStart == Fixture.at(14))
    #expect(state.selectedProgramme?.title == "The Big Sleep")
  }

  @Test func theHorizontalWheelScrollsTimeHalfAnHourANotch() {
    var state = Fixture.state()
    state.apply(.mouse(MouseEvent(.wheelRight, x: 40, y: 6)))
    #expect(state.viewStart == Fixture.at(14, 30))
    // The selection keeps its place in the view: 14:00 + 30 min.
    #expect(state.selectedProgramme?.title == "News at Half Two")
    state.apply(.mouse(MouseEvent(.wheelLeft, x: 40, y: 6)))
    #expect(state.viewStart == Fixture.at(14))
    #expect(state.selectedRow == 0)
  }

  @Test func aDoubleClickOpensTheDetails() {
    var state = Fixture.state()
    state.apply([
      .mouse(MouseEvent(.press, x: 20, y: 5)), .mouse(MouseEvent(.doublePress, x: 20, y: 5)),
    ])
    #expect(state.mode == .details(ProgrammeRef(row: 1, item: 1), scroll: 0))
    #expect(state.render().lines[1].hasPrefix(" The Big Sleep"))
    state.apply(.key(.escape))
    #expect(state.mode == .guide)
    #expect(state.selectedProgramme?.title == "The Big Sleep")
    // In a list: the first click selects, the second opens.
    state.apply([
      .key(.up), .key(.character("s")), .mouse(MouseEvent(.press, x: 10, y: 4)),
    ])
    #expect(state.mode == .channelList(row: 0, ListCursor(selected: 1, scroll: 0)))
    // As Enter on a list row: its details, the guide following.
    state.apply(.mouse(MouseEvent(.doublePress, x: 10, y: 4)))
    #expect(state.mode == .details(ProgrammeRef(row: 0, item: 1), scroll: 0))
    #expect(state.selectedProgramme?.title == "Weather")
  }

  @Test func twoPressesOnOneCellSoonAfterEachOtherAreADoubleClick() {
    var clicks = DoubleClick()
    var answers: [Bool] = []
    for (x, time) in [(5, 10.0), (5, 10.3), (5, 10.5), (5, 11.0), (6, 11.1), (6, 11.4)] {
      answers.append(clicks.isDouble(x: x, y: 5, at: time))
    }
    // 10.3 doubles 10.0; 10.5 starts afresh; 11.0 is too late after it;
    // 11.1 is another cell; 11.4 doubles 11.1.
    #expect(answers == [false, true, false, false, false, true])
  }
}
