/// How URL sources are fetched and which tvheadend server is used: the
/// config file's `refresh`, `offline`, `user_agent`, `ca_file`,
/// `download_timeout` and `tvheadend…` keys, with `--offline` and `--tvheadend` laid over them
/// (`GuideOptions.resolve`). `EPGRemote`'s `RemoteOptions` is built from it
/// by the command line tool.
public struct RemoteSettings: Hashable, Sendable {
  /// Seconds after a download during which no request is made (`refresh =
  /// 6h`); nil: the playlist header's `refresh`, else 12 hours. 0 asks at
  /// every start (still conditionally).
  public var refreshInterval: Int64?
  /// Seconds a download may take in all (`download_timeout = 10m`); nil:
  /// the default, 10 minutes.
  public var downloadTimeout: Int64?
  /// Cached copies only (`offline = yes`, `--offline`).
  public var offline = false
  /// The `User-Agent` header (`user_agent`); nil: `tvgrid/VERSION`.
  public var userAgent: String?
  /// A PEM file of certificate authorities to trust as well (`ca_file`),
  /// `~` expanded.
  public var caFile: String?
  /// A tvheadend server's base URL (`tvheadend = http://HOST:9981`,
  /// `--tvheadend`): its playlist and guide are the source.
  public var tvheadend: String?
  /// Credentials for the tvheadend server (else those in its URL, else
  /// `~/.netrc`). Never shown.
  public var tvheadendUser: String?
  public var tvheadendPassword: String?
  /// tvheadend's persistent authentication code (`tvheadend_auth`), sent as
  /// `auth=CODE` on the playlist and guide (streaming rights only).
  public var tvheadendAuth: String?

  public init() {}

  /// Reads `refresh`'s value in seconds: `0`, or a number with a unit
  /// `s`, `m`, `h` or `d` (`90m`, `12h`); nil when it is not one.
  public static func parseInterval(_ text: String) -> Int64? {
    let trimmed = text.trimmingWhitespace().lowercased()
    if trimmed == "0" { return 0 }
    guard let unit = trimmed.last,
      let number = Int64(String(trimmed.dropLast()).trimmingWhitespace()),
      number >= 0, number <= 366 * 86_400
    else { return nil }
    switch unit {
    case "s": return number
    case "m": return number * 60
    case "h": return number * 3600
    case "d": return number * 86_400
    default: return nil
    }
  }
}
