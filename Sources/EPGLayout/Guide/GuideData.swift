/// The times the program-guide layout needs: per channel (section) the spans
/// of its programmes (items), in any order, plus an optional forced timeline
/// window. Titles and other text live elsewhere; the layout needs only times.
///
/// Building a `GuideData` sorts each row and resolves overlaps once (see
/// `OverlapResolution`), in O(n log n); a data change is one new `GuideData`,
/// nothing else to invalidate.
public struct GuideData: Sendable {
  /// `rows[section]` is one channel's resolved programmes.
  public internal(set) var rows: [GuideRow]
  /// Forced start of the timeline (E); nil means the earliest programme start.
  public var timelineStart: EpochSeconds?
  /// Forced end of the timeline (L); nil means the latest programme end.
  public var timelineEnd: EpochSeconds?
  /// Earliest shown start and latest shown end over all kept programmes, or
  /// nil when the guide has no programme (cached so queries stay O(1)).
  public let programmeSpan: TimeSpan?

  public init(
    channels: [[TimeSpan]], timelineStart: EpochSeconds? = nil, timelineEnd: EpochSeconds? = nil
  ) {
    self.init(
      rows: channels.map(GuideRow.init(spans:)), timelineStart: timelineStart,
      timelineEnd: timelineEnd)
  }

  /// A guide from rows already built (for instance shared between guides).
  public init(
    rows: [GuideRow], timelineStart: EpochSeconds? = nil, timelineEnd: EpochSeconds? = nil
  ) {
    self.rows = rows
    self.timelineStart = timelineStart
    self.timelineEnd = timelineEnd
    var span: TimeSpan?
    for row in rows {
      guard row.count > 0 else { continue }
      let first = row.start(at: 0)
      let last = row.end(at: row.count - 1)
      if let known = span {
        span = TimeSpan(start: Swift.min(known.start, first), end: Swift.max(known.end, last))
      } else {
        span = TimeSpan(start: first, end: last)
      }
    }
    programmeSpan = span
  }

  /// An empty guide: no channels.
  public static let empty = GuideData(channels: [])

  /// Number of channels (sections).
  public var sectionCount: Int { rows.count }
}
