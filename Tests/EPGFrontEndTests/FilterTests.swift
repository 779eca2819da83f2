import EPGFrontEnd
import EPGLayout
import EPGRaster
import EPGSchedule
import EPGTestSupport
import Testing

/// Filters that filter: `f` and the `y` menu narrow navigation as well as
/// the picture; Esc clears them all.
@Suite struct FilterTests {
  /// The fixture with genres and ratings: news on BBC One at 12:00, 14:30
  /// and 16:30 and on Kids at 15:00 (Story Time); The Big Sleep rated
  /// FSK 16, Casablanca FSK 12.
  func state(rows: Int = 14) -> AppState {
    var schedule = Fixture.schedule
    for item in [0, 3, 6] { schedule.programmes[0][item].categories = ["News"] }
    schedule.programmes[3][2].categories = ["News"]
    schedule.programmes[1][1].ratings = ["FSK 16"]
    schedule.programmes[1][3].ratings = ["FSK 12"]
    var settings = GuideSettings()
    settings.theme = .monochrome
    return AppState(
      guide: GuideModel(schedule: schedule), settings: settings,
      size: CellSize(columns: 80, rows: rows), now: Fixture.now)
  }

  @Test func theGenreFilterNarrowsLeftRightAndUpDown() {
    var state = state()
    #expect(state.selectedProgramme?.title == "Afternoon Live")
    state.apply(.key(.character("f")))
    // Afternoon Live is not news: the nearest news in view on the row.
    #expect(state.selectedProgramme?.title == "News at Half Two")
    #expect(state.render().lines[0].hasPrefix(" tvgrid │ Mon 30 Nov 2026 │ only news"))
    state.apply(.key(.right))
    // Doctors and Quiz Time are skipped.
    #expect(state.selectedProgramme?.title == "Evening News")
    state.apply(.key(.left))
    #expect(state.selectedProgramme?.title == "News at Half Two")
    // Film Four and Sport have no news in view: Down goes to Kids.
    state.apply(.key(.down))
    #expect(state.selectedRow == 3)
    #expect(state.selectedProgramme?.title == "Story Time")
    // Up again: Evening News overlaps Story Time's time in view, News at
    // Half Two only touches it.
    state.apply(.key(.up))
    #expect(state.selectedRow == 0)
    #expect(state.selectedProgramme?.title == "Evening News")
    state.apply(.key(.escape))
    #expect(!state.isFiltering)
    #expect(state.message == "Every genre")
    state.apply(.key(.down))
    #expect(state.selectedRow == 1)
  }

  /// With a genre singled out on a channel that has none of it, Right and
  /// Left say so, not "end of the guide"; Esc selects a programme at once
  /// (issue 24, item 8).
  @Test func aChannelWithNoneOfTheGenreSaysSoAndEscSelectsAtOnce() {
    var schedule = Fixture.schedule
    for item in schedule.programmes[2].indices {
      schedule.programmes[2][item].categories = ["Sport"]
    }
    schedule.channels[1].name = "Télé 24"
    var state = AppState(
      guide: GuideModel(schedule: schedule), size: CellSize(columns: 80, rows: 14),
      now: Fixture.now)
    state.apply(.key(.down))
    #expect(state.selectedProgramme?.title == "The Big Sleep")
    for _ in 0..<10 where state.genreFilter != .sports { state.apply(.key(.character("f"))) }
    #expect(state.genreFilter == .sports)
    #expect(state.selectedRow == 1 && state.selectedItem == nil)
    #expect(
      trimTrailing(state.render().lines[state.layout.infoRow]) == " Télé 24: no sport in view")
    state.apply(.key(.right))
    #expect(state.message == "No sport on Télé 24 from here")
    state.apply(.key(.left))
    #expect(state.message == "No sport on Télé 24 before here")
    state.apply(.key(.escape))
    #expect(state.genreFilter == nil)
    #expect(state.selectedRow == 1)
    #expect(state.selectedProgramme?.title == "The Big Sleep")
  }

  @Test func theFilterMenuAt80x24() {
    var state = state(rows: 24)
    state.apply(.key(.character("y")))
    expectGrid(
      state.render(),
      """
       tvgrid │ Mon 30 Nov 2026                                             Now 14:05
       Filters

        [ ] New or premiere only
        [ ] Hide repeats
        [off] Age rating at most
        [ ] Subtitles
        [ ] Audio description

       They combine with f (genre); the grid dims what they leave out and
       the arrows skip it. Esc in the guide clears every filter.












       Enter toggle  j/k choose  c clear  Esc back  q quit
      """)
    #expect(state.render()[2, 3].style.attributes.contains(.reverse))
  }

  @Test func newOnlyLeavesOneProgrammeAndTheArrowsStayOnIt() {
    var state = state()
    state.apply([.key(.character("y")), .key(.enter)])
    #expect(trimTrailing(state.render().lines[3]) == "  [x] New or premiere only")
    state.apply(.key(.escape))
    #expect(state.mode == .guide)
    #expect(state.filters.newOnly)
    #expect(state.render().lines[0].hasPrefix(" tvgrid │ Mon 30 Nov 2026 │ new "))
    // Doctors is the one new programme.
    #expect(state.selectedProgramme?.title == "Doctors")
    state.apply(.key(.down))
    #expect(state.selectedRow == 0)
    state.apply(.key(.right))
    #expect(state.selectedProgramme?.title == "Doctors")
    #expect(state.message == "Nothing the filters keep on BBC One from here")
    state.apply(.key(.escape))
    #expect(!state.isFiltering)
    #expect(state.message == "Filters cleared: every programme")
    #expect(!state.filters.newOnly)
  }

  @Test func anAgeLimitCombinesWithTheGenreAndDimsTheRest() {
    var state = state()
    // Age 6, then 12.
    state.apply([
      .key(.character("y")), .key(.down), .key(.down), .key(.enter), .key(.enter),
      .key(.escape),
    ])
    #expect(state.filters.maxAge == 12)
    #expect(state.render().lines[0].hasPrefix(" tvgrid │ Mon 30 Nov 2026 │ age ≤ 12 "))
    // Nothing on BBC One is rated: no selection; Down finds Casablanca.
    #expect(state.selectedItem == nil)
    state.apply(.key(.down))
    #expect(state.selectedRow == 1)
    #expect(state.selectedProgramme?.title == "Casablanca")
    let grid = state.render()
    // Film Four's row (5): Casablanca at column 61 kept (bold), The Big
    // Sleep (FSK 16) at 13 dimmed.
    #expect(grid[13, 5].style.attributes.contains(.dim))
    #expect(grid[61, 5].style.attributes.contains(.bold))
    // With news singled out too nothing is left in view: Up stays.
    state.apply([.key(.character("f")), .key(.up)])
    #expect(state.selectedRow == 1)
    state.apply(.key(.escape))
    #expect(!state.isFiltering)
    #expect(state.genreFilter == nil && state.filters.maxAge == nil)
  }
}
