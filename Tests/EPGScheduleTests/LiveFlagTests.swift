import Foundation
import Testing

@testable import EPGSchedule

/// `<live/>` (issue 24, item 17): not in the XMLTV DTD, but zap2xml and
/// other grabbers write it for a live broadcast, and Jellyfin and Kodi's
/// clients read it. It is a programme flag beside new, premiere and last
/// chance, read by both XML readers, kept in tvgrid's JSON and snapshots.
@Suite struct LiveFlagTests {
  static let programmes = """
      <programme start="20261130200000 +0000" stop="20261130210000 +0000" channel="a">
        <title>Cup Final</title>
        <live />
      </programme>
      <programme start="20261130210000 +0000" stop="20261130220000 +0000" channel="a">
        <title>Highlights</title><live></live><new/><last-chance>Last showing</last-chance>
      </programme>
      <programme start="20261130220000 +0000" stop="20261130230000 +0000" channel="a">
        <title>News</title><premiere>Season premiere</premiere>
      </programme>
    """

  @Test func liveIsReadWithTheOtherFlags() throws {
    let schedule = try Support.load(Support.xmltv(Self.programmes))
    #expect(
      schedule.programmes[0].map(\.flags) == [[.live], [.live, .new, .lastChance], [.premiere]])
  }

  /// The plain scanner reads it as libxml2 does (so a large file read in
  /// parts gives the same flags).
  @Test func thePlainScannerReadsItAsLibxml2Does() {
    PlainScannerTests.expectRead(Self.programmes)
  }

  @Test func jsonAndSnapshotsKeepIt() throws {
    let schedule = try Support.load(Support.xmltv(Self.programmes))
    let json = String(decoding: ScheduleJSON.encode(schedule), as: UTF8.self)
    #expect(json.contains("\"live\":true") || json.contains("\"live\": true"), "\(json)")
    let reloaded = try ScheduleLoader.load(bytes: ScheduleJSON.encode(schedule), name: "l.json")
    #expect(reloaded.programmes[0].map(\.flags) == schedule.programmes[0].map(\.flags))
    let snapshot = try SnapshotTests.roundTrip(schedule)
    #expect(snapshot.programmes[0].map(\.flags) == schedule.programmes[0].map(\.flags))
  }

  /// Snapshots written before the flag was read lack it: their format
  /// version is older, so they are parsed again rather than trusted.
  @Test func theSnapshotFormatIsNewerThanTheOneWithoutLive() {
    #expect(ScheduleSnapshot.formatVersion >= 5)
  }
}
