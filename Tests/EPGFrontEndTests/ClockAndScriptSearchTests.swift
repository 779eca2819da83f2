import EPGFrontEnd
import EPGSchedule
import Testing

/// The now line follows the clock, and search finds titles in any script.
@Suite struct ClockAndScriptSearchTests {
  /// The column of the ▼ now mark on the time ruler, counted in cells from
  /// the left (every cell left of it is one column wide).
  static func nowMarkColumn(_ state: AppState) -> Int? {
    for line in state.render().lines {
      if let index = line.firstIndex(of: "▼") {
        return line.distance(from: line.startIndex, to: index)
      }
    }
    return nil
  }

  /// At the default zoom an hour is 24 columns (2.5 minutes a column), so
  /// ten minutes move the mark four columns to the right, and the view
  /// itself stays where it was.
  @Test func theNowLineMovesWhenTheClockTicks() throws {
    var state = Fixture.state()
    let viewStart = state.viewStart
    let before = try #require(Self.nowMarkColumn(state))
    state.apply(.tick(Fixture.now + 10 * 60))
    let after = try #require(Self.nowMarkColumn(state))
    #expect(after - before == 4)
    #expect(state.viewStart == viewStart)
  }

  static func search(_ query: String, in state: inout AppState) {
    state.apply([.key(.character("/"))] + query.map { .key(.character($0)) } + [.key(.enter)])
    // The results list, then Enter goes to the first match.
    state.apply(.key(.enter))
  }

  /// Japanese, Cyrillic and accented Latin titles are found by a part of
  /// their title; Latin and Cyrillic regardless of case.
  @Test func searchFindsTitlesInOtherLanguages() {
    var schedule = Fixture.schedule
    schedule.programmes[2][1].title = "Новости спорта"
    schedule.programmes[2][2].title = "Été indien à Montréal"
    var state = AppState(
      guide: GuideModel(schedule: schedule), settings: Fixture.state().settings,
      size: CellSize(columns: 80, rows: 14), now: Fixture.now)
    Self.search("ニュース", in: &state)
    #expect(state.selectedProgramme?.title == "ニュース for kids")
    state.apply(.key(.escape))
    Self.search("НОВОСТИ", in: &state)
    #expect(state.selectedProgramme?.title == "Новости спорта")
    state.apply(.key(.escape))
    Self.search("montréal", in: &state)
    #expect(state.selectedProgramme?.title == "Été indien à Montréal")
    state.apply(.key(.escape))
    Self.search("été", in: &state)
    #expect(state.selectedProgramme?.title == "Été indien à Montréal")
  }
}
