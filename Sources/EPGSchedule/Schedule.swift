import EPGCore

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
  public var programmes: [ProgrammeColumn]
  /// `alsoListed[c]`: programmes the file lists on `channels[c]` that the
  /// grid does not show, because they start with a longer one (dropped by
  /// `OverlapResolution`; exact duplicates are not kept). Sorted by start,
  /// with the stops as listed. `now` lists them as also on, as `tv_grep`
  /// does. Empty when nothing was dropped.
  public var alsoListed: [ProgrammeColumn]
  /// What was repaired, skipped or estimated while loading.
  public var report: LoadReport

  /// `alsoListed`, when given, has one list per channel.
  public init(
    channels: [Channel], programmes: [[Programme]], alsoListed: [[Programme]] = [],
    report: LoadReport = LoadReport()
  ) {
    self.init(
      channels: channels, columns: programmes.map(ProgrammeColumn.init),
      alsoListed: alsoListed.map(ProgrammeColumn.init), report: report)
  }

  /// The same with the programmes as columns (arrays or a mapped snapshot).
  public init(
    channels: [Channel], columns programmes: [ProgrammeColumn],
    alsoListed: [ProgrammeColumn] = [], report: LoadReport = LoadReport()
  ) {
    precondition(channels.count == programmes.count, "one programme list per channel")
    precondition(
      alsoListed.isEmpty || alsoListed.count == channels.count, "one dropped list per channel")
    self.channels = channels
    self.programmes = programmes
    self.alsoListed = alsoListed.contains { !$0.isEmpty } ? alsoListed : []
    self.report = report
  }

  /// Number of programmes over all channels.
  public var programmeCount: Int { programmes.reduce(0) { $0 + $1.count } }
}
