import EPGLayout
import EPGRaster
import EPGTestSupport
import Testing

/// Rows without programmes (issue 24, item 17): where the content labels a
/// row's gaps, each stretch without a programme or a programme's separator
/// is one box with no gridline through it, its label at its left when it
/// fits. Columns by hand from the terminal style: the grid from column 14,
/// 2 minutes a column (20:00 at 14, 21:00 at 44, 22:00 at 74), the hour
/// lines one column before their hour.
@Suite struct GapBoxTests {
  /// The standard guide with Documentary (21:01–22:00) taken out of ITV1
  /// and a fifth channel, Quiet, with no programme at all.
  static func guide(gapText: String?) -> GuideFixture {
    var guide = GuideFixture.standard
    guide.channels[2].programmes.remove(at: 2)
    guide.channels.append(("Quiet", []))
    guide.gapText = gapText
    return guide
  }

  static func lines(_ guide: GuideFixture, rowsPerChannel: Int = 1) -> [String] {
    let layout = guide.layout(
      columns: 80, rows: 20,
      configuration: TerminalGuideStyle.configuration(rowsPerChannel: rowsPerChannel))
    return guide.render(layout).lines.map {
      String($0.reversed().drop { $0 == " " }.reversed())
    }
  }

  /// ITV1's hour without listings, between Ad's separator (45) and News
  /// at Ten's (73), and Quiet's whole row are boxes: Quiet's row had the
  /// hour lines of 21:00 and 22:00 (columns 43 and 73) through it.
  @Test func gapsAreBoxesWithTheirLabel() {
    let before = Self.lines(Self.guide(gapText: nil))
    #expect(before[10].hasPrefix("Quiet        │"), "\(before)")
    #expect(Array(before[10])[43] == "│" && Array(before[10])[73] == "│", "\(before[10])")
    let after = Self.lines(Self.guide(gapText: "no information"))
    #expect(
      after[6]
        == "ITV1         │Coronation Street            │…│no information             │News…",
      "\(after)")
    #expect(after[10] == "Quiet        │no information", "\(after)")
    // The other rows are as they were.
    for row in [0, 1, 2, 3, 4, 5, 7, 8] { #expect(after[row] == before[row], "row \(row)") }
  }

  /// With two rows a channel the box takes both; the label is in the
  /// first; only the current-time line (column 23) runs through the second.
  @Test func aBoxTakesEveryRowOfItsChannel() {
    let lines = Self.lines(Self.guide(gapText: "no information"), rowsPerChannel: 2)
    guard let quiet = lines.firstIndex(where: { $0.hasPrefix("Quiet") }) else {
      Issue.record("no Quiet row: \(lines)")
      return
    }
    #expect(lines[quiet] == "Quiet        │no information", "\(lines)")
    #expect(lines[quiet + 1] == "             │         ┃", "\(lines)")
  }

  /// A label that does not fit is left out; the box stays, without hour
  /// lines (Quiet's 66 columns, ITV1's 27, for a 70-column label).
  @Test func aLabelThatDoesNotFitIsLeftOut() {
    let lines = Self.lines(Self.guide(gapText: String(repeating: "x", count: 70)))
    #expect(
      lines[6] == "ITV1         │Coronation Street            │…│                           │News…",
      "\(lines)")
    #expect(lines[10] == "Quiet        │         ┃", "\(lines)")
  }
}
