/// A time zone as the layout sees it: the offset from UTC in seconds at every
/// instant, given as a sorted list of transitions.
///
/// The layout never reads the process time zone. The front end builds a table
/// from a named zone (Foundation's `TimeZone`) for the span of the guide, so
/// half-hour zones (Asia/Kolkata, +05:30) and days on which daylight saving
/// time starts or ends come out right.
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
  public var initialOffset: Int32
  /// Transitions sorted by instant.
  public var transitions: [Transition]

  public init(initialOffset: Int32, transitions: [Transition] = []) {
    self.initialOffset = initialOffset
    self.transitions = transitions.sorted { $0.instant < $1.instant }
  }

  /// Coordinated Universal Time.
  public static let utc = UTCOffsetTable(initialOffset: 0)

  /// A zone with one fixed offset, in seconds east of UTC.
  public static func fixed(_ offset: Int32) -> UTCOffsetTable {
    UTCOffsetTable(initialOffset: offset)
  }
}
