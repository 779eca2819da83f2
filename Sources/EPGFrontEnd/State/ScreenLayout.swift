/// Where each part of the screen goes, in cells (origin at the top-left).
///
///     row 0          top bar: app name, date in view, clock
///     row 1          day bar: the guide's days, the day in view marked
///     rows 2, 3      time row: hour and half-hour labels, then a rule
///     rows 4..<h-2   channel rows, one per channel
///     row h-2        info line: the selected programme
///     row h-1        status line: keys, messages, search state
///
/// The channel column is on the left of the channel rows and the time row.
public struct ScreenLayout: Hashable, Sendable {
  public var size: CellSize
  /// The channel column's width asked for (`channel_width`, `<` `>`), in
  /// columns, its line included; nil for the default.
  public var channelWidth: Int?

  public init(size: CellSize, channelWidth: Int? = nil) {
    self.size = size
    self.channelWidth = channelWidth
  }

  public var topBarRow: Int { 0 }
  public var dayBarRow: Int { 1 }
  public var timeRow: Int { 2 }
  /// Rows of the time row (labels and the rule under them).
  public var timeRowHeight: Int { 2 }
  /// First row of the channel rows.
  public var guideTop: Int { timeRow + timeRowHeight }
  /// Number of channel rows shown (at least 1).
  public var guideRows: Int { max(1, size.rows - guideTop - 2) }
  public var infoRow: Int { max(0, size.rows - 2) }
  public var statusRow: Int { max(0, size.rows - 1) }
  /// Width of the channel column, separator included: `channelWidth`
  /// (at least 6, and never more than half the screen, so the grid keeps
  /// the other half), else a sixth of the screen, 10 to 20 columns.
  public var channelColumnWidth: Int {
    guard let channelWidth else { return min(20, max(10, size.columns / 6)) }
    return min(max(6, channelWidth), max(6, size.columns / 2))
  }
  /// Number of time columns right of the channel column (at least 1).
  public var gridColumns: Int { max(1, size.columns - channelColumnWidth) }
  /// First row of a list view's content (below its title row).
  public var listTop: Int { 2 }
  /// Rows of a list view's content (at least 1).
  public var listRows: Int { max(1, size.rows - 3) }
  /// Rows of a full-screen text view's content (details, help), between
  /// the top bar and the status line (at least 1).
  public var textRows: Int { max(1, size.rows - 2) }
  /// Whether the screen is too small for the guide.
  public var isTooSmall: Bool { size.columns < 20 || size.rows < 7 }
}
