/// Seconds on a monotonic clock, from a reference point fixed at the first
/// call: for timing input (double clicks, key repeat, a typed number's
/// pause), never for the guide's time of day.
public enum Uptime {
  private static let origin = ContinuousClock.now

  public static func seconds() -> Double {
    let elapsed = ContinuousClock.now - origin
    let parts = elapsed.components
    return Double(parts.seconds) + Double(parts.attoseconds) / 1e18
  }
}
