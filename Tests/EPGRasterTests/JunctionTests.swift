import EPGLayout
import EPGTestSupport
import Testing

@testable import EPGRaster

/// Lines from hand-built layout elements: junctions where lines cross, meet
/// and end, in both glyph sets.
@Suite struct JunctionTests {
  struct NoContent: GuideContent {
    func channelName(section: Int) -> String { "" }
    func programme(at indexPath: IndexPath) -> ProgrammeLabel? { nil }
    func timeLabel(for instant: EpochSeconds) -> String { "" }
    func dateLabel(for instant: EpochSeconds) -> String { "" }
  }

  /// A vertical line in column `x` over rows `rows` (20 pt cells: its centre
  /// sits on the boundary after column x).
  func vertical(_ x: Int, _ rows: Range<Int>) -> LayoutElement {
    LayoutElement(
      kind: .verticalGridline, indexPath: IndexPath(item: x, section: 0),
      frame: Rect(
        x: Double(x + 1) * 20 - 0.5, y: Double(rows.lowerBound) * 20, width: 1,
        height: Double(rows.count) * 20), zIndex: 1)
  }

  func horizontal(_ y: Int, _ columns: Range<Int>) -> LayoutElement {
    LayoutElement(
      kind: .horizontalGridline, indexPath: IndexPath(item: 0, section: y),
      frame: Rect(
        x: Double(columns.lowerBound) * 20, y: Double(y + 1) * 20 - 0.5,
        width: Double(columns.count) * 20, height: 1), zIndex: 0)
  }

  func render(
    _ elements: [LayoutElement], glyphs: GlyphSet = .unicode, columns: Int = 12, rows: Int = 8
  ) -> Grid {
    let scene = GuideScene(
      elements: elements,
      viewport: Viewport(size: Size(width: Double(columns) * 20, height: Double(rows) * 20)))
    return GuideRasterizer(glyphs: glyphs, theme: .monochrome).render(scene, content: NoContent())
  }

  var boxes: [LayoutElement] {
    [
      horizontal(1, 1..<11), horizontal(3, 1..<11), horizontal(5, 1..<11),
      vertical(1, 1..<6), vertical(10, 1..<6), vertical(5, 1..<4), vertical(7, 3..<6),
      vertical(3, 0..<1), horizontal(6, 3..<6), vertical(8, 6..<8),
    ]
  }

  @Test func crossingsTeesAndCorners() {
    expectGrid(
      render(boxes),
      """
         │
       ┌─┴─┬────┐
       │   │    │
       ├───┴─┬──┤
       │     │  │
       └─────┴┬─┘
         ───  │
              │
      """)
  }

  @Test func asciiSet() {
    expectGrid(
      render(boxes, glyphs: .ascii),
      """
         |
       +-+-+----+
       |   |    |
       +---+-+--+
       |     |  |
       +-----++-+
         ---  |
              |
      """)
  }

  @Test func drawingOrderDoesNotMatter() {
    let forward = render(boxes)
    let backward = render(boxes.reversed())
    #expect(forward == backward)
  }

  @Test func linesClippedByTheScreenContinueOffIt() {
    // Lines from far outside the screen show no ends.
    let grid = render([horizontal(2, -50..<50), vertical(4, -10..<30)], columns: 8, rows: 5)
    expectGrid(
      grid,
      """
          │
          │
      ────┼───
          │
          │
      """)
  }

  @Test func maskMergingAndGlyphs() {
    let cross = LineMask.horizontal().merging(.vertical())
    #expect(cross.shape == 15)
    #expect(GlyphSet.unicode.glyph(for: cross) == "┼")
    #expect(GlyphSet.unicode.glyph(for: LineMask(right: .light, down: .light)) == "┌")
    #expect(GlyphSet.unicode.glyph(for: LineMask(up: .heavy, left: .light)) == "┛")
    #expect(GlyphSet.unicode.glyph(for: .vertical(.double)) == "║")
    #expect(GlyphSet.unicode.glyph(for: LineMask(left: .light)) == "─")
    #expect(GlyphSet.unicode.glyph(for: .none) == " ")
    #expect(GlyphSet.ascii.glyph(for: cross) == "+")
    #expect(GlyphSet.ascii.glyph(for: .vertical(.heavy)) == "!")
    var mask = LineMask.none
    mask[.down] = .heavy
    #expect(mask[.down] == .heavy && mask[.up] == .none)
    #expect(mask.merging(LineMask(down: .light))[.down] == .heavy)
    for arm in LineMask.Arm.allCases { #expect(arm.opposite.opposite == arm) }
  }
}
