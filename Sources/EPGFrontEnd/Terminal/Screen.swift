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
    let changes = Screen.updates(from: shown, to: next)
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

  /// The cells of `next` that differ from `previous` (all of them when the
  /// sizes differ or nothing is known), row by row, left to right.
  /// Continuation cells are never sent: the wide glyph to their left covers
  /// them.
  ///
  ///     previous  | あ  |    b |      next | a | b |   b |
  ///     updates   x=0 "a", x=1 "b" (the old right half is overwritten)
  static func updates(from previous: Grid?, to next: Grid) -> [CellUpdate] {
    var changes: [CellUpdate] = []
    let full =
      previous.map { $0.width != next.width || $0.height != next.height } ?? true
    for y in 0..<next.height {
      for x in 0..<next.width {
        let cell = next[x, y]
        if case .continuation = cell.content { continue }
        if full || previous?[x, y] != cell {
          changes.append(CellUpdate(x: x, y: y, cell: cell))
        }
      }
    }
    return changes
  }
}

extension Screen {
  /// How many cells `present(next)` sends after `previous` (for tests and
  /// benchmarks).
  public static func changeCount(from previous: Grid, to next: Grid) -> Int {
    updates(from: previous, to: next).count
  }
}
