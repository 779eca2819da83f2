/// A tvheadend server's URLs (shapes from tvheadend 4.2–4.3: `src/webui`
/// and `src/api`).
///
/// `baseURL` is `http://HOST:9981` (with a webroot path if the server has
/// one; credentials may be in it, or come from `HTTPOptions.credentials`
/// or `~/.netrc`). `authCode` is tvheadend's persistent authentication
/// code, sent as `auth=CODE` on the playlist and guide URLs.
public struct TvheadendServer: Sendable, Hashable {
  public var baseURL: String
  public var authCode: String?

  public init(baseURL: String, authCode: String? = nil) {
    var base = baseURL
    while base.hasSuffix("/") { base.removeLast() }
    self.baseURL = base
    self.authCode = authCode
  }

  /// The channel playlist (M3U); its `tvg-id`s are the channel UUIDs.
  public var playlistURL: String { url("/playlist/channels", query: []) }

  /// The guide (XMLTV) with channel numbers; channel ids are the UUIDs.
  public var guideURL: String { url("/xmltv/channels", query: [("lcn", "1")]) }

  /// The stream of a channel.
  public func streamURL(channel uuid: String) -> String {
    url("/stream/channel/" + HTTPRequest.formEncoded(uuid), query: [])
  }

  /// An `/api/…` endpoint (the API takes the same credentials).
  func apiURL(_ path: String) -> String { url("/api/" + path, query: []) }

  private func url(_ path: String, query: [(String, String)]) -> String {
    var items = query
    if let authCode { items.append(("auth", authCode)) }
    let text = items.map { $0.0 + "=" + HTTPRequest.formEncoded($0.1) }.joined(separator: "&")
    return baseURL + path + (text.isEmpty ? "" : "?" + text)
  }
}
