/// One cell that changed between two grids: what the front end writes to
/// the terminal at column `x`, row `y`.
public struct CellChange: Hashable, Sendable {
  public var x: Int
  public var y: Int
  public var cell: Cell

  public init(x: Int, y: Int, cell: Cell) {
    self.x = x
    self.y = y
    self.cell = cell
  }
}

extension Grid {
  /// The cells to write to turn a screen showing `previous` into this grid,
  /// row by row, left to right (ratatui's `Buffer::diff` rules):
  ///
  /// - Continuation cells are never listed: writing the wide glyph to their
  ///   left covers them.
  /// - When a wide glyph is replaced by narrower content, the column it
  ///   covered is listed too, as the terminal must repaint it: that cell
  ///   was a continuation, which no other cell equals.
  ///
  ///         previous  [コ,2][cont]      next  [a][b]
  ///         changes   (0, a), (1, b)
  ///
  /// - If the sizes differ, every cell is listed (a full redraw).
  public func changes(from previous: Grid) -> [CellChange] {
    var result: [CellChange] = []
    let sameSize = previous.width == width && previous.height == height
    for y in 0..<height {
      for x in 0..<width {
        let index = y * width + x
        let next = cells[index]
        if (!sameSize || previous.cells[index] != next) && !next.isContinuation {
          result.append(CellChange(x: x, y: y, cell: next))
        }
      }
    }
    return result
  }
}
