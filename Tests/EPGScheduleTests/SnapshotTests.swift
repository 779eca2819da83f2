import EPGLayout
import Foundation
import Testing

@testable import EPGSchedule

/// The binary snapshot (issue 17): what it reads back is what the XMLTV
/// loader gave, and a damaged or foreign snapshot is refused, never read.
@Suite struct SnapshotTests {
  /// Expects every field of `read` to equal the parsed schedule's.
  static func expectSame(
    _ read: Schedule, _ parsed: Schedule, sourceLocation: SourceLocation = #_sourceLocation
  ) {
    #expect(read.channels == parsed.channels, sourceLocation: sourceLocation)
    #expect(read.programmes.count == parsed.programmes.count, sourceLocation: sourceLocation)
    for (a, b) in zip(read.programmes, parsed.programmes) {
      #expect(a == b, sourceLocation: sourceLocation)
    }
    #expect(read.alsoListed == parsed.alsoListed, sourceLocation: sourceLocation)
    #expect(read.report == parsed.report, sourceLocation: sourceLocation)
  }

  static func roundTrip(_ schedule: Schedule, key: UInt64 = 7) throws -> Schedule {
    let bytes = ScheduleSnapshot.encode(schedule, key: key, sourcePath: "/g.xml", writtenAt: 1)
    return try bytes.withUnsafeBytes { raw throws(ScheduleSnapshot.Rejection) in
      try ScheduleSnapshot.decode(raw, key: key)
    }
  }

  static func rejection(_ bytes: [UInt8], key: UInt64? = 7) -> ScheduleSnapshot.Rejection? {
    bytes.withUnsafeBytes { raw -> ScheduleSnapshot.Rejection? in
      do throws(ScheduleSnapshot.Rejection) {
        _ = try ScheduleSnapshot.decode(raw, key: key)
        return nil
      } catch {
        return error
      }
    }
  }

  /// Credits, overlaps (also listed), a bad timestamp and an estimated
  /// stop, hand-written.
  static let richGuide = Support.xmltv(
    """
    <channel id="a"><display-name>Alpha</display-name><display-name>A1</display-name></channel>
    <programme start="20261130100000 +0000" stop="20261130120000 +0000" channel="a">
      <title>Film</title><title lang="fr">Le Film</title>
      <credits><director>Ann Dee</director><actor role="Hero">Bo Ek</actor></credits>
      <episode-num system="xmltv_ns">0.4.</episode-num>
      <star-rating><value>3/5</value></star-rating>
    </programme>
    <programme start="20261130100000 +0000" stop="20261130103000 +0000" channel="a">
      <title>Short</title>
    </programme>
    <programme start="2026113X" stop="20261130130000 +0000" channel="a"><title>Bad</title></programme>
    <programme start="20261130120000 +0000" channel="a"><title>Ünïcode ✓</title></programme>
    """)

  @Test func roundTripEqualsTheParsedSchedule() throws {
    let parsed = try Support.load(Self.richGuide)
    // The fixture exercises what the format must carry (hand-read from it).
    #expect(parsed.programmes[0].map(\.title) == ["Film", "Ünïcode ✓"])
    #expect(parsed.alsoListed[0].map(\.title) == ["Short"])
    #expect(parsed.programmes[0][0].credits.count == 2)
    #expect(parsed.programmes[0][0].episode?.episode == 5)
    #expect(parsed.programmes[0][1].stopIsEstimated)
    #expect(parsed.report.count(of: .skippedProgramme) + parsed.report.count(of: .badTimestamp) > 0)
    Self.expectSame(try Self.roundTrip(parsed), parsed)
  }

  @Test func roundTripOfEveryFixture() throws {
    var files = Support.caseFiles().map(\.path)
    files.append(Support.fixture("multilang.xml"))
    // Every content flag and extra (subtitles, audio, video, rating icons,
    // reviews, URLs, images), hand-written against the DTD.
    let flags = try ScheduleLoader.load(path: Support.fixture("content-flags.xml"))
    #expect(flags.programmes.joined().contains { !$0.extras.isEmpty && !$0.content.isEmpty })
    files.append(Support.fixture("content-flags.xml"))
    for file in files {
      for languages in [[], ["de"]] {
        let parsed = try ScheduleLoader.load(
          path: file, options: LoadOptions(preferredLanguages: languages))
        Self.expectSame(try Self.roundTrip(parsed), parsed)
      }
    }
    let demo = DemoGuide.schedule(start: Support.utc("20261130000000 +0000"))
    Self.expectSame(try Self.roundTrip(demo), demo)
    let empty = Schedule(channels: [], programmes: [])
    Self.expectSame(try Self.roundTrip(empty), empty)
  }

  @Test func headerNamesTheSource() throws {
    let parsed = try Support.load(Self.richGuide)
    let bytes = ScheduleSnapshot.encode(parsed, key: 42, sourcePath: "/tv/g.xml", writtenAt: 1234)
    let header = try bytes.withUnsafeBytes { raw throws(ScheduleSnapshot.Rejection) in
      try ScheduleSnapshot.header(raw)
    }
    #expect(header.key == 42)
    #expect(header.sourcePath == "/tv/g.xml")
    #expect(header.writtenAt == 1234)
    #expect(header.version == ScheduleSnapshot.formatVersion)
  }

  /// The checksum is taken over the index written in pieces; the reader
  /// hashes it whole: both must agree for any split.
  @Test func hashingInPiecesEqualsHashingWhole() {
    let bytes = (0..<1000).map { UInt8(truncatingIfNeeded: $0 &* 31 &+ 7) }
    let whole = bytes.withUnsafeBytes { SnapshotHasher.hash($0) }
    for split in [0, 1, 3, 8, 13, 500, 999, 1000] {
      var hasher = SnapshotHasher()
      bytes.withUnsafeBytes { raw in
        hasher.combine(UnsafeRawBufferPointer(rebasing: raw[0..<split]))
        hasher.combine(UnsafeRawBufferPointer(rebasing: raw[split..<1000]))
      }
      #expect(hasher.value == whole, "split at \(split)")
    }
    // Many small pieces, none a whole block (32 bytes) or lined up with one.
    var pieces = SnapshotHasher()
    bytes.withUnsafeBytes { raw in
      var start = 0
      for size in [5, 7, 1, 30, 33, 2, 64, 3] {
        pieces.combine(UnsafeRawBufferPointer(rebasing: raw[start..<start + size]))
        start += size
      }
      pieces.combine(UnsafeRawBufferPointer(rebasing: raw[start...]))
    }
    #expect(pieces.value == whole)
    // A change in any byte of a block (each lane) or of the tail shows.
    for index in Array(0..<40) + [996, 999] {
      var other = bytes
      other[index] ^= 1
      #expect(other.withUnsafeBytes { SnapshotHasher.hash($0) } != whole, "byte \(index)")
    }
    #expect(bytes.dropLast().withUnsafeBytes { SnapshotHasher.hash($0) } != whole)
  }

  // MARK: Integrity

  static func goodBytes() throws -> [UInt8] {
    ScheduleSnapshot.encode(
      try Support.load(richGuide), key: 7, sourcePath: "/g.xml", writtenAt: 1)
  }

  @Test func truncatedIsRefused() throws {
    let bytes = try Self.goodBytes()
    #expect(Self.rejection(Array(bytes.dropLast())) == .truncated)
    #expect(Self.rejection(Array(bytes.prefix(60))) == .truncated)
    #expect(Self.rejection(Array(bytes.prefix(3))) == .truncated)
    #expect(Self.rejection([]) == .truncated)
  }

  @Test func otherMagicIsRefused() throws {
    #expect(Self.rejection(Array(Support.xmltv("").utf8)) == .notASnapshot)
  }

  @Test func damagedIndexFailsTheChecksum() throws {
    var bytes = try Self.goodBytes()
    // The first programme's start (index: counts, string table, channel).
    bytes[ScheduleSnapshot.headerSize + 50] ^= 0x01
    #expect(Self.rejection(bytes) == .checksumMismatch)
  }

  @Test func otherVersionIsRefused() throws {
    var bytes = try Self.goodBytes()
    let other = ScheduleSnapshot.formatVersion + 1
    withUnsafeBytes(of: other) { for i in 0..<4 { bytes[12 + i] = $0[i] } }
    #expect(Self.rejection(bytes) == .otherVersion(other))
  }

  @Test func otherByteOrderIsRefused() throws {
    var bytes = try Self.goodBytes()
    bytes[8...11].reverse()
    #expect(Self.rejection(bytes) == .otherByteOrder)
  }

  @Test func otherKeyIsRefused() throws {
    #expect(Self.rejection(try Self.goodBytes(), key: 8) == .otherKey)
  }

  /// Every single damaged byte gives a rejection or a schedule (damage in
  /// the unchecked string bytes): never a crash.
  @Test func everyDamagedByteIsSafe() throws {
    let good = try Self.goodBytes()
    for index in good.indices {
      for flip: UInt8 in [0x01, 0x80, 0xff] {
        var bytes = good
        bytes[index] ^= flip
        _ = Self.rejection(bytes, key: nil)
      }
    }
  }
}
