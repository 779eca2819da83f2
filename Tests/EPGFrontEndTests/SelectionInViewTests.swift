import EPGFrontEnd
import EPGLayout
import EPGSchedule
import Testing

/// What Up/Down select in a row whose programmes in view do not overlap
/// the focus range.
@Suite struct SelectionInViewTests {
  @Test func downSelectsTheOnlyProgrammeInViewThoughAnEarlierOneIsNearer() {
    // Film Four: "Early" ends 13:58, just before the view (from 14:00);
    // "Late" 15:30–17:00 is the only one drawn in the row. From Afternoon
    // Live (13:15–14:30, focus clipped to 14:00–14:30), Early is nearer in
    // time (2 min against 60), but only Late can be seen.
    var schedule = Fixture.schedule
    schedule.programmes[1] = [
      Fixture.programme("Early", Fixture.at(12), Fixture.at(13, 58)),
      Fixture.programme("Late", Fixture.at(15, 30), Fixture.at(17)),
    ]
    var state = AppState(
      guide: GuideModel(schedule: schedule), size: CellSize(columns: 80, rows: 14),
      now: Fixture.now)
    let view = state.viewStart
    #expect(view == Fixture.at(14))
    #expect(state.selectedProgramme?.title == "Afternoon Live")
    state.apply(.key(.down))
    #expect(state.selectedProgramme?.title == "Late")
    #expect(state.viewStart == view)
    // Back up: the focus is now Late's time, and BBC One's best match for
    // 15:30–16:47 (the part in view) is Quiz Time, 15:45–16:30.
    state.apply(.key(.up))
    #expect(state.selectedProgramme?.title == "Quiz Time")
  }
}
