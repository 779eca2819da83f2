import EPGFrontEnd
import EPGLayout
import EPGNcurses
import EPGRaster
import Testing

/// A clock that moves on by `step` seconds each time it is read (a class:
/// the loop and the test share it).
final class SteppingClock: Clock, @unchecked Sendable {
  private var instant: EpochSeconds
  private let step: EpochSeconds
  init(_ start: EpochSeconds, step: EpochSeconds) {
    instant = start
    self.step = step
  }
  func now() -> EpochSeconds {
    defer { instant += step }
    return instant
  }
}

@Suite struct AppLoopTests {
  @Test func keysOnTheTestBackendGiveTheSameScreenAsTheReducer() {
    let keys: [Key] = [.down, .right, .enter]
    var screen = Screen(
      backend: TestBackend(size: CellSize(columns: 80, rows: 14), events: keys.map { .key($0) }))
    let final = GuideApp.run(
      state: Fixture.state(), screen: &screen, clock: FixedClock(Fixture.now))
    var expected = Fixture.state()
    expected.apply(keys.map { .key($0) })
    #expect(screen.backend.screen.lines == expected.render().lines)
    #expect(final.mode == expected.mode)
    // One frame at start plus one per key.
    #expect(screen.backend.flushCount == 4)
  }

  @Test func idleWaitsEndAtTheNextMinuteAndTheNowLineMoves() {
    // 14:05:30, then a minute passes per read.
    let clock = SteppingClock(Fixture.now + 30, step: 60)
    var backend = TestBackend(size: CellSize(columns: 80, rows: 14))
    backend.pendingEvents = []
    var screen = Screen(backend: backend)
    _ = GuideApp.run(state: Fixture.state(), screen: &screen, clock: clock)
    #expect(screen.backend.requestedTimeouts.first == 30_000)
    #expect(GuideApp.timeout(now: Fixture.now) == 60_000)
    #expect(GuideApp.timeout(now: Fixture.now + 59) == 1_000)
  }

  @Test func aTickRedrawsTheClockWithoutInput() {
    var state = Fixture.state()
    let before = state.render()
    state.apply(.tick(Fixture.now + 5 * 60))
    let after = state.render()
    #expect(after.lines[0].hasSuffix("Now 14:10 "))
    #expect(Screen<TestBackend>.changeCount(from: before, to: after) > 0)
  }

  @Test func resizeRedrawsEverythingAtTheNewSize() {
    var screen = Screen(
      backend: TestBackend(
        size: CellSize(columns: 80, rows: 14),
        events: [.resize(CellSize(columns: 60, rows: 10))]))
    let final = GuideApp.run(
      state: Fixture.state(), screen: &screen, clock: FixedClock(Fixture.now))
    #expect(final.size == CellSize(columns: 60, rows: 10))
    #expect(screen.backend.screen.width == 60)
    #expect(screen.backend.screen.lines == final.render().lines)
  }

  @Test func qEndsTheLoop() {
    var screen = Screen(
      backend: TestBackend(
        size: CellSize(columns: 80, rows: 14), events: [.key(.character("q")), .key(.down)]))
    let final = GuideApp.run(
      state: Fixture.state(), screen: &screen, clock: FixedClock(Fixture.now))
    #expect(final.isFinished)
    #expect(screen.backend.pendingEvents == [.key(.down)])
  }
}

@Suite struct TerminalTests {
  @Test func onlyChangedCellsAreSentAndWideGlyphsStayWhole() {
    var before = Grid(width: 4, height: 1)
    before[0, 0] = Cell(content: .grapheme("あ", width: 2))
    before[1, 0] = Cell(content: .continuation)
    var after = Grid(width: 4, height: 1)
    after[0, 0] = Cell("a")
    after[1, 0] = Cell("b")
    var screen = Screen(backend: TestBackend(size: CellSize(columns: 4, rows: 1)))
    screen.present(before)
    #expect(screen.backend.screen.lines == ["あ  "])
    screen.present(after)
    #expect(screen.backend.screen.lines == ["ab  "])
    #expect(Screen<TestBackend>.changeCount(from: before, to: after) == 2)
  }

  @Test func cursesCharacterCodesMapToKeys() {
    #expect(NcursesBackend.key(forCharacter: 27) == .escape)
    #expect(NcursesBackend.key(forCharacter: 13) == .enter)
    #expect(NcursesBackend.key(forCharacter: 3) == .control("c"))
    #expect(NcursesBackend.key(forCharacter: 127) == .backspace)
    #expect(NcursesBackend.key(forCharacter: 0x3042) == .character("あ"))
  }

  @Test func sizesParse() {
    #expect(CellSize(parsing: "100x30") == CellSize(columns: 100, rows: 30))
    #expect(CellSize(parsing: "100") == nil)
    #expect(CellSize(parsing: "0x5") == nil)
  }
}
