import EPGLayout
import EPGRaster
import EPGTestSupport
import Testing

@Suite struct GuideStyleTests {
  /// 20:40: News is past, The One Show and the film are on now, Newsnight is
  /// selected, EastEnders is a series.
  var fixture: GuideFixture {
    var fixture = GuideFixture.standard
    fixture.now = GuideFixture.eight + 40 * 60
    fixture.selected = IndexPath(item: 1, section: 1)
    fixture.channels[0].programmes[2].label.genre = .series
    return fixture
  }

  @Test func monochromeStatesUseAttributesOnly() {
    let grid = fixture.render(fixture.layout(columns: 50, rows: 5), theme: .monochrome)
    expectGrid(
      grid,
      """
      Mon 30 Nov    20:00          20:30          21:00
      ─────────────┬──────────────┬────▼─────────┬──────
      BBC One      │News          │The One Show  │EastE…
                   ├──────────────┴────╋────┬────┼────┬─
      BBC Two      │Film: The Big Sleep┃    │Newsnight│…
      """)
    // News past: dim. The One Show on now (1/3 elapsed of 14 columns → 5
    // underlined), the now line in bold over its "O". The film on now, 4/5
    // elapsed (19 of 24 columns), the now line (bold) in its blank part.
    // Newsnight selected: reverse.
    #expect(
      grid.styleDescription == """
        row 0: 0..<10 bold, 10..<14 plain, 14..<19 bold, 19..<44 plain, 44..<49 bold, 49..<50 plain
        row 1: 0..<33 plain, 33..<34 bold, 34..<50 plain
        row 2: 0..<7 bold, 7..<14 plain, 14..<28 dim, 28..<29 plain, 29..<34 bold underline, 34..<43 bold, 43..<50 plain
        row 3: 0..<33 plain, 33..<34 bold, 34..<50 plain
        row 4: 0..<7 bold, 7..<14 plain, 14..<33 bold underline, 33..<38 bold, 38..<39 plain, 39..<48 reverse, 48..<50 plain
        """)
  }

  @Test func colourThemeColoursBandsAndGenres() {
    let grid = fixture.render(fixture.layout(columns: 50, rows: 5), theme: .colour)
    let row2 = grid.styleDescription.split(separator: "\n")[2]
    // Channel name bright white on blue, the past programme dim, EastEnders
    // in the series colour (bright green, 10).
    #expect(
      row2.hasPrefix("row 2: 0..<7 fg=15 bg=4 bold, 7..<13 bg=4, 13..<14 fg=8 bg=4, 14..<28 dim"))
    #expect(row2.hasSuffix("44..<50 fg=10"))
    #expect(grid[0, 0].style == Theme.colour.dateLabel)
    #expect(grid[33, 1].style.foreground == .red)  // the now indicator
  }

  @Test func everyGenreHasADistinctColour() {
    let colours = Genre.allCases.compactMap { Theme.colour.genreColours[$0] }
    #expect(colours.count == Genre.allCases.count)
    #expect(Set(colours).count == colours.count)
    #expect(Theme.monochrome.genreColours.isEmpty)
  }

  @Test func themeStyleCombinesStateAndGenre() {
    var label = ProgrammeLabel(title: "x", genre: .movie, state: .past)
    #expect(Theme.colour.style(for: label) == Style(foreground: .magenta, attributes: .dim))
    label.state = .now
    label.isSelected = true
    #expect(Theme.monochrome.style(for: label) == Style(attributes: [.bold, .reverse]))
  }

  @Test func aMutedProgrammeIsDimWithoutItsGenreColour() {
    var label = ProgrammeLabel(title: "x", genre: .movie, isMuted: true)
    #expect(Theme.colour.style(for: label) == Style(attributes: .dim))
    label.isSelected = true
    #expect(Theme.colour.style(for: label) == Style(attributes: [.dim, .reverse]))
    #expect(Theme.monochrome.style(for: label) == Style(attributes: [.dim, .reverse]))
    // The singled-out genre is bold, past programmes of it too, so they
    // differ from muted ones without colours.
    let past = ProgrammeLabel(title: "x", genre: .movie, state: .past, isEmphasised: true)
    #expect(Theme.monochrome.style(for: past) == Style(attributes: [.dim, .bold]))
    #expect(
      Theme.colour.style(for: past) == Style(foreground: .magenta, attributes: [.dim, .bold]))
  }

  @Test func terminalRasterizerFollowsTheTerminal() {
    #expect(GuideRasterizer.terminal(utf8: true, colour: true).glyphs == .unicode)
    #expect(GuideRasterizer.terminal(utf8: true, colour: true, asciiLines: true).glyphs == .ascii)
    let plain = GuideRasterizer.terminal(utf8: false, colour: false)
    #expect(plain.glyphs == .ascii && plain.sanitizer == .ascii && plain.theme == .monochrome)
  }

  @Test func asciiTerminalShowsOnlyASCII() {
    let wide = GuideFixture(channels: [("ＮＨＫ", [GuideFixture.p(0, 30, "ニュース")])])
    let rasterizer = GuideRasterizer.terminal(utf8: false, colour: false)
    let grid = rasterizer.render(wide.layout(columns: 30, rows: 3), content: wide)
    #expect(grid.plainText().unicodeScalars.allSatisfy { $0.isASCII })
    expectGrid(
      grid,
      """
      Mon 30 Nov    20:00
      -------------+---------v----+-
      ???          |????     !    |
      """)
  }
}
