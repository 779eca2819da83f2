import EPGLayout
import EPGPlatform
import EPGSchedule
import Foundation

/// Reading and writing tvgrid's own files (reminders, favourites, the
/// search history) safely: a write goes to a temporary name in the same
/// folder and is renamed over the file, so a crash or a full disk never
/// leaves half a file; changes are made under a lock with a deadline
/// (`locked`); a file that cannot be read is kept aside
/// (`NAME.corrupt-20261130T201500Z`, `setAside`) and reported, never
/// silently emptied or overwritten. `StoredFile+Documents` does all of it
/// for a `StoredDocument`.
public enum StoredFile {
  /// Why a file could not be written; `description` is the message.
  public struct WriteError: Error, Hashable, Sendable, CustomStringConvertible {
    public var message: String
    public var description: String { message }

    public init(message: String) { self.message = message }
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

  /// How long `locked` waits for another tvgrid to let go of a file, in
  /// seconds. Every holder only reads, changes and writes the file (a few
  /// milliseconds), so a lock held this long belongs to a tvgrid that hangs.
  public static let lockWait = 3.0

  /// Runs `body` holding an exclusive lock on `path` (`flock` on
  /// `PATH.lock`, created with mode 0600 beside it), so two tvgrids (the
  /// guide and `tvgrid remind` from cron) never both read the old file and
  /// write over each other's changes: read, change and write inside one
  /// `locked` call (`StoredFile.update` does). Waits at most `wait`
  /// seconds for another holder; nil (and `body` not run) when it still
  /// holds the lock then. Without a usable lock file (a read-only folder)
  /// `body` runs unlocked.
  public static func locked<T>(_ path: String, wait: Double = lockWait, _ body: () throws -> T)
    rethrows -> T?
  {
    let folder = (path as NSString).deletingLastPathComponent
    try? FileManager.default.createDirectory(
      atPath: folder, withIntermediateDirectories: true, attributes: [.posixPermissions: 0o700])
    let fd = open(path + ".lock", O_RDWR | O_CREAT | O_NOFOLLOW | O_CLOEXEC, 0o600)
    guard fd >= 0 else { return try body() }
    defer { close(fd) }
    let deadline = ProcessInfo.processInfo.systemUptime + wait
    while flock(fd, LOCK_EX | LOCK_NB) != 0 {
      let error = errno
      if error == EINTR { continue }
      guard error == EWOULDBLOCK else { return try body() }
      guard ProcessInfo.processInfo.systemUptime < deadline else { return nil }
      usleep(20_000)
    }
    defer { flock(fd, LOCK_UN) }
    return try body()
  }

  /// The message for a lock `locked` could not take: `reminders.json is
  /// locked by another tvgrid (waited 3 s)`.
  public static func lockedMessage(_ path: String, wait: Double = lockWait) -> String {
    let seconds = wait == wait.rounded() ? String(Int(wait)) : String(wait)
    return "\((path as NSString).lastPathComponent) is locked by another tvgrid "
      + "(waited \(seconds) s)"
  }

  /// Keeps `data`, the bytes of a file that could not be read whole, as
  /// `PATH.corrupt-<UTC time>` beside it (`-2`, `-3` … when that name is
  /// taken: every copy has a name of its own), so nothing is lost; with
  /// `removing`, the file itself goes too (the next write starts afresh),
  /// but only while it still holds those bytes. A copy of the same bytes
  /// made earlier is used instead of a new one, so a file that stays
  /// damaged (one that is only read, never written) is set aside once, not
  /// on every run. Returns the copy's path, or nil when none could be made
  /// (then nothing may be written over the file). Call it holding the
  /// file's lock.
  public static func setAside(_ path: String, data: Data, now: EpochSeconds, removing: Bool)
    -> String?
  {
    let folder = (path as NSString).deletingLastPathComponent
    let name = (path as NSString).lastPathComponent
    var target = existingCopy(of: data, named: name, in: folder).map { folder + "/" + $0 }
    if target == nil {
      let stamp = ScheduleJSON.isoString(now).filter { $0 != "-" && $0 != ":" }
      let base = path + ".corrupt-" + stamp
      for suffix in 1...1000 {
        let candidate = suffix == 1 ? base : base + "-\(suffix)"
        switch writeNew(data, to: candidate) {
        case .written: target = candidate
        case .exists: continue
        case .failed: return nil
        }
        break
      }
    }
    guard let target else { return nil }
    if removing, read(path) == data { unlink(path) }
    return target
  }

  /// The name of a set-aside copy of `name` in `folder` holding exactly
  /// `data`, if there is one.
  static func existingCopy(of data: Data, named name: String, in folder: String) -> String? {
    let prefix = name + ".corrupt-"
    let names = (try? FileManager.default.contentsOfDirectory(atPath: folder)) ?? []
    return names.filter { $0.hasPrefix(prefix) }.sorted().first { candidate in
      let path = folder + "/" + candidate
      let size = (try? FileManager.default.attributesOfItem(atPath: path))?[.size] as? Int
      return size == data.count && read(path) == data
    }
  }

  enum NewFile { case written, exists, failed }

  /// Writes `data` to a file that must not exist yet (`O_EXCL`), mode 0600.
  static func writeNew(_ data: Data, to path: String) -> NewFile {
    let fd = open(path, O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW | O_CLOEXEC, 0o600)
    guard fd >= 0 else { return errno == EEXIST ? .exists : .failed }
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
    guard ok, synced else {
      unlink(path)
      return .failed
    }
    return .written
  }
}
