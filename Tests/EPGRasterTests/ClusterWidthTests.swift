import EPGRaster
import Testing

/// Grapheme clusters measured as terminals draw them: the sum of the widths
/// of their scalars (Unicode general category and East Asian Width), emoji
/// clusters one 2-column glyph. Every expected number is worked out by hand
/// below, scalar by scalar (categories from UnicodeData.txt, widths from
/// EastAsianWidth.txt: N = neutral, 1 column; W = wide, 2).
@Suite struct ClusterWidthTests {
  /// Thai แนะนำสินค้า ("recommended products"):
  ///
  ///     แ U+0E41 Lo 1 | น U+0E19 Lo 1 | ะ U+0E30 Lo 1 | น U+0E19 Lo 1
  ///     ำ U+0E33 Lo 1 (SARA AM: spacing, though it joins น's cluster)
  ///     ส U+0E2A Lo 1 + ิ U+0E34 Mn 0 | น U+0E19 Lo 1
  ///     ค U+0E04 Lo 1 + ้ U+0E49 Mn 0 | า U+0E32 Lo 1
  ///     = 1+1+1 + (1+1) + (1+0) + 1 + (1+0) + 1 = 9 columns
  static let thai = "แนะนำสินค้า"

  /// Devanagari हिन्दी समाचार ("Hindi news"):
  ///
  ///     ह U+0939 Lo 1 + ि U+093F Mc 1            = 2
  ///     न U+0928 Lo 1 + ् U+094D Mn 0 + द U+0926 Lo 1 + ी U+0940 Mc 1 = 3
  ///     space 1
  ///     स 1 | म U+092E 1 + ा U+093E Mc 1 | च U+091A 1 + ा 1 | र U+0930 1 = 6
  ///     = 2 + 3 + 1 + 6 = 12 columns
  static let hindi = "हिन्दी समाचार"

  @Test func thaiSaraAmTakesAColumn() {
    #expect(TextWidth.of(Character("นำ")) == 2)  // 1 + 1
    #expect(TextWidth.of(Character("สิ")) == 1)  // 1 + 0
    #expect(TextWidth.of(Self.thai) == 9)
  }

  @Test func devanagariSpacingMarksTakeAColumn() {
    #expect(TextWidth.of(Character("हि")) == 2)  // 1 + 1 (Mc)
    #expect(TextWidth.of(Character("मा")) == 2)  // 1 + 1 (Mc)
    #expect(TextWidth.of(Self.hindi) == 12)
  }

  @Test func hangulJamoMakeOneWideSyllable() {
    // ᄒ U+1112 leading consonant, W: 2; ᅡ U+1161 vowel and ᆫ U+11AB final
    // consonant join it: 0 each. 한 = 2; 글 = ᄀ U+1100 (2) + ᅳ U+1173 (0)
    // + ᆯ U+11AF (0) = 2. The precomposed 한 U+D55C is W: 2.
    let han = "\u{1112}\u{1161}\u{11AB}"
    let geul = "\u{1100}\u{1173}\u{11AF}"
    #expect(TextWidth.of(Character(han)) == 2)
    #expect(TextWidth.of(han + geul) == 4)
    #expect(TextWidth.of(Character("\u{D55C}")) == 2)
    // Extended-B final consonant ᇫ-like U+D7CB after a syllable: 2 + 0.
    #expect(TextWidth.of(Character("\u{D55C}\u{D7CB}")) == 2)
  }

  @Test func emojiSequencesAndFlagsAreOneWideGlyph() {
    // 👨‍👩‍👧: U+1F468 ZWJ U+1F469 ZWJ U+1F467, one glyph: 2 (not 2+0+2+0+2).
    #expect(TextWidth.of(Character("\u{1F468}\u{200D}\u{1F469}\u{200D}\u{1F467}")) == 2)
    // 🇹🇭: two regional indicators U+1F1F9 U+1F1ED, one flag: 2.
    #expect(TextWidth.of(Character("\u{1F1F9}\u{1F1ED}")) == 2)
    // 👍🏽: U+1F44D + skin tone U+1F3FD: 2.
    #expect(TextWidth.of(Character("\u{1F44D}\u{1F3FD}")) == 2)
    // ❤️: U+2764 (N) + VS16 U+FE0F: emoji presentation, 2.
    #expect(TextWidth.of(Character("\u{2764}\u{FE0F}")) == 2)
  }

  @Test func combiningAccentsStayZeroWidth() {
    #expect(TextWidth.of(Character("e\u{301}")) == 1)  // 1 + Mn 0
    #expect(TextWidth.of(Character("\u{30AB}\u{3099}")) == 2)  // カ W 2 + voiced mark 0
  }

  @Test func cellsAreOnePerSpacingScalarWithItsMarks() {
    let cells = TextWidth.cells(of: Character("\u{0928}\u{094D}\u{0926}\u{0940}"))  // न्दी
    #expect(cells.map { String($0.0) } == ["\u{0928}\u{094D}", "\u{0926}", "\u{0940}"])
    #expect(cells.map(\.width) == [1, 1, 1])
    #expect(TextWidth.cells(of: Character("\u{1F1F9}\u{1F1ED}")).map(\.width) == [2])
    #expect(TextWidth.cells(of: Character("\u{1112}\u{1161}\u{11AB}")).map(\.width) == [2])
  }

  @Test(arguments: [thai, hindi])
  func aRowHoldsEveryMarkAndEndsWhereTheTerminalDoes(text: String) {
    // Written at column 2 of a 30-column row, then "|": the bar lands at
    // 2 + width (9 for Thai, 12 for Hindi), and the row reads back whole.
    var grid = Grid(width: 30, height: 1)
    let end = grid.put(text, x: 2, y: 0, style: .plain)
    #expect(end == 2 + (text == Self.thai ? 9 : 12))
    grid.put("|", x: end, y: 0, style: .plain)
    #expect(grid.plainText() == "  " + text + "|")
    // As many cells with text as columns: one glyph per cell, so a curses
    // cell (one spacing character and its marks) loses nothing.
    let used = (2..<end).filter { !grid[$0, 0].isContinuation }
    #expect(used.count == end - 2)
  }

  @Test func aClusterThatDoesNotFitIsDroppedWhole() {
    // "हिन्दी" = हि (2) + न्दी (3); in 4 columns with "…": हि then … (न्दी
    // needs 3 more, only 1 before the ellipsis).
    var grid = Grid(width: 4, height: 1)
    grid.put("हिन्दी", x: 0, y: 0, style: .plain)
    #expect(grid.plainText() == "हि…")
  }

  /// A cell packs at most 15 bytes of UTF-8; a longer cluster is stored as a
  /// stand-in that is drawn exactly as wide as the cell (found by the
  /// `textcells` fuzz target: U+1FDA8, reserved and 1 column alone, began an
  /// 18-byte ZWJ sequence stored as that scalar in a 2-column cell).
  @Test func aClusterTooLongToPackKeepsItsWidthInTheCell() {
    // U+1FDA8 ZWJ 👩 ZWJ 👧: 4 + 3 + 4 + 3 + 4 = 18 bytes, one emoji glyph: 2.
    let family = "\u{1FDA8}\u{200D}\u{1F469}\u{200D}\u{1F467}"
    // ❤ U+2764 (1 column alone) VS16 ZWJ 🔥 ZWJ 👩 ZWJ 👧: 3+3+3+4+3+4+3+4 = 27 bytes.
    let heart = "\u{2764}\u{FE0F}\u{200D}\u{1F525}\u{200D}\u{1F469}\u{200D}\u{1F467}"
    // e + eight acute accents: 1 + 8 × 2 = 17 bytes, 1 column.
    let accented = "e" + String(repeating: "\u{301}", count: 8)
    for (text, width, shown) in [
      (family, 2, Character("\u{1F469}")), (heart, 2, Character("\u{1F525}")),
      (accented, 1, Character("e")),
    ] {
      #expect(text.count == 1 && TextWidth.of(text) == width)
      var grid = Grid(width: 4, height: 1)
      _ = grid.put(text, x: 0, y: 0, style: .plain)
      guard case .grapheme(let stored, let cellWidth) = grid[0, 0].content else {
        Issue.record("no glyph at 0,0")
        continue
      }
      #expect(cellWidth == width)
      #expect(stored == shown)
      #expect(TextWidth.of(stored) == width)
    }
  }
}
