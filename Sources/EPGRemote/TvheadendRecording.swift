import EPGLayout

/// One upcoming recording, as listed by `/api/dvr/entry/grid_upcoming`.
public struct TvheadendRecording: Sendable, Hashable {
  /// The DVR entry's UUID (for cancelling).
  public var uuid: String
  /// The channel's UUID (the guide's channel id).
  public var channel: String
  /// Seconds since 1970 (the programme's times, without padding).
  public var start: EpochSeconds
  public var stop: EpochSeconds
  /// `disp_title`.
  public var title: String
  /// The EPG event id (`broadcast`), when the entry came from the guide.
  public var eventID: Int64?

  public init(
    uuid: String, channel: String, start: EpochSeconds, stop: EpochSeconds, title: String,
    eventID: Int64? = nil
  ) {
    self.uuid = uuid
    self.channel = channel
    self.start = start
    self.stop = stop
    self.title = title
    self.eventID = eventID
  }
}
