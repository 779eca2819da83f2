import EPGLayout
import EPGSchedule

/// A reminder for one programme, keyed by channel id, start and title so
/// it survives a guide refresh (see `ReminderList.refresh(against:)`).
public struct Reminder: Hashable, Sendable {
  /// The guide channel's id.
  public var channelID: String
  /// The channel's name when the reminder was set (for lists and
  /// notices when the guide no longer has the channel).
  public var channelName: String
  public var title: String
  public var subtitle: String?
  /// Start and stop, epoch seconds (updated when the programme moves).
  public var start: EpochSeconds
  public var stop: EpochSeconds
  /// The start it has fired for, if it has: a reminder fires once per
  /// start, so one that moves fires again.
  public var firedStart: EpochSeconds?
  /// The last refresh did not find the programme (it is kept, flagged).
  public var isMissing: Bool

  public init(
    channelID: String, channelName: String, title: String, subtitle: String? = nil,
    start: EpochSeconds, stop: EpochSeconds, firedStart: EpochSeconds? = nil,
    isMissing: Bool = false
  ) {
    self.channelID = channelID
    self.channelName = channelName
    self.title = title
    self.subtitle = subtitle
    self.start = start
    self.stop = stop
    self.firedStart = firedStart
    self.isMissing = isMissing
  }

  /// A reminder for `programme` on `channel`.
  public init(programme: Programme, channel: Channel) {
    self.init(
      channelID: channel.id, channelName: channel.name, title: programme.title,
      subtitle: programme.subTitle, start: programme.start, stop: programme.listedStop)
  }

  /// Whether it has fired for its current start.
  public var hasFired: Bool { firedStart == start }

  /// Whether this is the reminder for `programme` on channel `channelID`
  /// (same channel, start and title; titles compare ignoring case).
  public func isFor(_ programme: Programme, channelID: String) -> Bool {
    self.channelID == channelID && start == programme.start
      && Self.sameTitle(title, programme.title)
  }

  static func sameTitle(_ a: String, _ b: String) -> Bool {
    a.caseInsensitiveCompare(b) == .orderedSame
  }

  /// The fields for a command template (`notify_command`, `--run NAME`);
  /// `url` is the channel's stream, if known.
  public func fields(url: String = "", clean: (String) -> String = { $0 }) -> ProgrammeFields {
    ProgrammeFields(
      title: clean(title), subtitle: clean(subtitle ?? ""), channel: clean(channelName),
      channelID: clean(channelID), start: start, stop: stop, url: url)
  }
}
