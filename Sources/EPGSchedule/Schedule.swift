import EPGLayout

/// A loaded, normalised guide: channels in file order, and per channel its
/// programmes sorted by start, without duplicates or overlaps (resolved by
/// `OverlapResolution`, the layout's rule: `stop` is the shown stop,
/// `listedStop` the file's), every stop known or estimated.
///
/// Built by `ScheduleLoader.load` (files), `ScheduleJSON.decode` and
/// `DemoGuide.schedule`.
public struct Schedule: Sendable {
  public var channels: [Channel]
  /// `programmes[c]` belongs to `channels[c]`.
  public var programmes: [[Programme]]
  /// What was repaired, skipped or estimated while loading.
  public var report: LoadReport

  public init(channels: [Channel], programmes: [[Programme]], report: LoadReport = LoadReport()) {
    precondition(channels.count == programmes.count, "one programme list per channel")
    self.channels = channels
    self.programmes = programmes
    self.report = report
  }

  /// Number of programmes over all channels.
  public var programmeCount: Int { programmes.reduce(0) { $0 + $1.count } }
}
