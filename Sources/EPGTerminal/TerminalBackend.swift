import EPGRaster

/// The only seam between the app and a terminal. Two implementations exist:
/// `NcursesBackend` (the real terminal) and `TestBackend` (in memory).
///
/// Coordinates are cells, origin at the top-left corner of the screen.
public protocol TerminalBackend {
  /// The current size of the screen.
  var size: CellSize { get }
  /// Writes the changed cells (not yet visible until `flush`).
  mutating func draw(_ changes: [CellChange])
  /// Makes everything drawn so far visible.
  mutating func flush()
  /// Waits up to `timeoutMilliseconds` for input; nil on timeout. A negative
  /// timeout waits for ever.
  mutating func nextEvent(timeoutMilliseconds: Int) -> InputEvent?
}
