import EPGLayout
import EPGRaster
import EPGTestSupport
import Testing

/// Invariants over many scroll positions, both header layout types and both
/// glyph sets (swift-collections style sweeps), and a large terminal.
@Suite struct GuideInvariantTests {
  /// No wide glyph is ever split: every continuation follows a width-2 lead.
  func expectWholeGlyphs(_ grid: Grid, sourceLocation: SourceLocation = #_sourceLocation) {
    for y in 0..<grid.height {
      for x in 0..<grid.width where grid[x, y].isContinuation {
        #expect(x > 0 && grid[x - 1, y].width == 2, sourceLocation: sourceLocation)
      }
      if let last = grid.width > 0 ? grid[grid.width - 1, y] : nil {
        #expect(last.width != 2, sourceLocation: sourceLocation)
      }
    }
  }

  static let sweep: [(GuideLayout.HeaderLayoutType, Bool)] = [
    (.timeRowAboveDayColumn, false), (.timeRowAboveDayColumn, true),
    (.dayColumnAboveTimeRow, false), (.dayColumnAboveTimeRow, true),
  ]

  @Test(arguments: sweep)
  func stickyHeadersAtEveryOffset(type: GuideLayout.HeaderLayoutType, ascii: Bool) {
    let fixture = GuideFixture.standard
    let configuration = TerminalGuideStyle.configuration(headerLayoutType: type)
    let lineGlyphs: Set<Character> =
      ascii ? ["|", "+", "!"] : ["│", "├", "┤", "┼", "┬", "┴", "┃", "╋"]
    for columnOffset in stride(from: 0, to: 90, by: 4) {
      for rowOffset in 0..<6 {
        let grid = fixture.render(
          fixture.layout(
            columns: 44, rows: 9, offsetColumns: columnOffset, offsetRows: rowOffset,
            configuration: configuration), glyphs: ascii ? .ascii : .unicode)
        let lines = grid.lines
        // The date stays in the corner; the rule stays on row 1.
        #expect(lines[0].hasPrefix("Mon 30 Nov   "))
        #expect(lines[1].hasPrefix(type == .timeRowAboveDayColumn ? (ascii ? "-" : "─") : " "))
        // The channel column's line runs down column 13 below the hour row.
        for y in 2..<grid.height {
          let cell = grid[13, y]
          if case .grapheme(let character, _) = cell.content {
            #expect(lineGlyphs.contains(character), "row \(y) at +\(columnOffset)+\(rowOffset)")
          }
        }
        // Every channel row below the hour row shows its name.
        for (section, channel) in fixture.channels.enumerated() {
          let y = 2 + 2 * section - rowOffset
          guard y >= 2 && y < grid.height else { continue }
          #expect(lines[y].hasPrefix(channel.name))
        }
        // Hour labels start on half-hour boundaries right of the column.
        let row0 = Array(lines[0])
        for x in 14..<(row0.count - 1) where row0[x].isNumber && row0[x - 1] == " " {
          #expect((x - 14 + columnOffset) % 15 == 0, "label at \(x), +\(columnOffset)")
        }
        expectWholeGlyphs(grid)
      }
    }
  }

  @Test func largeTerminal() {
    // 40 channels × 8 hours of half-hour programmes, 200 × 60 cells.
    let channels = (0..<40).map { channel in
      (
        name: "Channel \(channel + 1)",
        programmes: (0..<16).map { slot in
          GuideFixture.p(slot * 30, slot * 30 + 30, "Programme \(channel).\(slot)")
        }
      )
    }
    let fixture = GuideFixture(channels: channels)
    let grid = fixture.render(fixture.layout(columns: 200, rows: 60))
    #expect(grid.width == 200 && grid.height == 60)
    let lines = grid.lines
    // 29 channel rows fit below the two-row hour row.
    for section in 0..<29 { #expect(lines[2 + 2 * section].hasPrefix("Channel \(section + 1) ")) }
    // Labels every 15 columns from 20:00 to 02:00 (6 h 10 min on screen).
    let labels = lines[0].split(separator: " ").dropFirst(3)
    #expect(labels.first == "20:00" && labels.last == "02:00" && labels.count == 13)
    // Ticks under every label, on the rule.
    let rule = Array(lines[1])
    for k in 0..<13 { #expect(rule[13 + 15 * k] == "┬" || rule[13 + 15 * k] == "┼") }
    // Half-hour programmes: a separator every 15 columns in each channel row.
    let row = Array(lines[4])
    for k in 0..<13 { #expect(row[13 + 15 * k] == "│" || row[13 + 15 * k] == "┃") }
    expectWholeGlyphs(grid)
  }

  @Test func handBuiltSceneWithFloatingTitle() {
    // The core entry point without a GuideLayout: a channel column 6 cells
    // wide and one programme from column 2 to 20 whose title floats at the
    // grid's left edge (column 6), as the layout's overlay element says.
    let elements = [
      LayoutElement(
        kind: .sectionHeaderBackground, indexPath: IndexPath(item: 0, section: 0),
        frame: Rect(x: 0, y: 0, width: 120, height: 40), zIndex: 1005),
      LayoutElement(
        kind: .sectionHeader, indexPath: IndexPath(item: 0, section: 0),
        frame: Rect(x: 0, y: 0, width: 120, height: 20), zIndex: 1006),
      LayoutElement(
        kind: .cell, indexPath: IndexPath(item: 0, section: 0),
        frame: Rect(x: 40, y: 0, width: 360, height: 20), zIndex: 100),
      LayoutElement(
        kind: .floatingItemOverlay, indexPath: IndexPath(item: 0, section: 0),
        frame: Rect(x: 120, y: 0, width: 20, height: 20), zIndex: 101),
    ]
    let fixture = GuideFixture(channels: [("BBC One", [GuideFixture.p(0, 60, "Big Night In")])])
    let scene = GuideScene(
      elements: elements, viewport: Viewport(size: Size(width: 440, height: 40)))
    let grid = GuideRasterizer(theme: .monochrome).render(scene, content: fixture)
    expectGrid(
      grid,
      """
      BBC… │Big Night In  │
           │
      """)
  }
}
