import EPGLayout
import EPGRaster
import EPGTestSupport
import Testing

/// Whole guide areas rendered from the real layout with the terminal
/// configuration, compared as pictures (monochrome; styles are checked in
/// `GuideStyleTests`).
@Suite struct GuidePictureTests {
  let fixture = GuideFixture.standard

  func render(
    columns: Int, rows: Int, offset: (Int, Int) = (0, 0),
    type: GuideLayout.HeaderLayoutType = .timeRowAboveDayColumn, glyphs: GlyphSet = .unicode
  ) -> Grid {
    let configuration = TerminalGuideStyle.configuration(headerLayoutType: type)
    return fixture.render(
      fixture.layout(
        columns: columns, rows: rows, offsetColumns: offset.0, offsetRows: offset.1,
        configuration: configuration), glyphs: glyphs)
  }

  @Test func timeRowAboveDayColumn() {
    expectGrid(
      render(columns: 80, rows: 12),
      """
      Mon 30 Nov    20:00          20:30          21:00          21:30          22:00
      ─────────────┬─────────▼────┬──────────────┬──────────────┬──────────────┬──────
      BBC One      │News     ┃    │The One Show  │EastEnders    │Match of the Day
                   ├─────────╋────┴─────────┬────┼────┬─────────┴──────────────┼────┬─
      BBC Two      │Film: The Big Sleep     │Newsnight│Gardeners' World             │…
                   ├─────────╋──────────────┴────┼─┬──┴────────────────────────┼────┴─
      ITV1         │Coronation Street            │…│Documentary                │News…
                   ├─────────╋───────────────────┼─┴───────────────────────────┼──────
      Channel 4    │Big Night In
                   │
                   │
                   │
      """)
  }

  @Test func dayColumnAboveTimeRow() {
    // Same frames; only the corner differs: the channel column's line runs
    // through it instead of the hour row's rule.
    expectGrid(
      render(columns: 80, rows: 12, type: .dayColumnAboveTimeRow),
      """
      Mon 30 Nov   │20:00          20:30          21:00          21:30          22:00
                   ├─────────▼────┬──────────────┬──────────────┬──────────────┬──────
      BBC One      │News     ┃    │The One Show  │EastEnders    │Match of the Day
                   ├─────────╋────┴─────────┬────┼────┬─────────┴──────────────┼────┬─
      BBC Two      │Film: The Big Sleep     │Newsnight│Gardeners' World             │…
                   ├─────────╋──────────────┴────┼─┬──┴────────────────────────┼────┴─
      ITV1         │Coronation Street            │…│Documentary                │News…
                   ├─────────╋───────────────────┼─┴───────────────────────────┼──────
      Channel 4    │Big Night In
                   │
                   │
                   │
      """)
  }

  @Test(arguments: GuideLayout.HeaderLayoutType.allCases)
  func stickyHeadersScrolledRightAndDown(type: GuideLayout.HeaderLayoutType) {
    // 90 minutes right, one channel down: titles of programmes that began
    // off-screen float at the grid's left edge; the timeline ends at 23:00.
    let corner =
      type == .timeRowAboveDayColumn
      ? "─────────────┬──────────────┬────┬─────────┬──────────────┬─"
      : "             ├──────────────┬────┬─────────┬──────────────┬─"
    let dateRow =
      type == .timeRowAboveDayColumn
      ? "Mon 30 Nov    21:30          22:00          22:30"
      : "Mon 30 Nov   │21:30          22:00          22:30"
    expectGrid(
      render(columns: 60, rows: 8, offset: (45, 2), type: type),
      """
      \(dateRow)
      \(corner)
      BBC Two      │Gardeners' World   │Later                   │
                   ├──────────────┼────┴────────────────────────┤
      ITV1         │Documentary   │News at Ten                  │
                   ├──────────────┼─────────────────────────────┤
      Channel 4    │Big Night In                                │
                   │
      """)
  }

  @Test(arguments: GuideLayout.HeaderLayoutType.allCases)
  func headersAtOneColumnOffset(type: GuideLayout.HeaderLayoutType) {
    // The 20:00 label has slid under the channel column: not shown at all.
    let top =
      type == .timeRowAboveDayColumn
      ? "Mon 30 Nov                  20:30\n─────────────┬────────▼────┬────────────"
      : "Mon 30 Nov   │              20:30\n             ├────────▼────┬────────────"
    expectGrid(
      render(columns: 40, rows: 8, offset: (1, 0), type: type),
      """
      \(top)
      BBC One      │News    ┃    │The One Show
                   ├────────╋────┴─────────┬──
      BBC Two      │Film: The Big Sleep    │N…
                   ├────────╋──────────────┴──
      ITV1         │Coronation Street
                   ├────────╋─────────────────
      """)
  }

  @Test func overscrollKeepsHeadersAtTheVisibleEdges() {
    expectGrid(
      render(columns: 50, rows: 8, offset: (-3, -1), type: .dayColumnAboveTimeRow),
      """
      Mon 30 Nov   │   20:00          20:30
                   ├──┬─────────▼────┬──────────────┬───
                   │  │         ┃                   │
      BBC One      │  │News     ┃    │The One Show  │Ea…
                   ├──┼─────────╋────┴─────────┬────┼───
      BBC Two      │  │Film: The Big Sleep     │Newsnig…
                   ├──┼─────────╋──────────────┴────┼─┬─
      ITV1         │  │Coronation Street            │…│…
      """)
  }

  @Test func scrolledPastTheEndShowsHeadersOnly() {
    expectGrid(
      render(columns: 50, rows: 8, offset: (100, 0)),
      """
      Mon 30 Nov
      ─────────────┬────────────────────────────────────
      BBC One      │
                   │
      BBC Two      │
                   │
      ITV1         │
                   │
      """)
  }

  @Test func asciiSet() {
    expectGrid(
      render(columns: 80, rows: 9, glyphs: .ascii),
      """
      Mon 30 Nov    20:00          20:30          21:00          21:30          22:00
      -------------+---------v----+--------------+--------------+--------------+------
      BBC One      |News     !    |The One Show  |EastEnders    |Match of the Day
                   +---------+----+---------+----+----+---------+--------------+----+-
      BBC Two      |Film: The Big Sleep     |Newsnight|Gardeners' World             |~
                   +---------+--------------+----+-+--+------------------------+----+-
      ITV1         |Coronation Street            |~|Documentary                |News~
                   +---------+-------------------+-+---------------------------+------
      Channel 4    |Big Night In
      """)
  }

  @Test func tinyTerminal() {
    expectGrid(
      render(columns: 20, rows: 5),
      """
      Mon 30 Nov    20:00
      ─────────────┬──────
      BBC One      │News
                   ├──────
      BBC Two      │Film:…
      """)
    expectGrid(
      render(columns: 20, rows: 5, offset: (7, 1)),
      """
      Mon 30 Nov
      ─────────────┬──▼───
                   ├──╋───
      BBC Two      │Film:…
                   ├──╋───
      """)
  }

  @Test func twoRowsPerChannelShowStartTimeAndSubTitle() {
    var guide = fixture
    guide.channels[0].programmes[1].label.subTitle = "Live from Salford"
    guide.channels[1].programmes[1].label.subTitle = "Brexit"
    let layout = guide.layout(
      columns: 80, rows: 10, configuration: TerminalGuideStyle.configuration(rowsPerChannel: 2))
    expectGrid(
      guide.render(layout),
      """
      Mon 30 Nov    20:00          20:30          21:00          21:30          22:00
      ─────────────┬─────────▼────┬──────────────┬──────────────┬──────────────┬──────
      BBC One      │News     ┃    │The One Show  │EastEnders    │Match of the Day
                   │20:00    ┃    │20:30 Live fr…│21:00         │21:30
                   ├─────────╋────┴─────────┬────┼────┬─────────┴──────────────┼────┬─
      BBC Two      │Film: The Big Sleep     │Newsnight│Gardeners' World             │…
                   │20:00    ┃              │20:50 Br…│21:10                        │…
                   ├─────────╋──────────────┴────┼─┬──┴────────────────────────┼────┴─
      ITV1         │Coronation Street            │…│Documentary                │News…
                   │20:00    ┃                   │…│21:01                      │22:00
      """)
  }

  @Test func compactRowsWithoutGridlines() {
    var guide = fixture
    guide.channels[0].programmes[0].label.subTitle = "Local"
    guide.channels[1].programmes[1].label.subTitle = "Brexit"
    let layout = guide.layout(
      columns: 80, rows: 6, configuration: TerminalGuideStyle.configuration(gridlines: false))
    // The sub-title fits after "News" and " — " only when the whole of it
    // fits; the dash sets it off, so "Local" is not read as a programme.
    expectGrid(
      guide.render(layout),
      """
      Mon 30 Nov    20:00          20:30          21:00          21:30          22:00
      ─────────────┬─────────▼────┬──────────────┬──────────────┬──────────────┬──────
      BBC One      │News — Local  │The One Show  │EastEnders    │Match of the Day
      BBC Two      │Film: The Big Sleep     │Newsnight│Gardeners' World             │…
      ITV1         │Coronation Street            │…│Documentary                │News…
      Channel 4    │Big Night In
      """)
  }

  @Test func hostileTextIsShownAsPlaceholders() {
    let hostile = GuideFixture(channels: [
      (
        "Evil\u{1B}[31mRed",
        [
          GuideFixture.p(0, 30, "\u{1B}]0;pwned\u{07}Title"),
          GuideFixture.p(30, 60, "\u{202E}txet\u{202C} \u{9B}2J\u{7F}"),
        ]
      ),
      ("Tab\tNew\nLine", [GuideFixture.p(0, 60, "A\u{0}B\r\nC")]),
    ])
    let grid = hostile.render(hostile.layout(columns: 50, rows: 5), theme: .colour)
    expectGrid(
      grid,
      """
      Mon 30 Nov    20:00          20:30          21:00
      ─────────────┬─────────▼────┬──────────────┬──────
      Evil�[31mRed │�]0;pwned�Tit…│�txet� �2J�   │
                   ├─────────╋────┴──────────────┤
      Tab�New�Line │A�B�C    ┃                   │
      """)
    // The only escape sequences in the ANSI text are the SGR ones it adds.
    let ansi = grid.ansiText()
    let unsafe = ansi.unicodeScalars.filter {
      TextSanitizer.isUnsafe($0) && $0 != "\u{1B}" && $0 != "\n"
    }
    #expect(unsafe.isEmpty)
    for part in ansi.split(separator: "\u{1B}").dropFirst() {
      let sgr = part.prefix { $0 != "m" }
      #expect(part.hasPrefix("[") && sgr.dropFirst().allSatisfy { $0.isNumber || $0 == ";" })
    }
  }

  @Test func wideAndCombiningCharactersAtCellBorders() {
    let wide = GuideFixture(channels: [
      (
        "ＮＨＫ総合",
        [
          GuideFixture.p(0, 14, "ニュース７"), GuideFixture.p(14, 30, "Cafe\u{301} Cre\u{300}me"),
          GuideFixture.p(30, 60, "⚽🇯🇵 Football"),
        ]
      ),
      (
        "日本テレビ",
        [
          GuideFixture.p(0, 12, "a\u{301}b\u{302}c\u{303}d\u{304}e\u{305}f"),
          GuideFixture.p(12, 30, "コンピュータ"), GuideFixture.p(30, 60, "👨‍👩‍👧 Family"),
        ]
      ),
    ])
    // Every separator stays in its column whatever the widths before it.
    // The family emoji (18 bytes of UTF-8) is stored as its first scalar.
    expectGrid(
      wide.render(wide.layout(columns: 50, rows: 5)),
      """
      Mon 30 Nov    20:00          20:30          21:00
      ─────────────┬──────┬──▼────┬──────────────┬──────
      ＮＨＫ総合   │ニュ… │Café C…│⚽🇯🇵 Football │
                   ├─────┬┴──╋────┼──────────────┤
      日本テレビ   │áb̂c̃d̄…│コンピ… │👨 Family     │
      """)
    expectGrid(
      wide.render(wide.layout(columns: 50, rows: 5, offsetColumns: 1)),
      """
      Mon 30 Nov                  20:30          21:00
      ─────────────┬─────┬──▼────┬──────────────┬───────
      ＮＨＫ総合   │ニュ…│Café C…│⚽🇯🇵 Football │
                   ├────┬┴──╋────┼──────────────┤
      日本テレビ   │áb̂c̃…│コンピ… │👨 Family     │
      """)
    expectGrid(
      wide.render(wide.layout(columns: 50, rows: 5, offsetColumns: 2)),
      """
      Mon 30 Nov                 20:30          21:00
      ─────────────┬────┬──▼────┬──────────────┬────────
      ＮＨＫ総合   │ニ… │Café C…│⚽🇯🇵 Football │
                   ├───┬┴──╋────┼──────────────┤
      日本テレビ   │áb̂…│コンピ… │👨 Family     │
      """)
  }

  @Test func programmesCutByAForcedWindowShowMarks() {
    // The timeline is forced to 20:00–21:00; the first programme began at
    // 19:30 and the last one ends at 21:30.
    var guide = GuideFixture(channels: [
      ("BBC One", [GuideFixture.p(-30, 30, "Quiz"), GuideFixture.p(30, 90, "Film of the Week")])
    ])
    guide.now = GuideFixture.eight - 3600
    var data = guide.data
    data.timelineEnd = GuideFixture.eight + 3600
    let layout = GuideLayout(
      data: data, configuration: TerminalGuideStyle.configuration(),
      viewport: TerminalGuideStyle.viewport(columns: 50, rows: 3), now: guide.now,
      timeZone: .utc)
    expectGrid(
      guide.render(layout),
      """
      Mon 30 Nov    20:00          20:30          21:00
      ─────────────┬──────────────┬──────────────┬──────
      BBC One      │◂Quiz         │Film of the… ▸│
      """)
  }

  /// A programme from seconds after 20:00 to seconds after 20:00.
  static func seconds(_ from: Int, _ to: Int, _ title: String) -> GuideFixture.Programme {
    GuideFixture.Programme(
      start: GuideFixture.eight + EpochSeconds(from), end: GuideFixture.eight + EpochSeconds(to),
      label: ProgrammeLabel(title: title))
  }

  @Test func aClickFindsTheProgrammeDrawnThere() {
    // The trailer fixture: Before ends at column 4, its separator is column
    // 4, the trailer's mark is column 5, After starts at column 7.
    let guide = Self.trailers
    let layout = guide.layout(columns: 44, rows: 8)
    let rasterizer = GuideRasterizer(metrics: TerminalGuideStyle.metrics)
    let scene = GuideScene(layout: layout)
    func at(_ gridColumn: Int, _ row: Int) -> IndexPath? {
      rasterizer.programme(atColumn: 14 + gridColumn, row: row, in: scene)
    }
    #expect(at(0, 2) == IndexPath(item: 0, section: 0))
    #expect(at(4, 2) == nil)  // separator
    #expect(at(5, 2) == IndexPath(item: 1, section: 0))  // the 30-second trailer
    #expect(at(6, 2) == nil)
    #expect(at(7, 2) == IndexPath(item: 2, section: 0))
    #expect(at(7, 3) == nil)  // gap row
    #expect(at(5, 4) == IndexPath(item: 1, section: 1))  // the first filler's mark
    #expect(at(6, 4) == IndexPath(item: 2, section: 1))  // the second's, right after it
    #expect(at(7, 4) == nil)
    #expect(at(8, 4) == IndexPath(item: 3, section: 1))  // Four, two columns late
    #expect(at(3, 1) == nil)  // hour row
    #expect(rasterizer.programme(atColumn: 5, row: 2, in: scene) == nil)  // channel column
    #expect(rasterizer.programme(atColumn: 44, row: 2, in: scene) == nil)  // off the grid
  }

  /// Before / a 30-second trailer / After; a row of 1-minute fillers; a
  /// zero-length programme between two others.
  static let trailers = GuideFixture(
    channels: [
      (
        "Trailer",
        [
          Self.seconds(0, 600, "Before"), Self.seconds(600, 630, "Trail"),
          Self.seconds(630, 3600, "After"),
        ]
      ),
      (
        "Fillers",
        [
          Self.seconds(0, 600, "One"), Self.seconds(600, 660, "Two"),
          Self.seconds(660, 720, "Three"), Self.seconds(720, 3600, "Four"),
        ]
      ),
      (
        "Instant",
        [
          Self.seconds(0, 600, "Early"), Self.seconds(1200, 1200, "Blip"),
          Self.seconds(1800, 3600, "Late"),
        ]
      ),
    ], now: GuideFixture.eight - 3600)

  @Test func aRunOfMarksDoesNotPushTheRowLater() throws {
    // Thirty 1-minute programmes (two per column), then a long one at 20:30:
    // the marks cover each other, and the long one starts at most two
    // columns after 20:30 (column 15), however long the run.
    let fillers = (0..<30).map { Self.seconds($0 * 60, $0 * 60 + 60, "F\($0)") }
    let guide = GuideFixture(
      channels: [("Music", fillers + [Self.seconds(1800, 3600, "Long")])],
      now: GuideFixture.eight - 3600)
    let grid = guide.render(guide.layout(columns: 60, rows: 3))
    let row = grid.lines[2]
    let long = try #require(row.range(of: "Long"))
    #expect(row.distance(from: row.startIndex, to: long.lowerBound) == 14 + 17, "\(row)")
  }

  @Test func programmesShorterThanAColumnShowAsMarks() {
    // Two minutes per column. A 30-second trailer would share its column
    // with the next programme's start, two 1-minute fillers follow each
    // other, and a zero-length programme sits on its own. Each shows as a
    // one-cell mark (…). The programme after a mark gives up its first two
    // columns to the mark and a separator (After, Four start two columns
    // late; their ends stay). The second filler has no room to give: the
    // two marks touch.
    let guide = Self.trailers
    expectGrid(
      guide.render(guide.layout(columns: 44, rows: 8)),
      """
      Mon 30 Nov    20:00          20:30
      ─────────────┬────┬─┬───────┬──────────────┬
      Trailer      │Bef…│…│After                 │
                   ├────┼─┴┬─────────────────────┤
      Fillers      │One │……│Four                 │
                   ├────┼──┴─┬─┬──┬──────────────┤
      Instant      │Ear…│    │…│  │Late          │
                   │
      """)
  }
}
