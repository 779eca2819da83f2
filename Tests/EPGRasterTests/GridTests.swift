import EPGTestSupport
import Testing

@testable import EPGRaster

@Suite struct GridTests {
  func row(_ grid: Grid, _ y: Int = 0) -> String { grid.lines[y] }

  @Test func textFitsOrEndsWithEllipsis() {
    var grid = Grid(width: 10, height: 1)
    #expect(grid.put("News", x: 0, y: 0, clip: 0..<4, style: .plain) == 4)
    #expect(row(grid) == "News      ")
    grid = Grid(width: 10, height: 1)
    #expect(grid.put("Newsnight", x: 0, y: 0, clip: 0..<5, style: .plain) == 5)
    #expect(row(grid) == "News…     ")
    grid = Grid(width: 10, height: 1)
    grid.put("News at Ten", x: 2, y: 0, clip: 2..<8, style: .plain)
    #expect(row(grid) == "  News…   ")
    grid = Grid(width: 10, height: 1)
    grid.put("Newsnight", x: 0, y: 0, clip: 0..<5, style: .plain, ellipsis: nil)
    #expect(row(grid) == "Newsn     ")
  }

  @Test func wideGlyphsAreNeverSplit() {
    // ratatui's set_string_double_width, with an ellipsis.
    var grid = Grid(width: 8, height: 1)
    grid.put("コンピュータ", x: 0, y: 0, clip: 0..<5, style: .plain)
    expectGrid(grid, "コン…")
    grid = Grid(width: 8, height: 1)
    grid.put("コンピュータ", x: 0, y: 0, clip: 0..<4, style: .plain)
    expectGrid(grid, "コ…")
    #expect(grid[1, 0].isContinuation)
    grid = Grid(width: 8, height: 1)
    grid.put("コンピ", x: 0, y: 0, clip: 0..<5, style: .plain, ellipsis: nil)
    expectGrid(grid, "コン")
    // A wide glyph at the grid's right edge becomes a space.
    grid = Grid(width: 3, height: 1)
    grid.write("あ", width: 2, x: 2, y: 0, style: .plain)
    #expect(grid[2, 0].content == .grapheme(" ", width: 1))
  }

  @Test func clipLeftOfWideGlyphShowsSpace() {
    var grid = Grid(width: 6, height: 1, fill: Cell("."))
    grid.put("あいう", x: -1, y: 0, clip: 0..<6, style: .plain)
    expectGrid(grid, " いう.")
  }

  @Test func overwritingHalfAWideGlyphBlanksTheOtherHalf() {
    var grid = Grid(width: 6, height: 1)
    grid.put("あいう", x: 0, y: 0, style: .plain)
    grid.write("x", width: 1, x: 1, y: 0, style: .plain)  // right half of あ
    grid.write("y", width: 1, x: 2, y: 0, style: .plain)  // left half of い
    expectGrid(grid, " xy う")
    #expect(grid[3, 0].content == .grapheme(" ", width: 1))
    var filled = Grid(width: 6, height: 1)
    filled.put("あいう", x: 0, y: 0, style: .plain)
    filled.fill(CellRect(x: 1, y: 0, width: 2, height: 1), style: .plain)
    expectGrid(filled, "    う")
    for x in 0..<6 where filled[x, 0].isContinuation {
      #expect(filled[x - 1, 0].width == 2)
    }
  }

  @Test func cellsKeepClustersUpTo15Bytes() {
    let combining = Cell("e\u{301}\u{302}")
    #expect(combining.content == .grapheme("e\u{301}\u{302}", width: 1))
    let flag = Cell(content: .grapheme("🇯🇵", width: 2))
    #expect(flag.content == .grapheme("🇯🇵", width: 2) && flag.width == 2)
    // 18 bytes: kept as the first scalar, same width.
    let family = Cell(content: .grapheme("👨‍👩‍👧", width: 2))
    #expect(family.content == .grapheme("👨", width: 2))
    #expect(Cell(content: .continuation).isContinuation)
    #expect(Cell.blank == Cell(" "))
  }

  @Test func restOfRowStaysAligned() {
    var grid = Grid(width: 12, height: 2)
    grid.put("ニュース７", x: 0, y: 0, clip: 0..<7, style: .plain)
    grid.put("|next", x: 7, y: 0, style: .plain)
    grid.put("abcdefg|next", x: 0, y: 1, style: .plain)
    expectGrid(
      grid,
      """
      ニュー…|next
      abcdefg|next
      """)
  }

  @Test func plainTextTrimsOrKeepsTrailingSpaces() {
    var grid = Grid(width: 5, height: 2)
    grid.put("ab", x: 0, y: 0, style: .plain)
    #expect(grid.plainText() == "ab\n")
    #expect(grid.plainText(trimmingTrailingSpaces: false) == "ab   \n     ")
    #expect(grid.lines == ["ab   ", "     "])
  }

  @Test func ansiTextSetsStylesAndResetsAtLineEnds() {
    var grid = Grid(width: 6, height: 2)
    grid.put("ab", x: 0, y: 0, style: Style(foreground: .red, attributes: .bold))
    grid.put("c", x: 2, y: 0, style: Style(background: .ansi(12), attributes: .reverse))
    grid.put("d", x: 0, y: 1, style: .plain)
    let esc = "\u{1B}"
    #expect(
      grid.ansiText()
        == "\(esc)[0;1;31mab\(esc)[0;7;104mc\(esc)[0m   \nd     ")
  }

  @Test func outputNeverCarriesRawControlCharacters() {
    var grid = Grid(width: 4, height: 1)
    grid[0, 0] = Cell("\u{1B}")  // bypasses the sanitiser on purpose
    grid[1, 0] = Cell("\u{9B}")
    #expect(grid.plainText() == "\u{FFFD}\u{FFFD}")
    #expect(!grid.ansiText().contains("\u{9B}"))
    #expect(!grid.ansiText().contains("\u{1B}"))
    #expect(grid.lines[0].first == "\u{FFFD}")
  }

  @Test func changesListOnlyWhatDiffers() {
    var previous = Grid(width: 4, height: 2)
    previous.put("abcd", x: 0, y: 0, style: .plain)
    var next = previous
    next.put("X", x: 2, y: 0, style: .plain)
    next.put("Y", x: 3, y: 1, style: Style(attributes: .bold))
    #expect(
      next.changes(from: previous) == [
        CellChange(x: 2, y: 0, cell: Cell("X")),
        CellChange(x: 3, y: 1, cell: Cell("Y", style: Style(attributes: .bold))),
      ])
    #expect(next.changes(from: next).isEmpty)
  }

  @Test func changesSkipContinuationsAndRepaintAfterWideGlyphs() {
    let blank = Grid(width: 4, height: 1)
    var wide = blank
    wide.put("あい", x: 0, y: 0, style: .plain)
    // Wide glyphs: lead cells only.
    #expect(wide.changes(from: blank).map(\.x) == [0, 2])
    // Wide replaced by narrow: the column the glyph covered is repainted.
    var narrow = wide
    narrow.write("a", width: 1, x: 0, y: 0, style: .plain)
    #expect(narrow.changes(from: wide).map(\.x) == [0, 1])
    #expect(narrow.lines == ["a い"])
    // A size change redraws everything.
    #expect(Grid(width: 2, height: 1).changes(from: blank).count == 2)
  }

  @Test func styleDescriptionListsRuns() {
    var grid = Grid(width: 6, height: 2)
    grid.fill(CellRect(x: 0, y: 0, width: 2, height: 1), style: Style(attributes: .reverse))
    grid.fill(
      CellRect(x: 2, y: 0, width: 2, height: 1),
      style: Style(foreground: .red, background: .blue, attributes: [.bold, .dim]))
    #expect(grid.styleDescription == "row 0: 0..<2 reverse, 2..<4 fg=1 bg=4 bold dim, 4..<6 plain")
  }
}
