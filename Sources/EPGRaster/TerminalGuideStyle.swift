import EPGLayout

/// The numbers that make the program-guide layout read well on a terminal:
/// cell metrics plus a `GuideLayout.Configuration` in the same points, for
/// the interactive front end and `tvgrid render` alike.
///
/// Defaults (20 points per column and per row):
///
/// | quantity            | cells              | points | why                                   |
/// |---------------------|--------------------|--------|---------------------------------------|
/// | time scale          | 1 column = 2 min   | 600/h  | half an hour = 15 columns: room for a short title |
/// | channel column      | 14 columns         | 280    | 13 for the name + its edge line        |
/// | hour row            | 2 rows             | 40     | labels, then a rule with hour ticks    |
/// | channel row         | 1 row              | 20     | one line per channel                  |
/// | gap between rows    | 1 row (0 compact)  | 20     | holds the horizontal gridline          |
/// | cell margin (right) | 1 column           | 20     | the separator between programmes      |
/// | overlay             | 1 column wide      | 20     | the title sticks to the grid's left edge until the programme's last column |
/// | now indicator       | 1 × 1              | 20     | ▼ on the rule at the current time       |
///
/// An 80 × 24 guide area shows 2 h 10 min and 11 channels (22 compact);
/// 200 × 60 shows 6 h 10 min and 29 channels (58 compact).
///
///     Mon 30 Nov    20:00          20:30          21:00          21:30
///     ─────────────┬─────────▼────┬──────────────┬──────────────┬──────
///     BBC One      │News     ┃    │The One Show  │EastEnders    │Match…
///                  ├─────────╋────┴─────────┬────┼────┬─────────┴──────
///     BBC Two      │Film: The Big Sleep     │Newsnight│Gardeners' World
///
/// Timelines should start on a whole column (the front end forces
/// `timelineStart` to a local hour) so that every programme edge, hour line
/// and separator lands on the same columns at every scroll position.
public enum TerminalGuideStyle {
  /// 20 points per column and per row.
  public static let metrics = CellMetrics(pointsPerColumn: 20, pointsPerRow: 20)

  /// The layout configuration for a terminal guide.
  ///
  /// - Parameters:
  ///   - channelColumnWidth: columns of the channel column, its edge line included (≥ 2).
  ///   - rowsPerChannel: rows per channel (≥ 1); with 2, programmes show
  ///     their start time and sub-title on the second row.
  ///   - gridlines: one gap row with a horizontal gridline between channels.
  ///   - minutesPerColumn: the time scale (≥ 1); 2 by default.
  ///   - headerLayoutType: which header band wins the top-left corner.
  public static func configuration(
    channelColumnWidth: Int = 14, rowsPerChannel: Int = 1, gridlines: Bool = true,
    minutesPerColumn: Int = 2,
    headerLayoutType: GuideLayout.HeaderLayoutType = .timeRowAboveDayColumn
  ) -> GuideLayout.Configuration {
    let column = metrics.pointsPerColumn
    let row = metrics.pointsPerRow
    var configuration = GuideLayout.Configuration()
    configuration.hourWidth = column * 60 / Double(max(1, minutesPerColumn))
    configuration.sectionHeaderWidth = column * Double(max(2, channelColumnWidth))
    configuration.sectionHeight = row * Double(max(1, rowsPerChannel))
    configuration.sectionGap = gridlines ? row : 0
    configuration.hourHeaderHeight = row * 2
    configuration.cellMargin = EdgeInsets(top: 0, left: 0, bottom: 0, right: column)
    configuration.contentMargin = .zero
    configuration.currentTimeIndicatorSizeOverride = Size(width: column, height: row)
    configuration.currentTimeVerticalGridlineWidth = 1
    configuration.verticalGridlineWidth = 1
    configuration.horizontalGridlineHeight = 1
    configuration.floatingItemOverlaySizeOverride = Size(
      width: column, height: configuration.sectionHeight)
    configuration.floatingItemOffsetFromSection = 0
    configuration.currentTimeIndicatorShouldBeBehind = false
    configuration.headerLayoutType = headerLayoutType
    configuration.shouldResizeStickyHeaders = false
    configuration.shouldUseFloatingItemOverlay = true
    configuration.minimumCellWidth = 1
    // Half-hour lines would cross every gap row every 15 columns; the
    // half-hour labels and ticks on the hour row's rule are enough.
    var families = GuideLayout.ElementFamilies.all.subtracting(.halfHourVerticalGridlines)
    if !gridlines { families.remove(.horizontalGridlines) }
    configuration.families = families
    return configuration
  }

  /// A viewport of `columns` × `rows` cells scrolled to the given cell
  /// offset (in whole cells, so scrolling never makes widths "breathe").
  public static func viewport(
    columns: Int, rows: Int, offsetColumns: Int = 0, offsetRows: Int = 0
  ) -> Viewport {
    Viewport(
      contentOffset: Point(
        x: metrics.width(columns: offsetColumns), y: metrics.height(rows: offsetRows)),
      size: Size(
        width: metrics.width(columns: max(0, columns)), height: metrics.height(rows: max(0, rows))))
  }
}
