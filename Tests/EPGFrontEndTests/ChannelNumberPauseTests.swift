import EPGFrontEnd
import EPGLayout
import EPGSchedule
import Testing

/// A monotonic clock for the loop that moves on by one second each time it
/// is read (a class: the loop and the test share it).
final class SteppingUptime: @unchecked Sendable {
  private var seconds = 100.0
  func read() -> Double {
    defer { seconds += 1 }
    return seconds
  }
}

/// Issue 18 item 8: a channel number is taken after a pause in the typing
/// (`number_timeout`, 1.5 s by default), as on a TV remote: the next digit
/// starts a new number. The guide: `ChannelNumberTests.numbered` (rows 0–11
/// numbered 1–9, 10, 101, 012).
@Suite struct ChannelNumberPauseTests {
  func state() -> AppState {
    AppState(
      guide: ChannelNumberTests.numbered, size: CellSize(columns: 80, rows: 14), now: Fixture.now)
  }

  @Test func aPauseTakesTheNumber() {
    var state = state()
    state.apply([.key(.character("1")), .channelNumberPause, .key(.character("2"))])
    #expect(state.selectedRow == 1)  // channel 2
    state.apply(.channelNumberPause)
    #expect(state.channelEntry == nil)
    #expect(state.message == nil)
    // Without the pause, 1 then 2 is 12 (written 012).
    var typed = self.state()
    typed.apply([.key(.character("1")), .key(.character("2"))])
    #expect(typed.selectedRow == 11)
    // A pause with no number being typed changes nothing.
    typed.apply([.key(.enter), .channelNumberPause])
    #expect(typed.selectedRow == 11)
  }

  func run(pausesAfter: Set<Int>, timeout: Double = 1.5) -> (AppState, [Int]) {
    var backend = TestBackend(
      size: CellSize(columns: 80, rows: 14),
      events: [.key(.character("1")), .key(.character("2"))])
    backend.pausesAfter = pausesAfter
    var screen = Screen(backend: backend)
    var settings = GuideSettings()
    settings.numberTimeout = timeout
    let initial = AppState(
      guide: ChannelNumberTests.numbered, settings: settings,
      size: CellSize(columns: 80, rows: 14), now: Fixture.now)
    let uptime = SteppingUptime()
    let final = GuideApp.run(
      state: initial, screen: &screen, clock: FixedClock(Fixture.now), uptime: uptime.read)
    return (final, screen.backend.requestedTimeouts)
  }

  @Test func theLoopTimesThePause() {
    // The wait after "1" times out (each uptime read is a second later):
    // the number is taken, and "2" starts a new one.
    let (paused, timeouts) = run(pausesAfter: [1])
    #expect(paused.selectedRow == 1)
    // While a number is being typed the loop waits at most the pause.
    #expect(timeouts.count == 4)
    #expect(timeouts[0] == 60_000)
    #expect(timeouts[1] <= 1500)
    // Keys in a row: 12.
    let (typed, _) = run(pausesAfter: [])
    #expect(typed.selectedRow == 11)
    // number_timeout = 0: no pause ends a number.
    let (never, _) = run(pausesAfter: [1], timeout: 0)
    #expect(never.selectedRow == 11)
  }

  @Test func theConfigSetsThePause() {
    #expect(GuideSettings().numberTimeout == 1.5)
    #expect(ConfigFile(parsing: "number_timeout = 2.5").settings.numberTimeout == 2.5)
    #expect(ConfigFile(parsing: "number_timeout = 0").settings.numberTimeout == 0)
    for bad in ["-1", "soon", "11", "nan"] {
      let config = ConfigFile(parsing: "number_timeout = \(bad)")
      #expect(config.settings.numberTimeout == 1.5)
      #expect(
        config.warnings == [
          "config line 1: number_timeout must be seconds (0 to 10, e.g. 1.5), not '\(bad)'"
        ])
    }
  }
}
