import EPGSchedule
import EPGTestSupport
import Testing

@testable import EPGRaster

/// `LineCanvas.horizontalLine` skips reading cells that hold neither a line
/// nor text; these tests compare it with the same line added one cell at a
/// time through `addLine`, over random fills, text (some wide) and lines.
@Suite struct HorizontalLineTests {
  /// The line as `horizontalLine` documents it, one `addLine` per cell.
  static func referenceLine(
    _ canvas: inout LineCanvas, y: Int, columns: Range<Int>, style: Style
  ) {
    guard !columns.isEmpty else { return }
    for x in columns {
      var mask = LineMask.horizontal(.light)
      if columns.count > 1, x == columns.lowerBound { mask = LineMask(right: .light) }
      if columns.count > 1, x == columns.upperBound - 1 { mask = LineMask(left: .light) }
      canvas.addLine(mask, x: x, y: y, style: style)
    }
  }

  @Test(arguments: 0..<60)
  func matchesLinesAddedCellByCell(seed: Int) {
    var random = SplitMix64(seed: UInt64(seed) &+ 1000)
    let width = 10 + random.next(50)
    let height = 2 + random.next(10)
    var fast = LineCanvas(width: width, height: height)
    var reference = LineCanvas(width: width, height: height)
    let texts = ["News", "ニュース７", "a界b", "界", "Film: The Big Sleep", "x"]
    let styles: [Style] = [
      .plain, Style(foreground: .ansi(2), background: .ansi(4), attributes: .bold),
      Style(foreground: .default, background: .ansi(1), attributes: []),
    ]
    for _ in 0..<(5 + random.next(40)) {
      let style = styles[random.next(styles.count)]
      let x = random.next(width + 4) - 2
      let y = random.next(height)
      switch random.next(6) {
      case 0:
        let rect = CellRect(x: x, y: y, width: random.next(width), height: 1 + random.next(3))
        fast.fill(rect, style: style)
        reference.fill(rect, style: style)
      case 1, 2:
        let text = texts[random.next(texts.count)]
        let clip = x..<(x + 1 + random.next(width))
        fast.put(
          text, x: x, y: y, clip: clip, style: style, sanitizer: .unicode, ellipsis: "…")
        reference.put(
          text, x: x, y: y, clip: clip, style: style, sanitizer: .unicode, ellipsis: "…")
      case 3:
        let rows = (y - 1)..<(y + 1 + random.next(height))
        fast.verticalLine(x: x, rows: rows, style: style)
        reference.verticalLine(x: x, rows: rows, style: style)
      default:
        let columns = x..<(x + 1 + random.next(width))
        fast.horizontalLine(y: y, columns: columns, style: style)
        Self.referenceLine(
          &reference, y: y, columns: columns, style: style)
      }
    }
    #expect(fast.masks == reference.masks)
    #expect(fast.isText == reference.isText)
    #expect(fast.grid.cells == reference.grid.cells)
  }
}
