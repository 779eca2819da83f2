import EPGLayout
import EPGRaster
import Testing

/// The one map between time, points and columns, against hand-worked
/// figures: 24 columns per hour is 150 s a column; a 14-column channel
/// column; the timeline starts at 12:00 and the view at 13:00.
@Suite struct GuideViewportTests {
  /// 12:00 UTC on an arbitrary day (a multiple of 3600).
  let noon: EpochSeconds = 1_795_996_800 + 12 * 3600

  var viewport: GuideViewport {
    GuideViewport(
      origin: noon, start: noon + 3600, columnsPerHour: 24, channelColumns: 14, gridColumns: 66)
  }

  @Test func timeAndColumns() {
    let v = viewport
    #expect(v.secondsPerColumn == 150)
    #expect(v.duration == 66 * 150)  // 2 h 45 min
    #expect(v.end == noon + 3600 + 9900)
    #expect(v.time(atColumn: 14) == noon + 3600)  // the grid area's first column
    #expect(v.time(atColumn: 15) == noon + 3600 + 150)  // 13:02:30
    #expect(v.time(atColumn: 13) == noon + 3600 - 150)  // extrapolated
    #expect(v.middle(ofColumn: 14) == noon + 3600 + 75)  // 13:01:15
    #expect(v.boundary(atOrBefore: noon + 3600 + 240) == noon + 3600 + 150)  // 13:04 → 13:02:30
    #expect(v.boundary(atOrBefore: noon + 3600 + 150) == noon + 3600 + 150)
    #expect(v.boundary(atOrBefore: noon - 60) == noon - 150)  // before the origin
  }

  @Test func points() {
    let v = viewport
    #expect(v.hourWidth == 480)  // 24 columns of 20 points
    #expect(v.offsetColumns == 24)  // an hour after the origin
    let layoutViewport = v.layoutViewport(rows: 10, offsetRows: 2)
    #expect(layoutViewport.contentOffset == Point(x: 480, y: 40))
    #expect(layoutViewport.size == Size(width: 80 * 20, height: 200))
    // The style's 2 minutes per column: 30 columns, 600 points an hour.
    #expect(TerminalGuideStyle.configuration(minutesPerColumn: 2).hourWidth == 600)
    #expect(GuideViewport.hourWidth(secondsPerColumn: 120) == 600)
  }

  /// The layout places the instant of every column at that column's left
  /// edge: x(t) = gridOriginX + (t − E) · hourWidth / 3600, less the
  /// scroll, is 20 points a column from the guide area's left edge.
  @Test func theLayoutAgrees() {
    let v = viewport
    var configuration = TerminalGuideStyle.configuration(channelColumnWidth: 14)
    configuration.hourWidth = v.hourWidth
    let layout = GuideLayout(
      data: GuideData(channels: [[TimeSpan(start: noon, end: noon + 6 * 3600)]]),
      configuration: configuration, viewport: v.layoutViewport(rows: 5, offsetRows: 0),
      now: noon)
    for column in [14, 15, 40, 79] {
      let x = layout.x(for: v.time(atColumn: column)) - layout.viewport.contentOffset.x
      #expect(x == Double(column) * 20, "column \(column)")
    }
  }
}
