import Foundation

/// A guide or playlist loaded from a URL through the cache, and which copy
/// it is (`RemoteGuide` is `RemoteCopy<Schedule>`, `RemoteFile` holds
/// bytes).
public struct RemoteCopy<Value: Sendable>: Sendable {
  public typealias Origin = RemoteOrigin

  public var value: Value
  public var origin: RemoteOrigin
  /// When the copy was downloaded or last confirmed (seconds since 1970).
  public var fetchedAt: Int64
  /// A line for the status line / stderr when something is worth saying,
  /// e.g. `guide.example: using the copy from 29 Nov 06:00 (download
  /// failed: …)`; nil when the copy is simply current. Credentials masked.
  public var notice: String?
  /// Why the download was not used (`.lastGood` only).
  public var failure: FetchError?
  /// The cached file (what a live reload watches); nil when the copy was
  /// downloaded but could not be cached.
  public var cachePath: String?

  public init(
    value: Value, origin: RemoteOrigin, fetchedAt: Int64, notice: String?,
    failure: FetchError? = nil, cachePath: String?
  ) {
    self.value = value
    self.origin = origin
    self.fetchedAt = fetchedAt
    self.notice = notice
    self.failure = failure
    self.cachePath = cachePath
  }
}

extension RemoteOrigin {
  /// Which copy this is, for `tvgrid check`: "downloaded 30 Nov 23:37",
  /// "unchanged (304) 30 Nov 23:37", "cached 30 Nov 23:37 (40 min old)",
  /// … `fetchedAt` and `now` in seconds since 1970; dates in `timeZone`.
  public func describe(fetchedAt: Int64, now: Int64, timeZone: TimeZone) -> String {
    let date = CachedDownload.format(fetchedAt, timeZone: timeZone)
    let age = CachedDownload.age(now - fetchedAt)
    switch self {
    case .downloaded: return "downloaded \(date)"
    case .notModified: return "unchanged on the server (304), cached \(date)"
    case .fresh: return "cached \(date) (\(age) old; within the refresh interval, not asked)"
    case .offline: return "offline: cached \(date) (\(age) old)"
    case .lastGood: return "the last good copy, from \(date) (\(age) old)"
    case .busy: return "cached \(date) (\(age) old; another tvgrid was refreshing it)"
    }
  }
}
