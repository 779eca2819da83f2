import EPGPlaylist
import Foundation

/// Fetches a URL through the cache, keeping the last good copy; the part
/// `RemoteGuideLoader` and `RemoteFileLoader` share.
///
/// - Offline: the cached copy, with its age.
/// - Within `refreshInterval` of the last download: the cached copy, no
///   request.
/// - Otherwise, holding the URL's lock: a conditional GET
///   (`If-None-Match` / `If-Modified-Since`); 304 uses the cached copy. A
///   2xx body goes both to a temporary file in the cache and to the
///   content's receiver; it replaces the cached copy (rename) only when
///   the transfer completed, the receiver made a value of it, and the
///   content does not refuse it. Otherwise the last good copy is used and
///   `notice` says why.
enum CachedDownload {
  /// Throws only when there is no usable copy at all. `now`: seconds
  /// since 1970.
  static func load<Value>(
    url: String, options: RemoteOptions, now: Int64, progress: ((TransferProgress) -> Bool)?,
    content: RemoteContent<Value>
  ) throws(FetchError) -> RemoteCopy<Value> {
    let cache = RemoteCache(directory: options.cacheDirectory, url: url)
    let label = CredentialMask.host(of: url) ?? CredentialMask.masked(url)

    if options.offline {
      guard let metadata = cache.metadata() else {
        throw FetchError(kind: .notCached, url: url, message: "offline, and no copy in the cache")
      }
      let notice =
        "\(label): offline, using the copy from \(format(metadata.fetchedAt, options))"
        + " (\(age(now - metadata.fetchedAt)) old)"
      return RemoteCopy(
        value: try content.loadCached(cache.bodyPath), origin: .offline,
        fetchedAt: metadata.fetchedAt, notice: notice, cachePath: cache.bodyPath)
    }
    if let fresh = try freshCopy(cache, options: options, now: now, content: content) {
      return fresh
    }
    try cache.createDirectory()
    return try cache.withLock { () throws(FetchError) -> RemoteCopy<Value> in
      // Another process may have refreshed it while we waited for the lock.
      if let fresh = try freshCopy(cache, options: options, now: now, content: content) {
        return fresh
      }
      let lastGood = cache.metadata()
      switch download(cache, lastGood: lastGood, options: options, progress: progress, content) {
      case .notModified:
        guard var metadata = lastGood else {
          throw FetchError(kind: .other, url: url, message: "304 Not Modified, but nothing cached")
        }
        metadata.fetchedAt = now
        try cache.write(metadata)
        return RemoteCopy(
          value: try content.loadCached(cache.bodyPath), origin: .notModified, fetchedAt: now,
          notice: nil, cachePath: cache.bodyPath)
      case .downloaded(let value, let temporary, let response):
        try cache.rename(temporary, to: cache.bodyPath)
        let size =
          (try? FileManager.default.attributesOfItem(atPath: cache.bodyPath)[.size] as? NSNumber)?
          .int64Value ?? response.bodyBytes
        let summary = content.summary(value)
        try cache.write(
          CacheMetadata(
            url: CredentialMask.masked(url), etag: response.etag,
            lastModified: response.lastModified, fetchedAt: now, programmeCount: summary.count,
            latestStop: summary.latestStop, size: size))
        return RemoteCopy(
          value: value, origin: .downloaded, fetchedAt: now, notice: nil,
          cachePath: cache.bodyPath)
      case .failed(let failure, let reason):
        guard let lastGood else { throw failure }
        let notice =
          "\(label): using the copy from \(format(lastGood.fetchedAt, options)) (\(reason))"
        return RemoteCopy(
          value: try content.loadCached(cache.bodyPath), origin: .lastGood,
          fetchedAt: lastGood.fetchedAt, notice: notice, failure: failure,
          cachePath: cache.bodyPath)
      }
    }
  }

  /// The cached copy when it is younger than the refresh interval.
  private static func freshCopy<Value>(
    _ cache: RemoteCache, options: RemoteOptions, now: Int64, content: RemoteContent<Value>
  ) throws(FetchError) -> RemoteCopy<Value>? {
    guard !cache.isDue(refreshInterval: options.refreshInterval, now: now),
      let metadata = cache.metadata()
    else { return nil }
    return RemoteCopy(
      value: try content.loadCached(cache.bodyPath), origin: .fresh,
      fetchedAt: metadata.fetchedAt, notice: nil, cachePath: cache.bodyPath)
  }

  private enum Attempt<Value> {
    case notModified
    /// Received and accepted; the body is in `temporary`, not yet in place.
    case downloaded(Value, temporary: String, HTTPResponse)
    /// `reason` completes "using the copy from … (REASON)".
    case failed(FetchError, reason: String)
  }

  private static func download<Value>(
    _ cache: RemoteCache, lastGood: CacheMetadata?, options: RemoteOptions,
    progress: ((TransferProgress) -> Bool)?, _ content: RemoteContent<Value>
  ) -> Attempt<Value> {
    let url = cache.url
    var headers: [(name: String, value: String)] = []
    if let lastGood {
      if let etag = lastGood.etag { headers.append((name: "If-None-Match", value: etag)) }
      if let modified = lastGood.lastModified {
        headers.append((name: "If-Modified-Since", value: modified))
      }
    }
    let cannotWrite = FetchError(
      kind: .other, url: url, message: "cannot write to the cache folder")
    let temporary = cache.temporaryPath(suffix: ".body")
    let file = open(temporary, O_CREAT | O_EXCL | O_WRONLY | O_CLOEXEC, 0o600)
    guard file >= 0 else {
      return .failed(cannotWrite, reason: "download failed: \(cannotWrite.message)")
    }
    var keep = false
    defer {
      if !keep { unlink(temporary) }
    }
    var receiver: RemoteContent<Value>.Receiver?
    var receiverStopped = false
    var writeFailed = false
    let result: Result<HTTPResponse, FetchError>
    do throws(FetchError) {
      let (response, _) = try HTTPClient(options: options.http).perform(
        HTTPRequest(url: url, headers: headers),
        consumer: { chunk in
          if receiver == nil { receiver = content.makeReceiver() }
          guard let current = receiver else { return false }
          guard writeAll(file, chunk) else {
            writeFailed = true
            return false
          }
          guard current.consume(chunk) else {
            receiverStopped = true
            return false
          }
          return true
        }, progress: progress)
      result = .success(response)
    } catch {
      result = .failure(error)
    }
    close(file)
    let received = receiver?.finish()

    if writeFailed {
      return .failed(cannotWrite, reason: "download failed: \(cannotWrite.message)")
    }
    let response: HTTPResponse
    switch result {
    case .failure(let failure):
      // A receiver that stopped first is the real reason the transfer stopped.
      if receiverStopped, case .failure(let reason) = received { return notUsable(reason) }
      return .failed(failure, reason: "download failed: \(failure.message)")
    case .success(let answer):
      response = answer
    }
    if response.status == 304, lastGood != nil { return .notModified }
    guard (200..<300).contains(response.status) else {
      let failure = FetchError(
        kind: .httpStatus, url: url, status: response.status,
        message: "the server answered \(response.status)")
      return .failed(failure, reason: "download failed: \(failure.message)")
    }
    let value: Value
    switch received {
    case .none:
      return notUsable(FetchError(kind: .notAGuide, url: url, message: "empty (no data)"))
    case .failure(let reason):
      return notUsable(reason)
    case .success(let made):
      value = made
    }
    if let lastGood, let refusal = content.refusal(value, lastGood) {
      return .failed(FetchError(kind: .notAGuide, url: url, message: refusal), reason: refusal)
    }
    keep = true
    return .downloaded(value, temporary: temporary, response)
  }

  private static func notUsable<Value>(_ failure: FetchError) -> Attempt<Value> {
    .failed(failure, reason: "the download does not load: \(failure.message)")
  }

  private static func writeAll(_ file: Int32, _ bytes: UnsafeRawBufferPointer) -> Bool {
    guard var base = bytes.baseAddress else { return true }
    var left = bytes.count
    while left > 0 {
      let wrote = write(file, base, left)
      if wrote < 0 {
        if errno == EINTR { continue }
        return false
      }
      left -= wrote
      base += wrote
    }
    return true
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
