import EPGFrontEnd
import EPGLayout
import EPGRaster
import EPGSchedule
import EPGTestSupport
import Testing

/// Whole screens, driven by key sequences on the pure state machine.
@Suite struct GuideScreenTests {
  @Test func startUpShowsNowWithTheProgrammeOnNowOnTheFirstChannelSelected() {
    let state = Fixture.state()
    #expect(state.selection == ProgrammeRef(row: 0, item: 2))
    #expect(state.selectedProgramme?.title == "Afternoon Live")
    #expect(state.viewStart == Fixture.at(14))
    expectGrid(
      state.render(),
      """
       tvgrid │ Mon 30 Nov 2026                                             Now 14:05
        Mon 30   Tue 1
      Mon 30 Nov  │14:00       14:30       15:00       15:30       16:00       16:30
                  ├─▼─────────┬───────────┬───────────┬─────┬─────┬───────────┬───────
      1 BBC One   │Afternoon… │News at Ha…│Doctors       NEW│Quiz Time        │Evenin…
        Film Four │The Big Sleep                              │Sh…│Casablanca
        Sport     │Te…│Snooker                                    │Football
        Kids      │Cart…│ニュース for kids│Story Time
                  │
                  │
                  │
                  │
       13:15–14:30 BBC One  Afternoon Live                                 on now, 66%
       ←→↑↓ move  Enter details  / search  s schedule  [ ] day  n now  ? help  q quit
      """)
  }

  @Test func theSelectedProgrammeIsInReverseVideo() {
    let grid = Fixture.state().render()
    // "Afternoon…" starts at column 13 of the first channel row (row 4).
    #expect(grid[13, 4].style.attributes.contains(.reverse))
    #expect(!grid[26, 4].style.attributes.contains(.reverse))
  }

  @Test func detailsShowEveryField() {
    var state = Fixture.state()
    state.apply([.key(.right), .key(.right), .key(.enter)])
    expectGrid(
      state.render(),
      """
       tvgrid │ Mon 30 Nov 2026                                             Now 14:05
       Doctors
       The Long Night

       Time       Mon 30 Nov 2026  15:00–15:45 (45m), starts in 55 min
       Channel    BBC One (1)
       Next       15:45  Quiz Time
       Episode    S24 E112
       Categories Drama, Soap
       Stars      3/5
       Flags      new

       Dr Jimmi Clay faces a difficult choice when a patient returns with the same
       Esc back  ←/→ previous/next programme  ↑/↓ scroll  q quit              1-12/13
      """)
    state.apply(.key(.escape))
    #expect(state.mode == .guide)
    #expect(state.selectedProgramme?.title == "Doctors")
  }

  @Test func detailsListTheCreditsByRole() {
    var schedule = Fixture.schedule
    schedule.programmes[0][4].credits = [
      Credit(role: .actor, name: "Adrian Lewis Morgan", character: "Dr Jimmi Clay"),
      Credit(role: .director, name: "Sean Gleeson"),
      Credit(role: .actor, name: "Chris Walker", character: "PC Rob Hollins"),
      Credit(role: .actor, name: "Jan Pearson", character: "Karen Hollins"),
      Credit(role: .writer, name: "Jayshree Patel"),
    ]
    var settings = GuideSettings()
    settings.theme = .monochrome
    var state = AppState(
      guide: GuideModel(schedule: schedule), settings: settings,
      size: CellSize(columns: 80, rows: 20), now: Fixture.now)
    state.apply([.key(.right), .key(.right), .key(.enter)])
    expectGrid(
      state.render(),
      """
       tvgrid │ Mon 30 Nov 2026                                             Now 14:05
       Doctors
       The Long Night

       Time       Mon 30 Nov 2026  15:00–15:45 (45m), starts in 55 min
       Channel    BBC One (1)
       Next       15:45  Quiz Time
       Episode    S24 E112
       Categories Drama, Soap
       Stars      3/5
       Flags      new
       Director   Sean Gleeson
       Cast       Adrian Lewis Morgan (Dr Jimmi Clay), Chris Walker (PC Rob Hollins),
                  Jan Pearson (Karen Hollins)
       Writer     Jayshree Patel

       Dr Jimmi Clay faces a difficult choice when a patient returns with the same
       symptoms as last week.

       Esc back  ←/→ previous/next programme  ↑/↓ scroll  q quit
      """)
  }

  @Test func lineBreaksInAShortDescriptionBecomeSpaces() {
    var schedule = Fixture.schedule
    schedule.programmes[0][4].description = "Line one.\nLine two."
    var state = AppState(
      guide: GuideModel(schedule: schedule), size: CellSize(columns: 80, rows: 14),
      now: Fixture.now)
    state.apply([.key(.right), .key(.right), .key(.enter)])
    #expect(state.render().lines.map(trimTrailing).contains(" Line one. Line two."))
  }

  @Test func narrowDetailsWrapEveryLineUnderItsLabel() {
    var state = Fixture.state(columns: 34, rows: 16)
    state.apply([.key(.right), .key(.right), .key(.enter)])
    expectGrid(
      state.render(),
      """
       tvgrid │ Mon 30 Nov 2… Now 14:05
       Doctors
       The Long Night

       Time       Mon 30 Nov 2026
                  15:00–15:45 (45m),
                  starts in 55 min
       Channel    BBC One (1)
       Next       15:45  Quiz Time
       Episode    S24 E112
       Categories Drama, Soap
       Stars      3/5
       Flags      new

       Dr Jimmi Clay faces a difficult
       Esc back  q quit         1-14/17
      """)
  }

  @Test func channelScheduleListHasDayHeadings() {
    var state = Fixture.state()
    state.apply(.key(.character("s")))
    expectGrid(
      state.render(),
      """
       tvgrid │ Mon 30 Nov 2026                                             Now 14:05
       Schedule: BBC One
       Mon 30 Nov 2026
         12:00–13:00  Midday News
         13:00–13:15  Weather
       ▶ 13:15–14:30  Afternoon Live
         14:30–15:00  News at Half Two
         15:00–15:45  Doctors: The Long Night
         15:45–16:30  Quiz Time
         16:30–18:00  Evening News

       Tue 1 Dec 2026
         09:00–12:00  Breakfast
       Enter details  ←/→ other channel  Esc back  q quit
      """)
    // Down past the end of the visible rows scrolls the list; Enter opens
    // the details (the programme selected in the guide), Esc goes back to
    // the list, Enter in the details to the guide.
    state.apply([.key(.end), .key(.enter)])
    #expect(state.mode == .details(ProgrammeRef(row: 0, item: 8), scroll: 0))
    #expect(state.selectedProgramme?.title == "Midday News")
    #expect(state.selectedProgramme?.start == Fixture.at(12, day: 1))
    state.apply(.key(.escape))
    guard case .channelList(0, let cursor) = state.mode else {
      Issue.record("not back in the list: \(state.mode)")
      return
    }
    #expect(cursor.selected == 8)
    state.apply([.key(.enter), .key(.enter)])
    #expect(state.mode == .guide)
    #expect(state.selectedProgramme?.start == Fixture.at(12, day: 1))
  }

  @Test func searchShowsResultsAndNSteps() {
    var state = Fixture.state()
    state.apply([.key(.character("/"))] + "news".map { .key(.character($0)) } + [.key(.enter)])
    expectGrid(
      state.render(),
      """
       tvgrid │ Mon 30 Nov 2026                                             Now 14:05
       Search "news" in titles: 4 matches
       Mon 30 Nov 2026
         12:00–13:00  BBC One       Midday News
         14:30–15:00  BBC One       News at Half Two
         16:30–18:00  BBC One       Evening News

       Tue 1 Dec 2026
         12:00–14:00  BBC One       Midday News




       Enter details  Esc back  / new search  r remind  q quit
      """)
    // Enter opens the match's details; Enter there goes to the guide.
    state.apply(.key(.enter))
    #expect(state.mode == .details(ProgrammeRef(row: 0, item: 3), scroll: 0))
    state.apply(.key(.enter))
    #expect(state.selectedProgramme?.title == "News at Half Two")
    state.apply(.key(.character("n")))
    #expect(state.selectedProgramme?.title == "Evening News")
    state.apply(.key(.character("N")))
    state.apply(.key(.character("N")))
    #expect(state.selectedProgramme?.title == "Midday News")
    #expect(state.selectedProgramme?.start == Fixture.at(12))
    // Esc clears the search: n is "now" again.
    state.apply([.key(.escape), .key(.character("n"))])
    #expect(state.search == nil)
    #expect(state.selectedProgramme?.title == "Afternoon Live")
  }

  @Test func searchToggleIncludesDescriptions() {
    var state = Fixture.state()
    state.apply([.key(.character("/"))] + "patient".map { .key(.character($0)) } + [.key(.enter)])
    #expect(state.search == nil)
    #expect(state.message == "No match for \"patient\"")
    state.apply(
      [.key(.character("/")), .key(.tab)] + "patient".map { .key(.character($0)) } + [
        .key(.enter)
      ])
    #expect(state.search?.matches.count == 1)
  }

  @Test func theWiderSearchFindsActorsAndCharacters() {
    var schedule = Fixture.schedule
    schedule.programmes[1][1].credits = [
      Credit(role: .actor, name: "Humphrey Bogart", character: "Philip Marlowe")
    ]
    var state = AppState(
      guide: GuideModel(schedule: schedule), size: CellSize(columns: 80, rows: 14),
      now: Fixture.now)
    for query in ["bogart", "MARLOWE"] {
      state.apply([.key(.escape), .key(.escape), .key(.character("/"))])
      state.apply(query.map { .key(.character($0)) } + [.key(.enter)])
      #expect(state.search == nil, "titles only: \(query)")
      state.apply([.key(.character("/")), .key(.tab)])
      state.apply(query.map { .key(.character($0)) } + [.key(.enter)])
      #expect(state.search?.matches.count == 1, "\(query)")
      #expect(state.render().lines[1].contains("in titles, descriptions, credits: 1 match"))
    }
  }

  @Test func asciiGlyphsWhenTheLocaleIsNotUTF8() {
    var state = Fixture.state(columns: 60, rows: 12, unicode: false)
    state.apply([.key(.down), .key(.character("L"))])
    expectGrid(
      state.render(),
      """
       tvgrid | Mon 30 Nov 2026                         Now 14:05
        Mon 30   Tue 1
      Mon 30 No|16:00       16:30       17:00       17:30
               +-----------+-----------+-----------+-----------+--
      1 BBC One|Quiz Time  |Evening News                       |
        Film F~|Casablanca                                     |
        Sport  |Football                                       |
        Kids   |Story Time                                     |
               |
               |
       16:00-18:00 Film Four  Casablanca                        2h
       arrows move  Enter details  / search  ? help  q quit
      """)
    for line in state.render().lines {
      #expect(line.unicodeScalars.allSatisfy { $0.isASCII })
    }
  }

  @Test func helpListsTheKeysAndEscCloses() {
    var state = Fixture.state()
    state.apply(.key(.function(1)))
    let text = state.render().lines.joined(separator: "\n")
    #expect(text.contains("previous / next day"))
    // Further down, after the long lines wrapped above it.
    state.apply(.key(.pageDown))
    #expect(state.render().lines.joined(separator: "\n").contains("zoom the timeline in / out"))
    state.apply(.key(.escape))
    #expect(state.mode == .guide)
    state.apply(.key(.character("?")))
    #expect(state.mode == .help(scroll: 0))
    state.apply(.key(.character("q")))
    #expect(state.isFinished)
  }

  /// At 80 columns what a key does wraps under itself instead of being cut
  /// (`w`'s text is 74 columns; 49 fit right of the keys).
  @Test func helpWrapsLongLinesAt80Columns() {
    var state = Fixture.state(columns: 80, rows: 24)
    state.apply(.key(.character("?")))
    var seen: [String] = []
    for _ in 0..<10 {
      seen += state.render().lines.map(trimTrailing)
      state.apply(.key(.pageDown))
    }
    #expect(seen.contains { $0.hasSuffix("watch the channel live; an ended programme from") })
    #expect(
      seen.contains { $0 == String(repeating: " ", count: 31) + "the archive (marked ↺, or @)" })
    #expect(!seen.contains { $0.hasSuffix("…") })
  }

  @Test func aTinyTerminalSaysSo() {
    var state = Fixture.state()
    state.apply(.resize(CellSize(columns: 20, rows: 5)))
    #expect(state.render().lines[0].hasPrefix("Terminal too small"))
    state.apply(.resize(CellSize(columns: 80, rows: 14)))
    #expect(state.render().lines[4].hasPrefix("1 BBC One"))
  }

  @Test func colourThemeColoursTheBarsOnTheDefaultBackground() {
    let grid = Fixture.state(theme: .color).render()
    #expect(grid[0, 0].style.background == .blue)
    // The guide area keeps the terminal's default background.
    #expect(grid[40, 6].style.background == .default)
  }
}
