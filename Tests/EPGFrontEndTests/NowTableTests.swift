import EPGFrontEnd
import EPGLayout
import EPGRaster
import EPGSchedule
import Testing

/// `tvgrid now`'s table, worked by hand on Fixture's Monday (UTC).
@Suite struct NowTableTests {
  /// Alpha (number 1): Inside 14:00–14:30, then Late Show on Tuesday 01:30.
  /// Beta: nothing at all. Gamma: nothing now, Later at 16:00 today.
  static var schedule: Schedule {
    Schedule(
      channels: [
        Channel(id: "a", name: "Alpha", number: "1"), Channel(id: "b", name: "Beta"),
        Channel(id: "c", name: "Gamma"),
      ],
      programmes: [
        [
          Fixture.programme("Inside", Fixture.at(14), Fixture.at(14, 30), sub: "Part"),
          Fixture.programme("Late Show", Fixture.at(1, 30, day: 1), Fixture.at(2, day: 1)),
        ],
        [],
        [Fixture.programme("Later", Fixture.at(16), Fixture.at(17))],
      ])
  }

  static func table(at instant: EpochSeconds, unicode: Bool = true) -> NowTable {
    NowTable(
      listing: NowListing(schedule: schedule, at: instant), format: TimeFormat(), unicode: unicode)
  }

  @Test func everyChannelIsListedAndANextDayIsDated() {
    let text = Self.table(at: Fixture.now).text()
    #expect(
      text == """
        CHANNEL  NOW                         NEXT
        1 Alpha  14:00–14:30  Inside — Part  Tue 1 Dec 01:30  Late Show
        Beta                  —
        Gamma                 —              16:00            Later

        """)
    #expect(!Self.table(at: Fixture.now).isEmpty)
  }

  @Test func asciiPunctuation() {
    let text = Self.table(at: Fixture.now, unicode: false).text()
    #expect(text.contains("1 Alpha  14:00-14:30  Inside - Part  Tue 1 Dec 01:30  Late Show"))
    #expect(text.contains("Beta                  -\n"))
  }

  /// Nothing on anywhere (after the last programme): the table says so.
  @Test func nothingOnIsEmpty() {
    #expect(Self.table(at: Fixture.at(3, day: 1)).isEmpty)
    #expect(Self.table(at: Fixture.at(10)).isEmpty)
  }

  /// At 20 cells the titles give way; every line fits.
  @Test func linesFitTheWidth() {
    for width in [20, 30, 45, 60] {
      let lines = Self.table(at: Fixture.now).text(width: width).split(separator: "\n")
      #expect(lines.count == 4)
      for line in lines { #expect(TextWidth.of(line) <= width, "\(width): \(line)") }
    }
    // At 50 cells: channel 7, times 11 and 15, gaps 8: 9 cells for titles.
    // The now title gets max(9/2, 9 - 9) = 4 cells ("Ins…"), next 5 ("Late…").
    let fifty = Self.table(at: Fixture.now).text(width: 50)
    #expect(fifty.contains("1 Alpha  14:00–14:30  Ins…  Tue 1 Dec 01:30  Late…\n"), "\(fifty)")
  }
}
