/// One channel of a playlist: an `#EXTINF` line, the option lines after it
/// and its stream URL. Text is as written (trimmed, invalid UTF-8 and NUL
/// bytes replaced by U+FFFD); like guide text it is sanitised where it is
/// shown (controls and escape sequences become placeholders).
public struct PlaylistEntry: Hashable, Sendable {
  /// The name after the first unquoted comma of `#EXTINF`; when there is
  /// none, the `tvg-name`, else the `tvg-id`, else the stream's host
  /// (`isNamed` says which).
  public var name: String
  /// Whether `name` is a name (written, or the `tvg-name`), not a `tvg-id`
  /// or host standing in for one: a row shows its guide channel's display
  /// name instead.
  public var isNamed = true
  /// `tvg-id`: the guide's `<channel id>` this entry wants.
  public var tvgID: String?
  /// `tvg-name`: a second key, compared with the guide's display names.
  public var tvgName: String?
  /// `tvg-chno`: the channel number as written (e.g. "101").
  public var number: String?
  /// `tvg-logo`: the icon URL as written.
  public var logo: String?
  /// `group-title` (or `#EXTGRP:`) split at `;`, trimmed, in order.
  public var groups: [String]
  /// `tvg-shift`, in seconds (written in hours, decimals allowed); nil when
  /// absent. Added to the guide's times for this entry.
  public var shift: Int64?
  /// The stream URL handed to a player: Kodi's `|…` header suffix removed.
  /// Its scheme is one of `PlaylistEntry.streamSchemes`.
  public var streamURL: String
  /// Headers the stream needs.
  public var headers: StreamHeaders
  /// The entry's own catch-up attributes (the header's defaults are not
  /// merged in; see `Playlist.catchup(for:)`).
  public var catchup: CatchupSettings
  /// 1-based line of the `#EXTINF`.
  public var line: Int

  public init(
    name: String, tvgID: String? = nil, tvgName: String? = nil, number: String? = nil,
    logo: String? = nil, groups: [String] = [], shift: Int64? = nil, streamURL: String,
    headers: StreamHeaders = StreamHeaders(), catchup: CatchupSettings = CatchupSettings(),
    line: Int = 0
  ) {
    self.name = name
    self.tvgID = tvgID
    self.tvgName = tvgName
    self.number = number
    self.logo = logo
    self.groups = groups
    self.shift = shift
    self.streamURL = streamURL
    self.headers = headers
    self.catchup = catchup
    self.line = line
  }

  /// Stream URL schemes a playlist may use (case-insensitive): the web
  /// (`http`, `https`), RTMP and its variants (`rtmp`, `rtmps`, `rtmpt`,
  /// `rtmpe`, `rtmpte`), RTSP (`rtsp`, `rtsps`), multicast and transport
  /// streams (`udp`, `rtp`, `srt`) and MMS (`mms`, `mmsh`). Everything else
  /// is refused, notably `file:` (local files), `javascript:`/`data:` and
  /// bare paths or words (a "URL" like `--script=…` is no URL).
  public static let streamSchemes: Set<String> = [
    "http", "https", "rtmp", "rtmps", "rtmpt", "rtmpe", "rtmpte", "rtsp", "rtsps", "udp", "rtp",
    "srt", "mms", "mmsh",
  ]
}
