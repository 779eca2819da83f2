import EPGPlatform
import EPGRemote
import Foundation

/// A URL source a live reload looks at: due when its cached copy is
/// (`RemoteCache.isDue`), or, when nothing could be cached (a cache folder
/// that cannot be written), a refresh interval after it was last fetched.
///
/// A class: the due check runs again and again and remembers, for an
/// uncached source, when it last said "due" (the reload that follows
/// fetches it); guarded by `lock`.
final class WatchedURL: @unchecked Sendable {
  let directory: String
  let url: String
  let credentials: HTTPCredentials?
  /// Seconds.
  let refresh: Int64
  private let lock = NSLock()
  /// Seconds since 1970.
  private var fetchedAt: Int64

  init(
    directory: String, url: String, credentials: HTTPCredentials?, refresh: Int64,
    fetchedAt: Int64
  ) {
    self.directory = directory
    self.url = url
    self.credentials = credentials
    self.refresh = refresh
    self.fetchedAt = fetchedAt
  }

  func isDue(now: Int64) -> Bool {
    if let cache = RemoteCache(directory: directory, url: url, credentials: credentials),
      cache.metadata() != nil
    {
      return cache.isDue(refreshInterval: refresh, now: now)
    }
    return lock.withLock {
      guard refresh == 0 || now < fetchedAt || now - fetchedAt >= refresh else { return false }
      fetchedAt = now
      return true
    }
  }
}
