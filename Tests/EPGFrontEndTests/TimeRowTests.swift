import EPGFrontEnd
import EPGLayout
import EPGRaster
import EPGSchedule
import Testing

/// The time row: hour labels at every zoom, drawn whole or not at all.
@Suite struct TimeRowTests {
  /// The fixture on a 60 × 14 screen (a 10-column channel column, 50 grid
  /// columns from 14:00) at `zoom` columns an hour.
  static func state(zoom: Int, twelveHour: Bool = false) -> AppState {
    var settings = GuideSettings()
    settings.theme = .monochrome
    settings.columnsPerHour = zoom
    settings.twelveHourClock = twelveHour
    return AppState(
      guide: GuideModel(schedule: Fixture.schedule), settings: settings,
      size: CellSize(columns: 60, rows: 14), now: Fixture.now)
  }

  /// The time row right of the channel column, trailing spaces dropped.
  static func timeRow(_ state: AppState) -> String {
    let line = state.render().lines[state.layout.timeRow]
    return trimTrailing(String(line.dropFirst(state.layout.channelColumnWidth)))
  }

  // Widest labels: "10:30" (5 columns) and "10:30am" (7); each needs one
  // more column free before the next label.

  @Test func zoomSixShowsEveryHourWhole() {
    // 6 columns an hour: a half hour (3) cannot hold "14:30" + a space,
    // an hour (6) holds "15:00" + a space. Labels at columns 0, 6, ... 42
    // (48 + 5 > 50).
    let state = Self.state(zoom: 6)
    #expect(state.viewStart == Fixture.at(14))
    #expect(Self.timeRow(state) == "14:00 15:00 16:00 17:00 18:00 19:00 20:00 21:00")
  }

  @Test func zoomSixOnATwelveHourClockShowsEverySecondHour() {
    // "10:30am" + a space need 8 columns: an hour (6) is too little, two
    // hours (12) hold it. Even hours at columns 0, 12, 24, 36 (48 + 6 > 50).
    let state = Self.state(zoom: 6, twelveHour: true)
    #expect(
      Self.timeRow(state) == "2:00pm      4:00pm      6:00pm      8:00pm")
  }

  @Test func zoomTwelveOnATwelveHourClockKeepsAmPm() {
    // 12 columns an hour: a half hour (6) is too little for 8, an hour
    // holds it. Labels at columns 0, 12, 24, 36 (48 + 6 > 50).
    let state = Self.state(zoom: 12, twelveHour: true)
    #expect(
      Self.timeRow(state) == "2:00pm      3:00pm      4:00pm      5:00pm")
  }

  @Test func zoomTwelveOnATwentyFourHourClockShowsEveryHalfHour() {
    // A half hour is 6 columns: "14:30" and a space fit exactly.
    let state = Self.state(zoom: 12)
    #expect(
      Self.timeRow(state) == "14:00 14:30 15:00 15:30 16:00 16:30 17:00 17:30")
  }

  @Test(arguments: [(24, 30), (12, 30), (6, 60), (3, 120)])
  func labelIntervalOnTheTwentyFourHourClock(zoom: Int, minutes: Int) {
    #expect(TimeFormat().labelInterval(columnsPerHour: zoom) == minutes)
  }

  @Test(arguments: [(24, 30), (12, 60), (6, 120), (3, 240), (1, 480)])
  func labelIntervalOnTheTwelveHourClock(zoom: Int, minutes: Int) {
    #expect(TimeFormat(twelveHour: true).labelInterval(columnsPerHour: zoom) == minutes)
  }
}

/// Day changes on screen: the midnight mark on the time row and the day in
/// the status line.
@Suite struct MidnightTests {
  @Test func theTimeRowNamesTheNewDayAtMidnight() {
    // Now Monday 22:05: the view starts at 22:00 (60 columns, 50 of grid,
    // 24 columns an hour: a half hour is 12 columns). Midnight is 48
    // columns on; Tuesday 1 December starts there.
    let state = AppState(
      guide: GuideModel(schedule: Fixture.schedule), size: CellSize(columns: 60, rows: 14),
      now: Fixture.at(22, 5))
    #expect(state.viewStart == Fixture.at(22))
    let grid = state.render()
    let y = state.layout.timeRow
    let row = String(grid.lines[y].dropFirst(state.layout.channelColumnWidth))
    // 22:00 at 0, 22:30 at 12, 23:00 at 24, 23:30 at 36, "Tue 1" at 48 would
    // need 53 > 50 columns: a wider screen shows it.
    #expect(trimTrailing(row) == "22:00       22:30       23:00       23:30")
    let wide = AppState(
      guide: GuideModel(schedule: Fixture.schedule), size: CellSize(columns: 80, rows: 14),
      now: Fixture.at(22, 5))
    let wideGrid = wide.render()
    let wideRow = String(wideGrid.lines[y].dropFirst(wide.layout.channelColumnWidth))
    // 13-column channel column, 67 of grid: "Tue 1" at 48, "00:30" at 60.
    #expect(
      trimTrailing(wideRow) == "22:00       22:30       23:00       23:30       Tue 1       00:30")
    // In the date style (the default colour theme's).
    let x = wide.layout.channelColumnWidth + 48
    #expect(wideGrid[x, y].style == Theme.colour.dateLabel)
  }

  @Test func theStatusLineNamesTheDayOfAProgrammeThatIsNotToday() {
    var state = Fixture.state()
    let info = state.layout.infoRow
    // Today's programme: no day.
    #expect(state.render().lines[info].hasPrefix(" 13:15–14:30 BBC One  Afternoon Live"))
    // Breakfast, Tuesday 09:00–12:00.
    while state.selectedProgramme?.title != "Breakfast" { state.apply(.key(.right)) }
    #expect(state.render().lines[info].hasPrefix(" Tue 1 09:00–12:00 BBC One  Breakfast"))
  }
}
