import EPGFrontEnd
import EPGLayout
import Testing

/// Issue 18 item 10: a held arrow speeds up after half a second; keys that
/// are waiting when a frame is done are applied before the next frame.
@Suite struct KeyRepeatTests {
  @Test func aHeldArrowActsAsItsPageKeyAfterHalfASecond() {
    var repeats = KeyRepeat()
    // Down held: the first press at 10.0, repeats every 1/30 s after a
    // 0.3 s delay.
    var keys: [Key] = [repeats.key(for: .down, at: 10.0)]
    for step in 0..<10 {
      keys.append(repeats.key(for: .down, at: 10.3 + Double(step) / 30))
    }
    // 10.3 + 6/30 = 10.5: held half a second from then on.
    #expect(keys == [Key](repeating: .down, count: 7) + [Key](repeating: .pageDown, count: 4))
    // Another arrow starts afresh; so does the same one after a gap.
    #expect(repeats.key(for: .right, at: 10.7) == .right)
    #expect(repeats.key(for: .right, at: 11.25) == .shiftRight)
    #expect(repeats.key(for: .right, at: 12.5) == .right)
    #expect(repeats.key(for: .left, at: 12.6) == .left)
    #expect(repeats.key(for: .left, at: 13.2) == .shiftLeft)
    #expect(repeats.key(for: .up, at: 13.3) == .up)
    #expect(repeats.key(for: .up, at: 13.9) == .pageUp)
    // Other keys are never changed, and end a hold.
    #expect(repeats.key(for: .character("j"), at: 14.0) == .character("j"))
    #expect(repeats.key(for: .up, at: 14.1) == .up)
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
}
