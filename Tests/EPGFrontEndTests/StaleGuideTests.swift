import EPGFrontEnd
import EPGLayout
import EPGSchedule
import Testing

/// A guide with nothing at now (its grabber stopped running, or it starts
/// tomorrow) opens at its programmes nearest to now and says so; `n` still
/// goes to now, where nothing is selected.
@Suite struct StaleGuideTests {
  /// The fixture's schedule seen from `now`.
  func state(now: EpochSeconds, columns: Int = 80) -> AppState {
    AppState(
      guide: GuideModel(schedule: Fixture.schedule), size: CellSize(columns: columns, rows: 14),
      now: now)
  }

  @Test func aGuideThatEndedOpensAtItsEnd() {
    // The guide ends on Tuesday 1 December at 14:00; now is a week later.
    var state = state(now: Fixture.at(20, day: 8))
    #expect(
      state.message == "Nothing on now: the guide ended Tue 1 Dec 2026 14:00 (n: now)")
    #expect(state.visibleSpan.contains(Fixture.at(13, 59, day: 1)))
    #expect(state.selectedProgramme?.title == "Midday News")
    #expect(state.selectedProgramme?.start == Fixture.at(12, day: 1))
    let screen = state.render().lines.joined(separator: "\n")
    #expect(screen.contains("Midday News"))
    #expect(screen.contains("Tue 1 Dec 2026"))

    state.apply(.key(.character("n")))
    #expect(state.visibleSpan.contains(Fixture.at(20, day: 8)))
    #expect(state.selectedProgramme == nil)
    #expect(state.render().lines.joined().contains("BBC One: nothing scheduled here"))
  }

  @Test func aGuideThatStartsLaterOpensAtItsStart() {
    // The first programme starts at 11:00 on Monday; now is 03:00.
    let state = state(now: Fixture.at(3))
    #expect(
      state.message == "Nothing on now: the guide starts Mon 30 Nov 2026 11:00 (n: now)")
    #expect(state.visibleSpan.contains(Fixture.at(11)))
    // BBC One has nothing until 12:00, which is in view: it is selected.
    #expect(state.selectedProgramme?.title == "Midday News")
  }

  @Test func aGuideOnNowOpensAtNowWithoutAMessage() {
    let state = state(now: Fixture.now)
    #expect(state.message == nil)
    #expect(state.selectedProgramme?.title == "Afternoon Live")
  }

  @Test func theDayBarFollowsTheDayInViewOverYears() {
    // A stray programme two years back makes the guide span two years; the
    // day bar (at most a year of days) must still show the day in view.
    var schedule = Fixture.schedule
    schedule.programmes[1].insert(
      Fixture.programme("Old Film", Fixture.at(20, day: -730), Fixture.at(22, day: -730)), at: 0)
    var settings = GuideSettings()
    settings.theme = .monochrome
    let state = AppState(
      guide: GuideModel(schedule: schedule), settings: settings,
      size: CellSize(columns: 80, rows: 14), now: Fixture.now)
    let grid = state.render()
    let highlighted = (0..<grid.width).filter {
      grid[$0, 1].style.attributes.contains(.reverse)
    }
    let label = highlighted.map { x -> String in
      if case .grapheme(let character, _) = grid[x, 1].content { String(character) } else { "" }
    }.joined()
    #expect(label == " Mon 30 ", "\(grid.lines[1])")
  }
}
