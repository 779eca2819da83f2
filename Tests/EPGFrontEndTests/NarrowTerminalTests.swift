import EPGFrontEnd
import EPGLayout
import EPGSchedule
import EPGTestSupport
import Testing

/// What a narrow or short terminal keeps: the help and quit hints, the
/// programme's title, the details' position counter, the selection on
/// screen after a shrink.
@Suite struct NarrowTerminalTests {
  func line(_ state: AppState, _ row: Int) -> String {
    trimTrailing(state.render().lines[row])
  }

  @Test(arguments: [20, 30, 40, 80, 120])
  func theHintLineKeepsHelpAndQuit(columns: Int) {
    let state = Fixture.state(columns: columns, rows: 12)
    let hints = line(state, 11)
    #expect(hints.hasSuffix("? help  q quit"), "\(hints)")
    #expect(columns < 30 || hints.hasPrefix(" ←→↑↓ move  "), "\(hints)")
  }

  @Test func theInfoLineKeepsTheTitleBeforeTheDuration() {
    // Afternoon Live 13:15–14:30, on now at 14:05.
    #expect(
      line(Fixture.state(columns: 80, rows: 12), 10)
        == " 13:15–14:30 BBC One  Afternoon Live                                 on now, 66%")
    #expect(
      line(Fixture.state(columns: 40, rows: 12), 10) == " 13:15–14:30 BBC One  Afternoon Live")
    // Narrower, the channel (named in its row) gives way to the title.
    #expect(line(Fixture.state(columns: 30, rows: 12), 10) == " 13:15–14:30 Afternoon Live")
    #expect(line(Fixture.state(columns: 20, rows: 12), 10) == " 13:15–14:30 Aftern…")
  }

  @Test(arguments: [20, 30, 40, 60])
  func theDetailsHintsLeaveThePositionCounter(columns: Int) throws {
    var state = Fixture.state(columns: columns, rows: 12)
    state.apply([.key(.right), .key(.right), .key(.enter)])  // Doctors
    let status = line(state, 11)
    let match = try #require(status.wholeMatch(of: /( .*  )?(\d+)-(\d+)\/(\d+)/), "\(status)")
    #expect(match.output.2 == "1" && match.output.3 == "10", "\(status)")
    #expect(columns < 30 || status.contains("q quit"), "\(status)")
  }

  @Test func twentyByEightShowsTheGuide() {
    expectGrid(
      Fixture.state(columns: 20, rows: 8).render(),
      """
       tvgrid … Now 14:05
        Mon 30   Tue 1
      Mon 30 No│14:00
               ├─▼────────
      1 BBC One│Afternoon…
        Film F…│The Big S…
       13:15–14:30 Aftern…
       ? help  q quit
      """)
  }

  @Test func twentyColumnsOfDetailsPutTheFieldsBelowTheirLabels() {
    var state = Fixture.state(columns: 20, rows: 12)
    state.apply([.key(.right), .key(.right), .key(.enter)])  // Doctors
    expectGrid(
      state.render(),
      """
       tvgrid … Now 14:05
       Doctors
       The Long Night

       Time
       Mon 30 Nov 2026
       15:00–15:45 (45m),
       starts in 55 min
       Channel
       BBC One (1)
       Next
       Esc back   1-10/27
      """)
  }

  @Test func aShrinkKeepsTheSelectionInView() {
    var state = Fixture.state(columns: 80, rows: 24)
    state.apply([.key(.right), .key(.right), .key(.right), .key(.end)])
    // Quiz Time (15:45–16:30), then Kids' best match: Story Time 15:00–18:00.
    #expect(state.selectedProgramme?.title == "Story Time")
    state.apply([.key(.up), .key(.up), .key(.up)])
    #expect(state.selectedProgramme?.title == "Quiz Time")
    // 40 columns show 31 of 2.5 minutes from 14:00: to 15:17, short of
    // Quiz Time; the view moves to its half hour, 15:30.
    state.apply(.resize(CellSize(columns: 40, rows: 24)))
    #expect(state.viewStart == Fixture.at(15, 30))
    #expect(state.render().lines[state.layout.guideTop].contains("Quiz"))
    // 8 rows show 2 channels: the selected Kids row stays on screen.
    state.apply(.key(.end))
    state.apply(.resize(CellSize(columns: 40, rows: 8)))
    #expect(state.topRow == 2)
    #expect(line(state, state.layout.guideTop + 1).hasPrefix("  Kids"))
  }
}
