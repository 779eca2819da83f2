import EPGActions
import EPGPlaylist
import Foundation

/// How guides and server calls are fetched over HTTP(S).
///
/// TLS is always verified: `caFile` adds trust in a given certificate
/// authority (e.g. a home server's self-signed one); there is deliberately
/// no setting that turns verification off.
public struct HTTPOptions: Sendable, Hashable {
  /// `tvgrid/VERSION` (`TVGridVersion`); some hosts refuse requests
  /// without a User-Agent.
  public static let defaultUserAgent = "tvgrid/\(TVGridVersion.number)"
  /// Default largest body, in bytes (2 GiB).
  public static let defaultMaximumBytes: Int64 = 2 << 30
  /// Redirects followed before giving up.
  public static let maximumRedirects = 10

  /// The `User-Agent` header.
  public var userAgent: String
  /// A PEM file of certificate authorities to trust instead of the system's
  /// (libcurl's `CURLOPT_CAINFO`); nil: the system's.
  public var caFile: String?
  /// Seconds allowed to connect (including TLS set-up).
  public var connectTimeout: Int
  /// A transfer slower than `lowSpeedLimit` bytes a second for
  /// `lowSpeedTime` seconds is given up (1 KiB/s for 30 s by default).
  public var lowSpeedLimit: Int
  /// Seconds (see `lowSpeedLimit`).
  public var lowSpeedTime: Int
  /// Seconds a whole transfer may take (`download_timeout`, default 10 min).
  public var totalTimeout: Int
  /// Largest body in bytes: refused up front when the server announces more
  /// (`Content-Length`), and stopped while streaming when more arrives.
  public var maximumBytes: Int64
  /// User and password to send (Basic or Digest, whichever the server asks
  /// for); nil: those in the URL, else `~/.netrc` when `useNetrc`.
  public var credentials: HTTPCredentials?
  /// Whether to look up credentials in `~/.netrc` (or `netrcFile`) when
  /// neither the URL nor `credentials` has them (tvgrid reads the file, for
  /// the URL's own host only: see `Netrc`).
  public var useNetrc: Bool
  /// Another `.netrc` file; nil: `~/.netrc`.
  public var netrcFile: String?

  public init(
    userAgent: String = HTTPOptions.defaultUserAgent, caFile: String? = nil,
    connectTimeout: Int = 15, lowSpeedLimit: Int = 1024, lowSpeedTime: Int = 30,
    totalTimeout: Int = 600,
    maximumBytes: Int64 = HTTPOptions.defaultMaximumBytes, credentials: HTTPCredentials? = nil,
    useNetrc: Bool = true, netrcFile: String? = nil
  ) {
    self.userAgent = userAgent
    self.caFile = caFile
    self.connectTimeout = connectTimeout
    self.lowSpeedLimit = lowSpeedLimit
    self.lowSpeedTime = lowSpeedTime
    self.totalTimeout = totalTimeout
    self.maximumBytes = maximumBytes
    self.credentials = credentials
    self.useNetrc = useNetrc
    self.netrcFile = netrcFile
  }

  /// The credentials a request for `url` sends besides any in the URL
  /// itself: `credentials`, else, when the URL holds none and `useNetrc`,
  /// the `.netrc` entry for its host. Sent to that host only, never to
  /// another one a redirect leads to. Part of the cache's key.
  public func resolvedCredentials(for url: String) -> HTTPCredentials? {
    if let credentials { return credentials }
    guard useNetrc, !CredentialMask.hasUserInfo(url),
      let host = Self.hostName(of: url), let path = netrcFile ?? Self.defaultNetrcFile
    else { return nil }
    return Netrc.credentials(host: host, path: path)
  }

  /// The host name of `url` without port or IPv6 brackets.
  static func hostName(of url: String) -> String? {
    guard let authority = CredentialMask.host(of: url) else { return nil }
    if authority.hasPrefix("["), let close = authority.firstIndex(of: "]") {
      return String(authority[authority.index(after: authority.startIndex)..<close])
    }
    if let colon = authority.lastIndex(of: ":"),
      authority[authority.index(after: colon)...].allSatisfy(\.isNumber)
    {
      return String(authority[..<colon])
    }
    return authority
  }

  /// `$HOME/.netrc`, else the user's home folder's.
  static var defaultNetrcFile: String? {
    if let home = ProcessInfo.processInfo.environment["HOME"], !home.isEmpty {
      return home + "/.netrc"
    }
    guard let entry = getpwuid(getuid()), let directory = entry.pointee.pw_dir else { return nil }
    return String(cString: directory) + "/.netrc"
  }
}
