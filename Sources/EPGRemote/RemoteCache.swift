import EPGPlaylist
import Foundation

/// Where the downloads of one URL are kept: `$XDG_CACHE_HOME/tvgrid/`
/// (else `~/.cache/tvgrid/`), one file per URL, named by a hash of the URL
/// with its credentials masked: `HASH.body` (the body as received), `HASH.json`
/// (`CacheMetadata`) and `HASH.lock`.
///
/// Files are written under a unique temporary name in the same folder and
/// renamed into place, so a reader sees the old copy or the new one, never
/// half of one. Refreshes of one URL are serialised with `flock` on the
/// lock file (two tvgrids starting at once download it once).
public struct RemoteCache: Sendable, Hashable {
  /// The cache folder.
  public var directory: String
  /// The URL as given (may hold credentials; never written anywhere).
  public var url: String

  public init(directory: String, url: String) {
    self.directory = directory
    self.url = url
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

  /// 16 hex digits: FNV-1a (64 bit) of the URL with its credentials
  /// masked (`CredentialMask`), so the name gives nothing away and a
  /// changed password or token keeps its cached copy. The metadata's
  /// masked URL is compared too, so a hash collision is a cache miss.
  public var key: String {
    var hash: UInt64 = 0xcbf2_9ce4_8422_2325
    for byte in CredentialMask.masked(url).utf8 {
      hash ^= UInt64(byte)
      hash &*= 0x0000_0100_0000_01b3
    }
    let hex = String(hash, radix: 16)
    return String(repeating: "0", count: 16 - hex.count) + hex
  }

  public var bodyPath: String { directory + "/" + key + ".body" }
  public var metadataPath: String { directory + "/" + key + ".json" }
  var lockPath: String { directory + "/" + key + ".lock" }

  /// The metadata of the cached copy, or nil when there is none (or it is
  /// unreadable, for another URL, or its guide file is missing).
  public func metadata() -> CacheMetadata? {
    guard let data = FileManager.default.contents(atPath: metadataPath),
      let metadata = try? JSONDecoder().decode(CacheMetadata.self, from: data),
      metadata.url == CredentialMask.masked(url),
      FileManager.default.fileExists(atPath: bodyPath)
    else { return nil }
    return metadata
  }

  /// Whether the server should be asked again at `now` (seconds since
  /// 1970): no cached copy, a refresh interval of 0, or a copy at least
  /// `refreshInterval` seconds old (or from the future: the clock moved).
  /// Also what a live reload checks while the guide is open.
  public func isDue(refreshInterval: Int64, now: Int64) -> Bool {
    guard refreshInterval > 0, let metadata = metadata() else { return true }
    return now < metadata.fetchedAt || now - metadata.fetchedAt >= refreshInterval
  }

  /// Creates the cache folder (mode 0700) if needed.
  func createDirectory() throws(FetchError) {
    do {
      try FileManager.default.createDirectory(
        atPath: directory, withIntermediateDirectories: true,
        attributes: [.posixPermissions: 0o700])
    } catch {
      throw FetchError(
        kind: .other, url: url, message: "cannot create the cache folder \(directory)")
    }
  }

  /// Writes `metadata` (temporary name, then rename).
  func write(_ metadata: CacheMetadata) throws(FetchError) {
    let encoder = JSONEncoder()
    encoder.outputFormatting = [.prettyPrinted, .sortedKeys]
    guard let data = try? encoder.encode(metadata) else {
      throw FetchError(kind: .other, url: url, message: "cannot encode the cache metadata")
    }
    let temporary = temporaryPath(suffix: ".json")
    guard FileManager.default.createFile(atPath: temporary, contents: data) else {
      throw FetchError(kind: .other, url: url, message: "cannot write to the cache folder")
    }
    try rename(temporary, to: metadataPath)
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
      throw FetchError(kind: .other, url: url, message: "cannot update the cache: \(reason)")
    }
  }

  /// Runs `body` holding the URL's lock (waits for another process's
  /// refresh of the same URL to end).
  func withLock<T>(_ body: () throws(FetchError) -> T) throws(FetchError) -> T {
    let descriptor = open(lockPath, O_CREAT | O_RDWR | O_CLOEXEC, 0o600)
    guard descriptor >= 0 else {
      throw FetchError(kind: .other, url: url, message: "cannot create the cache lock file")
    }
    defer { close(descriptor) }
    while flock(descriptor, LOCK_EX) != 0 {
      guard errno == EINTR else {
        throw FetchError(kind: .other, url: url, message: "cannot lock the cache")
      }
    }
    defer { flock(descriptor, LOCK_UN) }
    removeLeftovers()
    return try body()
  }
}
