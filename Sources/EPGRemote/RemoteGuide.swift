import EPGSchedule

/// A guide loaded from a URL, and which copy it is.
public struct RemoteGuide: Sendable {
  public enum Origin: String, Sendable, Hashable {
    /// Downloaded now (and now the cached copy).
    case downloaded
    /// The server said 304 Not Modified: the cached copy.
    case notModified
    /// The cached copy, younger than the refresh interval: no request made.
    case fresh
    /// Offline: the cached copy, whatever its age.
    case offline
    /// The download failed or was refused: the last good copy.
    case lastGood
  }

  public var schedule: Schedule
  public var origin: Origin
  /// When the copy was downloaded or last confirmed (seconds since 1970).
  public var fetchedAt: Int64
  /// A line for the status line / stderr when something is worth saying,
  /// e.g. `guide.example: using the copy from 29 Nov 06:00 (download
  /// failed: …)`; nil when the guide is simply current. Credentials masked.
  public var notice: String?
  /// Why the download was not used (`.lastGood` only).
  public var failure: FetchError?
  /// The cached file (what a live reload watches).
  public var cachePath: String

  public init(
    schedule: Schedule, origin: Origin, fetchedAt: Int64, notice: String?,
    failure: FetchError? = nil, cachePath: String
  ) {
    self.schedule = schedule
    self.origin = origin
    self.fetchedAt = fetchedAt
    self.notice = notice
    self.failure = failure
    self.cachePath = cachePath
  }
}
