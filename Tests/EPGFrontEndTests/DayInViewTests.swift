import EPGFrontEnd
import EPGLayout
import EPGRaster
import EPGSchedule
import Foundation
import Testing

/// Which day the screen names where: today's date next to the clock, the
/// day in view on the day bar and in the grid's corner, and `p` going to
/// the prime time of the day in view.
@Suite struct DayInViewTests {
  /// The fixture's guide (Monday 11:00 to Tuesday 14:00 UTC) on a wide
  /// screen, monochrome.
  static func wideState(now: EpochSeconds) -> AppState {
    var settings = GuideSettings()
    settings.theme = .monochrome
    return AppState(
      guide: GuideModel(schedule: Fixture.schedule), settings: settings,
      size: CellSize(columns: 300, rows: 14), now: now)
  }

  /// The day-bar label drawn in the current-day style.
  static func markedDay(_ state: AppState) -> String {
    let grid = state.render()
    let y = state.layout.dayBarRow
    var label = ""
    for x in 0..<grid.width where grid[x, y].style == Palette.monochrome.currentDay {
      if case .grapheme(let character, _) = grid[x, y].content { label.append(character) }
    }
    return label.trimmingCharacters(in: .whitespaces)
  }

  @Test func theTopBarShowsTodayWhenTheMiddleOfTheViewIsTomorrow() {
    // Now Monday 19:00; 300 columns at 24 columns an hour show about 12
    // hours (to Tuesday 07:00), so the middle of the view is after midnight.
    let state = Self.wideState(now: Fixture.at(19))
    #expect(state.visibleSpan.contains(Fixture.at(1, day: 1)))
    let top = state.render().lines[0]
    #expect(top.contains("│ Mon 30 Nov 2026"), "\(top)")
    #expect(!top.contains("Tue"))
    // Now is in view: the day in view is today.
    #expect(Self.markedDay(state) == "Mon 30")
  }

  @Test func pGoesToThePrimeTimeOfTodayWhenNowIsInView() {
    var state = Self.wideState(now: Fixture.at(19))
    state.apply(.key(.character("p")))
    // 20:00 Monday, not Tuesday (the middle of the view).
    #expect(state.message == "Prime time: Mon 30 Nov 20:00")
    #expect(state.viewStart == Fixture.at(20))
  }

  @Test func withoutNowTheDayInViewIsTheDayOfTheLeftEdge() {
    // Now Monday 09:00; the view scrolled to Monday 21:00 (to Tuesday 09:00).
    var state = Self.wideState(now: Fixture.at(9))
    state.scrollView(toStart: Fixture.at(21))
    #expect(state.viewStart == Fixture.at(21))
    #expect(!state.visibleSpan.contains(state.now))
    #expect(Self.markedDay(state) == "Mon 30")
    let grid = state.render()
    #expect(grid.lines[0].contains("│ Mon 30 Nov 2026"))
    #expect(grid.lines[state.layout.timeRow].hasPrefix("Mon 30 Nov"))
    state.apply(.key(.character("p")))
    #expect(state.message == "Prime time: Mon 30 Nov 20:00")
  }
}
