import EPGLayout
import EPGPlatform
import Foundation
import Synchronization
import Testing

@testable import EPGSchedule

/// The snapshot folder: keys, writing, reading, bounds, past listings.
/// Every test works in a fresh temporary folder.
@Suite struct SnapshotCacheTests {
  static func folder() -> String {
    let path = NSTemporaryDirectory() + "tvgrid-snapshots-\(UUID().uuidString)"
    try? FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
    return path
  }

  static func remove(_ path: String) { try? FileManager.default.removeItem(atPath: path) }

  static func names(_ folder: String) -> [String] {
    ((try? FileManager.default.contentsOfDirectory(atPath: folder)) ?? []).sorted()
  }

  static func guide(_ title: String, day: Int = 30) -> String {
    Support.xmltv(
      """
      <channel id="a"><display-name>A</display-name></channel>
      <programme start="202611\(day)100000 +0000" stop="202611\(day)110000 +0000" channel="a">
      <title>\(title)</title></programme>
      """)
  }

  /// Sets a file's modification time (seconds since 1970).
  static func setModified(_ path: String, _ seconds: Int) {
    var times = [timespec(tv_sec: seconds, tv_nsec: 0), timespec(tv_sec: seconds, tv_nsec: 0)]
    _ = utimensat(AT_FDCWD, path, &times, 0)
  }

  // MARK: Keys

  @Test func keyChangesWithTheFileAndTheOptions() throws {
    let path = Support.temporaryFile(Self.guide("One"))
    defer { Self.remove(path) }
    Self.setModified(path, 1_000_000)
    let first = try #require(SourceIdentity.file(path))
    #expect(SourceIdentity.file(path) == first)
    #expect(first.path.hasPrefix("/"))
    // Same size and modification time, other bytes: the head hash differs.
    try Data(Self.guide("Two").utf8).write(to: URL(fileURLWithPath: path))
    Self.setModified(path, 1_000_000)
    let second = try #require(SourceIdentity.file(path))
    #expect(second != first)

    let base = SnapshotKey(source: first, loadOptions: LoadOptions())
    let changed = SnapshotKey(source: second, loadOptions: LoadOptions())
    #expect(base.value != changed.value)
    #expect(base.slot == changed.slot, "the same guide: an older copy")
    for options in [LoadOptions(shift: 3600), LoadOptions(preferredLanguages: ["de"])] {
      let other = SnapshotKey(source: first, loadOptions: options)
      #expect(other.value != base.value)
      #expect(other.slot != base.slot)
    }
    #expect(base.options.contains("format=\(ScheduleSnapshot.formatVersion)"))
  }

  @Test func pipesAndMissingFilesHaveNoIdentity() {
    #expect(SourceIdentity.file("/nonexistent/tvgrid/guide.xml") == nil)
    #expect(SourceIdentity.file(NSTemporaryDirectory()) == nil)
  }

  /// A named FIFO the user gives as the guide is not opened for its
  /// identity (opening it would wait for a writer).
  @Test func aFIFOGuideIsNotOpenedForItsIdentity() throws {
    let fifo = NSTemporaryDirectory() + "tvgrid-fifo-\(UUID().uuidString)"
    #expect(mkfifo(fifo, 0o600) == 0)
    defer { Self.remove(fifo) }
    #expect(SourceIdentity.file(fifo) == nil)
  }

  // MARK: Store and load

  @Test func storeThenLoad() throws {
    let folder = Self.folder()
    defer { Self.remove(folder) }
    let path = Support.temporaryFile(Self.guide("One"))
    defer { Self.remove(path) }
    let schedule = try ScheduleLoader.load(path: path)
    let key = SnapshotKey(
      source: try #require(SourceIdentity.file(path)), loadOptions: LoadOptions())
    let cache = SnapshotCache(directory: folder + "/snapshots")
    guard case .missing = cache.load(key) else {
      Issue.record("expected no snapshot")
      return
    }
    #expect(cache.store(schedule, key: key, now: 100))
    guard case .found(let read) = cache.load(key) else {
      Issue.record("expected one")
      return
    }
    SnapshotTests.expectSame(read, schedule)
    #expect(cache.entries().count == 1)
    #expect(cache.entries().first.flatMap { cache.header(of: $0) }?.sourcePath == key.description)
  }

  /// Big enough (over 8 MiB) that pages read are dropped while the
  /// snapshot is checked and read in place: what is read back is still
  /// the whole schedule.
  @Test func largeSnapshotReadsBackWhileDroppingPages() throws {
    let folder = Self.folder()
    defer { Self.remove(folder) }
    let cache = SnapshotCache(directory: folder)
    let schedule = DemoGuide.schedule(
      channels: 400, days: 4, start: Support.utc("20261130000000 +0000"))
    let key = SnapshotKey(
      sources: [SourceIdentity(kind: "file", path: "/big", fields: [])], options: [])
    #expect(cache.store(schedule, key: key, now: 1))
    #expect(try #require(cache.entries().first).size > 1 << 23)
    guard case .found(let read) = cache.load(key) else {
      Issue.record("expected one")
      return
    }
    SnapshotTests.expectSame(read, schedule)
    // Checking the checksum offers the index's ranges to drop as it goes,
    // in order, all inside the index.
    let bytes = try [UInt8](Data(contentsOf: URL(fileURLWithPath: cache.path(for: key))))
    let ranges = Mutex<[Range<Int>]>([])
    let checked: Bool = bytes.withUnsafeBytes { raw in
      guard var reader = try? ScheduleSnapshot.Reader(raw) else { return false }
      reader.releaseEvery = 1 << 16
      reader.release = { range in ranges.withLock { $0.append(range) } }
      return (try? reader.header()) != nil
    }
    #expect(checked)
    let offered = ranges.withLock { $0 }
    #expect(offered.count > 3)
    #expect(offered.allSatisfy { $0.lowerBound == ScheduleSnapshot.headerSize })
    #expect(offered.map(\.upperBound) == offered.map(\.upperBound).sorted())
    #expect(offered.allSatisfy { $0.upperBound <= bytes.count })
  }

  @Test func damagedSnapshotIsRejectedAndRemoved() throws {
    let folder = Self.folder()
    defer { Self.remove(folder) }
    let cache = SnapshotCache(directory: folder)
    let key = SnapshotKey(
      sources: [SourceIdentity(kind: "file", path: "/g", fields: ["1"])], options: [])
    #expect(cache.store(try Support.load(Self.guide("One")), key: key, now: 1))
    let file = cache.path(for: key)
    var bytes = try [UInt8](Data(contentsOf: URL(fileURLWithPath: file)))
    bytes.removeLast(10)
    try Data(bytes).write(to: URL(fileURLWithPath: file))
    guard case .rejected(.truncated) = cache.load(key) else {
      Issue.record("expected a truncated snapshot")
      return
    }
    #expect(!FileManager.default.fileExists(atPath: file))
  }

  /// Issue 25, item 16: a snapshot path that is not a regular file (a
  /// FIFO no one writes to, a folder, a symbolic link) is refused without
  /// blocking, and a snapshot can be written there again (the FIFO and the
  /// link are removed; a folder stays, and nothing is kept).
  @Test(arguments: ["fifo", "folder", "link"])
  func aSnapshotPathThatIsNotARegularFileIsRefused(kind: String) throws {
    let folder = Self.folder()
    defer { Self.remove(folder) }
    let cache = SnapshotCache(directory: folder)
    let key = SnapshotKey(
      sources: [SourceIdentity(kind: "file", path: "/g", fields: ["1"])], options: [])
    let file = cache.path(for: key)
    let schedule = try Support.load(Self.guide("One"))
    switch kind {
    case "fifo": #expect(mkfifo(file, 0o600) == 0)
    case "folder":
      try FileManager.default.createDirectory(atPath: file, withIntermediateDirectories: false)
    default:
      // A link to a good snapshot elsewhere: still refused.
      let elsewhere = SnapshotCache(directory: folder + "/elsewhere")
      #expect(elsewhere.store(schedule, key: key, now: 1))
      #expect(symlink(elsewhere.path(for: key), file) == 0)
    }
    // A blocking open of the FIFO would never return: the test would hang.
    guard case .rejected(.notARegularFile) = cache.load(key) else {
      Issue.record("expected a refusal")
      return
    }
    #expect(
      cache.header(
        of: SnapshotCache.Entry(name: (file as NSString).lastPathComponent, size: 0, lastUsed: 0))
        == nil)
    #expect(cache.previous(of: key) == nil)
    if kind == "folder" {
      #expect(!cache.store(schedule, key: key, now: 2))
    } else {
      #expect(cache.store(schedule, key: key, now: 2))
      guard case .found = cache.load(key) else {
        Issue.record("expected the new snapshot")
        return
      }
    }
  }

  @Test func twoWritersLeaveOneGoodFile() throws {
    let folder = Self.folder()
    defer { Self.remove(folder) }
    let cache = SnapshotCache(directory: folder)
    let schedule = DemoGuide.schedule(start: Support.utc("20261130000000 +0000"))
    let key = SnapshotKey(
      sources: [SourceIdentity(kind: "file", path: "/g", fields: ["1"])], options: [])
    DispatchQueue.concurrentPerform(iterations: 8) { _ in
      cache.store(schedule, key: key, now: 1)
    }
    #expect(
      Self.names(folder) == [cache.path(for: key).split(separator: "/").last.map(String.init)])
    guard case .found(let read) = cache.load(key) else {
      Issue.record("expected one")
      return
    }
    SnapshotTests.expectSame(read, schedule)
  }

  @Test func newerCopyReplacesTheOlderOfTheSameSlot() throws {
    let folder = Self.folder()
    defer { Self.remove(folder) }
    let cache = SnapshotCache(directory: folder)
    let old = SnapshotKey(
      sources: [SourceIdentity(kind: "file", path: "/g", fields: ["1"])], options: [])
    let new = SnapshotKey(
      sources: [SourceIdentity(kind: "file", path: "/g", fields: ["2"])], options: [])
    let other = SnapshotKey(
      sources: [SourceIdentity(kind: "file", path: "/h", fields: ["1"])], options: [])
    cache.store(try Support.load(Self.guide("Old")), key: old, now: 1)
    cache.store(try Support.load(Self.guide("Other")), key: other, now: 1)
    #expect(cache.previous(of: new)?.programmes[0].map(\.title) == ["Old"])
    cache.store(try Support.load(Self.guide("New")), key: new, now: 2)
    #expect(cache.entries().count == 2)
    #expect(cache.previous(of: new) == nil)
    #expect(!FileManager.default.fileExists(atPath: cache.path(for: old)))
  }

  @Test func leastRecentlyUsedGoFirst() throws {
    let folder = Self.folder()
    defer { Self.remove(folder) }
    var cache = SnapshotCache(directory: folder)
    let schedule = try Support.load(Self.guide("One"))
    let keys = (1...3).map {
      SnapshotKey(sources: [SourceIdentity(kind: "file", path: "/g\($0)", fields: [])], options: [])
    }
    for (index, key) in keys.enumerated() {
      cache.store(schedule, key: key, now: 1)
      Self.setModified(cache.path(for: key), 1_000_000 + [300, 100, 200][index])
    }
    let size = try #require(cache.entries().first?.size)
    cache.sizeLimit = size * 2
    cache.trim()
    // keys[1] was used longest ago.
    #expect(FileManager.default.fileExists(atPath: cache.path(for: keys[0])))
    #expect(!FileManager.default.fileExists(atPath: cache.path(for: keys[1])))
    #expect(FileManager.default.fileExists(atPath: cache.path(for: keys[2])))
  }

  @Test func clearRemovesOnlySnapshots() throws {
    let folder = Self.folder()
    defer { Self.remove(folder) }
    let cache = SnapshotCache(directory: folder)
    let key = SnapshotKey(
      sources: [SourceIdentity(kind: "file", path: "/g", fields: [])], options: [])
    cache.store(try Support.load(Self.guide("One")), key: key, now: 1)
    FileManager.default.createFile(atPath: folder + "/notes.txt", contents: Data("mine".utf8))
    FileManager.default.createFile(atPath: folder + "/.x.tvgsnap.part", contents: Data())
    #expect(cache.clear() == 1)
    #expect(Self.names(folder) == ["notes.txt"])
  }

  @Test func zeroSizeKeepsNothing() throws {
    let folder = Self.folder()
    defer { Self.remove(folder) }
    let cache = SnapshotCache(directory: folder, sizeLimit: 0)
    let key = SnapshotKey(
      sources: [SourceIdentity(kind: "file", path: "/g", fields: [])], options: [])
    #expect(!cache.store(try Support.load(Self.guide("One")), key: key, now: 1))
    #expect(Self.names(folder).isEmpty)
  }

  @Test func sizesAreRead() {
    #expect(SnapshotCache.parseSize("2G") == Int64(2) << 30)
    #expect(SnapshotCache.parseSize("500 MiB") == Int64(500) << 20)
    #expect(SnapshotCache.parseSize("1.5k") == 1536)
    #expect(SnapshotCache.parseSize("0") == 0)
    #expect(SnapshotCache.parseSize("lots") == nil)
    #expect(SnapshotCache.parseSize("-1G") == nil)
  }

  // MARK: Past listings

  @Test func pastListingsOfTheOlderCopyAreKept() throws {
    // Older copy: 08–12 on a and b. Newer: from 11 on a, nothing on b,
    // and a channel c. Hand-worked: a keeps 09–10 and 10–11 (08–09 ends
    // before `since`, 09:00); b keeps what ended by now (11:30).
    let older = try Support.load(
      Support.xmltv(
        """
        <channel id="a"><display-name>A</display-name></channel>
        <channel id="b"><display-name>B</display-name></channel>
        <programme start="20261130080000 +0000" stop="20261130090000 +0000" channel="a"><title>A8</title></programme>
        <programme start="20261130090000 +0000" stop="20261130100000 +0000" channel="a"><title>A9</title></programme>
        <programme start="20261130100000 +0000" stop="20261130110000 +0000" channel="a"><title>A10</title></programme>
        <programme start="20261130110000 +0000" stop="20261130120000 +0000" channel="a"><title>A11 old</title></programme>
        <programme start="20261130100000 +0000" stop="20261130110000 +0000" channel="b"><title>B10</title></programme>
        <programme start="20261130110000 +0000" stop="20261130120000 +0000" channel="b"><title>B11</title></programme>
        """))
    let newer = try Support.load(
      Support.xmltv(
        """
        <channel id="c"><display-name>C</display-name></channel>
        <channel id="a"><display-name>A</display-name></channel>
        <channel id="b"><display-name>B</display-name></channel>
        <programme start="20261130110000 +0000" stop="20261130120000 +0000" channel="a"><title>A11 new</title></programme>
        <programme start="20261130110000 +0000" stop="20261130120000 +0000" channel="c"><title>C11</title></programme>
        """))
    let (kept, count) = newer.keepingPast(
      of: older, since: Support.utc("20261130090000 +0000"),
      now: Support.utc("20261130113000 +0000"))
    #expect(kept.channels.map(\.id) == ["c", "a", "b"])
    #expect(kept.programmes[0].map(\.title) == ["C11"])
    #expect(kept.programmes[1].map(\.title) == ["A9", "A10", "A11 new"])
    #expect(kept.programmes[2].map(\.title) == ["B10"])
    #expect(count == 3)
    // A newer copy that starts no later keeps nothing.
    #expect(older.keepingPast(of: newer, since: 0, now: Support.utc("20261130113000 +0000")).1 == 0)
  }
}
