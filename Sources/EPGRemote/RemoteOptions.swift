import Foundation

/// How a guide or playlist URL is fetched, cached and checked.
public struct RemoteOptions: Sendable {
  public var http: HTTPOptions
  /// The cache folder (see `RemoteCache.defaultDirectory`).
  public var cacheDirectory: String
  /// Seconds after a download (or a 304) during which the cached copy is
  /// used without asking the server at all. 0: ask every time (still
  /// conditionally). Default 12 hours.
  public var refreshInterval: Int64
  /// Cached copies only; no request is made.
  public var offline: Bool
  /// Guides: a new copy with fewer programmes than this share of the last
  /// good copy's is refused (default 0.5: under half).
  public var minimumShare: Double
  /// Guides: seconds ahead a new copy must cover with at least one programme when
  /// the last good copy still does (default 24 hours).
  public var coverageWindow: Int64
  /// Seconds to wait for another process refreshing the same URL (its
  /// lock) before using the cached copy read only, or downloading without
  /// caching when there is none (default 5).
  public var lockWait: Double
  /// The time zone of dates in messages ("using the copy from 29 Nov 06:00").
  public var timeZone: TimeZone

  public init(
    http: HTTPOptions = HTTPOptions(), cacheDirectory: String, refreshInterval: Int64 = 12 * 3600,
    offline: Bool = false, minimumShare: Double = 0.5, coverageWindow: Int64 = 24 * 3600,
    lockWait: Double = 5, timeZone: TimeZone = .current
  ) {
    self.http = http
    self.cacheDirectory = cacheDirectory
    self.refreshInterval = refreshInterval
    self.offline = offline
    self.minimumShare = minimumShare
    self.coverageWindow = coverageWindow
    self.lockWait = lockWait
    self.timeZone = timeZone
  }
}
