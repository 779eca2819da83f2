/// A time zone as the layout sees it: the offset from UTC in seconds at every
/// instant, given as a sorted list of transitions.
///
/// The layout never reads the process time zone. The front end builds a table
/// from a named zone (Foundation's `TimeZone`) for the span of the guide, so
/// half-hour zones (Asia/Kolkata, +05:30) and days on which daylight saving
/// time starts or ends come out right.
///
/// Hour and half-hour marks (see `UTCOffsetTable+Marks.swift`) are counted
/// with a small index rebuilt whenever the offsets change, so looking one up
/// costs O(log t) for t transitions.
public struct UTCOffsetTable: Hashable, Sendable {
  /// One change of offset: from `instant` on, local time is UTC + `offset`.
  public struct Transition: Hashable, Sendable {
    public var instant: EpochSeconds
    public var offset: Int32

    public init(instant: EpochSeconds, offset: Int32) {
      self.instant = instant
      self.offset = offset
    }
  }

  /// The offset in force before the first transition, in seconds east of UTC.
  public var initialOffset: Int32 {
    didSet { rebuildMarkIndex() }
  }
  /// Transitions sorted by instant (kept sorted when set). Of two transitions
  /// at the same instant the later one in the list wins.
  public var transitions: [Transition] {
    didSet { rebuildMarkIndex() }
  }
  /// Per transition, how many hour marks (and half-hour marks) lie before
  /// its instant, counted from an arbitrary fixed origin.
  private(set) var hourMarksBefore: [Int64] = []
  private(set) var halfHourMarksBefore: [Int64] = []

  public init(initialOffset: Int32, transitions: [Transition] = []) {
    self.initialOffset = initialOffset
    self.transitions = transitions
    rebuildMarkIndex()
  }

  /// Coordinated Universal Time.
  public static let utc = UTCOffsetTable(initialOffset: 0)

  /// A zone with one fixed offset, in seconds east of UTC.
  public static func fixed(_ offset: Int32) -> UTCOffsetTable {
    UTCOffsetTable(initialOffset: offset)
  }

  /// The offset from UTC in force at `instant`, in seconds east of UTC.
  public func offset(at instant: EpochSeconds) -> Int32 {
    let index = segmentIndex(containing: instant)
    return index < 0 ? initialOffset : transitions[index].offset
  }

  /// Local wall-clock seconds since 1970-01-01T00:00 local: `instant + offset`.
  public func localSeconds(at instant: EpochSeconds) -> Int64 {
    TimeMath.clamped(instant) + Int64(offset(at: instant))
  }

  /// The local wall-clock time of day at `instant`, e.g. (20, 0, 0) to print
  /// an hour header as "20:00".
  public func wallClock(at instant: EpochSeconds) -> (hour: Int, minute: Int, second: Int) {
    let secondOfDay = Int(TimeMath.floorMod(localSeconds(at: instant), 86_400))
    return (secondOfDay / 3600, secondOfDay / 60 % 60, secondOfDay % 60)
  }

  /// The index of the last transition at or before `instant`, or −1 when the
  /// initial offset applies.
  package func segmentIndex(containing instant: EpochSeconds) -> Int {
    transitions.partitioningIndex { $0.instant > instant } - 1
  }

  private mutating func rebuildMarkIndex() {
    if !zip(transitions, transitions.dropFirst()).allSatisfy({ $0.instant <= $1.instant }) {
      // Stable, so the later of two transitions at the same instant stays last.
      transitions = transitions.enumerated().sorted {
        ($0.element.instant, $0.offset) < ($1.element.instant, $1.offset)
      }.map(\.element)
    }
    hourMarksBefore = markCounts(phase: 0)
    halfHourMarksBefore = markCounts(phase: 1800)
  }

  /// Count of marks before each transition, continuing across segments.
  private func markCounts(phase: Int64) -> [Int64] {
    var counts: [Int64] = []
    counts.reserveCapacity(transitions.count)
    var offset = initialOffset
    var base: Int64 = 0  // the count is marksBefore(t, offset) + base in a segment
    for transition in transitions {
      let instant = TimeMath.clamped(transition.instant)
      let count = TimeMath.marksBefore(instant, offset: offset, phase: phase) + base
      counts.append(count)
      base = count - TimeMath.marksBefore(instant, offset: transition.offset, phase: phase)
      offset = transition.offset
    }
    return counts
  }
}
