import EPGSchedule

/// Draws for the randomised tests, from the one deterministic generator (so
/// failures reproduce): by remainder (`next(_:)`, `pick`) as the raster
/// tests always drew, or the standard library's uniform draws.
extension SplitMix64 {
  /// A number in `0..<bound` (bound > 0).
  public mutating func next(_ bound: Int) -> Int { Int(next() % UInt64(bound)) }

  /// One element of a non-empty array.
  public mutating func pick<T>(_ values: [T]) -> T { values[next(values.count)] }

  /// A number in `range`, uniformly (the standard library's draw).
  public mutating func int(in range: ClosedRange<Int>) -> Int {
    Int.random(in: range, using: &self)
  }

  public mutating func double(in range: ClosedRange<Double>) -> Double {
    Double.random(in: range, using: &self)
  }

  public mutating func bool() -> Bool { Bool.random(using: &self) }
}
