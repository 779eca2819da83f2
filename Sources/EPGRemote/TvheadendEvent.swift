import EPGLayout

/// One programme of tvheadend's own guide, as listed by
/// `/api/epg/events/grid`: what `create_by_event` needs (`eventID`) and
/// where it is (channel UUID and times, which match the XMLTV guide's).
public struct TvheadendEvent: Sendable, Hashable {
  /// `eventId`.
  public var eventID: Int64
  /// `channelUuid` (the guide's channel id).
  public var channel: String
  /// Seconds since 1970.
  public var start: EpochSeconds
  public var stop: EpochSeconds

  public init(eventID: Int64, channel: String, start: EpochSeconds, stop: EpochSeconds) {
    self.eventID = eventID
    self.channel = channel
    self.start = start
    self.stop = stop
  }
}
