/// Tells a double click from two single ones: a press on the same cell
/// within `interval` seconds of the previous press makes a double click
/// (the press after it starts afresh). The terminal backend asks it on each
/// press (curses' own click resolution is off, so presses act at once).
public struct DoubleClick: Hashable, Sendable {
  /// Seconds between the two presses of a double click at most.
  public static let interval = 0.4

  private var lastX = -1
  private var lastY = -1
  /// When the previous press came (monotonic seconds), nil after a double.
  private var lastTime: Double?

  public init() {}

  /// Whether a press at cell (`x`, `y`) at `time` (monotonic seconds)
  /// completes a double click.
  public mutating func isDouble(x: Int, y: Int, at time: Double) -> Bool {
    let double =
      lastTime.map { time - $0 <= Self.interval && time >= $0 } == true && x == lastX
      && y == lastY
    lastX = x
    lastY = y
    lastTime = double ? nil : time
    return double
  }
}
