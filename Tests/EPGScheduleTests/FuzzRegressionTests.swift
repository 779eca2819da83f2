import EPGLayout
import Testing

@testable import EPGSchedule

/// Inputs the fuzz targets (`make fuzz`, Fuzz/) found to break a promise,
/// kept so the bug stays fixed.
@Suite struct FuzzRegressionTests {
  /// Fuzz/run json, input Fuzz/seeds/json/hostile.json: a programme starting
  /// at -10^12 s (about year -29700) loaded, but `ScheduleJSON.encode` wrote
  /// its start with a negative year that `decode` cannot read and drops, so
  /// "loading the output again gives the same schedule" failed (2
  /// programmes became 1).
  @Test func jsonRoundTripKeepsProgrammesBeforeYearOne() throws {
    let json = """
      {"channels":[{"id":"x","name":"X"}],"programmes":[
      {"channel":"x","start":-1e12,"stop":1e12,"title":"long"},
      {"channel":"x","start":"2026-11-30T20:15:00Z","title":"News"}]}
      """
    let schedule = try ScheduleJSON.decode(Array(json.utf8), path: "fuzz.json")
    #expect(schedule.programmeCount == 2)
    let again = try ScheduleJSON.decode(ScheduleJSON.encode(schedule), path: "again.json")
    #expect(again.programmeCount == schedule.programmeCount)
    #expect(again.programmes.first?.first?.start == schedule.programmes.first?.first?.start)
  }

  /// Fuzz/run timestamp, input "0000NZDT": year 0, 1 January, at +13:00 is
  /// in year -1, and `ScheduleJSON.isoString` wrote "00-1-12-31T11:00:00Z",
  /// which nothing reads back. The same text reaches `tvgrid now --json`.
  @Test func isoStringOfAnInstantInYearMinusOneReadsBack() throws {
    let instant = try #require(TimestampParser.parseXMLTV("0000NZDT"))
    let iso = ScheduleJSON.isoString(instant)
    #expect(TimestampParser.parse(iso) == instant, "\(instant) was written as \(iso)")
  }

  /// The boundary years that do work stay working.
  @Test func isoStringRoundTripsYearsOneAndNineThousandNineHundredNinetyNine() {
    for text in ["00010101000000 +0000", "99991231235959 +0000", "00010101000000 -1800"] {
      guard let instant = TimestampParser.parseXMLTV(text) else {
        Issue.record("\(text) does not parse")
        continue
      }
      let iso = ScheduleJSON.isoString(instant)
      #expect(TimestampParser.parse(iso) == instant, "\(text) → \(iso)")
    }
  }
}

/// Fuzz/run xmltv (a corpus file with a byte-order mark pasted into a
/// channel attribute): channel ids "a" and "\u{FEFF}a" are two channels,
/// but Foundation's JSONSerialization drops a U+FEFF at the start of a
/// string, so after `encode` → `decode` the second channel is gone, its
/// programme lands on "a" and is dropped as an overlap (7 programmes became
/// 6).
@Suite struct FuzzRegressionByteOrderMarkTests {
  @Test func jsonRoundTripKeepsAChannelIDStartingWithAByteOrderMark() throws {
    let xml = """
      <?xml version="1.0" encoding="UTF-8"?>
      <tv>
        <programme start="20000101000000" stop="20000101010000" channel="a"><title>One</title></programme>
        <programme start="20000101000000" stop="20000101010000" channel="\u{FEFF}a"><title>Two</title></programme>
      </tv>
      """
    let schedule = try ScheduleLoader.load(bytes: Array(xml.utf8), name: "bom.xml")
    #expect(schedule.channels.count == 2)
    #expect(schedule.programmeCount == 2)
    let again = try ScheduleJSON.decode(ScheduleJSON.encode(schedule), path: "again.json")
    #expect(again.channels.map(\.id) == schedule.channels.map(\.id))
    #expect(again.programmeCount == 2)
  }
}
