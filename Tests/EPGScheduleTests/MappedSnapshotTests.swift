import EPGLayout
import Foundation
import Synchronization
import Testing

@testable import EPGSchedule

/// A reopened guide reads its programmes where they lie in the mapped
/// snapshot (`ProgrammeColumn`, `MappedSnapshot`). What it reads must be
/// what the parse gave: the parsed schedule is the reference.
@Suite struct MappedSnapshotTests {
  /// A guide parsed from XMLTV, and the same guide reopened from its
  /// snapshot in `folder`.
  static func parsedAndReopened(
    channels: Int = 40, days: Int = 2, folder: String
  ) throws -> (parsed: Schedule, reopened: Schedule, cache: SnapshotCache, key: SnapshotKey) {
    let bytes = DemoGuide.xmltv(
      channels: channels, days: days, seed: 17, start: Support.utc("20261130000000 +0000"))
    let path = Support.temporaryFile(bytes)
    defer { SnapshotCacheTests.remove(path) }
    let parsed = try ScheduleLoader.load(path: path)
    let key = SnapshotKey(
      source: try #require(SourceIdentity.file(path)), loadOptions: LoadOptions())
    let cache = SnapshotCache(directory: folder)
    #expect(cache.store(parsed, key: key, now: 1))
    guard case .found(let reopened) = cache.load(key) else {
      Issue.record("expected a snapshot")
      throw CancellationError()
    }
    return (parsed, reopened, cache, key)
  }

  @Test func reopenedColumnsAreMappedAndReadAsParsed() throws {
    let folder = SnapshotCacheTests.folder()
    defer { SnapshotCacheTests.remove(folder) }
    let (parsed, reopened, _, _) = try Self.parsedAndReopened(folder: folder)
    #expect(reopened.programmes.allSatisfy { $0.isMapped })
    #expect(!parsed.programmes.contains { $0.isMapped })
    SnapshotTests.expectSame(reopened, parsed)
    for (mapped, array) in zip(reopened.programmes, parsed.programmes) {
      #expect(mapped.spans == array.map(\.span))
      #expect(mapped.indices.map(mapped.listedStop(at:)) == array.map(\.listedStop))
      // Read with no texts or lists: the record's times and flags alone.
      for (item, programme) in array.enumerated() {
        let bare = mapped.programme(at: item, reading: [])
        var expected = Programme(
          start: programme.start, stop: programme.stop,
          stopIsEstimated: programme.stopIsEstimated, title: "", flags: programme.flags,
          length: programme.length, sourceLine: programme.sourceLine,
          listedStop: programme.listedStop)
        expected.content = programme.content
        #expect(bare == expected)
      }
      // Binary search by times alone, at every start, just before and inside.
      for programme in array.prefix(30) {
        for instant in [programme.start - 1, programme.start, programme.start + 60] {
          let expected = array.firstIndex { $0.stop > instant } ?? array.count
          #expect(mapped.firstIndex(endingAfter: instant) == expected)
        }
      }
    }
  }

  @Test func nowListingAndGenresAgreeWithTheParse() throws {
    let folder = SnapshotCacheTests.folder()
    defer { SnapshotCacheTests.remove(folder) }
    let (parsed, reopened, _, _) = try Self.parsedAndReopened(folder: folder)
    for instant in [
      Support.utc("20261130203000 +0000"), Support.utc("20261201000000 +0000"),
      Support.utc("20261130000000 +0000") - 1,
    ] {
      let fromMap = NowListing(schedule: reopened, at: instant)
      let fromParse = NowListing(schedule: parsed, at: instant)
      #expect(fromMap.entries.map(\.current) == fromParse.entries.map(\.current))
      #expect(fromMap.entries.map(\.next) == fromParse.entries.map(\.next))
      #expect(fromMap.entries.map(\.alsoOn) == fromParse.entries.map(\.alsoOn))
    }
    // Genres by the numbers of the category lists equal classifying the
    // text.
    var byLists = GenreClassifier()
    for (mapped, array) in zip(reopened.programmes, parsed.programmes) {
      #expect(byLists.genres(of: mapped) == array.map { Genre.classify($0.categories) })
    }
    #expect(!byLists.present.isEmpty)
    // Each distinct list of categories has one number, counted from 0.
    var numbers: [[String]: Int] = [:]
    var listCount: Int?
    for (mapped, array) in zip(
      reopened.programmes + reopened.alsoListed,
      parsed.programmes + parsed.alsoListed)
    {
      guard case .mapped(let snapshot, let first, _, _) = mapped.storage else {
        Issue.record("not mapped")
        continue
      }
      for (index, programme) in array.enumerated() {
        let number = try #require(snapshot.categoryList(ofRecord: first + index))
        #expect(numbers[programme.categories, default: number] == number)
        numbers[programme.categories] = number
      }
      listCount = snapshot.categoryListCount
    }
    #expect(numbers.count > 5)
    #expect(listCount == numbers.count)
    #expect(Set(numbers.values) == Set(0..<numbers.count))
  }

  @Test func columnsOutliveTheirFileAndTheCache() throws {
    let folder = SnapshotCacheTests.folder()
    defer { SnapshotCacheTests.remove(folder) }
    let (parsed, reopened, cache, _) = try Self.parsedAndReopened(folder: folder)
    // `tvgrid cache clear` (or a newer copy) removes the file: the
    // mapping stays valid until the last column is gone.
    #expect(cache.clear() == 1)
    #expect(SnapshotCacheTests.names(folder).isEmpty)
    #expect(reopened.programmes[3].array == parsed.programmes[3].array)
  }

  @Test func shiftingAMappedColumnKeepsItMapped() throws {
    let folder = SnapshotCacheTests.folder()
    defer { SnapshotCacheTests.remove(folder) }
    let (parsed, reopened, _, _) = try Self.parsedAndReopened(channels: 3, folder: folder)
    let shifted = reopened.programmes[1].shifted(by: 3600).shifted(by: -1800)
    #expect(shifted.isMapped)
    let expected = parsed.programmes[1].map { programme -> Programme in
      var moved = programme
      moved.start += 1800
      moved.stop += 1800
      moved.listedStop += 1800
      return moved
    }
    #expect(shifted.array == expected)
    #expect(shifted.spans == expected.map(\.span))
    #expect(shifted.listedStop(at: 2) == expected[2].listedStop)
  }

  @Test func changingAMappedColumnMakesAnArray() throws {
    let folder = SnapshotCacheTests.folder()
    defer { SnapshotCacheTests.remove(folder) }
    let (parsed, reopened, _, _) = try Self.parsedAndReopened(channels: 3, folder: folder)
    var column = reopened.programmes[0]
    let extra = Programme(
      start: Support.utc("20261210000000 +0000"), stop: Support.utc("20261210010000 +0000"),
      title: "Added")
    column.append(extra)
    #expect(!column.isMapped)
    #expect(column.array == parsed.programmes[0].array + [extra])
    column[0].title = "Renamed"
    #expect(column[0].title == "Renamed")
    #expect(reopened.programmes[0][0].title == parsed.programmes[0][0].title)
  }

  @Test func readsFromManyThreadsAgree() throws {
    let folder = SnapshotCacheTests.folder()
    defer { SnapshotCacheTests.remove(folder) }
    let (parsed, reopened, _, _) = try Self.parsedAndReopened(folder: folder)
    let columns = reopened.programmes
    let expected = parsed.programmes.map(\.array)
    let failures = Mutex(0)
    DispatchQueue.concurrentPerform(iterations: columns.count) { index in
      if columns[index].array != expected[index] { failures.withLock { $0 += 1 } }
    }
    #expect(failures.withLock { $0 } == 0)
  }

  /// Every single damaged byte of a snapshot file, opened mapped and read
  /// in place (every programme, its times and genres): a rejection or a
  /// schedule, never a crash.
  @Test func everyDamagedByteOfAMappedFileIsSafe() throws {
    let good = try SnapshotTests.goodBytes()
    let path = Support.temporaryFile(good, suffix: ".tvgsnap")
    defer { SnapshotCacheTests.remove(path) }
    var opened = 0
    for index in good.indices {
      var bytes = good
      bytes[index] ^= 0x80
      try Data(bytes).write(to: URL(fileURLWithPath: path))
      guard case .success(let schedule)? = MappedSnapshot.open(path, key: nil) else { continue }
      opened += 1
      var genres = GenreClassifier()
      for column in schedule.programmes + schedule.alsoListed {
        _ = column.array
        _ = column.spans
        _ = genres.genres(of: column)
        _ = column.indices.map { column.titleKey(at: $0) }
      }
    }
    // Damage in the string bytes (outside the checksum) still opens.
    #expect(opened > 0)
  }

  /// Texts read where they lie in the snapshot are the parsed programme's
  /// (a guide with other titles, sub-titles, descriptions and credits).
  @Test func textsReadInPlaceAreTheParsedOnes() throws {
    let folder = SnapshotCacheTests.folder()
    defer { SnapshotCacheTests.remove(folder) }
    let parsed = try Support.load(SnapshotTests.richGuide)
    let cache = SnapshotCache(directory: folder)
    let key = SnapshotKey(
      sources: [SourceIdentity(kind: "test", path: "rich", fields: [])], options: [])
    #expect(cache.store(parsed, key: key, now: 1))
    guard case .found(let reopened) = cache.load(key) else {
      Issue.record("expected a snapshot")
      return
    }
    func texts(_ column: ProgrammeColumn, _ item: Int, _ kind: Programme.Text) -> [String] {
      var found: [String] = []
      _ = column.anyText(at: item, kind) {
        found.append(String(decoding: $0, as: UTF8.self))
        return false
      }
      return found
    }
    var seen = 0
    for (mapped, array) in zip(reopened.programmes, parsed.programmes) {
      #expect(mapped.isMapped)
      for (item, programme) in array.enumerated() {
        #expect(texts(mapped, item, .title) == [programme.title])
        #expect(texts(mapped, item, .otherTitles) == programme.otherTitles)
        #expect(texts(mapped, item, .subTitle) == (programme.subTitle.map { [$0] } ?? []))
        #expect(texts(mapped, item, .description) == (programme.description.map { [$0] } ?? []))
        #expect(texts(mapped, item, .creditNames) == programme.credits.map(\.name))
        #expect(texts(mapped, item, .creditCharacters) == programme.credits.compactMap(\.character))
        seen += programme.otherTitles.count + programme.credits.count
      }
    }
    #expect(seen > 0, "the guide has other titles or credits")
  }

  @Test func regionsCountEachMebibyteOnce() {
    var regions = MappedSnapshot.Regions()
    for offset in [0, 4096, (1 << 20) - 1, 1 << 20, 5 << 20, (5 << 20) + 7, 200 << 20] {
      regions.insert(offset)
    }
    // Regions 0, 1, 5 and 200.
    #expect(regions.count == 4)
  }
}
