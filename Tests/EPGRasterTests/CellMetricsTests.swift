import EPGLayout
import Testing

@testable import EPGRaster

@Suite struct CellMetricsTests {
  let metrics = CellMetrics(pointsPerColumn: 20, pointsPerRow: 20)

  @Test(arguments: [
    (0.0, 0), (9.99, 0), (10.0, 1), (29.9, 1), (30.0, 2), (-10.0, 0), (-10.01, -1), (-30.0, -1),
  ])
  func snapRoundsToNearestTiesUp(points: Double, expected: Int) {
    #expect(CellMetrics.snap(points / 20) == expected)
  }

  @Test func snapSurvivesNonFiniteValues() {
    #expect(CellMetrics.snap(.infinity) == Int(Int32.max))
    #expect(CellMetrics.snap(-.infinity) == Int(Int32.min))
    #expect(CellMetrics.snap(.nan) == Int(Int32.min))
    #expect(CellMetrics(pointsPerColumn: 0, pointsPerRow: -3) == .default)
  }

  @Test func edgesAreSnappedIndependently() {
    // 75 / 20 = 3.75 → 4; 40 / 20 = 2.
    #expect(
      metrics.cellRect(for: Rect(x: 40, y: 0, width: 35, height: 20))
        == CellRect(x: 2, y: 0, width: 2, height: 1))
    // The same width at another position covers another number of cells.
    #expect(metrics.cellRect(for: Rect(x: 5, y: 0, width: 30, height: 20)).width == 2)
    #expect(metrics.cellRect(for: Rect(x: 15, y: 0, width: 30, height: 20)).width == 1)
  }

  @Test func neighboursMeetWithoutGapOrOverlapAtEveryPosition() {
    // Sweep programme boundaries over a minute grid (10 pt per minute) and
    // sub-point offsets: A = [a, b), B = [b, c) must share a column edge.
    for offset in stride(from: 0.0, to: 20.0, by: 2.5) {
      for a in stride(from: 0.0, to: 200.0, by: 10) {
        for length in [10.0, 20, 30, 70, 130] {
          let b = a + length
          let first = metrics.cellRect(
            for: Rect(x: a, y: 0, width: length, height: 20), origin: Point(x: offset, y: 0))
          let second = metrics.cellRect(
            for: Rect(x: b, y: 0, width: 40, height: 20), origin: Point(x: offset, y: 0))
          #expect(first.maxX == second.minX || first.width == 1 && first.maxX == second.minX + 1)
          #expect(first.width >= 1)
        }
      }
    }
  }

  @Test func shortElementsStillCoverOneCell() {
    #expect(
      metrics.cellRect(for: Rect(x: 21, y: 0, width: 1, height: 1))
        == CellRect(x: 1, y: 0, width: 1, height: 1))
    #expect(metrics.cellRect(for: Rect(x: 29, y: 0, width: 2, height: 20)).width == 1)
    #expect(metrics.cellRect(for: Rect(x: 20, y: 0, width: 0, height: 20)).isEmpty)
    #expect(metrics.cellRect(for: Rect(x: 20, y: 0, width: -5, height: 20)).isEmpty)
  }

  @Test func originShiftsWholeCells() {
    let rect = Rect(x: 300, y: 120, width: 200, height: 20)
    #expect(
      metrics.cellRect(for: rect, origin: Point(x: 100, y: 40))
        == CellRect(x: 10, y: 4, width: 10, height: 1))
  }

  @Test func linesSitInTheCellBeforeTheirBoundary() {
    // A line centred on 40 pt (edge 2) is drawn in column 1.
    #expect(metrics.column(forLineAt: 40) == 1)
    #expect(metrics.column(forLineAt: 40.5) == 1)
    #expect(metrics.column(forLineAt: 49.9) == 1)
    #expect(metrics.column(forLineAt: 50) == 2)
    // A horizontal gridline centred in a one-row gap above a row at 80 pt.
    #expect(metrics.row(forLineAt: 70) == 3)
    #expect(metrics.row(forLineAt: 70, originY: 40) == 1)
  }

  @Test func cellRectIntersection() {
    let a = CellRect(x: 0, y: 0, width: 10, height: 5)
    #expect(
      a.intersection(CellRect(x: 8, y: 3, width: 5, height: 5))
        == CellRect(x: 8, y: 3, width: 2, height: 2))
    #expect(a.intersection(CellRect(x: 10, y: 0, width: 5, height: 5)).isEmpty)
    #expect("\(a)" == "10x5+0+0")
  }
}
