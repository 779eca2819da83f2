import CSnapshotGuard
import EPGPlatform
import Synchronization

/// A snapshot file mapped read-only into memory, whose programme records
/// the `ProgrammeColumn`s of a reopened guide read in place (the layout is
/// described on `ScheduleSnapshot`).
///
/// A class, `@unchecked Sendable`: it owns the mapping, unmapped when the
/// last column reading it is gone, and the strings decoded so far, which
/// all its columns share; the mapped bytes are never written, and the
/// decoding state is behind a lock, so columns can be read from any
/// thread.
///
/// Resident memory: the kernel maps a file's pages in large runs (most
/// of a MiB at a touch on ext4 with large folios), so reading a record
/// here and a string there would soon make the whole file resident. The
/// snapshot notes the MiB regions its reads fall in (`Regions`) and drops
/// its pages from the process (`madvise`, `MADV_DONTNEED`: they stay in
/// the page cache, and a later read maps them again) once reads have
/// fallen in `regionLimit` regions. A pass over every record (the layout's
/// spans, the genres) moves through the file in order, so it keeps a few
/// MiB resident, not the file. A search, which reads the whole file at
/// every keystroke, runs as a scan (`ProgrammeColumn.scanning`): pages
/// are dropped once at its end, not every few MiB, since mapping them
/// again each time cost more than the search (p99 of a keystroke 0.5 s
/// without drops, 4 s with them).
///
/// The index (records, string table, extras) was checked against its
/// checksum when the file was opened; every read is bounds-checked all
/// the same, and a record that cannot be decoded gives a placeholder
/// programme with the record's times, never a crash.
public final class MappedSnapshot: @unchecked Sendable {
  private typealias Field = ScheduleSnapshot.RecordField
  /// The whole file, mapped.
  private let mapping: Mapping
  /// The whole file.
  private var bytes: UnsafeRawBufferPointer { mapping.bytes }
  /// Offset of programme record 0, in bytes from the start of the file.
  private let programmesOffset: Int
  /// Number of programme records.
  private let programmeCount: Int
  /// The distinct category lists of the programmes (`categoryList`).
  let categoryListCount: Int
  private let extras: ScheduleSnapshot.Reader.Extras
  /// Where the string table (offset, length per id) and the string bytes
  /// are, in bytes from the start of the file; the number of strings.
  private let tableOffset: Int
  private let stringsOffset: Int
  private let stringsLength: Int
  private let stringCount: Int
  /// Decodes records and caches their strings.
  private let reader: Mutex<ScheduleSnapshot.Reader>
  /// The region of the last time read (a read in the same one needs no lock).
  private let lastRegion = Atomic<Int>(-1)
  /// Regions read before the pages are dropped.
  static let regionLimit = 8
  /// Scans under way (`ProgrammeColumn.scanning`): no pages are dropped
  /// while there are any.
  private let scans = Atomic<Int>(0)

  /// The guide in the snapshot at `file`, its programmes left in the
  /// mapped file; nil when there is no readable file. `key`, when given,
  /// must be the one the snapshot was written for.
  static func open(_ file: String, key: UInt64?) -> Result<Schedule, ScheduleSnapshot.Rejection>? {
    let mapping: Mapping
    switch map(file) {
    case nil: return nil
    case .failure(let rejection)?: return .failure(rejection)
    case .success(let mapped)?: mapping = mapped
    }
    let bytes = mapping.bytes
    var reader: ScheduleSnapshot.Reader
    let layout: ScheduleSnapshot.Reader.Layout
    do throws(ScheduleSnapshot.Rejection) {
      reader = try ScheduleSnapshot.Reader(bytes)
      // Checking the index reads all of it: its pages are dropped as
      // they are done with, or they would all stay resident.
      reader.release = { SnapshotCache.dropPages($0, of: bytes) }
      let header = try reader.header()
      if let key, header.key != key { throw .otherKey }
      layout = try reader.layout()
    } catch {
      unmap(mapping)
      return .failure(error)
    }
    reader.release = nil
    reader.keepDecodedUpTo = 64
    // From here the snapshot owns the mapping: it is unmapped when the
    // last column lets go (or now, if decoding the channels fails).
    let snapshot = MappedSnapshot(mapping: mapping, reader: reader, layout: layout)
    return Result { () throws(ScheduleSnapshot.Rejection) -> Schedule in
      try reader.schedule(layout, readingIn: snapshot)
    }
  }

  private init(
    mapping: Mapping, reader: ScheduleSnapshot.Reader, layout: ScheduleSnapshot.Reader.Layout
  ) {
    self.mapping = mapping
    programmesOffset = layout.programmesOffset
    programmeCount = layout.programmeCount
    categoryListCount = layout.categoryListCount
    extras = layout.extras
    tableOffset = reader.tableOffset
    stringsOffset = reader.stringsOffset
    stringsLength = reader.stringsLength
    stringCount = reader.stringCount
    self.reader = Mutex(reader)
  }

  deinit { Self.unmap(mapping) }

  /// Offset of record `record`'s first byte; checked to lie in the file.
  private func offset(ofRecord record: Int) -> Int {
    precondition(record >= 0 && record < programmeCount, "record out of range")
    let at = programmesOffset + record * ScheduleSnapshot.programmeRecordSize
    precondition(at + ScheduleSnapshot.programmeRecordSize <= bytes.count, "record out of range")
    return at
  }

  /// Notes a time read at `offset`: a read in another region than the
  /// last one is noted by the reader, which may drop the pages.
  private func noteTimeRead(at offset: Int) {
    // A scan drops the pages at its end: nothing to count.
    guard scans.load(ordering: .relaxed) == 0 else { return }
    let region = offset >> Regions.shift
    guard lastRegion.exchange(region, ordering: .relaxed) != region else { return }
    reader.withLock { reader in
      reader.regions.insert(offset)
      dropPagesIfNeeded(&reader)
    }
  }

  /// Drops the mapping's pages once reads have fallen in `regionLimit`
  /// regions since the last time.
  private func dropPagesIfNeeded(_ reader: inout ScheduleSnapshot.Reader) {
    guard reader.regions.count >= Self.regionLimit, scans.load(ordering: .relaxed) == 0 else {
      return
    }
    reader.regions = Regions()
    // Unsafe code: only for this read-only private file mapping, whose
    // dropped pages are read from the file again when touched.
    SnapshotCache.dropPages(0..<bytes.count, of: bytes)
  }

  /// Starts a scan: pages are kept until `endScan`.
  func beginScan() { scans.add(1, ordering: .relaxed) }

  /// Ends a scan; the last one drops the pages read.
  func endScan() {
    guard scans.subtract(1, ordering: .relaxed).newValue == 0 else { return }
    reader.withLock { reader in
      reader.regions = Regions()
      SnapshotCache.dropPages(0..<bytes.count, of: bytes)
    }
  }

  /// Record `record`'s shown span, in epoch seconds.
  func span(ofRecord record: Int) -> TimeSpan {
    let at = offset(ofRecord: record)
    noteTimeRead(at: at)
    let start = bytes.loadUnaligned(fromByteOffset: at + Field.start, as: Int64.self)
    let stop = bytes.loadUnaligned(fromByteOffset: at + Field.stop, as: Int64.self)
    // A damaged record must not make an inverted span.
    return TimeSpan(start: start, end: max(start, stop))
  }

  /// Record `record`'s stop as listed, in epoch seconds.
  func listedStop(ofRecord record: Int) -> EpochSeconds {
    let at = offset(ofRecord: record)
    noteTimeRead(at: at)
    return bytes.loadUnaligned(fromByteOffset: at + Field.listedStop, as: Int64.self)
  }

  /// Record `record`, decoded (only `fields` of its texts and lists).
  func programme(ofRecord record: Int, fields: ProgrammeColumn.Fields = .all) -> Programme {
    let at = offset(ofRecord: record)
    // Times and flags alone are in the record: no lock, no reader.
    if fields.isEmpty {
      noteTimeRead(at: at)
      return ScheduleSnapshot.recordAlone(bytes, at: at)
    }
    let extras = extras
    let decoded = reader.withLock { reader in
      defer { dropPagesIfNeeded(&reader) }
      return try? reader.programme(at: at, extras: extras, fields: fields)
    }
    if let decoded { return decoded }
    let span = span(ofRecord: record)
    return Programme(start: span.start, stop: span.end, title: "(damaged snapshot record)")
  }

  /// The number of record `record`'s list of categories (below
  /// `categoryListCount`); nil when the record holds a number out of range.
  func categoryList(ofRecord record: Int) -> Int? {
    let at = offset(ofRecord: record)
    noteTimeRead(at: at)
    let list = Int(bytes.loadUnaligned(fromByteOffset: at + Field.categoryList, as: UInt32.self))
    return list < categoryListCount ? list : nil
  }

  /// The string id of record `record`'s title when it has no other
  /// titles (nil when it has some, or they cannot be read).
  func titleID(ofRecord record: Int) -> UInt32? {
    let at = offset(ofRecord: record)
    noteTimeRead(at: at)
    let title = bytes.loadUnaligned(fromByteOffset: at + Field.title, as: UInt32.self)
    guard let extras = extrasIndex(at) else { return title }
    // The other titles are the first list.
    return word(extras) == 0 ? title : nil
  }

  /// Whether `test` holds for one of record `record`'s texts of kind
  /// `kind`, given the bytes where they lie (false when they cannot be
  /// read).
  func anyText(
    ofRecord record: Int, _ kind: Programme.Text, _ test: (UnsafeBufferPointer<UInt8>) -> Bool
  ) -> Bool {
    let at = offset(ofRecord: record)
    noteTimeRead(at: at)
    func string(_ field: Int) -> UInt32 {
      bytes.loadUnaligned(fromByteOffset: at + field, as: UInt32.self)
    }
    switch kind {
    case .title: return text(string(Field.title), test)
    case .subTitle: return text(string(Field.subTitle), test)
    case .description: return text(string(Field.description), test)
    case .otherTitles:
      guard let extras = extrasIndex(at), let count = word(extras) else { return false }
      return (0..<Int(count)).contains { word(extras + 1 + $0).map { text($0, test) } ?? false }
    case .creditNames, .creditCharacters:
      // After the four lists: the credits' count, then (role, name,
      // character) for each.
      guard let extras = extrasIndex(at), let cursor = list(4, from: extras),
        let credits = word(cursor).map(Int.init), credits <= self.extras.count
      else { return false }
      let column = kind == .creditNames ? 2 : 3
      return (0..<credits).contains { credit in
        word(cursor + credit * 3 + column).map { text($0, test) } ?? false
      }
    }
  }

  /// The index of record `at`'s first extras word (nil when it has none).
  /// Its extras are the lists of other titles, categories, ratings and
  /// star ratings (each a count and its string ids), then the credits,
  /// episode and `ProgrammeExtra`s (see `ScheduleSnapshot`).
  private func extrasIndex(_ at: Int) -> Int? {
    let first = bytes.loadUnaligned(fromByteOffset: at + Field.extras, as: UInt32.self)
    guard first != ScheduleSnapshot.none else { return nil }
    noteTimeRead(at: extras.offset + Int(first) * 4)
    return Int(first)
  }

  /// The index of the count word of list `n` (0: other titles, 1:
  /// categories, 2: ratings, 3: star ratings; 4 is the credits' count)
  /// of the extras starting at `first`; nil when they cannot be read.
  private func list(_ n: Int, from first: Int) -> Int? {
    var cursor = first
    for _ in 0..<n {
      guard let count = word(cursor) else { return nil }
      cursor += 1 + Int(count)
    }
    return cursor < extras.count ? cursor : nil
  }

  /// Whether `test` holds for string `id`'s bytes (false for none or an
  /// id or range out of bounds).
  private func text(_ id: UInt32, _ test: (UnsafeBufferPointer<UInt8>) -> Bool) -> Bool {
    guard id != ScheduleSnapshot.none, Int(id) < stringCount else { return false }
    let entry = tableOffset + Int(id) * 8
    guard entry + 8 <= bytes.count else { return false }
    let offset = Int(bytes.loadUnaligned(fromByteOffset: entry, as: UInt32.self))
    let count = Int(bytes.loadUnaligned(fromByteOffset: entry + 4, as: UInt32.self))
    guard offset <= stringsLength, count <= stringsLength - offset else { return false }
    let start = stringsOffset + offset
    noteTimeRead(at: start)
    let text = UnsafeRawBufferPointer(rebasing: bytes[start..<start + count])
    return test(text.bindMemory(to: UInt8.self))
  }

  /// Extras word `index`, or nil outside the extras.
  private func word(_ index: Int) -> UInt32? {
    guard index >= 0, index < extras.count else { return nil }
    return bytes.loadUnaligned(fromByteOffset: extras.offset + index * 4, as: UInt32.self)
  }

  /// A snapshot file mapped read-only, guarded against SIGBUS
  /// (`CSnapshotGuard`).
  struct Mapping {
    /// The file's bytes: valid until `unmap`.
    var bytes: UnsafeRawBufferPointer
    /// The guard's slot (-1: not guarded, or nothing mapped).
    var guardSlot: Int32
  }

  /// The file mapped read-only; nil when there is no file to open; a
  /// rejection when the path is not a regular file (a FIFO, a device, a
  /// folder, a symbolic link), which is opened without blocking and
  /// refused. An empty file gives an empty buffer (nothing mapped).
  ///
  /// Unsafe code: the buffer wraps the pointer `mmap` gives, valid until
  /// `unmap`. The file is private to tvgrid's folder and replaced only by
  /// rename, so it does not shrink under the mapping; a file truncated in
  /// place by another program raises SIGBUS when a lost page is read,
  /// which the guard turns into a message and exit status 1 (the file is
  /// removed and rebuilt on the next start). Reads stay inside the mapped
  /// length.
  static func map(_ file: String) -> Result<Mapping, ScheduleSnapshot.Rejection>? {
    // O_NONBLOCK: a FIFO put there would block a plain open until some
    // writer came; O_NOFOLLOW: a symbolic link is refused (ELOOP).
    let fd = Glibc.open(file, O_RDONLY | O_CLOEXEC | O_NONBLOCK | O_NOFOLLOW)
    guard fd >= 0 else { return errno == ELOOP ? .failure(.notARegularFile) : nil }
    defer { close(fd) }
    var info = stat()
    guard fstat(fd, &info) == 0 else { return nil }
    guard (info.st_mode & S_IFMT) == S_IFREG else { return .failure(.notARegularFile) }
    let size = Int(info.st_size)
    guard size > 0 else {
      return .success(Mapping(bytes: UnsafeRawBufferPointer(start: nil, count: 0), guardSlot: -1))
    }
    guard let address = mmap(nil, size, PROT_READ, MAP_PRIVATE, fd, 0), address != MAP_FAILED
    else { return nil }
    let slot = snapshot_guard_add(address, size, file)
    return .success(
      Mapping(bytes: UnsafeRawBufferPointer(start: address, count: size), guardSlot: slot))
  }

  /// Undoes `map`.
  static func unmap(_ mapping: Mapping) {
    snapshot_guard_remove(mapping.guardSlot)
    guard let base = mapping.bytes.baseAddress, mapping.bytes.count > 0 else { return }
    munmap(UnsafeMutableRawPointer(mutating: base), mapping.bytes.count)
  }

  /// The 1 MiB regions of the file read since the pages were last dropped.
  struct Regions {
    static let shift = 20
    private var words: [UInt64] = []
    /// Regions in the set.
    private(set) var count = 0

    /// Adds the region of byte `offset`.
    mutating func insert(_ offset: Int) {
      let region = offset >> Self.shift
      let word = region >> 6
      if word >= words.count { words += Array(repeating: 0, count: word + 1 - words.count) }
      let bit = UInt64(1) << UInt64(region & 63)
      if words[word] & bit == 0 {
        words[word] |= bit
        count += 1
      }
    }
  }
}
