import EPGPlatform
import Foundation

extension StoredFile {
  /// Writes `data` as a new file at `path`, never over an existing one:
  /// as `write(_:to:)` does (temporary file, fsync; the folder made with
  /// mode 0700, the file 0600), then linked into place with `link(2)`,
  /// which fails when the name exists, so a file made meanwhile by
  /// someone else is never replaced. Throws `.exists` when `path` exists.
  public static func create(_ data: Data, at path: String) throws(CreateError) {
    if FileManager.default.fileExists(atPath: path) { throw .exists }
    let temporary = path + ".new-\(getpid())"
    do {
      try write(data, to: temporary)
    } catch {
      throw .cannotWrite(error.message.replacingOccurrences(of: temporary, with: path))
    }
    defer { unlink(temporary) }
    guard link(temporary, path) == 0 else {
      if errno == EEXIST { throw .exists }
      throw .cannotWrite("cannot write \(path): \(String(cString: strerror(errno)))")
    }
  }

  /// Why `create` did not make the file.
  public enum CreateError: Error, Hashable, Sendable {
    /// A file (or anything else) already has the name.
    case exists
    /// The folder or the file could not be written; the message says which.
    case cannotWrite(String)
  }
}
