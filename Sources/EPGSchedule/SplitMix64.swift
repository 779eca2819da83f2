/// SplitMix64 (Steele, Lea, Flood 2014): a small, fast, deterministic
/// pseudo-random generator. The demo guide uses it so that one seed always
/// gives the same bytes, on every platform and Swift version.
public struct SplitMix64: RandomNumberGenerator {
  private var state: UInt64

  public init(seed: UInt64) { state = seed }

  public mutating func next() -> UInt64 {
    state &+= 0x9E37_79B9_7F4A_7C15
    var z = state
    z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
    z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
    return z ^ (z >> 31)
  }

  /// A number in `0..<bound` (bound > 0), by multiply-shift.
  mutating func below(_ bound: Int) -> Int {
    Int((UInt64(bound).multipliedFullWidth(by: next())).high)
  }

  /// True with probability `percent`/100.
  mutating func chance(_ percent: Int) -> Bool { below(100) < percent }

  /// One element of a non-empty array.
  mutating func pick<T>(_ items: [T]) -> T { items[below(items.count)] }
}
