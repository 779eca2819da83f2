import EPGPlaylist
import EPGSchedule
import Foundation

/// Where the downloads of one URL are kept: `$XDG_CACHE_HOME/tvgrid/`
/// (else `~/.cache/tvgrid/`), one set of files per URL and credentials,
/// named by `key`: `KEY.body` (the body as received), `KEY.json`
/// (`CacheMetadata`) and `KEY.lock`, all mode 0600.
///
/// Files are written under a unique temporary name in the same folder and
/// renamed into place, so a reader sees the old copy or the new one, never
/// half of one. Refreshes of one URL are serialised with `flock` on the
/// lock file (two tvgrids starting at once download it once); a process
/// waits for another's lock a few seconds at most (`lock(waiting:)`).
/// Every cache file is opened without following links or blocking, and
/// must be a regular file (`CacheFile`).
public struct RemoteCache: Sendable, Hashable {
  /// The cache folder.
  public let directory: String
  /// The URL as given (may hold credentials; never written anywhere).
  public let url: String
  /// The credentials sent with it other than those in the URL (given, or
  /// from `~/.netrc`; never written anywhere).
  public let credentials: HTTPCredentials?
  /// 32 hex digits: the first 128 bits of HMAC-SHA-256, under the folder's
  /// random key (`CacheSecret`), of the URL and the credentials, so each
  /// account has its own copy and the name gives nothing away.
  public let key: String

  init(directory: String, url: String, credentials: HTTPCredentials?, secret: CacheSecret) {
    self.directory = directory
    self.url = url
    self.credentials = credentials
    // Each field with its length, so no two inputs run together alike.
    var message: [UInt8] = []
    for field in [url, credentials?.user, credentials?.password] {
      guard let field else {
        message += Array("-;".utf8)
        continue
      }
      message += Array("\(field.utf8.count):".utf8) + Array(field.utf8)
    }
    key = SHA256.hmac(key: secret.bytes, message: message).prefix(16).map {
      ($0 < 16 ? "0" : "") + String($0, radix: 16)
    }.joined()
  }

  /// The cache of `url` sent with `credentials` in `directory`; nil when
  /// the folder has no key yet (nothing was ever downloaded there) or it
  /// cannot be read.
  public init?(directory: String, url: String, credentials: HTTPCredentials? = nil) {
    guard let secret = CacheSecret.read(directory: directory) else { return nil }
    self.init(directory: directory, url: url, credentials: credentials, secret: secret)
  }

  /// The cache of `url`, making the folder and its key when needed.
  static func prepared(directory: String, url: String, credentials: HTTPCredentials?)
    throws(FetchError) -> RemoteCache
  {
    let secret = try CacheSecret.readOrCreate(directory: directory)
    return RemoteCache(directory: directory, url: url, credentials: credentials, secret: secret)
  }

  /// `$XDG_CACHE_HOME/tvgrid` when that is absolute, else
  /// `$HOME/.cache/tvgrid`; nil without either.
  public static func defaultDirectory(environment: [String: String]) -> String? {
    if let xdg = environment["XDG_CACHE_HOME"], xdg.hasPrefix("/") {
      return xdg + "/tvgrid"
    }
    if let home = environment["HOME"], home.hasPrefix("/") {
      return home + "/.cache/tvgrid"
    }
    return nil
  }

  public var bodyPath: String { directory + "/" + key + ".body" }
  public var metadataPath: String { directory + "/" + key + ".json" }
  var lockPath: String { directory + "/" + key + ".lock" }

  /// What is cached for the URL.
  enum State {
    case none
    /// A copy whose body matches its metadata.
    case usable(CacheMetadata)
    /// A copy that must not be used: why (a phrase).
    case damaged(String)
  }

  /// The cached copy, checked: both files regular, the body's size (and,
  /// with `checksum`, its checksum) as the metadata says.
  func inspect(checksum: Bool) -> State {
    let metadata: CacheMetadata
    switch CacheFile.read(metadataPath, limit: 1 << 20) {
    case .missing: return .none
    case .unusable(let reason): return .damaged("its metadata \(metadataPath): \(reason)")
    case .bytes(let bytes):
      guard let decoded = try? JSONDecoder().decode(CacheMetadata.self, from: Data(bytes)) else {
        return .damaged("its metadata \(metadataPath) cannot be read")
      }
      metadata = decoded
    }
    // Another URL's (a collision of 128 bits: never in practice).
    guard metadata.url == CredentialMask.masked(url) else { return .none }
    switch CacheFile.open(bodyPath) {
    case .missing: return .none
    case .notRegular(let kind): return .damaged("\(bodyPath) is \(kind), not a regular file")
    case .failed(let reason): return .damaged("\(bodyPath) cannot be read: \(reason)")
    case .file(let descriptor, let size):
      defer { close(descriptor) }
      guard size == metadata.size else {
        return .damaged("it has \(size) bytes, its metadata says \(metadata.size)")
      }
      if checksum, let expected = metadata.checksum {
        guard let actual = Self.checksum(of: descriptor) else {
          return .damaged("\(bodyPath) cannot be read")
        }
        guard actual == expected else {
          return .damaged("its checksum does not match its metadata")
        }
      }
      return .usable(metadata)
    }
  }

  /// The metadata of a usable cached copy (its size checked), or nil.
  public func metadata() -> CacheMetadata? {
    guard case .usable(let metadata) = inspect(checksum: false) else { return nil }
    return metadata
  }

  /// Whether the server should be asked again at `now` (seconds since
  /// 1970): no usable cached copy, a refresh interval of 0, or a copy at
  /// least `refreshInterval` seconds old (or from the future: the clock
  /// moved). Also what a live reload checks while the guide is open.
  public func isDue(refreshInterval: Int64, now: Int64) -> Bool {
    guard refreshInterval > 0, let metadata = metadata() else { return true }
    return now < metadata.fetchedAt || now - metadata.fetchedAt >= refreshInterval
  }

  /// The checksum the metadata keeps (`SnapshotHasher`, hex) of the bytes
  /// of `descriptor` from its start; nil on a read error.
  static func checksum(of descriptor: Int32) -> String? {
    var hasher = SnapshotHasher()
    var buffer = [UInt8](repeating: 0, count: 1 << 20)
    var offset: off_t = 0
    while true {
      let got = buffer.withUnsafeMutableBytes {
        pread(descriptor, $0.baseAddress, $0.count, offset)
      }
      if got < 0, errno == EINTR { continue }
      guard got >= 0 else { return nil }
      if got == 0 { return SnapshotHasher.hex(hasher.value) }
      buffer.withUnsafeBytes { hasher.combine(UnsafeRawBufferPointer(rebasing: $0[0..<got])) }
      offset += off_t(got)
    }
  }

  /// Writes `metadata` (temporary name, then rename; mode 0600).
  func write(_ metadata: CacheMetadata) throws(FetchError) {
    let encoder = JSONEncoder()
    encoder.outputFormatting = [.prettyPrinted, .sortedKeys]
    guard let data = try? encoder.encode(metadata) else {
      throw FetchError(kind: .other, url: url, message: "cannot encode the cache metadata")
    }
    let temporary = temporaryPath(suffix: ".json")
    guard CacheFile.create(temporary, [UInt8](data)) else {
      let reason = String(cString: strerror(errno))
      unlink(temporary)
      throw FetchError(
        kind: .other, url: url, message: "cannot write to the cache folder: \(reason)")
    }
    try rename(temporary, to: metadataPath)
  }

  /// Removes the cached copy (only under the lock): the metadata, then the
  /// body, whatever it is (an empty folder too).
  func drop() {
    unlink(metadataPath)
    if unlink(bodyPath) != 0, errno == EISDIR { rmdir(bodyPath) }
  }

  /// Deletes this URL's temporary files left by a process that was killed
  /// mid-download. Called holding the lock: temporary files are only
  /// written under it, so any that exist now are left over.
  private func removeLeftovers() {
    let prefix = key + "."
    guard let names = try? FileManager.default.contentsOfDirectory(atPath: directory) else {
      return
    }
    for name in names where name.hasPrefix(prefix) && name.hasSuffix(".part") {
      unlink(directory + "/" + name)
    }
  }

  /// A fresh name in the cache folder for a file being written (only
  /// under the lock).
  func temporaryPath(suffix: String) -> String {
    directory + "/" + key + ".\(getpid()).\(UUID().uuidString)" + suffix + ".part"
  }

  /// Moves a finished temporary file into place (atomic on one file system).
  func rename(_ temporary: String, to path: String) throws(FetchError) {
    guard Foundation.rename(temporary, path) == 0 else {
      let reason = String(cString: strerror(errno))
      unlink(temporary)
      throw FetchError(kind: .other, url: url, message: "the cache cannot be updated (\(reason))")
    }
  }

  /// The URL's lock, held until `release()`.
  struct Lock {
    let descriptor: Int32

    func release() {
      flock(descriptor, LOCK_UN)
      close(descriptor)
    }
  }

  enum LockAttempt {
    case locked(Lock)
    /// Another process held it for longer than the wait.
    case busy
    /// The lock file cannot be made or locked (a read-only folder): why.
    case unavailable(String)
  }

  /// Takes the URL's lock, waiting at most `seconds` for another process
  /// that holds it.
  func lock(waiting seconds: Double) -> LockAttempt {
    let descriptor = open(lockPath, O_CREAT | O_RDWR | O_NONBLOCK | O_NOFOLLOW | O_CLOEXEC, 0o600)
    guard descriptor >= 0 else {
      let reason = errno == ELOOP ? "it is a symbolic link" : String(cString: strerror(errno))
      return .unavailable("\(lockPath): \(reason)")
    }
    var info = stat()
    guard fstat(descriptor, &info) == 0, info.st_mode & S_IFMT == S_IFREG else {
      close(descriptor)
      return .unavailable("\(lockPath) is \(CacheFile.kind(info.st_mode)), not a regular file")
    }
    let deadline = ProcessInfo.processInfo.systemUptime + seconds
    while flock(descriptor, LOCK_EX | LOCK_NB) != 0 {
      let error = errno
      if error == EINTR { continue }
      guard error == EWOULDBLOCK else {
        close(descriptor)
        return .unavailable("\(lockPath) cannot be locked: \(String(cString: strerror(error)))")
      }
      guard ProcessInfo.processInfo.systemUptime < deadline else {
        close(descriptor)
        return .busy
      }
      usleep(50_000)
    }
    removeLeftovers()
    return .locked(Lock(descriptor: descriptor))
  }
}
