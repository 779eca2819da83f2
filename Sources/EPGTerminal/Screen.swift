import EPGRaster

/// A double buffer in front of a `TerminalBackend`: it remembers what the
/// terminal shows and sends only the cells that changed (as ratatui's
/// `Terminal` does).
public struct Screen<Backend: TerminalBackend> {
  public private(set) var backend: Backend
  /// What the terminal shows now (as far as this screen knows).
  public private(set) var shown: Grid?

  public init(backend: Backend) {
    self.backend = backend
  }

  /// Shows `next`: sends the changed cells (every cell after `invalidate()`
  /// or a size change), then flushes.
  public mutating func present(_ next: Grid) {
    let changes = Screen.changes(from: shown, to: next)
    if !changes.isEmpty { backend.draw(changes) }
    backend.flush()
    shown = next
  }

  /// Forgets what the terminal shows, so the next `present` redraws all.
  public mutating func invalidate() {
    shown = nil
  }

  /// Reads the next event from the backend.
  public mutating func nextEvent(timeoutMilliseconds: Int) -> InputEvent? {
    backend.nextEvent(timeoutMilliseconds: timeoutMilliseconds)
  }
}

extension Screen {
  /// The cells to send to a terminal showing `previous` (nothing known: all
  /// of them), by `Grid.changes(from:)`'s rules.
  static func changes(from previous: Grid?, to next: Grid) -> [CellChange] {
    guard let previous else { return next.changes(from: Grid(width: 0, height: 0)) }
    return next.changes(from: previous)
  }

  /// How many cells `present(next)` sends after `previous` (for tests and
  /// benchmarks).
  public static func changeCount(from previous: Grid, to next: Grid) -> Int {
    changes(from: previous, to: next).count
  }
}
