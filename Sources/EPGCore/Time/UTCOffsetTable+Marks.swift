/// Hour and half-hour marks in an explicit zone.
///
/// An **hour boundary** is an instant t where the local time `t + offset(t)`
/// is a multiple of 3600 s; a **half-hour mark** is one where it is 1800 s
/// past such a multiple. Marks are instants, each counted once, so:
/// - In a fixed zone, whole-hour or not (+05:30, +05:45), boundaries are
///   3600 s apart and half-hour marks lie halfway between.
/// - When daylight saving time shifts a whole hour, boundaries stay 3600 s
///   apart; only their labels jump (spring forward: 00:00, 02:00; fall back:
///   01:00 appears twice). Both occurrences of a repeated local hour get
///   their own boundary and index.
/// - When an offset changes by a non-multiple of an hour (+05:30 → +06:00,
///   Lord Howe's 30-minute DST), the local hour around the change lasts
///   between 0 and 2 hours: a local hour skipped by the change has no
///   boundary, and the marks simply follow the local clock on each side.
///
/// A mark index counts marks from a fixed origin; only differences between
/// indices matter (the layout numbers hour headers from the first boundary at
/// or before the timeline start).
extension UTCOffsetTable {
  /// Which marks to count.
  public enum Mark: Hashable, Sendable {
    /// Local times hh:00.
    case hour
    /// Local times hh:30.
    case halfHour

    var phase: Int64 { self == .hour ? 0 : 1800 }
  }

  /// The index of the first mark at or after `instant` (equivalently, the
  /// number of marks before `instant`, from the fixed origin).
  public func markIndex(_ mark: Mark, atOrAfter instant: EpochSeconds) -> Int64 {
    let time = TimeMath.clamped(instant)
    let segment = segmentIndex(containing: time)
    if segment < 0 {
      return TimeMath.marksBefore(time, offset: initialOffset, phase: mark.phase)
    }
    let transition = transitions[segment]
    let start = TimeMath.clamped(transition.instant)
    return marksBefore(mark)[segment]
      + TimeMath.marksBefore(time, offset: transition.offset, phase: mark.phase)
      - TimeMath.marksBefore(start, offset: transition.offset, phase: mark.phase)
  }

  /// The instant of the mark with `index` (see `markIndex`).
  public func instant(of mark: Mark, index: Int64) -> EpochSeconds {
    let counts = marksBefore(mark)
    // The last segment whose start has at most `index` marks before it.
    let segment = counts.partitioningIndex { $0 > index } - 1
    let offset = segment < 0 ? initialOffset : transitions[segment].offset
    let base: Int64
    if segment < 0 {
      base = 0
    } else {
      let start = TimeMath.clamped(transitions[segment].instant)
      base = counts[segment] - TimeMath.marksBefore(start, offset: offset, phase: mark.phase)
    }
    // Marks of this segment are r + 3600·j with marksBefore = j − 1.
    let residue = mark.phase - Int64(offset)
    let bound = TimeMath.limit / 3600
    let j = Swift.min(Swift.max(TimeMath.clamped(index) - base + 1, -bound), bound)
    return TimeMath.clamped(residue + 3600 * j)
  }

  /// The last hour boundary at or before `instant`.
  public func hourBoundary(atOrBefore instant: EpochSeconds) -> EpochSeconds {
    let time = TimeMath.clamped(instant)
    return self.instant(of: .hour, index: markIndex(.hour, atOrAfter: time + 1) - 1)
  }

  /// The first hour boundary strictly after `instant`.
  public func hourBoundary(after instant: EpochSeconds) -> EpochSeconds {
    let time = TimeMath.clamped(instant)
    return self.instant(of: .hour, index: markIndex(.hour, atOrAfter: time + 1))
  }

  /// The instants of `mark` in the closed range `[from, through]`, ascending,
  /// with their indices. Costs O(k log t) for k marks.
  public func marks(
    _ mark: Mark, from start: EpochSeconds, through end: EpochSeconds
  ) -> [(index: Int64, instant: EpochSeconds)] {
    let first = markIndex(mark, atOrAfter: start)
    let last = markIndex(mark, atOrAfter: TimeMath.clamped(end) + 1) - 1
    guard first <= last else { return [] }
    return (first...last).map { ($0, instant(of: mark, index: $0)) }
  }

  private func marksBefore(_ mark: Mark) -> [Int64] {
    mark == .hour ? hourMarksBefore : halfHourMarksBefore
  }
}
