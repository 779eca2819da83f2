import EPGLayout
import EPGSchedule

/// What a command template can say about one programme: the values of
/// `CommandTemplate.placeholders`. Text passes the caller's sanitiser
/// first (`clean`), so control characters and escape sequences from a
/// guide never reach a program's arguments.
public struct ProgrammeFields: Hashable, Sendable {
  public var title: String
  public var subtitle: String
  public var channel: String
  public var channelID: String
  /// The channel number (`<lcn>`, `tvg-chno`), or "".
  public var number: String
  /// Start and stop in epoch seconds.
  public var start: EpochSeconds
  public var stop: EpochSeconds
  /// The channel's stream URL, or "" when it has none.
  public var url: String
  /// The episode as shown (`S01E02`), or "".
  public var episode: String

  public init(
    title: String, subtitle: String = "", channel: String, channelID: String,
    number: String = "", start: EpochSeconds, stop: EpochSeconds, url: String = "",
    episode: String = ""
  ) {
    self.title = title
    self.subtitle = subtitle
    self.channel = channel
    self.channelID = channelID
    self.number = number
    self.start = start
    self.stop = stop
    self.url = url
    self.episode = episode
  }

  /// The fields of `programme` on `channel`; `url` is the channel's stream,
  /// if any; `clean` sanitises guide text.
  public init(
    programme: Programme, channel: Channel, url: String = "",
    clean: (String) -> String = { $0 }
  ) {
    self.init(
      title: clean(programme.title), subtitle: clean(programme.subTitle ?? ""),
      channel: clean(channel.name), channelID: clean(channel.key.id),
      number: clean(channel.number ?? ""), start: programme.start,
      stop: programme.listedStop, url: url, episode: clean(programme.episode?.label ?? ""))
  }

  /// The placeholder values: `{start}`/`{stop}` in epoch seconds,
  /// `{start_iso}`/`{stop_iso}` as UTC ISO 8601 (`2026-11-30T20:15:00Z`),
  /// `{duration}` in seconds.
  public var values: [String: String] {
    [
      "title": title, "subtitle": subtitle, "channel": channel, "channel_id": channelID,
      "number": number, "start": String(start), "stop": String(stop),
      "start_iso": ScheduleJSON.isoString(start), "stop_iso": ScheduleJSON.isoString(stop),
      "duration": String(max(0, stop - start)), "url": url, "episode": episode,
    ]
  }
}
