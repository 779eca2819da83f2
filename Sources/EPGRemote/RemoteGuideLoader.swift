import EPGLayout
import EPGPlaylist
import EPGSchedule
import Foundation

/// Loads a guide from an http(s) URL through the cache, keeping the last
/// good copy.
///
/// - Within `refreshInterval` of the last download no request is made.
/// - Otherwise a conditional GET (`If-None-Match` / `If-Modified-Since`);
///   304 uses the cached copy.
/// - A 200 body streams both into a temporary file in the cache and into
///   the loader (`StreamingScheduleParser`). It replaces the cached copy
///   only when the transfer completed, it loads, and it is not far smaller
///   than the last good copy (`GuideAcceptance`); otherwise the last good
///   copy is used and `notice` says why.
public enum RemoteGuideLoader {
  /// Loads `url`. `now` is seconds since 1970. Throws only when there is
  /// no usable copy at all (first download failed, or offline with no
  /// cache); the error names the masked URL.
  public static func load(
    url: String, options: RemoteGuideOptions, loadOptions: LoadOptions = LoadOptions(),
    now: Int64, progress: ((TransferProgress) -> Bool)? = nil
  ) throws(FetchError) -> RemoteGuide {
    let cache = RemoteCache(directory: options.cacheDirectory, url: url)
    let masked = CredentialMask.masked(url)
    let label = CredentialMask.host(of: url) ?? masked

    if options.offline {
      guard let metadata = cache.metadata() else {
        throw FetchError(kind: .notCached, url: url, message: "offline, and no copy in the cache")
      }
      let schedule = try loadCached(cache, loadOptions: loadOptions)
      let notice =
        "\(label): offline, using the copy from \(format(metadata.fetchedAt, options))"
        + " (\(age(now - metadata.fetchedAt)) old)"
      return RemoteGuide(
        schedule: schedule, origin: .offline, fetchedAt: metadata.fetchedAt, notice: notice,
        cachePath: cache.guidePath)
    }
    if let fresh = try freshCopy(cache, options: options, loadOptions: loadOptions, now: now) {
      return fresh
    }
    try cache.createDirectory()
    return try cache.withLock { () throws(FetchError) -> RemoteGuide in
      // Another process may have refreshed it while we waited for the lock.
      if let fresh = try freshCopy(cache, options: options, loadOptions: loadOptions, now: now) {
        return fresh
      }
      let lastGood = cache.metadata()
      let attempt = download(
        cache, lastGood: lastGood, options: options, loadOptions: loadOptions, now: now,
        progress: progress)
      switch attempt {
      case .notModified:
        guard var metadata = lastGood else {
          throw FetchError(kind: .other, url: url, message: "304 Not Modified, but nothing cached")
        }
        metadata.fetchedAt = now
        try cache.write(metadata)
        return RemoteGuide(
          schedule: try loadCached(cache, loadOptions: loadOptions), origin: .notModified,
          fetchedAt: now, notice: nil, cachePath: cache.guidePath)
      case .downloaded(let schedule, let temporary, let response):
        try cache.rename(temporary, to: cache.guidePath)
        let size =
          (try? FileManager.default.attributesOfItem(atPath: cache.guidePath)[.size] as? Int64)
          ?? response.bodyBytes
        let latest = schedule.programmes.joined().map(\.stop).max() ?? 0
        try cache.write(
          CacheMetadata(
            url: masked, etag: response.etag, lastModified: response.lastModified, fetchedAt: now,
            programmeCount: schedule.programmeCount, latestStop: latest, size: size ?? 0))
        return RemoteGuide(
          schedule: schedule, origin: .downloaded, fetchedAt: now, notice: nil,
          cachePath: cache.guidePath)
      case .failed(let failure, let reason):
        guard let lastGood else { throw failure }
        let schedule = try loadCached(cache, loadOptions: loadOptions)
        let notice =
          "\(label): using the copy from \(format(lastGood.fetchedAt, options)) (\(reason))"
        return RemoteGuide(
          schedule: schedule, origin: .lastGood, fetchedAt: lastGood.fetchedAt, notice: notice,
          failure: failure, cachePath: cache.guidePath)
      }
    }
  }

  /// The cached copy when it is younger than the refresh interval.
  private static func freshCopy(
    _ cache: RemoteCache, options: RemoteGuideOptions, loadOptions: LoadOptions, now: Int64
  ) throws(FetchError) -> RemoteGuide? {
    guard options.refreshInterval > 0, let metadata = cache.metadata(),
      now >= metadata.fetchedAt, now - metadata.fetchedAt < options.refreshInterval
    else { return nil }
    return RemoteGuide(
      schedule: try loadCached(cache, loadOptions: loadOptions), origin: .fresh,
      fetchedAt: metadata.fetchedAt, notice: nil, cachePath: cache.guidePath)
  }

  private static func loadCached(_ cache: RemoteCache, loadOptions: LoadOptions)
    throws(FetchError) -> Schedule
  {
    do throws(LoadError) {
      return try ScheduleLoader.load(path: cache.guidePath, options: loadOptions)
    } catch {
      throw FetchError(
        kind: .notAGuide, url: cache.url, message: "the cached copy does not load: \(error.message)"
      )
    }
  }

  private enum Attempt {
    case notModified
    /// Loaded and accepted; the body is in `temporary`, not yet in place.
    case downloaded(Schedule, temporary: String, HTTPResponse)
    /// `reason` completes "using the copy from … (REASON)".
    case failed(FetchError, reason: String)
  }

  private static func download(
    _ cache: RemoteCache, lastGood: CacheMetadata?, options: RemoteGuideOptions,
    loadOptions: LoadOptions, now: Int64, progress: ((TransferProgress) -> Bool)?
  ) -> Attempt {
    let url = cache.url
    var headers: [(name: String, value: String)] = []
    if let lastGood {
      if let etag = lastGood.etag { headers.append((name: "If-None-Match", value: etag)) }
      if let modified = lastGood.lastModified {
        headers.append((name: "If-Modified-Since", value: modified))
      }
    }
    let temporary = cache.temporaryPath(suffix: ".guide")
    let file = open(temporary, O_CREAT | O_EXCL | O_WRONLY | O_CLOEXEC, 0o600)
    guard file >= 0 else {
      let failure = FetchError(kind: .other, url: url, message: "cannot write to the cache folder")
      return .failed(failure, reason: "download failed: \(failure.message)")
    }
    var keep = false
    defer {
      if !keep { unlink(temporary) }
    }
    var parser: StreamingScheduleParser?
    var writeFailed = false
    let client = HTTPClient(options: options.http)
    let result: Result<(response: HTTPResponse, errorBody: [UInt8]), FetchError>
    do throws(FetchError) {
      result = .success(
        try client.perform(
          HTTPRequest(url: url, headers: headers),
          consumer: { chunk in
            if parser == nil {
              parser = StreamingScheduleParser(
                name: CredentialMask.masked(url), options: loadOptions)
            }
            guard let parser, !parser.hasStopped else { return false }
            guard writeAll(file, chunk) else {
              writeFailed = true
              return false
            }
            parser.write(chunk)
            return true
          }, progress: progress))
    } catch {
      result = .failure(error)
    }
    close(file)
    let parsed = parser?.finish()

    if writeFailed {
      let failure = FetchError(kind: .other, url: url, message: "cannot write to the cache folder")
      return .failed(failure, reason: "download failed: \(failure.message)")
    }
    let response: HTTPResponse
    switch result {
    case .failure(let failure):
      // A parser that stopped first is the real reason the transfer stopped.
      if failure.kind == .cancelled, case .failure(let loadError) = parsed {
        return notAGuide(loadError, url: url)
      }
      return .failed(failure, reason: "download failed: \(failure.message)")
    case .success(let answer):
      response = answer.response
    }
    if response.status == 304, lastGood != nil { return .notModified }
    guard (200..<300).contains(response.status) else {
      let failure = FetchError(
        kind: .httpStatus, url: url, status: response.status,
        message: "the server answered \(response.status)")
      return .failed(failure, reason: "download failed: \(failure.message)")
    }
    let schedule: Schedule
    switch parsed {
    case .none:
      return notAGuide(
        LoadError(kind: .unreadable, path: url, message: "empty input (no guide data)"), url: url)
    case .failure(let loadError):
      return notAGuide(loadError, url: url)
    case .success(let loaded):
      schedule = loaded
    }
    if let lastGood,
      let refusal = GuideAcceptance(
        minimumShare: options.minimumShare, coverageWindow: options.coverageWindow
      ).refusal(of: schedule, lastGood: lastGood, now: now)
    {
      let failure = FetchError(kind: .notAGuide, url: url, message: refusal)
      return .failed(failure, reason: refusal)
    }
    keep = true
    return .downloaded(schedule, temporary: temporary, response)
  }

  private static func notAGuide(_ error: LoadError, url: String) -> Attempt {
    var error = error
    error.path = CredentialMask.masked(url)
    let failure = FetchError(kind: .notAGuide, url: url, message: error.description)
    return .failed(failure, reason: "the download does not load: \(error.description)")
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
  static func format(_ epoch: Int64, _ options: RemoteGuideOptions) -> String {
    let formatter = DateFormatter()
    formatter.locale = Locale(identifier: "en_US_POSIX")
    formatter.timeZone = options.timeZone
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
