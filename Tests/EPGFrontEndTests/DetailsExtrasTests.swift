import EPGFrontEnd
import EPGLayout
import EPGRaster
import EPGSchedule
import Testing

/// Details that answer the next question: when (from now), what comes next
/// on the channel, and the other airings (Tab picks one, Enter goes there).
@Suite struct DetailsExtrasTests {
  func detailsLines(_ state: AppState) -> [String] { state.render().lines.map(trimTrailing) }

  @Test func theTimeSaysWhenFromNow() {
    // Now is Mon 14:05.
    var state = Fixture.state(rows: 24)
    // Afternoon Live, 13:15–14:30: on now.
    state.apply(.key(.enter))
    #expect(
      detailsLines(state)[3]
        == " Time       Mon 30 Nov 2026  13:15–14:30 (1h 15m), on now, 25 min left")
    // Midday News, 12:00–13:00: ended 1 h 5 min ago.
    state.apply([.key(.left), .key(.left)])
    #expect(
      detailsLines(state)[3]
        == " Time       Mon 30 Nov 2026  12:00–13:00 (1h), ended 1 h 5 min ago",
      "\(detailsLines(state))")
    // Breakfast, Tue 09:00: tomorrow.
    state.apply([.key(.escape), .key(.character("s")), .key(.end), .key(.up), .key(.enter)])
    #expect(state.selectedProgramme?.title == "Breakfast")
    #expect(
      detailsLines(state)[3] == " Time       Tue 1 Dec 2026  09:00–12:00 (3h), tomorrow 09:00",
      "\(detailsLines(state))")
  }

  @Test func theNextProgrammeOfTheChannel() {
    var state = Fixture.state(rows: 24)
    state.apply(.key(.enter))  // Afternoon Live; News at Half Two follows
    #expect(detailsLines(state).contains(" Next       14:30  News at Half Two"))
  }

  @Test func otherAiringsOfTheSameTitleTabPicksAndEnterGoesThere() {
    var state = Fixture.state(rows: 24)
    state.apply([.key(.left), .key(.left), .key(.enter)])  // Midday News, today 12:00
    #expect(state.selectedProgramme?.start == Fixture.at(12))
    let lines = detailsLines(state)
    // The same title tomorrow at 12:00 on BBC One.
    #expect(lines.contains(" Also         Tue 1 Dec 12:00  BBC One"), "\(lines)")
    state.apply(.key(.tab))
    #expect(detailsLines(state).contains(" Also       > Tue 1 Dec 12:00  BBC One"))
    state.apply(.key(.enter))
    #expect(state.mode == .details(ProgrammeRef(row: 0, item: 8), scroll: 0))
    #expect(state.selectedProgramme?.start == Fixture.at(12, day: 1))
    // And back: today's (ended) is the other airing of tomorrow's.
    #expect(detailsLines(state).contains(" Earlier      Mon 30 Nov 12:00  BBC One"))
  }

  @Test func anEpisodeNumberMustMatchToo() {
    var schedule = Fixture.schedule
    // Doctors is S24 E112 on BBC One at 15:00; Film Four shows E112 again
    // at 15:50 and E113 at 16:00.
    schedule.programmes[1][2].title = "Doctors"
    schedule.programmes[1][2].episode = EpisodeNumber(season: 24, episode: 112)
    schedule.programmes[1][3].title = "Doctors"
    schedule.programmes[1][3].episode = EpisodeNumber(season: 24, episode: 113)
    let state = AppState(
      guide: GuideModel(schedule: schedule), size: CellSize(columns: 80, rows: 24),
      now: Fixture.now)
    #expect(
      state.otherAirings(of: ProgrammeRef(row: 0, item: 4)) == [ProgrammeRef(row: 1, item: 2)])
  }

  @Test func tabWithoutOtherAiringsSaysSo() {
    var state = Fixture.state(rows: 24)
    state.apply([.key(.enter), .key(.tab)])
    #expect(state.message == "No other airing of this programme in the guide")
    #expect(state.airingPick == nil)
  }
}

/// Issue 24 item 3: the other airings start at the next one still to come;
/// those on now follow, then the ended ones, dimmed, under their own label;
/// Tab picks the next one to come first. Now is Mon 30 Nov 14:05.
@Suite struct OtherAiringsOrderTests {
  /// "Quiz" on four channels: the one shown is A's 14:00–15:00 (on now).
  /// A: 09:00, 11:00, 14:00; B: 10:00, 16:00, 20:00, Tue 09:00; C: 13:30–14:30
  /// (on now); D: 12:00.
  static func state() -> AppState {
    func quiz(_ hour: Int, _ minute: Int = 0, day: Int = 0, length: Int = 60) -> Programme {
      let start = Fixture.at(hour, minute, day: day)
      return Fixture.programme("Quiz", start, start + EpochSeconds(length * 60))
    }
    let schedule = Schedule(
      channels: ["A", "B", "C", "D"].map { Channel(id: $0, name: "Channel " + $0) },
      programmes: [
        [quiz(9), quiz(11), quiz(14)],
        [quiz(10), quiz(16), quiz(20), quiz(9, day: 1)],
        [quiz(13, 30)],
        [quiz(12)],
      ])
    var settings = GuideSettings()
    settings.theme = .monochrome
    var state = AppState(
      guide: GuideModel(schedule: schedule), settings: settings,
      size: CellSize(columns: 80, rows: 40), now: Fixture.now)
    state.apply(.key(.enter))
    return state
  }

  @Test func toComeFirstThenOnNowThenEndedDimmed() {
    var state = Self.state()
    #expect(state.selectedProgramme?.start == Fixture.at(14))
    #expect(
      state.otherAirings(of: ProgrammeRef(row: 0, item: 2)) == [
        ProgrammeRef(row: 1, item: 1), ProgrammeRef(row: 1, item: 2),
        ProgrammeRef(row: 1, item: 3), ProgrammeRef(row: 2, item: 0),
        ProgrammeRef(row: 0, item: 0), ProgrammeRef(row: 1, item: 0),
        ProgrammeRef(row: 0, item: 1), ProgrammeRef(row: 3, item: 0),
      ])
    let grid = state.render()
    let lines = grid.lines.map(trimTrailing)
    guard let first = lines.firstIndex(of: " Also         Mon 30 Nov 16:00  Channel B") else {
      Issue.record("no airing to come first: \(lines)")
      return
    }
    #expect(
      Array(lines[first..<first + 8]) == [
        " Also         Mon 30 Nov 16:00  Channel B",
        "              Mon 30 Nov 20:00  Channel B",
        "              Tue 1 Dec 09:00  Channel B",
        " On now       Mon 30 Nov 13:30  Channel C",
        " Earlier      Mon 30 Nov 09:00  Channel A",
        "              Mon 30 Nov 10:00  Channel B",
        "              Mon 30 Nov 11:00  Channel A",
        "              Mon 30 Nov 12:00  Channel D",
      ])
    // The ended ones are dimmed; the others are not.
    for (offset, dimmed) in [(0, false), (3, false), (4, true), (7, true)] {
      let cell = grid[14, first + offset]
      #expect(cell.style.attributes.contains(.dim) == dimmed, "line \(offset)")
    }
    // Tab: the next one to come, then on through the list.
    state.apply(.key(.tab))
    #expect(
      state.render().lines.map(trimTrailing)[first] == " Also       > Mon 30 Nov 16:00  Channel B")
    state.apply(.key(.enter))
    #expect(state.selectedProgramme?.start == Fixture.at(16))
    #expect(state.guide.rows[state.selectedRow].channel.id == "B")
  }

  /// With nothing to come or on now, the ended ones are all there is:
  /// under "Earlier", dimmed, and Tab picks the first of them.
  @Test func onlyEndedAiringsAreListedUnderEarlier() {
    let news = [(9, "A"), (10, "B"), (20, "A")].map { hour, _ in
      Fixture.programme("News", Fixture.at(hour), Fixture.at(hour) + 1800)
    }
    let schedule = Schedule(
      channels: ["A", "B"].map { Channel(id: $0, name: "Channel " + $0) },
      programmes: [[news[0], news[2]], [news[1]]])
    var state = AppState(
      guide: GuideModel(schedule: schedule), size: CellSize(columns: 80, rows: 30),
      now: Fixture.now)
    // A's 20:00 (the programme after now on A).
    state.apply([.key(.right), .key(.enter)])
    #expect(state.selectedProgramme?.start == Fixture.at(20))
    var lines = state.render().lines.map(trimTrailing)
    #expect(lines.contains(" Earlier      Mon 30 Nov 09:00  Channel A"), "\(lines)")
    #expect(lines.contains("              Mon 30 Nov 10:00  Channel B"), "\(lines)")
    state.apply(.key(.tab))
    lines = state.render().lines.map(trimTrailing)
    #expect(lines.contains(" Earlier    > Mon 30 Nov 09:00  Channel A"), "\(lines)")
  }
}
