import EPGFrontEnd
import EPGLayout
import EPGRaster
import EPGSchedule
import Testing

/// Fields of the details view as real guides write them.
@Suite struct DetailsFieldTests {
  func detailsLines(_ change: (inout Programme) -> Void) -> [String] {
    var schedule = Fixture.schedule
    change(&schedule.programmes[0][4])
    var state = AppState(
      guide: GuideModel(schedule: schedule), size: CellSize(columns: 80, rows: 24),
      now: Fixture.now)
    state.apply([.key(.right), .key(.right), .key(.enter)])
    return state.render().lines.map(trimTrailing)
  }

  /// `<date>20150712</date>` is a date, not a year.
  @Test func aFullDateIsShownAsADate() {
    let lines = detailsLines { $0.date = "20150712" }
    #expect(lines.contains(" Date       2015-07-12"), "\(lines)")
    #expect(!lines.contains { $0.hasPrefix(" Year") })
    let year = detailsLines { $0.date = "1999" }
    #expect(year.contains(" Year       1999"), "\(year)")
  }

  /// xmltv_ns `..0/2` (only a part) and onscreen `E12`: both are shown.
  @Test func aPartNumberDoesNotHideTheOnscreenNumber() {
    let lines = detailsLines {
      $0.episode = EpisodeNumber(part: 1, partCount: 2, onscreen: "E12")
    }
    #expect(lines.contains(" Episode    E12 Part 1/2"), "\(lines)")
  }
}
