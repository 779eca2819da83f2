import EPGFrontEnd
import EPGLayout
import EPGSchedule
import EPGTestSupport
import Testing

/// The overviews (issue 18 item 1): `o` now and next, `e` tonight, one
/// line per channel row. Expected screens are worked out by hand from the
/// fixture (now Monday 14:05 UTC) and the column rules in
/// `ListView+Overview.swift`: at 80 columns the channel (BBC One's number,
/// 1, and a blank of that width for the others) takes 13 cells from column 1, programmes begin at column 15, the programme on now gets
/// 65 × 3/5 = 39 cells (its bar and percentage end at column 51) and the
/// next begins at column 54.
@Suite struct OverviewTests {
  func blank(_ count: Int) -> String { String(repeating: "\n", count: count) }

  @Test func nowAndNextAtEightyByTwentyFour() {
    var state = Fixture.state(columns: 80, rows: 24)
    state.apply(.key(.character("o")))
    // BBC One: Afternoon Live 13:15–14:30, 50 of 75 minutes gone: 66%,
    // 8 × 50/75 = 5 cells. Film Four: The Big Sleep 13:40–15:50, 25 of
    // 130: 19%, 1 cell. Sport: Tennis 14:00–14:10, 5 of 10: 50%, 4 cells.
    // Kids: Cartoons 13:00–14:15, 65 of 75: 86%, 6 cells.
    expectGrid(
      state.render(),
      """
       tvgrid │ Mon 30 Nov 2026                                             Now 14:05
       On now and next, 14:05
       Mon 30 Nov 2026
       1 BBC One     13:15 Afternoon Live    █████░░░  66%  14:30 News at Half Two
         Film Four   13:40 The Big Sleep     █░░░░░░░  19%  15:50 Shorts
         Sport       14:00 Tennis            ████░░░░  50%  14:10 Snooker
         Kids        13:00 Cartoons          ██████░░  86%  14:15 ニュース for kids
      """ + blank(17) + " Enter details  ←/→ pick  e tonight  Esc back  q quit")
  }

  @Test func theAsciiSetDrawsTheBarWithHashesAndDashes() {
    var state = Fixture.state(columns: 80, rows: 24, unicode: false)
    state.apply(.key(.character("o")))
    #expect(
      trimTrailing(state.render().lines[3])
        == " 1 BBC One     13:15 Afternoon Live    #####---  66%  14:30 News at Half Two")
  }

  @Test func tonightAtEightyByTwentyFour() {
    var settings = GuideSettings()
    settings.theme = .monochrome
    settings.primeTime = 15 * 60
    var state = AppState(
      guide: GuideModel(schedule: Fixture.schedule), settings: settings,
      size: CellSize(columns: 80, rows: 24), now: Fixture.now)
    state.apply(.key(.character("e")))
    // From 15:00 for four hours; News at Half Two ends at 15:00 and is not
    // in it. Each programme gets an equal share of the rest of the line:
    // BBC One 65/3 = 21 cells (19 after the gap), then 50/2 = 25, then 33.
    expectGrid(
      state.render(),
      """
       tvgrid │ Mon 30 Nov 2026                                             Now 14:05
       Tonight from 15:00
       Mon 30 Nov 2026
       1 BBC One     15:00 Doctors  15:45 Quiz Time  16:30 Evening News
         Film Four   13:40 The Big Sleep  15:50 Shorts  16:00 Casablanca
         Sport       14:10 Snooker  16:00 Football
         Kids        15:00 Story Time
      """ + blank(17) + " Enter details  ←/→ pick  o now/next  Esc back  q quit")
    // `o` switches to now and next on the same line.
    state.apply([.key(.down), .key(.character("o"))])
    #expect(state.mode == .overview(.nowNext, ListCursor(selected: 1, scroll: 0)))
  }

  @Test func enterOpensDetailsAndEscGoesBackToTheListThenTheGuide() {
    var state = Fixture.state(columns: 80, rows: 24)
    state.apply([.key(.character("o")), .key(.down), .key(.down), .key(.enter)])
    // Sport's programme on now: Tennis (row 2, item 1).
    #expect(state.mode == .details(ProgrammeRef(row: 2, item: 1), scroll: 0))
    #expect(state.render().lines[1].hasPrefix(" Tennis"))
    state.apply(.key(.escape))
    #expect(state.mode == .overview(.nowNext, ListCursor(selected: 2, scroll: 0)))
    state.apply(.key(.escape))
    #expect(state.mode == .guide)
    #expect(state.selectedProgramme?.title == "Tennis")
    // Details opened from the guide go back to the guide.
    state.apply([.key(.enter), .key(.escape)])
    #expect(state.mode == .guide)
  }

  @Test func leftAndRightPickTheProgrammeEnterOpens() {
    var settings = GuideSettings()
    settings.theme = .monochrome
    settings.primeTime = 15 * 60
    var state = AppState(
      guide: GuideModel(schedule: Fixture.schedule), settings: settings,
      size: CellSize(columns: 80, rows: 24), now: Fixture.now)
    state.apply(.key(.character("o")))
    // BBC One's next (News at Half Two, item 3), underlined; the one on
    // now (from column 15) is not.
    state.apply(.key(.right))
    let grid = state.render()
    #expect(grid[54, 3].style.attributes.contains(.underline))
    #expect(!grid[15, 3].style.attributes.contains(.underline))
    state.apply(.key(.enter))
    #expect(state.mode == .details(ProgrammeRef(row: 0, item: 3), scroll: 0))
    // Tonight from 15:00: Right twice is Evening News (item 6); a third
    // stays on the last.
    state.apply([.key(.escape), .key(.character("e"))])
    state.apply([.key(.right), .key(.right), .key(.right), .key(.enter)])
    #expect(state.mode == .details(ProgrammeRef(row: 0, item: 6), scroll: 0))
    state.apply([.key(.escape), .key(.left), .key(.enter)])
    #expect(state.mode == .details(ProgrammeRef(row: 0, item: 5), scroll: 0))
  }

  @Test func linesFollowFavouritesHiddenChannelsAndTheGenreFilter() {
    var settings = GuideSettings()
    settings.theme = .monochrome
    var schedule = Fixture.schedule
    schedule.programmes[0][4].categories = []  // Doctors: no genre
    schedule.programmes[2][1].categories = ["Sport"]  // Tennis
    var state = AppState(
      guide: GuideModel(schedule: schedule, favourites: ["Sport"], hidden: ["kids.uk"]),
      settings: settings, size: CellSize(columns: 80, rows: 12), now: Fixture.now)
    state.apply(.key(.character("f")))
    #expect(state.genreFilter == .sports)  // the only genre
    state.apply(.key(.character("o")))
    let grid = state.render()
    #expect(trimTrailing(grid.lines[3]).hasPrefix("   Sport       14:00 Tennis"))
    #expect(trimTrailing(grid.lines[4]).hasPrefix(" 1 BBC One     13:15 Afternoon Live"))
    #expect(trimTrailing(grid.lines[5]).hasPrefix("   Film Four   13:40 The Big Sleep"))
    #expect(trimTrailing(grid.lines[6]).isEmpty)
    // Tennis is of the genre singled out; Afternoon Live is not and is
    // muted (the selected line is reversed, not muted).
    #expect(!grid[15, 3].style.attributes.contains(.dim))
    #expect(grid[15, 4].style.attributes.contains(.dim))
  }

  @Test func aChannelWithNothingOnShowsADash() {
    var state = Fixture.state(columns: 80, rows: 24)
    state.apply(.tick(Fixture.at(10)))  // before every channel but none
    state.apply(.key(.character("o")))
    let grid = state.render()
    // The dash at column 15, the next programme at column 54.
    let gap = String(repeating: " ", count: 54 - 16)
    #expect(trimTrailing(grid.lines[3]) == " 1 BBC One     —" + gap + "12:00 Midday News")
    #expect(trimTrailing(grid.lines[4]) == "   Film Four   —" + gap + "11:00 Morning Film")
  }
}
