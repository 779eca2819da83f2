import EPGLayout
import Foundation

/// Reading and changing a `StoredDocument` (reminders, favourites, the
/// search history): one way for all of tvgrid's own files.
extension StoredFile {
  /// What reading a document's file gave.
  public struct Loaded<Document: StoredDocument>: Sendable {
    public var document: Document
    /// Problems, each `NAME:LINE: message` (or `NAME: message`), the last
    /// saying where the file was set aside.
    public var problems: [String]
    /// Where a copy of the damaged file was kept, if it was.
    public var setAside: String?
    /// False when the file must not be written over (a newer format, a
    /// damaged file that could not be set aside, a lock not had).
    public var writable: Bool

    public init(
      document: Document = Document(), problems: [String] = [], setAside: String? = nil,
      writable: Bool = true
    ) {
      self.document = document
      self.problems = problems
      self.setAside = setAside
      self.writable = writable
    }
  }

  /// The largest file of tvgrid's own that is read, in bytes (16 MiB: a
  /// reminders file of a hundred thousand reminders is a few MiB).
  public static let sizeLimit = 16 << 20

  /// Reads the document at `path`, holding its lock (`PATH.lock` is made
  /// beside it): no file is the empty document; a file that cannot be read at all is set aside and removed
  /// (`setAside`), one with some parts that cannot be read is copied aside
  /// and its readable parts kept (they replace the file at the next
  /// write); each problem is reported. A file that is not a regular file,
  /// cannot be read or is larger than `sizeLimit` is reported and left as
  /// it is (never written over). When another tvgrid holds the lock
  /// past `lockWait`, the file is read without it and left as it is.
  public static func load<Document: StoredDocument>(
    _ type: Document.Type = Document.self, path: String, now: EpochSeconds
  ) -> Loaded<Document> {
    // No file: nothing to lock (no folder or lock file is made).
    guard FileManager.default.fileExists(atPath: path) else { return Loaded() }
    if let loaded = locked(path, { loadHoldingLock(type, path: path, now: now) }) {
      return loaded
    }
    var loaded = loadHoldingLock(type, path: path, now: now, settingAside: false)
    loaded.writable = false
    return loaded
  }

  /// `load` for a caller inside `locked(path)`.
  public static func loadHoldingLock<Document: StoredDocument>(
    _ type: Document.Type = Document.self, path: String, now: EpochSeconds,
    settingAside: Bool = true
  ) -> Loaded<Document> {
    let name = (path as NSString).lastPathComponent
    let attributes = try? FileManager.default.attributesOfItem(atPath: path)
    guard let attributes else { return Loaded() }
    if attributes[.type] as? FileAttributeType != .typeRegular {
      return Loaded(problems: ["\(name) is not a file; not changed"], writable: false)
    }
    if let size = attributes[.size] as? Int, size > sizeLimit {
      return Loaded(
        problems: ["\(name) is \(size) bytes (tvgrid's own files are at most 16 MiB); not read"],
        writable: false)
    }
    guard let data = read(path) else {
      return Loaded(problems: ["\(name) cannot be read; not changed"], writable: false)
    }
    let decoded = Document.decode(data, name: name)
    var loaded = Loaded(document: decoded.document, problems: decoded.problems)
    if let version = decoded.newerVersion {
      loaded.problems.append("\(name): written by a newer tvgrid (format \(version)); not changed")
      loaded.writable = false
      return loaded
    }
    guard !loaded.problems.isEmpty else { return loaded }
    guard settingAside else {
      loaded.problems.append("\(name): \(lockedMessage(path)); not set aside")
      return loaded
    }
    // Nothing readable: the file goes (the next write starts afresh); else
    // a copy, and the readable parts are written back under the old name.
    let empty = decoded.document == Document()
    loaded.setAside = setAside(path, data: data, now: now, removing: empty)
    if let aside = loaded.setAside {
      loaded.problems.append("\(name): kept as \((aside as NSString).lastPathComponent)")
    } else {
      loaded.problems.append("\(name): could not be set aside; not changed")
      loaded.writable = false
    }
    return loaded
  }

  /// Applies one tvgrid's change (`old` to `new`) to the document at
  /// `path` as it is now, under its lock, and writes the result
  /// atomically. Returns the file as written with what reading it found,
  /// or why nothing was written (a newer format, a damaged file that could
  /// not be set aside, the lock held elsewhere, a write that failed).
  public static func update<Document: StoredDocument>(
    path: String, now: EpochSeconds, from old: Document, to new: Document
  ) -> Result<Loaded<Document>, WriteError> {
    let result = locked(path) { () -> Result<Loaded<Document>, WriteError> in
      var loaded = loadHoldingLock(Document.self, path: path, now: now)
      guard loaded.writable else {
        let name = (path as NSString).lastPathComponent
        return .failure(WriteError(message: loaded.problems.last ?? "\(name) is kept as it is"))
      }
      loaded.document.apply(changeFrom: old, to: new)
      do throws(WriteError) {
        try write(loaded.document.encoded(), to: path)
      } catch {
        return .failure(error)
      }
      return .success(loaded)
    }
    return result ?? .failure(WriteError(message: lockedMessage(path)))
  }
}
