import EPGPlatform

/// What `stat` says about a file, enough to notice that it was replaced
/// (another device or inode) or rewritten (another size or modification
/// time).
public struct FileSnapshot: Hashable, Sendable {
  public var device: UInt64
  public var inode: UInt64
  /// Bytes.
  public var size: Int64
  /// Modification time: seconds since 1970 and nanoseconds within it.
  public var modifiedSeconds: Int64
  public var modifiedNanoseconds: Int64

  public init(
    device: UInt64, inode: UInt64, size: Int64, modifiedSeconds: Int64,
    modifiedNanoseconds: Int64 = 0
  ) {
    self.device = device
    self.inode = inode
    self.size = size
    self.modifiedSeconds = modifiedSeconds
    self.modifiedNanoseconds = modifiedNanoseconds
  }

  /// The file at `path` now (following symbolic links); nil when it cannot
  /// be stat'ed (missing, for example between an unlink and a rename).
  public static func of(path: String) -> FileSnapshot? {
    var info = stat()
    guard stat(path, &info) == 0 else { return nil }
    return FileSnapshot(
      device: UInt64(info.st_dev), inode: UInt64(info.st_ino), size: Int64(info.st_size),
      modifiedSeconds: Int64(info.st_mtim.tv_sec),
      modifiedNanoseconds: Int64(info.st_mtim.tv_nsec))
  }
}
