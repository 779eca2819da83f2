/// A terminal size in cells: `columns` wide and `rows` high.
public struct CellSize: Hashable, Sendable, CustomStringConvertible {
  public var columns: Int
  public var rows: Int

  public init(columns: Int, rows: Int) {
    self.columns = max(0, columns)
    self.rows = max(0, rows)
  }

  /// `100x30` form.
  public var description: String { "\(columns)x\(rows)" }

  /// Parses `COLUMNSxROWS` (e.g. `100x30`); nil when malformed or outside
  /// 1...1000 in either direction.
  public init?(parsing text: String) {
    let parts = text.lowercased().split(separator: "x")
    guard parts.count == 2, let columns = Int(parts[0]), let rows = Int(parts[1]),
      (1...1000).contains(columns), (1...1000).contains(rows)
    else { return nil }
    self.init(columns: columns, rows: rows)
  }
}
