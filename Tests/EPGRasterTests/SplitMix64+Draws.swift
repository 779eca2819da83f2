import EPGSchedule

/// Draws for the randomised tests, from the one deterministic generator (so
/// failures reproduce). By remainder, as these tests always drew.
extension SplitMix64 {
  /// A number in `0..<bound` (bound > 0).
  mutating func next(_ bound: Int) -> Int { Int(next() % UInt64(bound)) }

  /// One element of a non-empty array.
  mutating func pick<T>(_ values: [T]) -> T { values[next(values.count)] }
}
