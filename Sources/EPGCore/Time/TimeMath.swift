/// Integer helpers for times, safe for any input (no traps on overflow).
public enum TimeMath {
  /// Times are clamped into ±2^52 s (about 142 million years) before any
  /// arithmetic, so sums and conversions to `Double` never overflow and stay
  /// exact.
  package static let limit: Int64 = 1 << 52

  package static func clamped(_ time: EpochSeconds) -> EpochSeconds {
    Swift.min(Swift.max(time, -limit), limit)
  }

  /// The time nearest to `seconds`, clamped; NaN gives 0.
  package static func time(fromSeconds seconds: Double) -> EpochSeconds {
    guard !seconds.isNaN else { return 0 }
    let bound = Double(limit)
    return EpochSeconds(Swift.min(Swift.max(seconds, -bound), bound))
  }

  /// ⌊a / b⌋ for b > 0.
  public static func floorDiv(_ a: Int64, _ b: Int64) -> Int64 {
    let q = a / b
    return (a % b != 0 && a < 0) ? q - 1 : q
  }

  /// a mod b in [0, b) for b > 0.
  public static func floorMod(_ a: Int64, _ b: Int64) -> Int64 {
    a - floorDiv(a, b) * b
  }

  /// The number of marks before `instant` (up to a constant) in a zone of
  /// fixed `offset`: marks are the instants t with (t + offset − phase) a
  /// multiple of 3600, so [a, b) holds marksBefore(b) − marksBefore(a).
  package static func marksBefore(_ instant: EpochSeconds, offset: Int32, phase: Int64) -> Int64 {
    floorDiv(instant - 1 - (phase - Int64(offset)), 3600)
  }
}
