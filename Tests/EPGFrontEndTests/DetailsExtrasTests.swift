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
    // And back: today's is the other airing of tomorrow's.
    #expect(detailsLines(state).contains(" Also         Mon 30 Nov 12:00  BBC One"))
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
