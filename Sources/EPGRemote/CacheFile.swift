import Foundation

/// Opening and reading files in the download cache without ever blocking
/// or following a link: `O_NONBLOCK | O_NOFOLLOW`, then `fstat` must say
/// a regular file. A FIFO, a device, a folder or a symbolic link put in
/// place of a cache file is refused with what it is.
enum CacheFile {
  enum Opened {
    /// A regular file, open for reading; `size` in bytes. Close it.
    case file(descriptor: Int32, size: Int64)
    case missing
    /// Something else is at the path: "a FIFO", "a folder", …
    case notRegular(String)
    /// It could not be opened (`strerror`'s text).
    case failed(String)
  }

  /// Opens `path` for reading (close-on-exec).
  static func open(_ path: String) -> Opened {
    let descriptor = Foundation.open(path, O_RDONLY | O_NONBLOCK | O_NOFOLLOW | O_CLOEXEC)
    guard descriptor >= 0 else {
      switch errno {
      case ENOENT: return .missing
      case ELOOP: return .notRegular("a symbolic link")
      default: return .failed(String(cString: strerror(errno)))
      }
    }
    var info = stat()
    guard fstat(descriptor, &info) == 0 else {
      let reason = String(cString: strerror(errno))
      close(descriptor)
      return .failed(reason)
    }
    guard info.st_mode & S_IFMT == S_IFREG else {
      close(descriptor)
      return .notRegular(kind(info.st_mode))
    }
    return .file(descriptor: descriptor, size: Int64(info.st_size))
  }

  /// What a file mode's type is, for messages.
  static func kind(_ mode: mode_t) -> String {
    switch mode & S_IFMT {
    case S_IFDIR: return "a folder"
    case S_IFIFO: return "a FIFO"
    case S_IFCHR, S_IFBLK: return "a device"
    case S_IFSOCK: return "a socket"
    case S_IFLNK: return "a symbolic link"
    default: return "not a regular file"
    }
  }

  enum Read {
    case bytes([UInt8])
    case missing
    /// Why it was refused or could not be read (a phrase).
    case unusable(String)
  }

  /// The whole file at `path`, at most `limit` bytes (larger: refused).
  static func read(_ path: String, limit: Int) -> Read {
    switch open(path) {
    case .missing: return .missing
    case .notRegular(let kind): return .unusable("it is \(kind), not a regular file")
    case .failed(let reason): return .unusable(reason)
    case .file(let descriptor, let size):
      defer { close(descriptor) }
      guard size <= Int64(limit) else { return .unusable("it is larger than \(limit) bytes") }
      var bytes = [UInt8](repeating: 0, count: Int(size))
      var done = 0
      while done < bytes.count {
        let got = bytes.withUnsafeMutableBytes {
          Foundation.read(descriptor, $0.baseAddress! + done, $0.count - done)
        }
        if got < 0, errno == EINTR { continue }
        guard got > 0 else { return .unusable("it changed while being read") }
        done += got
      }
      return .bytes(bytes)
    }
  }

  /// `bytes` written to a new file at `path` (mode 0600; fails when
  /// anything is already there).
  static func create(_ path: String, _ bytes: [UInt8]) -> Bool {
    let descriptor = Foundation.open(
      path, O_CREAT | O_EXCL | O_WRONLY | O_NOFOLLOW | O_CLOEXEC, 0o600)
    guard descriptor >= 0 else { return false }
    let written = bytes.withUnsafeBytes { writeAll(descriptor, $0) }
    return close(descriptor) == 0 && written
  }

  /// Writes all of `bytes` to `descriptor` (retrying short writes).
  static func writeAll(_ descriptor: Int32, _ bytes: UnsafeRawBufferPointer) -> Bool {
    guard var base = bytes.baseAddress else { return true }
    var left = bytes.count
    while left > 0 {
      let wrote = write(descriptor, base, left)
      if wrote < 0 {
        if errno == EINTR { continue }
        return false
      }
      left -= wrote
      base += wrote
    }
    return true
  }
}
