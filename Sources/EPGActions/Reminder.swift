import EPGLayout
import EPGSchedule

/// A reminder for one programme at one instant, keyed by its channel
/// (`ChannelKey`: id and shift), start and title so it survives a guide
/// refresh (see `ReminderList.refresh(against:)`) and a reordered
/// playlist.
public struct Reminder: Hashable, Sendable {
  /// The channel's key id (`ChannelKey.id`): the guide channel's id (for a
  /// playlist row, the matched guide channel's, else its tvg-id, else its
  /// normalised name).
  public var channelID: String
  /// The row's shift (`ChannelKey.shift`, seconds): the programme was set
  /// on a row showing the guide channel this much later ("BBC One +1":
  /// 3600). `start` and `stop` are the times of that airing.
  public var shift: Int64
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
    isMissing: Bool = false, shift: Int64 = 0
  ) {
    self.channelID = channelID
    self.shift = shift
    self.channelName = channelName
    self.title = title
    self.subtitle = subtitle
    self.start = start
    self.stop = stop
    self.firedStart = firedStart
    self.isMissing = isMissing
  }

  /// A reminder for `programme` on `channel` (the channel's key).
  public init(programme: Programme, channel: Channel) {
    self.init(
      channelID: channel.key.id, channelName: channel.name, title: programme.title,
      subtitle: programme.subTitle, start: programme.start, stop: programme.listedStop,
      shift: channel.key.shift)
  }

  /// The channel's key: `channelID` and `shift`.
  public var key: ChannelKey { ChannelKey(id: channelID, shift: shift) }

  /// Whether it has fired for its current start.
  public var hasFired: Bool { firedStart == start }

  /// Whether this is the reminder for `programme` on the channel with
  /// `key` (same channel key, start and title; titles compare ignoring
  /// case).
  public func isFor(_ programme: Programme, key: ChannelKey) -> Bool {
    self.key == key && start == programme.start && Self.sameTitle(title, programme.title)
  }

  /// Whether `other` is for the same programme (channel key, start, title).
  func isSameProgramme(as other: Reminder) -> Bool {
    key == other.key && start == other.start && Self.sameTitle(title, other.title)
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
