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
  /// The cached file (what a live reload watches).
  public var cachePath: String

  public init(
    value: Value, origin: RemoteOrigin, fetchedAt: Int64, notice: String?,
    failure: FetchError? = nil, cachePath: String
  ) {
    self.value = value
    self.origin = origin
    self.fetchedAt = fetchedAt
    self.notice = notice
    self.failure = failure
    self.cachePath = cachePath
  }
}
