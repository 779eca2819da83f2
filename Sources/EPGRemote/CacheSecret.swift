import Foundation

/// The random key of one user's download cache (`cache-key` in the cache
/// folder, 32 bytes, mode 0600), made on the first download. The cache's
/// file names are a keyed hash (HMAC-SHA-256) of the URL and its
/// credentials under it (`RemoteCache.key`), so a name tells nothing about
/// the URL or password it stands for, even to someone who knows both and
/// can read the folder's names but not this file.
struct CacheSecret: Sendable, Hashable {
  static let fileName = "cache-key"
  static let length = 32

  let bytes: [UInt8]

  /// The folder's key; nil when it has none yet, or it cannot be read.
  static func read(directory: String) -> CacheSecret? {
    guard case .bytes(let bytes) = CacheFile.read(directory + "/" + fileName, limit: 4096),
      bytes.count == length
    else { return nil }
    return CacheSecret(bytes: bytes)
  }

  /// The folder's key, making the folder (mode 0700) and the key when
  /// needed. Two processes making it at once agree on one (`link` fails
  /// for the second, which then reads the first's); a damaged key file is
  /// replaced (the copies named with it are then never found again).
  static func readOrCreate(directory: String) throws(FetchError) -> CacheSecret {
    if let secret = read(directory: directory) { return secret }
    if let problem = makeDirectory(directory) {
      throw FetchError(
        kind: .other, url: "",
        message: "the cache folder \(directory) cannot be created (\(problem))")
    }
    if let secret = read(directory: directory) { return secret }
    var generator = SystemRandomNumberGenerator()
    let secret = CacheSecret(
      bytes: (0..<length).map { _ in UInt8.random(in: 0...255, using: &generator) })
    let path = directory + "/" + fileName
    let temporary = path + ".\(getpid()).\(UUID().uuidString).part"
    guard CacheFile.create(temporary, secret.bytes) else {
      let reason = String(cString: strerror(errno))
      unlink(temporary)
      throw FetchError(
        kind: .other, url: "",
        message: "the cache folder \(directory) cannot be written (\(reason))")
    }
    defer { unlink(temporary) }
    if link(temporary, path) == 0 { return secret }
    if let existing = read(directory: directory) { return existing }
    guard rename(temporary, path) == 0 else {
      throw FetchError(
        kind: .other, url: "",
        message: "the cache key \(path) cannot be replaced (\(String(cString: strerror(errno))))")
    }
    return secret
  }

  /// Makes `directory` and its missing parents (mode 0700); nil, or why not.
  static func makeDirectory(_ directory: String) -> String? {
    var path = directory.hasPrefix("/") ? "" : "."
    for component in directory.split(separator: "/", omittingEmptySubsequences: true) {
      path += "/" + component
      if mkdir(path, 0o700) == 0 { continue }
      let error = errno
      var info = stat()
      if error == EEXIST, stat(path, &info) == 0, info.st_mode & S_IFMT == S_IFDIR { continue }
      return String(cString: strerror(error == EEXIST ? ENOTDIR : error))
    }
    return nil
  }
}
