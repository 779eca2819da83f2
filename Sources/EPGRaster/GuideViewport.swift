import EPGLayout

/// What the guide area of a terminal shows in time, and the one map between
/// its three units: time (epoch seconds), layout points and columns (cells).
/// The front end keeps its view as an instant and a top row; everything it
/// needs in columns or points comes from here.
///
/// Units and origins:
/// - time: epoch seconds. `origin` is the layout's timeline start E, on a
///   column boundary by definition: every boundary is
///   `origin + k · secondsPerColumn`. `start`, the instant at the grid
///   area's left edge, is one of them, so cells never shift while scrolling.
/// - columns: cells from the guide area's left edge; columns
///   `0..<channelColumns` are the channel column, column `channelColumns`
///   is the grid area's first and shows `start`.
/// - points: the layout's content coordinates, `TerminalGuideStyle.metrics`
///   (20 points per column), so an hour is `hourWidth` points and the view
///   is scrolled right by `offsetColumns` whole columns.
///
///     column   0 … channelColumns−1 │ channelColumns   …   channelColumns + gridColumns − 1
///              channel names        │ start  start+s  …   end − s        (s = secondsPerColumn)
public struct GuideViewport: Hashable, Sendable {
  /// The layout's timeline start E (epoch seconds), a column boundary.
  public var origin: EpochSeconds
  /// The instant at the grid area's left edge (epoch seconds); kept on a
  /// column boundary by `boundary(atOrBefore:)`.
  public var start: EpochSeconds
  /// The time scale: columns per hour (a divisor of 3600, at least 1).
  public var columnsPerHour: Int
  /// Columns of the channel column, its edge line included.
  public var channelColumns: Int
  /// Columns of the grid area, right of the channel column (at least 1).
  public var gridColumns: Int

  public init(
    origin: EpochSeconds, start: EpochSeconds, columnsPerHour: Int, channelColumns: Int,
    gridColumns: Int
  ) {
    self.origin = origin
    self.start = start
    self.columnsPerHour = max(1, columnsPerHour)
    self.channelColumns = max(0, channelColumns)
    self.gridColumns = max(1, gridColumns)
  }

  // MARK: Time ↔ columns

  /// Seconds one column stands for.
  public var secondsPerColumn: EpochSeconds { EpochSeconds(3600 / columnsPerHour) }
  /// Seconds the grid area shows.
  public var duration: EpochSeconds { EpochSeconds(gridColumns) * secondsPerColumn }
  /// The instant at the grid area's right edge (exclusive).
  public var end: EpochSeconds { start + duration }
  /// `start..<end`.
  public var span: TimeSpan { TimeSpan(start: start, end: end) }

  /// The instant at the left edge of column `column` (extrapolated outside
  /// the grid area).
  public func time(atColumn column: Int) -> EpochSeconds {
    start + EpochSeconds(column - channelColumns) * secondsPerColumn
  }

  /// The instant in the middle of column `column`.
  public func middle(ofColumn column: Int) -> EpochSeconds {
    time(atColumn: column) + secondsPerColumn / 2
  }

  /// The column boundary at or before `instant`: a multiple of
  /// `secondsPerColumn` from `origin`.
  public func boundary(atOrBefore instant: EpochSeconds) -> EpochSeconds {
    let offset = instant - origin
    let remainder = ((offset % secondsPerColumn) + secondsPerColumn) % secondsPerColumn
    return instant - remainder
  }

  // MARK: Points

  /// Points of one hour (the layout's `hourWidth`) at `secondsPerColumn`
  /// seconds per column.
  public static func hourWidth(secondsPerColumn: Double) -> Double {
    TerminalGuideStyle.metrics.pointsPerColumn * 3600 / max(1, secondsPerColumn)
  }

  /// Points of one hour: `columnsPerHour` columns.
  public var hourWidth: Double { Self.hourWidth(secondsPerColumn: Double(secondsPerColumn)) }

  /// Whole columns from `origin` to `start`: how far the layout is scrolled.
  public var offsetColumns: Int { Int((start - origin) / secondsPerColumn) }

  /// The layout's viewport (points) for the guide area, `rows` rows high
  /// and scrolled down by `offsetRows` rows.
  public func layoutViewport(rows: Int, offsetRows: Int) -> Viewport {
    TerminalGuideStyle.viewport(
      columns: channelColumns + gridColumns, rows: rows, offsetColumns: offsetColumns,
      offsetRows: offsetRows)
  }
}
