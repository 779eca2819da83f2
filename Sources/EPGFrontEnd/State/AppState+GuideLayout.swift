import EPGLayout
import EPGRaster

extension AppState {
  /// The guide area's view: `viewStart` on the columns of the screen (the
  /// guide area's column 0 is the screen's column 0) and the layout's
  /// points. Its origin, the layout's timeline start, is the local half
  /// hour before the guide, now and the view, whichever is earliest.
  public var viewport: GuideViewport {
    let screen = layout
    return GuideViewport(
      origin: halfHourFloor(min(guide.span.start, now, viewStart)), start: viewStart,
      columnsPerHour: settings.columnsPerHour, channelColumns: screen.channelColumnWidth,
      gridColumns: screen.gridColumns)
  }

  /// The program-guide layout of the guide area (points) for the state's
  /// viewport; the cell (0, 0) of its grid is the screen's cell (0,
  /// `layout.timeRow`).
  public var guideLayout: GuideLayout {
    let screen = self.layout
    let viewport = self.viewport
    var configuration = TerminalGuideStyle.configuration(
      channelColumnWidth: screen.channelColumnWidth, rowsPerChannel: 1, gridlines: false,
      headerLayoutType: .dayColumnAboveTimeRow)
    configuration.hourWidth = viewport.hourWidth
    var data = guide.guideData
    data.timelineStart = viewport.origin
    data.timelineEnd = max(guide.span.end, now, viewport.end)
    let rowPitch = TerminalGuideStyle.metrics.rows(
      in: configuration.sectionHeight + configuration.sectionGap)
    return GuideLayout(
      data: data, configuration: configuration,
      viewport: viewport.layoutViewport(
        rows: screen.timeRowHeight + screen.guideRows, offsetRows: topRow * max(1, rowPitch)),
      now: now, timeZone: format.zone)
  }
}
