import EPGLayout
import EPGSchedule
import EPGTestSupport
import Testing

/// Hour boundaries from an explicit zone: fixed half-hour offsets, DST days
/// (built by hand, never from the process zone) and odd offset changes.
@Suite struct TimeZoneTests {
  /// 2026-03-29T00:00Z, the day Europe/London moves to BST at 01:00Z.
  let march29: EpochSeconds = 1_774_742_400
  /// 2026-10-25T00:00Z, the day Europe/London goes back at 01:00Z.
  let october25: EpochSeconds = 1_792_886_400

  var london: UTCOffsetTable {
    UTCOffsetTable(
      initialOffset: 0,
      transitions: [
        .init(instant: march29 + 3600, offset: 3600), .init(instant: october25 + 3600, offset: 0),
      ])
  }

  func layout(
    _ zone: UTCOffsetTable, from start: EpochSeconds, to end: EpochSeconds
  ) -> GuideLayout {
    GuideLayout(
      data: GuideData(channels: [[TimeSpan(start: start, end: end)]]),
      viewport: Viewport(size: Size(width: 1000, height: 500)), now: start, timeZone: zone)
  }

  /// Every hour header of `layout` as (instant − base, local hour, minute).
  func hours(_ layout: GuideLayout, base: EpochSeconds, mark: UTCOffsetTable.Mark = .hour)
    -> [[Int]]
  {
    var result: [[Int]] = []
    var k = 0
    while let time = mark == .hour
      ? layout.time(forHourHeader: k) : layout.time(forHalfHourHeader: k)
    {
      let clock = layout.timeZone.wallClock(at: time)
      result.append([Int(time - base), clock.hour, clock.minute])
      k += 1
    }
    return result
  }

  @Test func offsetsFollowTheTransitions() {
    #expect(london.offset(at: march29) == 0)
    #expect(london.offset(at: march29 + 3599) == 0)
    #expect(london.offset(at: march29 + 3600) == 3600)
    #expect(london.offset(at: october25 + 3599) == 3600)
    #expect(london.offset(at: october25 + 3600) == 0)
    // Unsorted transitions are sorted; a later one at the same instant wins.
    let zone = UTCOffsetTable(
      initialOffset: 0,
      transitions: [
        .init(instant: 200, offset: 7200), .init(instant: 100, offset: 3600),
        .init(instant: 200, offset: 1800),
      ])
    #expect(zone.transitions.map(\.instant) == [100, 200, 200])
    #expect(zone.offset(at: 150) == 3600)
    #expect(zone.offset(at: 200) == 1800)
  }

  @Test func halfHourZoneShiftsTheBoundaries() {
    // +05:30: 10:15Z is 15:45 local, so hour header 0 is 15:00 local = 09:30Z.
    let kolkata = layout(.fixed(19_800), from: Fixture.at(10, 15), to: Fixture.at(12, 0))
    #expect(
      hours(kolkata, base: Fixture.day) == [[34_200, 15, 0], [37_800, 16, 0], [41_400, 17, 0]])
    #expect(
      hours(kolkata, base: Fixture.day, mark: .halfHour) == [
        [36_000, 15, 30], [39_600, 16, 30], [43_200, 17, 30],
      ])
    #expect(kolkata.x(for: Fixture.at(9, 30)) == 100 - 450)
    #expect(kolkata.frame(.verticalGridline, 1)?.minX == 100 + 150 - 0.5)
    #expect(kolkata.hourHeaderIndex(at: Fixture.at(10, 30)) == 1)
    #expect(kolkata.hourHeaderIndex(at: Fixture.at(10, 0)) == nil)
  }

  @Test func springForwardKeepsBoundariesAnHourApart() {
    let guide = layout(london, from: march29, to: march29 + 4 * 3600)
    // Local 01:00 does not exist: labels jump from 00 to 02.
    #expect(
      hours(guide, base: march29) == [
        [0, 0, 0], [3600, 2, 0], [7200, 3, 0], [10_800, 4, 0], [14_400, 5, 0],
      ])
    #expect(
      hours(guide, base: march29, mark: .halfHour) == [
        [1800, 0, 30], [5400, 2, 30], [9000, 3, 30], [12_600, 4, 30],
      ])
  }

  @Test func fallBackRepeatsAnHourWithItsOwnIndex() {
    let guide = layout(london, from: october25, to: october25 + 3 * 3600)
    #expect(
      hours(guide, base: october25) == [[0, 1, 0], [3600, 1, 0], [7200, 2, 0], [10_800, 3, 0]])
    #expect(guide.hourHeaderIndex(at: october25 + 3600) == 1)
  }

  @Test func aHalfHourShiftForwardShortensOneHour() {
    // +05:30 → +06:00 at 12:00Z: local 17:30 becomes 18:00.
    let zone = UTCOffsetTable(
      initialOffset: 19_800, transitions: [.init(instant: Fixture.at(12), offset: 21_600)])
    let guide = layout(zone, from: Fixture.at(10, 30), to: Fixture.at(14, 0))
    #expect(
      hours(guide, base: Fixture.day) == [
        [37_800, 16, 0], [41_400, 17, 0], [43_200, 18, 0], [46_800, 19, 0], [50_400, 20, 0],
      ])
    // Local 17:30 never happens, so the 17 o'clock hour has no half-hour mark.
    #expect(
      hours(guide, base: Fixture.day, mark: .halfHour) == [
        [39_600, 16, 30], [45_000, 18, 30], [48_600, 19, 30],
      ])
  }

  @Test func aHalfHourShiftBackLengthensOneHour() {
    // +06:00 → +05:30 at 12:00Z: local 18:00 becomes 17:30 again.
    let zone = UTCOffsetTable(
      initialOffset: 21_600, transitions: [.init(instant: Fixture.at(12), offset: 19_800)])
    let guide = layout(zone, from: Fixture.at(11, 0), to: Fixture.at(14, 0))
    #expect(
      hours(guide, base: Fixture.day) == [[39_600, 17, 0], [45_000, 18, 0], [48_600, 19, 0]])
    // 17:30 local happens twice; each occurrence is its own mark.
    #expect(
      hours(guide, base: Fixture.day, mark: .halfHour) == [
        [41_400, 17, 30], [43_200, 17, 30], [46_800, 18, 30], [50_400, 19, 30],
      ])
  }

  @Test func marksAgreeWithABruteForceScan() {
    // Random zones with odd offsets; marks found by scanning every minute.
    var generator = SplitMix64(seed: 11)
    for _ in 0..<20 {
      var transitions: [UTCOffsetTable.Transition] = []
      var instant: EpochSeconds = 0
      for _ in 0..<generator.int(in: 0...4) {
        instant += EpochSeconds(generator.int(in: 1...20) * 900)
        transitions.append(
          .init(instant: instant, offset: Int32(generator.int(in: -48...56) * 900)))
      }
      let zone = UTCOffsetTable(
        initialOffset: Int32(generator.int(in: -48...56) * 900), transitions: transitions)
      for mark in [UTCOffsetTable.Mark.hour, .halfHour] {
        let phase: Int64 = mark == .hour ? 0 : 1800
        let expected = stride(from: EpochSeconds(-7200), through: 90_000, by: 60).filter {
          (($0 + Int64(zone.offset(at: $0)) - phase) % 3600 + 3600) % 3600 == 0
        }
        let found = zone.marks(mark, from: -7200, through: 90_000)
        #expect(found.map(\.instant) == expected)
        // Indices are consecutive and map back to their instants.
        for (a, b) in zip(found, found.dropFirst()) { #expect(b.index == a.index + 1) }
        for item in found {
          #expect(zone.instant(of: mark, index: item.index) == item.instant)
          #expect(zone.markIndex(mark, atOrAfter: item.instant) == item.index)
        }
      }
      let probe = EpochSeconds(generator.int(in: 0...80_000))
      let before = zone.hourBoundary(atOrBefore: probe)
      let after = zone.hourBoundary(after: probe)
      #expect(before <= probe && probe < after)
      #expect(zone.marks(.hour, from: before + 1, through: after - 1).isEmpty)
    }
  }

  @Test func wallClockAndExtremeInstantsNeverTrap() {
    #expect(UTCOffsetTable.fixed(19_800).wallClock(at: Fixture.at(14, 30)) == (20, 0, 0))
    #expect(UTCOffsetTable.utc.wallClock(at: -1) == (23, 59, 59))
    let zone = london
    _ = zone.hourBoundary(atOrBefore: .min)
    _ = zone.hourBoundary(after: .max)
    _ = zone.instant(of: .halfHour, index: .max)
    _ = zone.markIndex(.hour, atOrAfter: .min)
    #expect(zone.hourBoundary(after: 0) == 3600)
  }
}
