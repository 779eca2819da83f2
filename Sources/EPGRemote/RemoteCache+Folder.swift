import Foundation

/// The downloads in a cache folder as a whole, for `tvgrid cache`.
extension RemoteCache {
  /// One download kept in the folder.
  public struct Entry: Sendable {
    /// The files' common name (`KEY`).
    public var key: String
    /// Its metadata (the masked URL, when it was fetched), nil when that
    /// cannot be read.
    public var metadata: CacheMetadata?
    /// Bytes of the body.
    public var size: Int64
  }

  /// Whether `name` is one of a download's files, and its key: `KEY.body`,
  /// `KEY.json`, a temporary `KEY.….part` (KEY: 16 or 32 hex digits,
  /// older and current names).
  static func downloadKey(of name: String) -> String? {
    guard let dot = name.firstIndex(of: "."),
      [16, 32].contains(name.distance(from: name.startIndex, to: dot))
    else { return nil }
    let key = name[..<dot]
    guard key.allSatisfy({ $0.isHexDigit && !$0.isUppercase }) else { return nil }
    let rest = name[dot...]
    guard rest == ".body" || rest == ".json" || rest.hasSuffix(".part") else { return nil }
    return String(key)
  }

  /// The downloads kept in `directory`, by key.
  public static func entries(directory: String) -> [Entry] {
    let names = (try? FileManager.default.contentsOfDirectory(atPath: directory)) ?? []
    var entries: [Entry] = []
    for name in names where name.hasSuffix(".body") {
      guard let key = downloadKey(of: name) else { continue }
      var info = stat()
      guard lstat(directory + "/" + name, &info) == 0 else { continue }
      var metadata: CacheMetadata?
      if case .bytes(let bytes) = CacheFile.read(directory + "/" + key + ".json", limit: 1 << 20) {
        metadata = try? JSONDecoder().decode(CacheMetadata.self, from: Data(bytes))
      }
      entries.append(Entry(key: key, metadata: metadata, size: Int64(info.st_size)))
    }
    return entries.sorted { $0.key < $1.key }
  }

  /// Removes the downloads in `directory` (bodies, metadata, temporary
  /// files; not the lock files nor the folder's key), each under its lock
  /// so a refresh in progress is never cut in half: one whose lock is held
  /// is left. Returns how many were removed and how many were in use.
  public static func clear(directory: String) -> (removed: Int, inUse: Int) {
    let names = (try? FileManager.default.contentsOfDirectory(atPath: directory)) ?? []
    var byKey: [String: [String]] = [:]
    for name in names {
      if let key = downloadKey(of: name) { byKey[key, default: []].append(name) }
    }
    var removed = 0
    var inUse = 0
    for (key, files) in byKey {
      let lock = open(directory + "/" + key + ".lock", O_RDWR | O_NONBLOCK | O_NOFOLLOW | O_CLOEXEC)
      if lock >= 0 {
        defer { close(lock) }
        guard flock(lock, LOCK_EX | LOCK_NB) == 0 else {
          inUse += 1
          continue
        }
      }
      for name in files { unlink(directory + "/" + name) }
      if files.contains(key + ".body") { removed += 1 }
    }
    return (removed, inUse)
  }
}
