/// The program-guide layout: a port of INSElectronicProgramGuideLayout with
/// its bugs fixed, as a pure value. Channels are rows (sections), time runs
/// left to right, programmes are cells.
///
/// Coordinates are in points, origin at the top-left of the content.
public struct GuideLayout: Sendable {
  public var data: GuideData
  public var configuration: Configuration
  public var viewport: Viewport
  /// The current time (the layout never reads a clock).
  public var now: EpochSeconds
  /// Decides where local hours start (the layout never reads the process zone).
  public var timeZone: UTCOffsetTable

  public init(
    data: GuideData, configuration: Configuration = .default, viewport: Viewport,
    now: EpochSeconds, timeZone: UTCOffsetTable = .utc
  ) {
    self.data = data
    self.configuration = configuration
    self.viewport = viewport
    self.now = now
    self.timeZone = timeZone
  }
}
