/// How a channel's archive (catch-up) is reached: the `catchup`,
/// `catchup-source`, `catchup-days` (aliases `tvg-rec`, `timeshift`) and
/// `catchup-correction` attributes of an entry, or the header's defaults.
/// Each field is nil when the playlist did not say; `resolved(over:)` fills
/// an entry's gaps from the header.
public struct CatchupSettings: Hashable, Sendable {
  public var mode: Mode?
  /// The `catchup-source` template (a whole URL for `default`, a suffix
  /// for `append`), placeholders unexpanded.
  public var source: String?
  /// Archive depth in days (`catchup-days`).
  public var days: Int?
  /// `catchup-correction`, in seconds (written in hours): added to the
  /// programme's start and stop when an archive URL is built, nowhere else.
  public var correction: Int64?

  public init(mode: Mode? = nil, source: String? = nil, days: Int? = nil, correction: Int64? = nil)
  {
    self.mode = mode
    self.source = source
    self.days = days
    self.correction = correction
  }

  /// The `catchup` attribute's values.
  public enum Mode: String, Hashable, Sendable, CaseIterable {
    /// `catchup-source` is the whole archive URL.
    case `default`
    /// `catchup-source` is appended to the stream URL.
    case append
    /// SIPTV: `?utc={utc}&lutc={lutc}` appended to the stream URL.
    case shift
    /// Flussonic: the stream URL's last part becomes an archive request.
    case flussonic
    /// Xtream Codes: `/live/USER/PASS/ID.ext` becomes a `/timeshift/` URL.
    case xc
    /// The stream is on demand: no archive.
    case vod

    /// Reads an attribute value (any case; `fs`, `flussonic-hls` and
    /// `flussonic-ts` are Flussonic, `xtream` is `xc`); nil when unknown.
    public init?(attribute: String) {
      switch attribute.lowercased() {
      case "default": self = .default
      case "append": self = .append
      case "shift": self = .shift
      case "flussonic", "flussonic-hls", "flussonic-ts", "fs": self = .flussonic
      case "xc", "xtream": self = .xc
      case "vod": self = .vod
      default: return nil
      }
    }
  }

  /// These settings with every unset field taken from `defaults` (the
  /// header's).
  public func resolved(over defaults: CatchupSettings) -> CatchupSettings {
    CatchupSettings(
      mode: mode ?? defaults.mode, source: source ?? defaults.source, days: days ?? defaults.days,
      correction: correction ?? defaults.correction)
  }

  /// True when no field is set.
  public var isEmpty: Bool { mode == nil && source == nil && days == nil && correction == nil }
}
