import EPGLayout
import EPGRaster
import Testing

/// Hour and half-hour labels are drawn whole or not at all, never into
/// each other, whatever labels the content gives.
@Suite struct TimeLabelTests {
  /// The time row right of the 14-column channel column.
  static func timeRow(minutesPerColumn: Int, columns: Int = 44) -> String {
    let fixture = GuideFixture.standard
    let layout = fixture.layout(
      columns: columns, rows: 8,
      configuration: TerminalGuideStyle.configuration(minutesPerColumn: minutesPerColumn))
    var row = String(fixture.render(layout).lines[0].dropFirst(14))
    while row.last == " " { row.removeLast() }
    return row
  }

  @Test func everyHalfHourLabelWhenThereIsRoom() {
    // 2 minutes a column: a half hour is 15 columns.
    #expect(Self.timeRow(minutesPerColumn: 2).hasPrefix("20:00          20:30"))
  }

  @Test func aLabelThatWouldRunIntoTheOneBeforeIsSkipped() {
    // 10 minutes a column: a half hour is 3 columns, "20:30" would start
    // inside "20:00 "; the labels on the hour (6 columns apart) are whole.
    // The guide ends at 23:00: 20:00 at column 0, 21:00 at 6, 22:00 at 12,
    // 23:00 at 18.
    let row = Self.timeRow(minutesPerColumn: 10)
    #expect(row == "20:00 21:00 22:00 23:00", "\(row)")
  }
}
