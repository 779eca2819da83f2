import EPGActions

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
  /// Seconds without any data received before the transfer is given up.
  public var idleTimeout: Int
  /// Largest body in bytes: refused up front when the server announces more
  /// (`Content-Length`), and stopped while streaming when more arrives.
  public var maximumBytes: Int64
  /// User and password to send (Basic or Digest, whichever the server asks
  /// for); nil: those in the URL, else `~/.netrc` when `useNetrc`.
  public var credentials: HTTPCredentials?
  /// Whether to look up credentials in `~/.netrc` (or `netrcFile`) when
  /// neither the URL nor `credentials` has them.
  public var useNetrc: Bool
  /// Another `.netrc` file; nil: `~/.netrc`.
  public var netrcFile: String?

  public init(
    userAgent: String = HTTPOptions.defaultUserAgent, caFile: String? = nil,
    connectTimeout: Int = 15, idleTimeout: Int = 30,
    maximumBytes: Int64 = HTTPOptions.defaultMaximumBytes, credentials: HTTPCredentials? = nil,
    useNetrc: Bool = true, netrcFile: String? = nil
  ) {
    self.userAgent = userAgent
    self.caFile = caFile
    self.connectTimeout = connectTimeout
    self.idleTimeout = idleTimeout
    self.maximumBytes = maximumBytes
    self.credentials = credentials
    self.useNetrc = useNetrc
    self.netrcFile = netrcFile
  }
}
