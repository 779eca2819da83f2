import EPGActions
import EPGPlatform
import Foundation

/// The secret headers of one stream (`StreamHeaders.secretFields`) in an
/// mpv options file, given to mpv as `--include=FILE`, so they are never
/// in its arguments (every user of the machine can read those in the
/// process list) nor in `player.log`.
///
/// The file is created with mode 0600 (`O_EXCL | O_NOFOLLOW`) in tvgrid's
/// runtime folder (`$XDG_RUNTIME_DIR/tvgrid`, else the state folder; mode
/// 0700), named `player-headers-PID-RANDOM.conf` after the tvgrid that
/// wrote it. It is removed as soon as the player has read it (inotify
/// reports the player closing it unwritten), when the player ends, or at
/// the latest `readTimeLimit` after the start; a file left by a tvgrid that
/// no longer runs is removed by the next one (`removeStale`).
public struct PlayerHeaderFile: Hashable, Sendable {
  public let path: String
  /// An inotify descriptor (close-on-exec, non-blocking) watching for the
  /// file being closed unwritten; -1 without inotify.
  let watch: Int32
  /// When it was written, `ProcessInfo.systemUptime` seconds.
  public let created: Double

  /// How long a file waits for its player to read it, in seconds.
  public static let readTimeLimit = 30.0

  /// The prefix of the files' names.
  static let prefix = "player-headers-"

  /// The options text for `fields`: one `http-header-fields-append=`
  /// each, its value in mpv's fixed-length quoting (`%BYTES%Name: value`),
  /// so no character of a value (`,`, `#`, `"`, `%`) can end or split it.
  public static func options(for fields: [StreamHeaders.Field]) -> String {
    fields.map { field in
      let item = "\(field.name): \(field.value)"
      return "http-header-fields-append=%\(item.utf8.count)%\(item)\n"
    }.joined()
  }

  /// Writes `text` to a new file in `directory` (created with mode 0700).
  static func create(_ text: String, in directory: String) throws(CommandLauncher.LaunchError)
    -> PlayerHeaderFile
  {
    do {
      try FileManager.default.createDirectory(
        atPath: directory, withIntermediateDirectories: true,
        attributes: [.posixPermissions: 0o700])
    } catch {
      throw CommandLauncher.LaunchError(message: "cannot create \(directory)")
    }
    let name = prefix + "\(getpid())-" + String(UInt64.random(in: 1...UInt64.max), radix: 16)
    let path = directory + "/" + name + ".conf"
    let fd = open(path, O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW | O_CLOEXEC, 0o600)
    guard fd >= 0 else {
      throw CommandLauncher.LaunchError(message: "cannot write the stream's headers to \(path)")
    }
    let bytes = Array(text.utf8)
    var written = 0
    while written < bytes.count {
      let count = bytes.withUnsafeBytes { write(fd, $0.baseAddress! + written, $0.count - written) }
      if count < 0 && errno == EINTR { continue }
      guard count > 0 else { break }
      written += count
    }
    close(fd)
    guard written == bytes.count else {
      unlink(path)
      throw CommandLauncher.LaunchError(message: "cannot write the stream's headers to \(path)")
    }
    var watch = inotify_init1(Int32(IN_NONBLOCK | IN_CLOEXEC))
    if watch >= 0 && inotify_add_watch(watch, path, UInt32(IN_CLOSE_NOWRITE)) < 0 {
      close(watch)
      watch = -1
    }
    return PlayerHeaderFile(
      path: path, watch: watch, created: ProcessInfo.processInfo.systemUptime)
  }

  /// Whether the player has read the file (opened and closed it without
  /// writing, as mpv does with `--include`). Never waits.
  public func hasBeenRead() -> Bool {
    guard watch >= 0 else { return false }
    var buffer = [UInt8](repeating: 0, count: 4096)
    let count = buffer.withUnsafeMutableBytes { read(watch, $0.baseAddress, $0.count) }
    return count > 0
  }

  /// Whether it can go now: read, or past `readTimeLimit` at `uptime`.
  public func isDone(uptime: Double) -> Bool {
    hasBeenRead() || uptime - created >= Self.readTimeLimit
  }

  /// Deletes the file and stops watching it.
  public func remove() {
    unlink(path)
    if watch >= 0 { close(watch) }
  }

  /// Removes the header files in `directory` of tvgrids that no longer run.
  public static func removeStale(in directory: String) {
    guard let names = try? FileManager.default.contentsOfDirectory(atPath: directory) else {
      return
    }
    for name in names where name.hasPrefix(prefix) && name.hasSuffix(".conf") {
      guard let pid = Int32(name.dropFirst(prefix.count).prefix { $0 != "-" }),
        pid != getpid(), kill(pid, 0) != 0, errno == ESRCH
      else { continue }
      unlink(directory + "/" + name)
    }
  }
}
