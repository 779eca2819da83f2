import EPGLayout

// Where the programme cells go on the grid, decided before painting, and
// the hit test that uses the same placement.
extension GuideRasterizer.Painter {
  /// A cell being placed: its element's position, its snapped rectangle
  /// and whether that is a one-cell mark (the programme snaps to less than
  /// a column).
  struct PlacedCell {
    var position: Int
    var rect: CellRect
    var isMark: Bool
  }

  /// Fixes where the cells go (`cellRects`, `separatorRects`,
  /// `placedBySection`). A one-cell
  /// mark shares its column (or the separator's) with the next programme of
  /// its row, which would cover it; so the next cell gives up its first
  /// columns to the mark and a separator, at most two, when it keeps at
  /// least one. Its end never moves, so nothing after it shifts. A cell
  /// with no room (another mark) stays where it is, over the mark.
  ///
  ///     snapped      │Coronation Street│…Documentary    (the mark "Ad" is covered)
  ///     placed       │Coronation Street│…│Documentary
  mutating func placeCells(_ cells: inout [PlacedCell]) {
    // Rows top to bottom, each left to right: the layout's order already.
    let isOrdered = zip(cells, cells.dropFirst()).allSatisfy {
      ($0.rect.minY, $0.rect.minX, $0.position) < ($1.rect.minY, $1.rect.minX, $1.position)
    }
    if !isOrdered {
      cells.sort {
        ($0.rect.minY, $0.rect.minX, $0.position) < ($1.rect.minY, $1.rect.minX, $1.position)
      }
    }
    cellRects = Array(
      repeating: CellRect(x: 0, y: 0, width: 0, height: 0), count: scene.elements.count)
    separatorRects.reserveCapacity(cells.count)
    let separatorArea = screen.expanded(by: 1)
    var row = Int.min
    var firstFree: Int?  // the first column after the row's last mark and its separator
    for var cell in cells {
      if cell.rect.minY != row {
        row = cell.rect.minY
        firstFree = nil
      }
      if let free = firstFree, cell.rect.minX < free, cell.rect.maxX > free {
        // Room after the mark and its separator: give up the first columns.
        cell.rect = CellRect(
          x: free, y: cell.rect.minY, width: cell.rect.maxX - free, height: cell.rect.height)
      }
      if !cell.rect.isEmpty { firstFree = cell.isMark ? cell.rect.maxX + 1 : nil }
      cellRects[cell.position] = cell.rect
      if !cell.rect.isEmpty, !cell.rect.intersection(separatorArea).isEmpty {
        separatorRects.append(cell.rect)
        placedBySection.append((scene.elements[cell.position].indexPath.section, cell.rect))
      }
    }
  }

  /// The programme cell painted last at cell (x, y), unless a header band
  /// is painted over it there.
  mutating func cell(atColumn x: Int, row y: Int) -> IndexPath? {
    let (steps, _, _) = survey()
    for entry in steps.reversed() {
      guard case .element(let position) = entry.step else { continue }
      let element = scene.elements[position]
      switch element.kind {
      case .cell:
        if cellRects[position].contains(x: x, y: y) { return element.indexPath }
      case .sectionHeaderBackground, .hourHeaderBackground:
        if cellRect(element.frame).contains(x: x, y: y) { return nil }
      default:
        continue
      }
    }
    return nil
  }
}
