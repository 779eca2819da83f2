import EPGFrontEnd
import EPGLayout
import EPGRaster
import EPGSchedule
import EPGTestSupport
import Testing

/// Content flags in the grid (compact marks), in the details (words) and
/// the `=` legend; marks are text, so they read without colour.
@Suite struct ContentMarkTests {
  func state(_ change: (inout Schedule) -> Void, rows: Int = 14) -> AppState {
    var schedule = Fixture.schedule
    change(&schedule)
    var settings = GuideSettings()
    settings.theme = .monochrome
    return AppState(
      guide: GuideModel(schedule: schedule), settings: settings,
      size: CellSize(columns: 80, rows: rows), now: Fixture.now)
  }

  @Test func marksSitAtTheRightOfTheTitleRowWhenTheyFit() {
    let state = state { schedule in
      // The Big Sleep: subtitles, audio description, HD; Tennis (two
      // columns wide): subtitles, which do not fit.
      schedule.programmes[1][1].content = [.subtitles, .audioDescribed, .hd]
      schedule.programmes[2][1].content = [.subtitles]
      // Casablanca: signed and UHD.
      schedule.programmes[1][3].content = [.signed, .uhd]
    }
    let lines = state.render().lines.map(trimTrailing)
    // The Big Sleep's cell is columns 13–55 (the separator at 56): the
    // ten columns of "[S][AD] HD" end at column 55. Only BBC One has a
    // number, so the channel column keeps two columns for it ("1 ").
    #expect(
      lines[5]
        == "  Film Four │The Big Sleep" + String(repeating: " ", count: 20)
        + "[S][AD] HD│Sh…│Casablanca [SL] UHD", "\(lines[5])")
    #expect(lines[6].hasPrefix("  Sport     │Te…│Snooker"), "\(lines[6])")
  }

  @Test func detailsNameEveryFlagInWords() {
    var state = state { schedule in
      var doctors = schedule.programmes[0][4]
      doctors.content = [.subtitles, .signed, .audioDescribed, .hd, .blackAndWhite]
      doctors.ratings = ["BBFC: PG"]
      doctors.extras = [
        .sound("stereo"), .aspect("16:9"), .quality("HDTV"),
        .ratingIcon(rating: "BBFC: PG", url: "https://example.com/pg.png"),
        .review(ProgrammeExtra.Review(text: "Gripping.", by: "Jane Doe, The Paper")),
        .url("https://example.com/doctors"), .image("https://example.com/doctors.jpg"),
      ]
      schedule.programmes[0][4] = doctors
    }
    state.apply([
      .resize(CellSize(columns: 80, rows: 30)), .key(.right), .key(.right), .key(.enter),
    ])
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
       Rating     BBFC: PG (icon https://example.com/pg.png)
       Stars      3/5
       Flags      new
       Access     subtitles, signed, audio description
       Sound      stereo
       Picture    16:9, HDTV (high definition), black and white
       Link       https://example.com/doctors
       Image      https://example.com/doctors.jpg

       Dr Jimmi Clay faces a difficult choice when a patient returns with the same
       symptoms as last week.

       Review     Gripping. (Jane Doe, The Paper)







       Esc back  ←/→ previous/next programme  ↑/↓ scroll  q quit
      """)
  }

  @Test func noSoundAndNoPictureSaySo() {
    var state = state { schedule in
      schedule.programmes[0][4].content = [.noSound, .noPicture, .onscreenSubtitles]
    }
    state.apply([
      .resize(CellSize(columns: 80, rows: 24)), .key(.right), .key(.right), .key(.enter),
    ])
    let lines = state.render().lines.map(trimTrailing)
    #expect(lines.contains(" Access     on-screen subtitles"), "\(lines)")
    #expect(lines.contains(" Sound      none"), "\(lines)")
    #expect(lines.contains(" Picture    none"), "\(lines)")
  }

  @Test func equalsOpensTheLegendInMonochromeWithWordsNotColours() {
    var state = state({ _ in }, rows: 24)
    let zoom = state.settings.columnsPerHour
    state.apply(.key(.character("=")))
    #expect(state.mode == .legend(scroll: 0))
    #expect(state.settings.columnsPerHour == zoom)
    expectGrid(
      state.render(),
      """
       tvgrid │ Mon 30 Nov 2026                                             Now 14:05
       Genre colours
                       none in the monochrome theme: the details name the categories
       Before a title
        ⚑              a reminder is set (r)
        ●              tvheadend records it (R)
        ↺              ended, and playable from the archive (w)
        »              a match of the search (/)
        ★              before a channel's name: a favourite (*)
       At the right of a title, when there is room
        LIVE           broadcast live
        PREM           a premiere
        NEW            new (a new episode)
        LAST           the last chance to see it
        [S]            subtitles
        [SL]           signed (sign language in vision)
        [AD]           audio description
        HD UHD         high / ultra high definition
       In the grid
        Title — Sub    the sub-title follows its title
        Long tit…      a title cut short (Enter shows it whole)
        │…│            a programme too short for a column at this zoom (+ zooms in)
        ◂ ▸            the programme runs on before / after the guide's time
       Esc back  j/k scroll  q quit                             Genre colours 1-22/28
      """)
    state.apply(.key(.escape))
    #expect(state.mode == .guide)
    state.apply(.key(.character("=")))
    state.apply(.key(.character("=")))
    #expect(state.mode == .guide)
  }

  @Test func theColourLegendShowsEachGenresColourBesideItsName() {
    var settings = GuideSettings()
    settings.theme = .color
    var state = AppState(
      guide: GuideModel(schedule: Fixture.schedule), settings: settings,
      size: CellSize(columns: 80, rows: 24), now: Fixture.now)
    state.apply(.key(.character("=")))
    let grid = state.render()
    let lines = grid.lines.map(trimTrailing)
    // News first, in cyan; films in magenta (Theme's table).
    #expect(lines[2] == "  ■■■■           news")
    #expect(grid[2, 2].style.foreground == .cyan)
    #expect(lines[5] == "  ■■■■           films")
    #expect(grid[2, 5].style.foreground == .magenta)
    #expect(lines[12] == "                 no colour: no genre recognised")
  }
}
