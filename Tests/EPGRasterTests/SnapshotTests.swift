import EPGLayout
import EPGRaster
import Foundation
import Testing

/// Combinatorial goldens (ratatui's `merge_exact.txt` style): every header
/// layout type × sticky-header resizing × scroll position × glyph set,
/// rendered into one text file with a heading per case. The file is
/// recorded when missing or when `RECORD_SNAPSHOTS=1`, and the test then
/// fails, so recording is never silent.
@Suite struct SnapshotTests {
  @Test func guideMatrix() throws {
    let fixture = GuideFixture.standard
    var text = ""
    let offsets: [(name: String, x: Double, y: Double)] = [
      ("origin", 0, 0), ("half a cell", 10, 10), ("one hour, two channels", 600, 80),
      ("overscroll", -40, -20),
    ]
    for type in GuideLayout.HeaderLayoutType.allCases {
      for resize in [false, true] {
        for offset in offsets {
          for glyphs in [GlyphSet.unicode, .ascii] {
            var configuration = TerminalGuideStyle.configuration(headerLayoutType: type)
            configuration.shouldResizeStickyHeaders = resize
            var layout = fixture.layout(columns: 44, rows: 8, configuration: configuration)
            layout.viewport.contentOffset = Point(x: offset.x, y: offset.y)
            let grid = fixture.render(layout, glyphs: glyphs)
            text += "== \(type.rawValue), resize \(resize), \(offset.name)"
            text += ", \(glyphs.isASCII ? "ascii" : "unicode")\n"
            text += grid.lines.map { "|\($0)|" }.joined(separator: "\n") + "\n\n"
          }
        }
      }
    }
    try assertSnapshot(text, named: "guide-matrix")
  }

  func assertSnapshot(
    _ text: String, named name: String, filePath: String = #filePath,
    sourceLocation: SourceLocation = #_sourceLocation
  ) throws {
    let directory = URL(fileURLWithPath: filePath).deletingLastPathComponent()
      .appendingPathComponent("Snapshots")
    let file = directory.appendingPathComponent("\(name).txt")
    let record = ProcessInfo.processInfo.environment["RECORD_SNAPSHOTS"] == "1"
    if !record, let expected = try? String(contentsOf: file, encoding: .utf8) {
      if expected != text {
        let got = text.split(separator: "\n", omittingEmptySubsequences: false)
        let want = expected.split(separator: "\n", omittingEmptySubsequences: false)
        let first = zip(got, want).enumerated().first { $0.element.0 != $0.element.1 }
        let line = first?.offset ?? min(got.count, want.count)
        let gotLine = line < got.count ? String(got[line]) : ""
        let wantLine = line < want.count ? String(want[line]) : ""
        Issue.record(
          Comment(
            rawValue:
              "Snapshot \(name) differs at line \(line + 1): got |\(gotLine)| want |\(wantLine)|"),
          sourceLocation: sourceLocation)
      }
      return
    }
    try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
    try text.write(to: file, atomically: true, encoding: .utf8)
    Issue.record(
      Comment(rawValue: "Recorded new baseline \(file.path)"), sourceLocation: sourceLocation)
  }
}
