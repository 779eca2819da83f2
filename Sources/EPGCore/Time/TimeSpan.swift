/// Seconds since 1970-01-01T00:00:00Z (the Unix epoch). Every time the layout
/// sees is an absolute instant; time zones only decide where hours start.
public typealias EpochSeconds = Int64

/// A half-open interval of time `[start, end)` in epoch seconds.
///
/// A programme that ends at 20:00 and one that starts at 20:00 do not
/// overlap. `end == start` is a zero-length programme (they exist in real
/// XMLTV files); `end < start` is invalid input and is treated as zero-length.
public struct TimeSpan: Hashable, Sendable, CustomStringConvertible {
  public var start: EpochSeconds
  public var end: EpochSeconds

  public init(start: EpochSeconds, end: EpochSeconds) {
    self.start = start
    self.end = end
  }

  /// `end − start`, never negative (`Int64.max` if the difference overflows).
  public var duration: EpochSeconds {
    let (difference, overflow) = end.subtractingReportingOverflow(start)
    return overflow ? (end > start ? .max : 0) : Swift.max(0, difference)
  }

  /// Whether `instant` lies in `[start, end)`.
  public func contains(_ instant: EpochSeconds) -> Bool {
    instant >= start && instant < end
  }

  /// Whether the two half-open spans share at least one instant.
  public func overlaps(_ other: TimeSpan) -> Bool {
    start < other.end && other.start < end
  }

  public var description: String { "[\(start), \(end))" }
}
