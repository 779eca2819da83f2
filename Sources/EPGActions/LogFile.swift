import EPGPlatform
import Foundation

/// The logs of the programs tvgrid starts (`player.log`, `commands.log` in
/// the state folder) stay bounded: when one holds more than `sizeLimit`
/// bytes, its last `sizeLimit` bytes become the one older copy
/// (`player.log.1`, replacing the one before) and the log is emptied.
/// A program still writing to it goes on at the new start (its descriptor
/// appends, `O_APPEND`). Checked before each start (`CommandLauncher`) and
/// on each poll while programs run (`RunningCommands.reap`,
/// `PlayerSession.poll`); while no tvgrid runs, a program that outlives it
/// can write past the limit until the next check.
public enum LogFile {
  /// 1 MiB.
  public static let sizeLimit = 1 << 20

  /// The older copy of `path`.
  public static func olderCopy(of path: String) -> String { path + ".1" }

  /// Cuts the log at `path` when it holds more than `limit` bytes; true
  /// when it did. A missing log, or one that is not a regular file, is
  /// left alone.
  @discardableResult
  public static func bound(_ path: String, limit: Int = sizeLimit) -> Bool {
    var status = stat()
    guard lstat(path, &status) == 0, (status.st_mode & S_IFMT) == S_IFREG,
      Int(status.st_size) > limit
    else { return false }
    let fd = open(path, O_RDONLY | O_CLOEXEC | O_NOFOLLOW | O_NONBLOCK)
    guard fd >= 0 else { return false }
    defer { close(fd) }
    let size = Int(lseek(fd, 0, SEEK_END))
    let start = max(0, size - limit)
    var tail = [UInt8](repeating: 0, count: size - start)
    var done = 0
    while done < tail.count {
      let count = tail.withUnsafeMutableBytes {
        pread(fd, $0.baseAddress! + done, $0.count - done, off_t(start + done))
      }
      if count < 0 && errno == EINTR { continue }
      guard count > 0 else { break }
      done += count
    }
    try? StoredFile.write(Data(tail[0..<done]), to: olderCopy(of: path))
    return truncate(path, 0) == 0
  }
}
