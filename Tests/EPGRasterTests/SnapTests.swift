import Testing

@testable import EPGRaster

/// `CellMetrics.snap` floors by truncation inside ±2^31; it must agree with
/// the documented rule, `floor(v + 0.5)` clamped to ±2^31, everywhere.
@Suite struct SnapTests {
  static func reference(_ value: Double) -> Int {
    let floored = (value + 0.5).rounded(.down)
    guard floored.isFinite else { return floored > 0 ? Int(Int32.max) : Int(Int32.min) }
    return Int(min(max(floored, Double(Int32.min)), Double(Int32.max)))
  }

  @Test func agreesWithFloorOfHalfUp() {
    var values: [Double] = [
      0, -0.0, 0.5, -0.5, 1.5, -1.5, 0.49999999999999994, -0.49999999999999994, 2.5, -2.5,
      2_147_483_646.5, 2_147_483_647.49, 2_147_483_647.5, 2_147_483_648, -2_147_483_648.5,
      -2_147_483_649, 1e300, -1e300, .infinity, -.infinity, .nan, .ulpOfOne,
      -Double.leastNonzeroMagnitude,
    ]
    for step in -2000...2000 { values.append(Double(step) / 7.3) }
    for step in -200...200 { values.append(Double(step) * 0.25) }
    for value in values {
      #expect(CellMetrics.snap(value) == Self.reference(value), "snap(\(value))")
    }
  }
}
