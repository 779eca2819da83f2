import EPGFrontEnd
import EPGLayout
import EPGSchedule
import Testing

/// Issue 18 item 10: a held arrow speeds up; keys that are waiting when a
/// frame is done are applied before the next frame. Issue 24 item 1: only
/// the terminal's auto-repeat is held (the same arrow again within 0.1 s,
/// five times in a row, or already waiting); a tap at any pace is one step.
@Suite struct KeyRepeatTests {
  /// The keys acted on for `count` presses of `key` starting at `start`,
  /// each `gap` seconds after the one before.
  func taps(_ key: Key, count: Int, gap: Double, start: Double = 10, on repeats: inout KeyRepeat)
    -> [Key]
  {
    (0..<count).map { repeats.key(for: key, at: start + Double($0) * gap) }
  }

  @Test func aHeldArrowActsAsItsPageKeyOnceItRepeats() {
    var repeats = KeyRepeat()
    // Down held: the first press at 10.0, repeats every 1/30 s after a
    // 0.3 s delay (10.3, 10.333, …).
    var keys: [Key] = [repeats.key(for: .down, at: 10.0)]
    for step in 0..<10 {
      keys.append(repeats.key(for: .down, at: 10.3 + Double(step) / 30))
    }
    // The delay is a new press; the repeats at 10.333 … 10.433 are the
    // first four gaps of 1/30 s; the fifth (10.467) and on page.
    #expect(keys == [Key](repeating: .down, count: 6) + [Key](repeating: .pageDown, count: 5))
    // Another arrow starts afresh; so does the same one after a gap.
    var right = [repeats.key(for: .right, at: 12.0)]
    for step in 1...6 { right.append(repeats.key(for: .right, at: 12.0 + Double(step) * 0.04)) }
    #expect(right == [Key](repeating: .right, count: 5) + [.shiftRight, .shiftRight])
    #expect(repeats.key(for: .right, at: 12.6) == .right)
    var left: [Key] = []
    for step in 0...5 { left.append(repeats.key(for: .left, at: 13.0 + Double(step) * 0.05)) }
    #expect(left == [Key](repeating: .left, count: 5) + [.shiftLeft])
    var up: [Key] = []
    for step in 0...5 { up.append(repeats.key(for: .up, at: 14.0 + Double(step) * 0.09)) }
    #expect(up == [Key](repeating: .up, count: 5) + [.pageUp])
    // Other keys are never changed, and end a hold.
    #expect(repeats.key(for: .character("j"), at: 14.5) == .character("j"))
    #expect(repeats.key(for: .up, at: 14.55) == .up)
  }

  /// Taps 0.1, 0.2, 0.3, 0.5, 0.65 and 0.7 s apart: every one is one step,
  /// however many there are (the 0.2–0.65 s gaps used to page).
  @Test func tapsAtAnyPaceAreSingleSteps() {
    for gap in [0.1, 0.2, 0.3, 0.5, 0.65, 0.7, 1.5] {
      var repeats = KeyRepeat()
      #expect(taps(.down, count: 4, gap: gap, on: &repeats) == [.down, .down, .down, .down])
      #expect(
        taps(.right, count: 4, gap: gap, start: 20, on: &repeats) == [
          .right, .right, .right, .right,
        ])
    }
    // However many there are.
    for gap in [0.2, 0.3, 0.5, 0.65, 0.7] {
      var repeats = KeyRepeat()
      #expect(taps(.down, count: 12, gap: gap, on: &repeats) == [Key](repeating: .down, count: 12))
    }
  }

  /// Copies of an arrow that were already waiting (they came while a slow
  /// frame was drawn) are repeats whatever their read times say: the
  /// sixth in a row pages. A tap after them starts afresh.
  @Test func waitingCopiesCountAsRepeats() {
    var repeats = KeyRepeat()
    var keys = [repeats.key(for: .down, at: 5)]
    // Read in batches 0.2 s apart (a frame that slow), each already waiting.
    for step in 1...6 {
      keys.append(repeats.key(for: .down, at: 5 + Double(step) * 0.2, queued: true))
    }
    #expect(keys == [Key](repeating: .down, count: 5) + [.pageDown, .pageDown])
    #expect(repeats.key(for: .down, at: 7) == .down)
    // A different key waiting between them breaks the run.
    #expect(repeats.key(for: .down, at: 7.01, queued: true) == .down)
    #expect(repeats.key(for: .left, at: 7.01, queued: true) == .left)
    #expect(repeats.key(for: .down, at: 7.01, queued: true) == .down)
  }

  /// A clock that goes backwards (never a monotonic one, but a test's)
  /// starts afresh rather than counting a negative gap as a repeat.
  @Test func aTimeBeforeTheLastIsANewPress() {
    var repeats = KeyRepeat()
    for step in 0...4 { _ = repeats.key(for: .down, at: 10 + Double(step) * 0.03) }
    #expect(repeats.key(for: .down, at: 9) == .down)
  }

  @Test func waitingKeysAreAppliedBeforeTheNextFrame() {
    let keys: [Key] = [.down, .down, .right, .character("s")]
    var backend = TestBackend(
      size: CellSize(columns: 80, rows: 14), events: keys.map { .key($0) })
    backend.eventsWaiting = true
    var screen = Screen(backend: backend)
    let final = GuideApp.run(
      state: Fixture.state(), screen: &screen, clock: FixedClock(Fixture.now))
    var expected = Fixture.state()
    expected.apply(keys.map { .key($0) })
    #expect(final.mode == expected.mode)
    #expect(screen.backend.screen.lines == expected.render().lines)
    // The start-up frame, then one for all four keys.
    #expect(screen.backend.flushCount == 2)
  }

  /// 40 channels, each with one programme from 12:00 to 18:00.
  static func fortyChannels() -> AppState {
    let channels = (1...40).map { Channel(id: "c\($0)", name: "Channel \($0)") }
    let programmes = channels.map {
      [Fixture.programme("On \($0.name)", Fixture.at(12), Fixture.at(18))]
    }
    var settings = GuideSettings()
    settings.theme = .monochrome
    return AppState(
      guide: GuideModel(schedule: Schedule(channels: channels, programmes: programmes)),
      settings: settings, size: CellSize(columns: 80, rows: 14), now: Fixture.now)
  }

  /// The run loop passes each key's read time: Down, one a frame, read
  /// `gap` seconds apart on the loop's monotonic clock.
  func downs(_ count: Int, gap: Double, waiting: Bool = false) -> AppState {
    var backend = TestBackend(
      size: CellSize(columns: 80, rows: 14),
      events: Array(repeating: .key(.down), count: count))
    backend.eventsWaiting = waiting
    var screen = Screen(backend: backend)
    var clock = 100.0
    return GuideApp.run(
      state: Self.fortyChannels(), screen: &screen, clock: FixedClock(Fixture.now),
      uptime: {
        clock += gap
        return clock
      })
  }

  @Test func theLoopTellsTapsFromAHeldKey() {
    // Eight taps 0.3 s apart: eight rows.
    #expect(downs(8, gap: 0.3).selectedRow == 8)
    // Eight copies 1/30 s apart: five rows, then three screens of channels.
    let held = downs(8, gap: 1.0 / 30)
    var expected = Self.fortyChannels()
    expected.apply(
      [Key](repeating: .down, count: 5).map { .key($0) }
        + [Key](repeating: .pageDown, count: 3).map { .key($0) })
    #expect(held.selectedRow == expected.selectedRow)
    #expect(held.selectedRow > 8)
    // Eight copies all waiting at once (read at the same instant): the
    // same as a held key.
    #expect(downs(8, gap: 0, waiting: true).selectedRow == expected.selectedRow)
  }
}
