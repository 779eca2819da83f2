import EPGFrontEnd
import EPGLayout
import EPGSchedule
import Testing

/// `[` and `]` (a day back and forward) onto days a channel has nothing on,
/// and at the ends of the guide. The fixture's guide runs from Monday 11:00
/// to Tuesday 14:00; only BBC One has Tuesday programmes (09:00–14:00).
@Suite struct DayKeysTests {
  func infoLine(_ state: AppState) -> String {
    trimTrailing(state.render().lines[state.layout.infoRow])
  }

  @Test func aDayWithNothingInTheRowClearsTheSelectionAndTheInfoLine() {
    var state = Fixture.state()
    state.apply(.key(.end))  // Kids: Cartoons, Monday 13:00–14:15
    #expect(state.selectedProgramme?.title == "Cartoons")
    state.apply(.key(.character("]")))
    // Tuesday: Kids has nothing; its last programme (Monday's Story Time)
    // is a day away, off screen.
    #expect(state.format.local(state.viewStart).day == 1)
    #expect(state.selection == nil)
    #expect(infoLine(state) == " Kids: nothing scheduled here")
    // Back to Monday: the programme at the same place in the view.
    state.apply(.key(.character("[")))
    #expect(state.format.local(state.viewStart).day == 30)
    #expect(state.selectedProgramme != nil)
  }

  /// The ends name the times as well as the days (issue 24 item 13): the
  /// guide runs from Film Four's 11:00 to BBC One's Tuesday 14:00.
  @Test func theEndsOfTheGuideSaySo() {
    var state = Fixture.state()
    let monday = state.viewStart
    state.apply(.key(.character("[")))  // Sunday: before the guide
    #expect(state.viewStart == monday)
    #expect(state.message == "Start of the guide: it begins Mon 30 Nov 11:00")
    #expect(
      trimTrailing(state.render().lines.last ?? "")
        == " Start of the guide: it begins Mon 30 Nov 11:00")
    state.apply(.key(.character("]")))
    #expect(state.message == nil)
    let tuesday = state.viewStart
    #expect(state.format.local(tuesday).day == 1)
    state.apply(.key(.character("]")))  // Wednesday: past the guide
    #expect(state.viewStart == tuesday)
    #expect(state.message == "End of the guide: it ends Tue 1 Dec 14:00")
    state.apply(.key(.character("T")))
    #expect(state.message == "End of the guide: it ends Tue 1 Dec 14:00")
  }
}
