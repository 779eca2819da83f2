import EPGPlaylist
import EPGSchedule
import Foundation

/// One refresh of a URL's copy (`CachedDownload`): the request, the body
/// into a temporary file and the content's receiver at once, and what to
/// use after it.
///
/// - The cached copy is checked first (size and checksum against its
///   metadata): a damaged one is dropped and the URL fetched without
///   conditions; a whole one is asked for conditionally
///   (`If-None-Match` / `If-Modified-Since`), and a 304 uses it.
/// - A 2xx body replaces the cached copy (rename) only when the transfer
///   completed, the receiver made a value of it, and the content does not
///   refuse it. Otherwise the last good copy is used and the notice says
///   why.
/// - Not `writable` (the cache folder cannot be written, the lock cannot
///   be had): the same, but nothing is written; the cached copy, if any,
///   is only read.
struct CacheRefresh<Value: Sendable> {
  let url: String
  let options: RemoteOptions
  /// Seconds since 1970.
  let now: Int64
  let progress: ((TransferProgress) -> Bool)?
  let content: RemoteContent<Value>
  /// Where the last good copy is read and (when `writable`) the new one
  /// written; nil: no cache at all.
  var cache: RemoteCache?
  var writable: Bool
  /// Phrases for the notice, in order ("the cached copy was damaged (…)").
  var notes: [String] = []
  /// Whether the cached copy was dropped as damaged (a new download then
  /// says it was fetched anew).
  private var dropped = false

  init(
    url: String, options: RemoteOptions, now: Int64, progress: ((TransferProgress) -> Bool)?,
    content: RemoteContent<Value>, cache: RemoteCache?, writable: Bool
  ) {
    self.url = url
    self.options = options
    self.now = now
    self.progress = progress
    self.content = content
    self.cache = cache
    self.writable = writable
  }

  /// The host for notices (`epg.example`), else the masked URL.
  var label: String { CredentialMask.host(of: url) ?? CredentialMask.masked(url) }

  /// Refreshes; throws only when there is no usable copy at all.
  mutating func perform() throws(FetchError) -> RemoteCopy<Value> {
    var lastGood: CacheMetadata?
    if let cache {
      switch cache.inspect(checksum: true) {
      case .none: break
      case .usable(let metadata): lastGood = metadata
      case .damaged(let reason):
        notes.append("the cached copy was damaged (\(reason))")
        dropped = true
        if writable { cache.drop() }
      }
    }
    while true {
      switch transfer(lastGood: lastGood) {
      case .notModified:
        guard let cache, let metadata = lastGood else {
          throw failure(
            FetchError(kind: .other, url: url, message: "304 Not Modified, but nothing cached"))
        }
        let value: Value
        do throws(FetchError) {
          value = try content.loadCached(cache.bodyPath)
        } catch {
          // Whole, yet it does not load: fetch it again, unconditionally.
          notes.append(error.message)
          dropped = true
          if writable { cache.drop() }
          lastGood = nil
          continue
        }
        var fetchedAt = metadata.fetchedAt
        if writable {
          var confirmed = metadata
          confirmed.fetchedAt = now
          if (try? cache.write(confirmed)) != nil { fetchedAt = now }
        }
        return RemoteCopy(
          value: value, origin: .notModified, fetchedAt: fetchedAt, notice: notice(),
          cachePath: cache.bodyPath)
      case .downloaded(let value, let stored, let response):
        if dropped { notes.append("fetched anew") }
        let cachePath = store(value, stored, response)
        return RemoteCopy(
          value: value, origin: .downloaded, fetchedAt: now, notice: notice(),
          cachePath: cachePath)
      case .failed(let failure, let reason):
        guard let cache, let lastGood else { throw self.failure(failure) }
        let value: Value
        do throws(FetchError) {
          value = try content.loadCached(cache.bodyPath)
        } catch {
          throw self.failure(
            FetchError(
              kind: failure.kind, url: url, status: failure.status,
              message: "\(failure.message); \(error.message)"))
        }
        return RemoteCopy(
          value: value, origin: .lastGood, fetchedAt: lastGood.fetchedAt,
          notice: notice(
            main: "using the copy from \(CachedDownload.format(lastGood.fetchedAt, options))"
              + " (\(reason))"),
          failure: failure, cachePath: cache.bodyPath)
      }
    }
  }

  /// `LABEL: MAIN; NOTE; …`, or nil when there is nothing to say.
  private func notice(main: String? = nil) -> String? {
    let parts = [main].compactMap { $0 } + notes
    return parts.isEmpty ? nil : "\(label): " + parts.joined(separator: "; ")
  }

  /// `error` with the notes added, when there are any.
  private func failure(_ error: FetchError) -> FetchError {
    guard !notes.isEmpty else { return error }
    return FetchError(
      kind: error.kind, url: url, status: error.status,
      message: "\(error.message) (\(notes.joined(separator: "; ")))")
  }

  /// A body written to a temporary file in the cache folder.
  struct Stored {
    var temporary: String
    /// Bytes.
    var size: Int64
    var checksum: String
  }

  private enum Attempt {
    case notModified
    /// Received and accepted; the body is in `stored` (not yet in place)
    /// when it is to be cached.
    case downloaded(Value, Stored?, HTTPResponse)
    /// `reason` completes "using the copy from … (REASON)".
    case failed(FetchError, reason: String)
  }

  /// Puts a new copy in place with its metadata; the cached file's path,
  /// or nil when it could not be cached (said in `notes`).
  private mutating func store(_ value: Value, _ stored: Stored?, _ response: HTTPResponse)
    -> String?
  {
    guard let cache, let stored else { return nil }
    do throws(FetchError) {
      try cache.rename(stored.temporary, to: cache.bodyPath)
    } catch {
      notes.append("\(error.message); nothing will be cached")
      return nil
    }
    let summary = content.summary(value)
    do throws(FetchError) {
      try cache.write(
        CacheMetadata(
          url: CredentialMask.masked(url), etag: response.etag,
          lastModified: response.lastModified, fetchedAt: now, programmeCount: summary.count,
          latestStop: summary.latestStop, size: stored.size, checksum: stored.checksum))
    } catch {
      // The body stays; its old metadata no longer matches it, so the next
      // run drops it and downloads again.
      notes.append("\(error.message); the new copy will not be used again")
    }
    return cache.bodyPath
  }

  /// One request: conditional when `lastGood` is given.
  private mutating func transfer(lastGood: CacheMetadata?) -> Attempt {
    var headers: [(name: String, value: String)] = []
    if let lastGood {
      if let etag = lastGood.etag { headers.append((name: "If-None-Match", value: etag)) }
      if let modified = lastGood.lastModified {
        headers.append((name: "If-Modified-Since", value: modified))
      }
    }
    var file: Int32 = -1
    var temporary: String?
    if writable, let cache {
      let path = cache.temporaryPath(suffix: ".body")
      file = open(path, O_CREAT | O_EXCL | O_WRONLY | O_NOFOLLOW | O_CLOEXEC, 0o600)
      if file >= 0 {
        temporary = path
      } else {
        let reason = String(cString: strerror(errno))
        notes.append(
          "the cache folder \(cache.directory) cannot be written (\(reason)); nothing will be cached"
        )
        writable = false
      }
    }
    var keep = false
    defer {
      if !keep, let temporary { unlink(temporary) }
    }
    var receiver: RemoteContent<Value>.Receiver?
    var receiverStopped = false
    /// `errno` of a failed write to the temporary file, else 0.
    var writeError: Int32 = 0
    var hasher = SnapshotHasher()
    var size: Int64 = 0
    let result: Result<HTTPResponse, FetchError>
    do throws(FetchError) {
      let (response, _) = try HTTPClient(options: options.http).perform(
        HTTPRequest(url: url, headers: headers),
        consumer: { chunk in
          if receiver == nil { receiver = content.makeReceiver() }
          guard let current = receiver else { return false }
          if file >= 0 {
            if CacheFile.writeAll(file, chunk) {
              hasher.combine(chunk)
              size += Int64(chunk.count)
            } else {
              // A full disk: the download goes on, uncached.
              writeError = errno
              close(file)
              file = -1
            }
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
    if file >= 0 { close(file) }
    let received = receiver?.finish()

    if writeError != 0, let written = temporary {
      unlink(written)
      temporary = nil
      writable = false
      notes.append(
        "the cache folder cannot be written (\(String(cString: strerror(writeError))));"
          + " nothing will be cached")
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
    let stored = temporary.map {
      Stored(temporary: $0, size: size, checksum: SnapshotHasher.hex(hasher.value))
    }
    return .downloaded(value, stored, response)
  }

  private func notUsable(_ failure: FetchError) -> Attempt {
    .failed(failure, reason: "the download does not load: \(failure.message)")
  }
}
