import EPGFrontEnd
import EPGPlaylist
import EPGRemote
import EPGSchedule
import Foundation

/// Fetching URL sources (`EPGRemote`) with the options' `RemoteSettings`.
extension GuideOptions {
  /// The tvheadend server named by `--tvheadend` or the config, if any.
  var tvheadendServer: TvheadendServer? {
    remote.tvheadend.map { TvheadendServer(baseURL: $0, authCode: remote.tvheadendAuth) }
  }

  /// How `url` is fetched: the user agent, the extra CA, and the tvheadend
  /// credentials for the tvheadend server's own URLs only. `refresh`: the
  /// playlist header's, used when the config sets none.
  func remoteOptions(for url: String, playlistRefresh: Int? = nil) throws(LoadError)
    -> RemoteOptions
  {
    let environment = ProcessInfo.processInfo.environment
    guard let directory = RemoteCache.defaultDirectory(environment: environment) else {
      throw LoadError(
        kind: .unreadable, path: CredentialMask.masked(url),
        message: "no cache folder for downloads (set HOME or XDG_CACHE_HOME)")
    }
    var http = HTTPOptions()
    if let agent = remote.userAgent { http.userAgent = agent }
    http.caFile = remote.caFile
    if let timeout = remote.downloadTimeout { http.totalTimeout = Int(timeout) }
    // A body larger than the largest guide cannot load (max_guide_size).
    if config.maxGuideSize > 0 { http.maximumBytes = config.maxGuideSize }
    if let server = tvheadendServer, url.hasPrefix(server.baseURL + "/"),
      let user = remote.tvheadendUser
    {
      http.credentials = HTTPCredentials(user: user, password: remote.tvheadendPassword ?? "")
    }
    let refresh = remote.refreshInterval ?? playlistRefresh.map(Int64.init) ?? 12 * 3600
    return RemoteOptions(
      http: http, cacheDirectory: directory, refreshInterval: refresh, offline: remote.offline,
      timeZone: timeZone)
  }

  /// What a 401 from the tvheadend server says (after `401: `): who was
  /// refused, and every way to give credentials. `recording`: for the
  /// DVR API (`R`), which the auth code does not open.
  func tvheadendRefusal(recording: Bool) -> String {
    let given = remote.tvheadendUser != nil
    let refused =
      given
      ? "the server refused the config's tvheadend_user and tvheadend_password: check them"
      : "the server asks for a login: set tvheadend_user and tvheadend_password in the config"
    return
      recording
      ? "401: \(refused), or use ~/.netrc (tvheadend_auth, the auth code, allows streaming only)"
      : "401: \(refused), use ~/.netrc, or set tvheadend_auth to the server's auth code"
  }

  /// `error` with the tvheadend server's 401 explained (`tvheadendRefusal`);
  /// other errors as they are.
  func explainingTvheadendLogin(_ error: FetchError, url: String) -> FetchError {
    guard error.status == 401, let server = tvheadendServer, url.hasPrefix(server.baseURL + "/")
    else { return error }
    var explained = error
    explained.message = tvheadendRefusal(recording: false)
    return explained
  }

  /// The HTTP options for tvheadend's API (`R`): as for its playlist.
  var tvheadendHTTP: HTTPOptions? {
    guard let server = tvheadendServer,
      let options = try? remoteOptions(for: server.baseURL + "/")
    else { return nil }
    return options.http
  }
}

extension LoadError {
  /// `error` as a load error naming the masked URL: `URL: message`, or
  /// `URL:LINE:COLUMN: message` when the body did not parse.
  init(_ error: FetchError) {
    var message = error.message
    var line = 0
    var column = 0
    if message.hasPrefix(error.url + ":") {
      // The loader's own `URL:LINE:COLUMN: message`.
      let rest = message.dropFirst(error.url.count + 1)
      let parts = rest.split(separator: ":", maxSplits: 2, omittingEmptySubsequences: false)
      if parts.count == 3, let l = Int(parts[0]), let c = Int(parts[1]) {
        line = l
        column = c
        message = String(parts[2]).trimmingCharacters(in: .whitespaces)
      } else {
        message = String(rest).trimmingCharacters(in: .whitespaces)
      }
    }
    self.init(
      kind: error.kind == .notAGuide ? .notAGuide : .unreadable, path: error.url, line: line,
      column: column, message: message)
  }
}
