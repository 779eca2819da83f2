import EPGSchedule

extension SplitMix64 {
  /// A uniform value in [0, 1), from the top 53 bits.
  mutating func unit() -> Double { Double(next() >> 11) / Double(1 << 53) }
}
