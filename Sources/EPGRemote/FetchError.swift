import EPGPlaylist

/// Why a download or a server call failed. `description` is one line,
/// `URL: message`, with the URL's credentials masked (`CredentialMask`):
/// no message ever holds a password, token or auth code.
public struct FetchError: Error, Sendable, Hashable, CustomStringConvertible {
  public enum Kind: String, Sendable, Hashable {
    /// The host could not be found or reached.
    case unreachable
    /// Connecting took longer than the connect time-out, or no data came
    /// for the idle time-out.
    case timedOut
    /// More than `HTTPOptions.maximumRedirects` redirects.
    case tooManyRedirects
    /// The server's TLS certificate is not trusted.
    case untrustedCertificate
    /// The body is larger than `HTTPOptions.maximumBytes`.
    case tooLarge
    /// The connection ended before the whole body had arrived.
    case cutOff
    /// The transfer encoding (gzip, deflate) could not be decoded.
    case badEncoding
    /// The server answered with an error status (`status`).
    case httpStatus
    /// The caller's progress callback or consumer stopped the transfer.
    case cancelled
    /// The body is not a guide (it does not load).
    case notAGuide
    /// Offline, and no copy in the cache.
    case notCached
    /// Anything else libcurl reports.
    case other
  }

  public var kind: Kind
  /// The URL with credentials masked.
  public var url: String
  /// The HTTP status for `.httpStatus`, else 0.
  public var status: Int
  public var message: String

  public init(kind: Kind, url: String, status: Int = 0, message: String) {
    self.kind = kind
    self.url = CredentialMask.masked(url)
    self.status = status
    self.message = message
  }

  public var description: String { "\(url): \(message)" }
}
