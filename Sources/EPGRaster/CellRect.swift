/// A rectangle of terminal cells: columns `x..<x+width`, rows `y..<y+height`.
/// Origin at the top-left cell of the grid; may extend beyond the grid.
public struct CellRect: Hashable, Sendable, CustomStringConvertible {
  public var x: Int
  public var y: Int
  public var width: Int
  public var height: Int

  public init(x: Int, y: Int, width: Int, height: Int) {
    self.x = x
    self.y = y
    self.width = max(0, width)
    self.height = max(0, height)
  }

  public var minX: Int { x }
  public var minY: Int { y }
  /// One past the last column.
  public var maxX: Int { x + width }
  /// One past the last row.
  public var maxY: Int { y + height }
  public var isEmpty: Bool { width == 0 || height == 0 }

  /// Whether cell (x, y) lies inside.
  public func contains(x: Int, y: Int) -> Bool {
    x >= minX && x < maxX && y >= minY && y < maxY
  }

  /// The cells both rectangles cover (empty when they do not meet).
  public func intersection(_ other: CellRect) -> CellRect {
    let left = max(minX, other.minX)
    let top = max(minY, other.minY)
    let right = min(maxX, other.maxX)
    let bottom = min(maxY, other.maxY)
    return CellRect(x: left, y: top, width: right - left, height: bottom - top)
  }

  /// `WxH+X+Y`, as ratatui prints a `Rect`.
  public var description: String { "\(width)x\(height)+\(x)+\(y)" }
}
