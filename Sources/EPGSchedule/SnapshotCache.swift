import EPGPlatform

/// The folder of schedule snapshots (`$XDG_CACHE_HOME/tvgrid/snapshots`):
/// one file per `SnapshotKey`, named `SLOT-VALUE.tvgsnap` (16 hex digits
/// each), so the older copy of the same guide is found by its slot.
///
/// Files are written under a unique temporary name (`.*.tvgsnap.part`) in
/// the same folder and renamed into place: two writers of the same
/// snapshot leave one whole file, a reader sees the old one or the new one.
/// The folder is kept under `sizeLimit` bytes by removing the least
/// recently used snapshots first (last use: the later of the access and
/// modification times; a read sets the access time).
public struct SnapshotCache: Sendable, Hashable {
  /// The folder.
  public var directory: String
  /// Bytes the folder may hold (`cache_size`); 0 keeps nothing.
  public var sizeLimit: Int64

  public static let defaultSizeLimit: Int64 = 2 << 30
  static let suffix = ".tvgsnap"
  static let partSuffix = ".tvgsnap.part"

  public init(directory: String, sizeLimit: Int64 = SnapshotCache.defaultSizeLimit) {
    self.directory = directory
    self.sizeLimit = sizeLimit
  }

  /// The snapshot file for `key`.
  public func path(for key: SnapshotKey) -> String {
    directory + "/" + SnapshotHasher.hex(key.slot) + "-" + SnapshotHasher.hex(key.value)
      + Self.suffix
  }

  /// What reading a snapshot gave.
  public enum Lookup: Sendable {
    /// No snapshot for the key.
    case missing
    case found(Schedule)
    /// There was one, but it could not be used (it has been removed).
    case rejected(ScheduleSnapshot.Rejection)
  }

  /// The snapshot for `key`, mapped (its programmes are read in place,
  /// see `ProgrammeColumn`). A rejected file is
  /// removed (it is rebuilt by the next `store`).
  public func load(_ key: SnapshotKey) -> Lookup {
    let file = path(for: key)
    switch Self.read(file, key: key.value) {
    case nil: return .missing
    case .success(let schedule)?:
      Self.touch(file)
      return .found(schedule)
    case .failure(let rejection)?:
      unlink(file)
      return .rejected(rejection)
    }
  }

  /// The newest snapshot of the same slot as `key` with another value
  /// (the same guide and options, an older content), if any is readable.
  public func previous(of key: SnapshotKey) -> Schedule? {
    let prefix = SnapshotHasher.hex(key.slot) + "-"
    let own = path(for: key).split(separator: "/").last.map(String.init)
    let candidates = entries().filter { $0.name.hasPrefix(prefix) && $0.name != own }
      .sorted { $0.lastUsed > $1.lastUsed }
    for entry in candidates {
      if case .success(let schedule)? = Self.read(directory + "/" + entry.name, key: nil) {
        return schedule
      }
    }
    return nil
  }

  /// Writes the snapshot of `schedule` for `key` (temporary file, then
  /// rename), removes the older snapshots of the same slot, then trims
  /// the folder to `sizeLimit`. `now`: seconds since 1970. Returns false
  /// when nothing could be written (the folder is not writable, the disk
  /// is full); the cache is only an optimisation, so callers go on.
  @discardableResult
  public func store(_ schedule: Schedule, key: SnapshotKey, now: Int64) -> Bool {
    guard sizeLimit > 0, Self.makeDirectory(directory) else { return false }
    let final = path(for: key)
    let part =
      directory + "/." + SnapshotHasher.hex(key.value) + "-\(getpid())-"
      + SnapshotHasher.hex(UInt64.random(in: 0...UInt64.max)) + Self.partSuffix
    let written = Self.write(to: part) { output in
      ScheduleSnapshot.write(
        schedule, key: key.value, sourcePath: key.description, writtenAt: now, to: output)
    }
    guard written else {
      unlink(part)
      return false
    }
    guard rename(part, final) == 0 else {
      unlink(part)
      return false
    }
    let prefix = SnapshotHasher.hex(key.slot) + "-"
    let name = final.split(separator: "/").last.map(String.init)
    for entry in entries() where entry.name.hasPrefix(prefix) && entry.name != name {
      unlink(directory + "/" + entry.name)
    }
    trim()
    return true
  }

  /// One snapshot file.
  public struct Entry: Sendable, Hashable {
    /// File name within the folder.
    public var name: String
    /// Bytes.
    public var size: Int64
    /// Seconds since 1970: the later of access and modification.
    public var lastUsed: Int64
  }

  /// The snapshot files (not the temporary ones), in no set order.
  public func entries() -> [Entry] {
    Self.list(directory).filter { $0.name.hasSuffix(Self.suffix) && !$0.name.hasPrefix(".") }
  }

  /// The header of a snapshot file, if it has a readable one.
  public func header(of entry: Entry) -> ScheduleSnapshot.Header? {
    Self.mapped(directory + "/" + entry.name) { try? ScheduleSnapshot.header($0) } ?? nil
  }

  /// Removes the least recently used snapshots until the folder holds at
  /// most `sizeLimit` bytes, and temporary files older than an hour (a
  /// writer that was killed).
  public func trim(now: Int64 = Int64(time(nil))) {
    for entry in Self.list(directory)
    where entry.name.hasSuffix(Self.partSuffix) && now - entry.lastUsed > 3600 {
      unlink(directory + "/" + entry.name)
    }
    var all = entries().sorted { $0.lastUsed < $1.lastUsed }
    var total = all.reduce(0) { $0 + $1.size }
    while total > sizeLimit, !all.isEmpty {
      let oldest = all.removeFirst()
      unlink(directory + "/" + oldest.name)
      total -= oldest.size
    }
  }

  /// Removes every snapshot and temporary snapshot file (nothing else in
  /// the folder); the number of snapshots removed.
  @discardableResult
  public func clear() -> Int {
    var removed = 0
    for entry in Self.list(directory)
    where entry.name.hasSuffix(Self.suffix) || entry.name.hasSuffix(Self.partSuffix) {
      if unlink(directory + "/" + entry.name) == 0, entry.name.hasSuffix(Self.suffix) {
        removed += 1
      }
    }
    return removed
  }

  /// `cache_size` values: bytes, or a number with `K`, `M`, `G` or `T`
  /// (powers of 1024; an optional `B`/`iB` after it); nil if malformed.
  public static func parseSize(_ text: String) -> Int64? {
    var body = Substring(text.trimmingWhitespace().uppercased())
    if body.hasSuffix("IB") {
      body = body.dropLast(2)
    } else if body.hasSuffix("B") {
      body = body.dropLast()
    }
    var factor: Int64 = 1
    if let unit = body.last, let power = ["K": 1, "M": 2, "G": 3, "T": 4][unit] {
      factor = Int64(1) << (10 * Int64(power))
      body = body.dropLast()
    }
    guard let number = Double(String(body).trimmingWhitespace()), number >= 0, number.isFinite,
      number * Double(factor) < 9e18
    else { return nil }
    return Int64(number * Double(factor))
  }

  // MARK: Files

  /// The schedule in the snapshot at `file`, its programmes read in place
  /// from the mapped file (`MappedSnapshot`), or nil when there is no
  /// such file.
  static func read(_ file: String, key: UInt64?) -> Result<Schedule, ScheduleSnapshot.Rejection>? {
    MappedSnapshot.open(file, key: key)
  }

  /// Tells the kernel that the whole pages of `range` in the mapping
  /// `bytes` are not needed: they leave the process's resident memory and
  /// are read from the file again if touched. Unsafe code: only for a
  /// read-only private file mapping (`mapped`), where this loses nothing;
  /// on other memory it would discard data.
  static func dropPages(_ range: Range<Int>, of bytes: UnsafeRawBufferPointer) {
    guard let base = bytes.baseAddress, range.upperBound <= bytes.count else { return }
    let page = max(1, Int(sysconf(Int32(_SC_PAGESIZE))))
    let start = (range.lowerBound + page - 1) / page * page
    let end = range.upperBound / page * page
    guard end > start else { return }
    _ = madvise(UnsafeMutableRawPointer(mutating: base + start), end - start, MADV_DONTNEED)
  }

  /// Calls `body` with the file mapped read-only (`MappedSnapshot.map`);
  /// nil when it cannot be opened. The buffer is valid only inside `body`.
  static func mapped<T>(_ file: String, _ body: (UnsafeRawBufferPointer) -> T) -> T? {
    guard case .success(let mapping)? = MappedSnapshot.map(file) else { return nil }
    defer { MappedSnapshot.unmap(mapping) }
    return body(mapping.bytes)
  }

  /// Sets the access time to now (the LRU's "used").
  static func touch(_ file: String) {
    // Linux's UTIME_NOW and UTIME_OMIT (macros Swift does not import).
    let utimeNow = (1 << 30) - 1
    let utimeOmit = (1 << 30) - 2
    var times = [timespec(tv_sec: 0, tv_nsec: utimeNow), timespec(tv_sec: 0, tv_nsec: utimeOmit)]
    _ = utimensat(AT_FDCWD, file, &times, 0)
  }

  static func makeDirectory(_ path: String) -> Bool {
    var built = ""
    for part in path.split(separator: "/") {
      built += "/" + part
      if mkdir(built, 0o700) != 0 && errno != EEXIST { return false }
    }
    var info = stat()
    return stat(path, &info) == 0 && (info.st_mode & S_IFMT) == S_IFDIR
  }

  /// Creates `file` (it must not exist) and writes what `produce` gives
  /// its output; false when anything failed.
  static func write(
    to file: String, _ produce: ((UnsafeRawBufferPointer) -> Bool) -> Bool
  ) -> Bool {
    let fd = open(file, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0o600)
    guard fd >= 0 else { return false }
    let produced = produce { chunk in
      var done = 0
      while done < chunk.count {
        let wrote = Glibc.write(fd, chunk.baseAddress! + done, chunk.count - done)
        if wrote < 0 && errno == EINTR { continue }
        guard wrote > 0 else { return false }
        done += wrote
      }
      return true
    }
    return close(fd) == 0 && produced
  }

  static func list(_ directory: String) -> [Entry] {
    guard let stream = opendir(directory) else { return [] }
    defer { closedir(stream) }
    var result: [Entry] = []
    while let item = readdir(stream) {
      let name = withUnsafeBytes(of: item.pointee.d_name) { raw in
        String(decoding: raw.prefix { $0 != 0 }, as: UTF8.self)
      }
      guard name.hasSuffix(suffix) || name.hasSuffix(partSuffix) else { continue }
      var info = stat()
      guard lstat(directory + "/" + name, &info) == 0, (info.st_mode & S_IFMT) == S_IFREG else {
        continue
      }
      result.append(
        Entry(
          name: name, size: Int64(info.st_size),
          lastUsed: max(Int64(info.st_atim.tv_sec), Int64(info.st_mtim.tv_sec))))
    }
    return result
  }
}
