import EPGLayout
import EPGPlatform
import EPGSchedule
import Foundation

/// Reading and writing tvgrid's own files (reminders and the like) safely:
/// a write goes to a temporary name in the same folder and is renamed over
/// the file, so a crash or a full disk never leaves half a file; a file
/// that cannot be read is moved aside (`NAME.corrupt-20261130T201500Z`)
/// and reported, never silently emptied or overwritten.
public enum StoredFile {
  /// Why a file could not be written; `description` is the message.
  public struct WriteError: Error, Hashable, Sendable, CustomStringConvertible {
    public var message: String
    public var description: String { message }
  }

  /// The contents of `path`, or nil when there is no such file.
  public static func read(_ path: String) -> Data? {
    FileManager.default.contents(atPath: path)
  }

  /// Writes `data` to `path` atomically (temporary file, fsync, rename),
  /// creating the folder (mode 0700) when needed; the file gets mode 0600.
  public static func write(_ data: Data, to path: String) throws(WriteError) {
    let folder = (path as NSString).deletingLastPathComponent
    do {
      try FileManager.default.createDirectory(
        atPath: folder, withIntermediateDirectories: true,
        attributes: [.posixPermissions: 0o700])
    } catch {
      throw WriteError(message: "cannot create \(folder)")
    }
    let temporary = path + ".tmp-\(getpid())"
    let fd = open(temporary, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0o600)
    guard fd >= 0 else { throw WriteError(message: "cannot write \(temporary)") }
    var written = 0
    let ok = data.withUnsafeBytes { buffer -> Bool in
      while written < buffer.count {
        let result = Glibc.write(fd, buffer.baseAddress! + written, buffer.count - written)
        if result < 0 {
          if errno == EINTR { continue }
          return false
        }
        written += result
      }
      return true
    }
    let synced = fsync(fd) == 0
    close(fd)
    guard ok, synced, rename(temporary, path) == 0 else {
      unlink(temporary)
      throw WriteError(message: "cannot write \(path)")
    }
  }

  /// Runs `body` holding an exclusive lock on `path` (`flock` on
  /// `PATH.lock`, created with mode 0600 beside it), so two tvgrids (the
  /// guide and `tvgrid remind` from cron) never both read the old file and
  /// write over each other's changes: read, change and write inside one
  /// `locked` call. Without a usable lock file `body` runs unlocked.
  public static func locked<T>(_ path: String, _ body: () throws -> T) rethrows -> T {
    let folder = (path as NSString).deletingLastPathComponent
    try? FileManager.default.createDirectory(
      atPath: folder, withIntermediateDirectories: true, attributes: [.posixPermissions: 0o700])
    let fd = open(path + ".lock", O_RDWR | O_CREAT | O_CLOEXEC, 0o600)
    guard fd >= 0 else { return try body() }
    defer { close(fd) }
    while flock(fd, LOCK_EX) != 0 && errno == EINTR {}
    defer { flock(fd, LOCK_UN) }
    return try body()
  }

  /// Moves a file that could not be read to `PATH.corrupt-<UTC time>` so
  /// nothing is lost and the next write starts afresh; returns the new
  /// path, or nil if it could not be moved (then nothing may be written
  /// over it).
  public static func moveAside(_ path: String, now: EpochSeconds) -> String? {
    let stamp = ScheduleJSON.isoString(now).filter { $0 != "-" && $0 != ":" }
    var target = path + ".corrupt-" + stamp
    var suffix = 1
    while FileManager.default.fileExists(atPath: target) {
      suffix += 1
      target = path + ".corrupt-" + stamp + "-\(suffix)"
    }
    return rename(path, target) == 0 ? target : nil
  }
}
