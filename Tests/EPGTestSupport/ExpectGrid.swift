import EPGRaster
import Testing

/// Compares a grid's text with a picture: a multi-line string laid out as the
/// terminal shows it (wide glyphs typed once, trailing spaces ignored; fewer
/// rows than the grid means the rest are blank). The one grid assertion of
/// the raster, front-end and command tests. On a
/// mismatch it records one issue listing every row, marking the ones that
/// differ:
///
///       0: got |┌────┐|
///     ✗ 1: got |│ab  │|  want |│abc │|
public func expectGrid(
  _ grid: Grid, _ picture: String, sourceLocation: SourceLocation = #_sourceLocation
) {
  let got = grid.plainText().split(separator: "\n", omittingEmptySubsequences: false)
    .map(String.init)
  var want = picture.split(separator: "\n", omittingEmptySubsequences: false).map {
    var line = String($0)
    while line.last == " " { line.removeLast() }
    return line
  }
  while want.count < got.count { want.append("") }
  guard got != want else { return }
  var report = "Grid mismatch (\(grid.width)×\(grid.height)):\n"
  for row in 0..<max(got.count, want.count) {
    let g = row < got.count ? got[row] : "(none)"
    let w = row < want.count ? want[row] : "(none)"
    if g == w {
      report += "    \(row): got |\(g)|\n"
    } else {
      report += "  ✗ \(row): got |\(g)|  want |\(w)|\n"
    }
  }
  Issue.record(Comment(rawValue: report), sourceLocation: sourceLocation)
}
