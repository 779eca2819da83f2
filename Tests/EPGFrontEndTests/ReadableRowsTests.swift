import EPGFrontEnd
import EPGLayout
import EPGPlaylist
import EPGRaster
import EPGSchedule
import EPGTestSupport
import Testing

/// Rows people can read (issue 24, item 17): a channel with nothing in
/// view is one "no information" box, `hide_empty` and `X` leave out the
/// channels with nothing in the guide, `channel_width` and `<` `>` size the
/// channel column, a sub-title is set off from its title, and XMLTV's new,
/// premiere, last-chance and live flags are badges in the grid and words
/// in the details. Expected screens are worked out by hand from the
/// fixture's times (24 columns an hour: 2.5 minutes a column).
@Suite struct ReadableRowsTests {
  /// `Fixture.schedule` with two more channels: "Nothing" (no programme at
  /// all) and "Gappy" (Early 13:00–14:30, then nothing until Late
  /// 15:30–16:30).
  static var schedule: Schedule {
    var schedule = Fixture.schedule
    schedule.channels += [
      Channel(id: "nothing.uk", name: "Nothing"), Channel(id: "gappy.uk", name: "Gappy"),
    ]
    schedule.programmes += [
      [],
      [
        Fixture.programme("Early", Fixture.at(13), Fixture.at(14, 30)),
        Fixture.programme("Late", Fixture.at(15, 30), Fixture.at(16, 30)),
      ],
    ]
    return schedule
  }

  static func state(
    _ schedule: Schedule = schedule, config: String = "", columns: Int = 80, rows: Int = 14,
    unicode: Bool = true
  ) -> AppState {
    var settings = ConfigFile(parsing: config).settings
    settings.theme = .monochrome
    settings.unicode = unicode
    return AppState(
      guide: GuideModel(schedule: schedule), settings: settings,
      size: CellSize(columns: columns, rows: rows), now: Fixture.now)
  }

  static func lines(_ state: AppState) -> [String] { state.render().lines.map(trimTrailing) }

  // MARK: No information

  /// Nothing's row is one box from the channel column to the screen's
  /// edge; Gappy's hour without listings (14:30–15:30, columns 25–47
  /// between Early's separator at 24 and Late's at 48) is one box too, and
  /// the 7 columns after Late (73–79) are blank: no hour lines through
  /// either (they used to show as empty boxes, │ at 15:00 and 16:00).
  @Test func aChannelWithNothingInViewIsOneNoInformationBoxAndSoIsAGap() {
    expectGrid(
      Self.state().render(),
      """
       tvgrid │ Mon 30 Nov 2026                                             Now 14:05
        Mon 30   Tue 1
      Mon 30 Nov  │14:00       14:30       15:00       15:30       16:00       16:30
                  ├─▼─────────┬───────────┬───────────┬─────┬─────┬───────────┬───────
      1 BBC One   │Afternoon… │News at Ha…│Doctors       NEW│Quiz Time        │Evenin…
        Film Four │The Big Sleep                              │Sh…│Casablanca
        Sport     │Te…│Snooker                                    │Football
        Kids      │Cart…│ニュース for kids│Story Time
        Nothing   │no information
        Gappy     │Early      │no information         │Late                   │
                  │
                  │
       13:15–14:30 BBC One  Afternoon Live                                 on now, 66%
       ←→↑↓ move  Enter details  / search  s schedule  [ ] day  n now  ? help  q quit
      """)
  }

  /// The label is dim; on the selected row, which then has no programme
  /// selected, the whole box is in reverse video (the cursor shows on an
  /// empty row) and the label is not dim.
  @Test func theEmptyRowUnderTheCursorIsDrawnSelected() {
    var state = Self.state()
    var grid = state.render()
    #expect(grid[13, 8].style.attributes.contains(.dim))
    #expect(!grid[13, 8].style.attributes.contains(.reverse))
    state.apply([.key(.down), .key(.down), .key(.down), .key(.down)])
    #expect(state.selectedRow == 4 && state.selection == nil)
    grid = state.render()
    for x in 13..<80 { #expect(grid[x, 8].style.attributes.contains(.reverse), "column \(x)") }
    #expect(!grid[13, 8].style.attributes.contains(.dim))
    // The row below is not selected.
    #expect(!grid[30, 9].style.attributes.contains(.reverse))
    #expect(Self.lines(state)[12] == " Nothing: nothing scheduled here")
  }

  /// A playlist entry without listings says why across its row, at the
  /// grid's first column as every title starts there.
  @Test func anUnmatchedPlaylistRowIsOneBoxSayingWhy() {
    var settings = GuideSettings()
    settings.theme = .monochrome
    let state = AppState(
      guide: GuideModel(playlist: PlaylistGuideStateTests.playlistGuide), settings: settings,
      size: CellSize(columns: 80, rows: 14), now: Fixture.now)
    let lines = Self.lines(state)
    #expect(lines[7] == "104 Mystery…│no listings (unmatched)", "\(lines[7])")
  }

  // MARK: hide_empty and X

  @Test func hideEmptyLeavesOutChannelsWithNothingInTheGuideAndXShowsThem() {
    var state = Self.state(config: "hide_empty = yes\n")
    // Gappy has listings (none in view at times); Nothing has none at all.
    #expect(
      state.guide.rows.map(\.channel.name) == ["BBC One", "Film Four", "Sport", "Kids", "Gappy"])
    #expect(Self.lines(state)[8].hasPrefix("  Gappy     │Early"))
    state.apply([.key(.end), .key(.character("X"))])
    #expect(state.guide.rows.map(\.channel.name).contains("Nothing"))
    #expect(state.message == "Showing every channel, 1 channel without listings  (X: hide them)")
    // The selected channel stays selected.
    #expect(state.guide.rows[state.selectedRow].channel.name == "Gappy")
    state.apply(.key(.character("X")))
    #expect(!state.guide.rows.map(\.channel.name).contains("Nothing"))
    #expect(state.message == "Hiding 1 channel with nothing in the guide  (X: show them)")
  }

  @Test func xOnAGuideWithoutEmptyChannelsSaysSo() {
    var state = Fixture.state()
    state.apply(.key(.character("X")))
    #expect(state.guide.rows.count == 4)
    #expect(state.message == "Every channel has listings: none to hide")
  }

  @Test func hideEmptyLeavesOutPlaylistEntriesWithoutListings() {
    var settings = ConfigFile(parsing: "hide_empty = yes").settings
    settings.theme = .monochrome
    let state = AppState(
      guide: GuideModel(playlist: PlaylistGuideStateTests.playlistGuide), settings: settings,
      size: CellSize(columns: 80, rows: 14), now: Fixture.now)
    #expect(state.guide.rows.map(\.channel.name) == ["BBC One HD", "Film Four", "Sport"])
  }

  @Test func badHideEmptyAndChannelWidthValuesAreReported() {
    let config = ConfigFile(parsing: "hide_empty = sometimes\nchannel_width = 2\n")
    #expect(
      config.warnings == [
        "config line 1: hide_empty must be yes or no, not 'sometimes'",
        "config line 2: channel_width must be columns (6 to 60), not '2'",
      ])
  }

  // MARK: The channel column

  /// `channel_width = 20`: the channel column is 20 columns, its line in
  /// column 19 and the grid from column 20 (Afternoon Live, 14:00–14:30,
  /// in columns 20–30, its separator at 31).
  @Test func channelWidthSetsTheChannelColumn() {
    let lines = Self.lines(Self.state(config: "channel_width = 20"))
    #expect(lines[2].hasPrefix("Mon 30 Nov         │14:00       14:30"), "\(lines[2])")
    #expect(lines[4].hasPrefix("1 BBC One          │Afternoon… │News at Ha…│"), "\(lines[4])")
    #expect(lines[5].hasPrefix("  Film Four        │The Big Sleep"), "\(lines[5])")
  }

  @Test func greaterAndLessWidenAndNarrowTheChannelColumnByTwo() {
    var state = Self.state()
    #expect(state.layout.channelColumnWidth == 13)
    state.apply(.key(.character(">")))
    #expect(state.layout.channelColumnWidth == 15)
    #expect(
      state.message == "Channel column: 15 columns  (channel_width = 15 in the config keeps it)")
    #expect(Self.lines(state)[4].hasPrefix("1 BBC One     │Afternoon"))
    state.apply([.key(.character("<")), .key(.character("<"))])
    #expect(state.layout.channelColumnWidth == 11)
    #expect(Self.lines(state)[5].hasPrefix("  Film Fo…│The Big Sleep"))
    // The view keeps its time.
    #expect(state.viewStart == Fixture.at(14))
  }

  /// Never narrower than 6 columns, never more than half the screen.
  @Test func theChannelColumnStopsAtSixColumnsAndHalfTheScreen() {
    var state = Self.state(config: "channel_width = 6")
    #expect(state.layout.channelColumnWidth == 6)
    state.apply(.key(.character("<")))
    #expect(state.layout.channelColumnWidth == 6)
    #expect(state.message == "The channel column is as narrow as it goes")
    state = Self.state(config: "channel_width = 60")
    #expect(state.layout.channelColumnWidth == 40)
    state.apply(.key(.character(">")))
    #expect(state.message == "The channel column is as wide as it goes (half the screen)")
  }

  // MARK: Sub-titles

  /// On one row the sub-title follows its title after " — " (" - " in
  /// ASCII), so "The Big Sleep  1946" is not read as two programmes.
  @Test func aSubTitleIsSetOffFromItsTitle() {
    var schedule = Fixture.schedule
    schedule.programmes[1][1].subTitle = "Director's Cut"
    #expect(
      Self.lines(Self.state(schedule))[5]
        == "  Film Four │The Big Sleep — Director's Cut             │Sh…│Casablanca")
    #expect(
      Self.lines(Self.state(schedule, unicode: false))[5]
        == "  Film Four |The Big Sleep - Director's Cut             |Sh~|Casablanca")
  }

  // MARK: Badges

  /// Snooker (14:10–16:00, columns 17–59) is live: `LIVE` ends at column
  /// 59, bold, with the subtitles mark after it; Casablanca is a premiere
  /// (and new): `PREM` alone; Quiz Time (15:45–16:30, columns 55–71, 17
  /// wide) is a last chance with marks that do not fit beside the badge:
  /// the badge stays.
  @Test func flagsAreBadgesWithoutColour() {
    var schedule = Fixture.schedule
    schedule.programmes[2][2].flags = [.live]
    schedule.programmes[2][2].content = [.subtitles]
    schedule.programmes[1][3].flags = [.premiere, .new]
    schedule.programmes[0][5].flags = [.lastChance]
    schedule.programmes[0][5].content = [.subtitles, .audioDescribed, .hd]
    let grid = Self.state(schedule, rows: 14).render()
    let lines = grid.lines.map(trimTrailing)
    #expect(
      lines[6] == "  Sport     │Te…│Snooker                            LIVE [S]│Football",
      "\(lines[6])")
    #expect(grid[52, 6].style.attributes.contains(.bold))
    #expect(lines[5].hasSuffix("│Sh…│Casablanca     PREM"), "\(lines[5])")
    #expect(lines[4].contains("│Quiz Time    LAST│"), "\(lines[4])")
  }

  @Test func detailsNameTheFlagsInWords() {
    var schedule = Fixture.schedule
    schedule.programmes[0][4].flags = [.live, .new, .lastChance]
    var state = Self.state(schedule, rows: 24)
    state.apply([.key(.right), .key(.right), .key(.enter)])  // Doctors
    #expect(Self.lines(state).contains(" Flags      live, new, last chance"))
  }
}
