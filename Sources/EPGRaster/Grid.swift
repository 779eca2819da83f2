/// A rectangle of terminal cells, row-major; the value the rasteriser returns
/// and the front end copies to the screen.
///
/// Cell coordinates: column `x` from 0 at the left, row `y` from 0 at the top.
///
/// Text goes in through `put(_:x:y:clip:style:sanitizer:ellipsis:)`, which
/// sanitises it, measures it per grapheme cluster and never splits a wide
/// glyph; single cells through `write(_:width:x:y:style:)`. The raw
/// `subscript` setter does no wide-glyph bookkeeping.
public struct Grid: Hashable, Sendable {
  public let width: Int
  public let height: Int
  public internal(set) var cells: [Cell]

  /// A grid of `width` × `height` cells (negative sizes become 0), all `fill`.
  public init(width: Int, height: Int, fill: Cell = .blank) {
    self.width = max(0, width)
    self.height = max(0, height)
    self.cells = Array(repeating: fill, count: self.width * self.height)
  }

  /// The cell at column `x`, row `y`. Both must be in range.
  public subscript(x: Int, y: Int) -> Cell {
    get { cells[y * width + x] }
    set { cells[y * width + x] = newValue }
  }

  /// Whether (x, y) lies inside the grid.
  public func contains(x: Int, y: Int) -> Bool {
    x >= 0 && y >= 0 && x < width && y < height
  }

  /// The whole grid as a cell rectangle.
  public var bounds: CellRect { CellRect(x: 0, y: 0, width: width, height: height) }

  /// The rows as the terminal shows them: continuation cells omitted,
  /// trailing spaces kept (every line is `width` columns wide). Characters
  /// that are not safe for a terminal show as U+FFFD.
  public var lines: [String] {
    var bytes: [UInt8] = []
    bytes.reserveCapacity(width * 3)
    return (0..<height).map { y in
      bytes.removeAll(keepingCapacity: true)
      for x in 0..<width { appendText(of: self[x, y].glyph, to: &bytes) }
      return String(decoding: bytes, as: UTF8.self)
    }
  }

  /// Appends a glyph's UTF-8 (nothing for a continuation, U+FFFD if unsafe).
  func appendText(of glyph: Cell.Glyph, to bytes: inout [UInt8]) {
    guard glyph.width > 0 else { return }
    if glyph.isSafe {
      glyph.appendUTF8(to: &bytes)
    } else {
      bytes.append(contentsOf: [0xEF, 0xBF, 0xBD])
    }
  }
}
