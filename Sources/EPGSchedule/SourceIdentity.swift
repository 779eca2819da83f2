import EPGPlatform

/// What identifies the contents of a guide file without reading all of it:
/// where it is, what `stat` says, and a hash of its first and last MiB (a
/// file rewritten within the same second at the same size is still told
/// apart unless only its middle changed).
///
/// A source of another kind (a download) gets its own identity the same
/// way: a `kind` and the fields that change when its content does (for
/// a download, the cache's validator); see `SnapshotKey`.
public struct SourceIdentity: Hashable, Sendable {
  /// `file` for a local file; other kinds name other sources.
  public var kind: String
  /// The absolute path (or the source's name for other kinds).
  public var path: String
  /// The fields that change with the content, as text (for a file:
  /// device, inode, size in bytes, modification time in nanoseconds, head
  /// and tail hashes).
  public var fields: [String]

  public init(kind: String, path: String, fields: [String]) {
    self.kind = kind
    self.path = path
    self.fields = fields
  }

  /// Bytes hashed at each end.
  static let sampleSize = 1 << 20

  /// The identity of the regular file at `path` (made absolute against
  /// the working directory); nil when it cannot be read or is not a
  /// regular file (standard input, a pipe), which is never snapshotted.
  public static func file(_ path: String) -> SourceIdentity? {
    let absolute = path.hasPrefix("/") ? path : workingDirectory().map { $0 + "/" + path }
    guard let absolute else { return nil }
    // Looked at before it is opened: opening a FIFO the user gave
    // (`<(grabber)`, a named one) could wait for a writer, or take the
    // grabber's data from the loader.
    var before = stat()
    guard stat(absolute, &before) == 0, (before.st_mode & S_IFMT) == S_IFREG else { return nil }
    let fd = open(absolute, O_RDONLY | O_CLOEXEC | O_NONBLOCK)
    guard fd >= 0 else { return nil }
    defer { close(fd) }
    var info = stat()
    guard fstat(fd, &info) == 0, (info.st_mode & S_IFMT) == S_IFREG else { return nil }
    let size = Int64(info.st_size)
    guard let head = hash(fd, at: 0, count: Int(min(size, Int64(sampleSize)))),
      let tail = hash(
        fd, at: max(0, size - Int64(sampleSize)), count: Int(min(size, Int64(sampleSize))))
    else { return nil }
    let modified = Int64(info.st_mtim.tv_sec) * 1_000_000_000 + Int64(info.st_mtim.tv_nsec)
    return SourceIdentity(
      kind: "file", path: absolute,
      fields: [
        String(UInt64(info.st_dev)), String(UInt64(info.st_ino)), String(size), String(modified),
        SnapshotHasher.hex(head), SnapshotHasher.hex(tail),
      ])
  }

  /// The hash of `count` bytes of `fd` from `offset`; nil on a short read.
  private static func hash(_ fd: Int32, at offset: Int64, count: Int) -> UInt64? {
    var buffer = [UInt8](repeating: 0, count: count)
    var done = 0
    while done < count {
      let got = buffer.withUnsafeMutableBytes {
        pread(fd, $0.baseAddress! + done, count - done, off_t(offset) + off_t(done))
      }
      if got < 0 && errno == EINTR { continue }
      guard got > 0 else { return nil }
      done += got
    }
    return buffer.withUnsafeBytes { SnapshotHasher.hash($0) }
  }

  private static func workingDirectory() -> String? {
    var buffer = [CChar](repeating: 0, count: Int(PATH_MAX) + 1)
    guard getcwd(&buffer, buffer.count) != nil else { return nil }
    let cwd = String(
      decoding: buffer.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
    return cwd == "/" ? "" : cwd
  }
}
