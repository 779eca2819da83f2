import EPGPlaylist
import Foundation

/// Fetches a URL through the cache, keeping the last good copy; the part
/// `RemoteGuideLoader` and `RemoteFileLoader` share.
///
/// - Offline: the cached copy, with its age.
/// - Within `refreshInterval` of the last download: the cached copy, no
///   request (a copy whose size does not match its metadata, or that does
///   not load, is not used).
/// - Otherwise, holding the URL's lock: `CacheRefresh` (a conditional GET
///   when the cached copy is whole; the new body replaces it only when it
///   loads and is not refused; else the last good copy with a notice).
/// - When another process holds the lock for longer than
///   `RemoteOptions.lockWait`: its cached copy, read only, else a download
///   that is not cached.
/// - When the cache folder cannot be made or written: a download that is
///   not cached (a guide streams into its parser, a playlist is held in
///   memory), with a notice saying so.
enum CachedDownload {
  /// Throws only when there is no usable copy at all. `now`: seconds
  /// since 1970.
  static func load<Value>(
    url: String, options: RemoteOptions, now: Int64, progress: ((TransferProgress) -> Bool)?,
    content: RemoteContent<Value>
  ) throws(FetchError) -> RemoteCopy<Value> {
    let credentials = options.http.resolvedCredentials(for: url)
    let existing = RemoteCache(
      directory: options.cacheDirectory, url: url, credentials: credentials)
    var refresh = CacheRefresh(
      url: url, options: options, now: now, progress: progress, content: content,
      cache: existing, writable: false)

    if options.offline { return try offlineCopy(existing, refresh) }
    if let existing, let fresh = freshCopy(existing, options: options, now: now, content: content) {
      return fresh
    }
    let cache: RemoteCache
    do {
      cache = try RemoteCache.prepared(
        directory: options.cacheDirectory, url: url, credentials: credentials)
    } catch {
      refresh.notes.append("\(error.message); nothing will be cached")
      return try refresh.perform()
    }
    refresh.cache = cache
    switch cache.lock(waiting: options.lockWait) {
    case .locked(let lock):
      defer { lock.release() }
      // Another process may have refreshed it while we waited for the lock.
      if let fresh = freshCopy(cache, options: options, now: now, content: content) {
        return fresh
      }
      refresh.writable = true
      return try refresh.perform()
    case .unavailable(let reason):
      refresh.notes.append("the cache cannot be locked (\(reason)); nothing will be cached")
      return try refresh.perform()
    case .busy:
      let waited = "another tvgrid is refreshing it (waited \(seconds(options.lockWait)) s)"
      if case .usable(let metadata) = cache.inspect(checksum: false),
        let value = try? content.loadCached(cache.bodyPath)
      {
        return RemoteCopy(
          value: value, origin: .busy, fetchedAt: metadata.fetchedAt,
          notice: "\(refresh.label): \(waited); using the copy from "
            + format(metadata.fetchedAt, options),
          cachePath: cache.bodyPath)
      }
      refresh.notes.append("\(waited); nothing will be cached")
      return try refresh.perform()
    }
  }

  private static func offlineCopy<Value>(_ cache: RemoteCache?, _ refresh: CacheRefresh<Value>)
    throws(FetchError) -> RemoteCopy<Value>
  {
    let url = refresh.url
    guard let cache else {
      throw FetchError(kind: .notCached, url: url, message: "offline, and no copy in the cache")
    }
    let metadata: CacheMetadata
    switch cache.inspect(checksum: false) {
    case .none:
      throw FetchError(kind: .notCached, url: url, message: "offline, and no copy in the cache")
    case .damaged(let reason):
      throw FetchError(
        kind: .notCached, url: url, message: "offline, and the cached copy is damaged (\(reason))")
    case .usable(let found):
      metadata = found
    }
    let options = refresh.options
    let notice =
      "\(refresh.label): offline, using the copy from \(format(metadata.fetchedAt, options))"
      + " (\(age(refresh.now - metadata.fetchedAt)) old)"
    return RemoteCopy(
      value: try refresh.content.loadCached(cache.bodyPath), origin: .offline,
      fetchedAt: metadata.fetchedAt, notice: notice, cachePath: cache.bodyPath)
  }

  /// The cached copy when it is younger than the refresh interval, whole
  /// (its size as its metadata says) and loads; nil otherwise.
  private static func freshCopy<Value>(
    _ cache: RemoteCache, options: RemoteOptions, now: Int64, content: RemoteContent<Value>
  ) -> RemoteCopy<Value>? {
    guard options.refreshInterval > 0, case .usable(let metadata) = cache.inspect(checksum: false),
      now >= metadata.fetchedAt, now - metadata.fetchedAt < options.refreshInterval,
      let value = try? content.loadCached(cache.bodyPath)
    else { return nil }
    return RemoteCopy(
      value: value, origin: .fresh, fetchedAt: metadata.fetchedAt, notice: nil,
      cachePath: cache.bodyPath)
  }

  /// "5" for 5.0, "0.5" for 0.5.
  static func seconds(_ value: Double) -> String {
    value == value.rounded() ? String(Int(value)) : String(value)
  }

  /// "29 Nov 06:00" in the options' time zone.
  static func format(_ epoch: Int64, _ options: RemoteOptions) -> String {
    format(epoch, timeZone: options.timeZone)
  }

  /// "29 Nov 06:00" in `timeZone`.
  static func format(_ epoch: Int64, timeZone: TimeZone) -> String {
    let formatter = DateFormatter()
    formatter.locale = Locale(identifier: "en_US_POSIX")
    formatter.timeZone = timeZone
    formatter.dateFormat = "d MMM HH:mm"
    return formatter.string(from: Date(timeIntervalSince1970: TimeInterval(epoch)))
  }

  /// A rough age: "40 min", "5 h", "3 days".
  static func age(_ seconds: Int64) -> String {
    let seconds = max(seconds, 0)
    if seconds < 3600 { return "\(seconds / 60) min" }
    if seconds < 2 * 86400 { return "\(seconds / 3600) h" }
    return "\(seconds / 86400) days"
  }
}
