import EPGLayout
import EPGRaster

extension AppState {
  /// The program-guide layout of the guide area (points) for the state's
  /// viewport; the cell (0, 0) of its grid is the screen's cell (0,
  /// `layout.timeRow`). The timeline starts at the local
  /// half hour before the guide (or now), so every column boundary falls on
  /// a multiple of `secondsPerColumn` from it: cells never shift.
  public var guideLayout: GuideLayout {
    let screen = self.layout
    let metrics = TerminalGuideStyle.metrics
    var configuration = TerminalGuideStyle.configuration(
      channelColumnWidth: screen.channelColumnWidth, rowsPerChannel: 1, gridlines: false,
      headerLayoutType: .dayColumnAboveTimeRow)
    configuration.hourWidth = metrics.pointsPerColumn * Double(settings.columnsPerHour)
    var data = guide.guideData
    let start = halfHourFloor(min(guide.span.start, now, viewStart))
    data.timelineStart = start
    data.timelineEnd = max(guide.span.end, now, viewEnd)
    var layout = GuideLayout(
      data: data, configuration: configuration,
      viewport: Viewport(size: .zero), now: now, timeZone: format.zone)
    let offsetColumns = Int(((viewStart - start) / secondsPerColumn))
    let rowPitch = metrics.rows(in: configuration.sectionHeight + configuration.sectionGap)
    layout.viewport = TerminalGuideStyle.viewport(
      columns: screen.size.columns, rows: screen.timeRowHeight + screen.guideRows,
      offsetColumns: offsetColumns, offsetRows: topRow * max(1, rowPitch))
    return layout
  }
}
