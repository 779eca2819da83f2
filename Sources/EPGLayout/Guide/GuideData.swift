/// The times the program-guide layout needs: per channel (section) the spans
/// of its programmes (items), in any order, plus an optional forced timeline
/// window. Titles and other text live elsewhere; the layout needs only times.
///
/// Building a `GuideData` sorts each row and resolves overlaps once (see
/// `OverlapResolution`); a data change is one new `GuideData`, nothing else to
/// invalidate.
public struct GuideData: Sendable {
  /// `rows[section]` is one channel's resolved programmes.
  public internal(set) var rows: [GuideRow]
  /// Forced start of the timeline (E); nil means the earliest programme start.
  public var timelineStart: EpochSeconds?
  /// Forced end of the timeline (L); nil means the latest programme end.
  public var timelineEnd: EpochSeconds?

  public init(
    channels: [[TimeSpan]], timelineStart: EpochSeconds? = nil, timelineEnd: EpochSeconds? = nil
  ) {
    self.rows = channels.map(GuideRow.init(spans:))
    self.timelineStart = timelineStart
    self.timelineEnd = timelineEnd
  }

  /// Number of channels (sections).
  public var sectionCount: Int { rows.count }
}
