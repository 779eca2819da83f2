import EPGLayout
import Testing

@testable import EPGSchedule

@Suite("Timestamps")
struct TimestampTests {
  /// 2026-11-30T20:15:00Z.
  let reference: EpochSeconds = 1_796_069_700

  @Test func calendarArithmetic() {
    #expect(
      TimestampParser.epochSeconds(year: 1970, month: 1, day: 1, hour: 0, minute: 0, second: 0) == 0
    )
    #expect(
      TimestampParser.epochSeconds(year: 2026, month: 11, day: 30, hour: 20, minute: 15, second: 0)
        == reference)
    #expect(
      TimestampParser.epochSeconds(year: 2024, month: 2, day: 29, hour: 0, minute: 0, second: 0)
        != nil)
    #expect(
      TimestampParser.epochSeconds(year: 2025, month: 2, day: 29, hour: 0, minute: 0, second: 0)
        == nil)
    #expect(CivilDate(daysSinceEpoch: 0) == CivilDate(year: 1970, month: 1, day: 1))
    #expect(CivilDate(daysSinceEpoch: -1) == CivilDate(year: 1969, month: 12, day: 31))
  }

  @Test(arguments: [
    ("20261130201500", 0),
    ("20261130201500 +0000", 0),
    ("20261130211500 +0100", 0),
    ("20261130211500+0100", 0),
    ("20261130211500 +01:00", 0),
    ("20261130211500 +01", 0),
    ("20261130151500 -0500", 0),
    ("20261130151500 EST", 0),
    ("20261130161500 EDT", 0),
    ("20261130211500 CET", 0),
    ("20261130221500 CEST", 0),
    ("20261130211500 BST", 0),
    ("20261130201500 UTC", 0),
    ("20261130201500 GMT", 0),
    ("20261130201500Z", 0),
    ("202611302015", 0),
    ("  20261130201500  ", 0),
    ("20261130201530", 30),
  ])
  func xmltvForms(_ text: String, _ extraSeconds: Int) {
    #expect(TimestampParser.parseXMLTV(text) == reference + EpochSeconds(extraSeconds), "\(text)")
  }

  @Test func truncatedFormsTakeLowestValues() {
    #expect(TimestampParser.parseXMLTV("2026") == TimestampParser.parse("2026-01-01T00:00:00Z"))
    #expect(TimestampParser.parseXMLTV("202611") == TimestampParser.parse("2026-11-01T00:00:00Z"))
    #expect(TimestampParser.parseXMLTV("20261130") == TimestampParser.parse("2026-11-30T00:00:00Z"))
    #expect(
      TimestampParser.parseXMLTV("2026113020") == TimestampParser.parse("2026-11-30T20:00:00Z"))
    #expect(TimestampParser.parseXMLTVDetailed("202611302015")?.digitCount == 12)
    #expect(TimestampParser.parseXMLTVDetailed("202611302015")?.hasZone == false)
    #expect(TimestampParser.parseXMLTVDetailed("202611302015 BST")?.hasZone == true)
  }

  @Test(arguments: [
    "", "abc", "202", "2026113", "20261330201500", "20261132201500", "20261130251500",
    "20261130206000", "20261130201500 XYZ", "20261130201500 +2500", "20261130201500 +01:7",
    "20261130201500 +0100 junk", "2026-11-30", "20261130201500 ++0100", "20250229000000",
  ])
  func badXMLTVForms(_ text: String) {
    #expect(TimestampParser.parseXMLTV(text) == nil, "\(text)")
  }

  @Test(arguments: [
    "2026-11-30T20:15:00Z", "2026-11-30T20:15Z", "2026-11-30T21:15+01:00", "2026-11-30T21:15+0100",
    "2026-11-30 20:15", "2026-11-30T20:15:00.250Z", "2026-11-30t20:15:00z", "20261130201500",
    "2026-11-30T15:15:00 EST", "@1796069700",
  ])
  func userForms(_ text: String) {
    #expect(TimestampParser.parse(text) == reference, "\(text)")
  }

  @Test func floatingUserTimesUseTheGivenOffset() {
    #expect(TimestampParser.parse("2026-11-30 21:15", floatingOffset: 3600) == reference)
    #expect(TimestampParser.parse("2026-11-30T20:15:00Z", floatingOffset: 3600) == reference)
    #expect(TimestampParser.parse("2026-11-30") == reference - (20 * 3600 + 15 * 60))
  }

  @Test(arguments: [
    "2026-11-30T", "2026-11-30T25:00", "2026-13-01", "tomorrow", "@", "@12a", "2026-11-30T20:15+",
  ])
  func badUserForms(_ text: String) {
    #expect(TimestampParser.parse(text) == nil, "\(text)")
  }

  @Test func zoneNames() {
    #expect(TimestampParser.offset(ofZoneNamed: "bst") == 3600)
    #expect(TimestampParser.offset(ofZoneNamed: "PST") == -8 * 3600)
    #expect(TimestampParser.offset(ofZoneNamed: "NST") == -(3 * 3600 + 1800))
    #expect(TimestampParser.offset(ofZoneNamed: "Mars") == nil)
  }

  @Test func shiftOption() {
    #expect(LoadOptions.parseShift("+01:00") == 3600)
    #expect(LoadOptions.parseShift("-0130") == -5400)
    #expect(LoadOptions.parseShift("2") == 7200)
    #expect(LoadOptions.parseShift("-90m") == -5400)
    #expect(LoadOptions.parseShift("1:5") == nil)
    #expect(LoadOptions.parseShift("x") == nil)
  }

  @Test func languagesFromEnvironment() {
    #expect(LoadOptions.languages(fromEnvironment: ["LANG": "de_DE.UTF-8"]) == ["de"])
    #expect(
      LoadOptions.languages(fromEnvironment: ["LANGUAGE": "fr:en_GB", "LANG": "de_DE.UTF-8"])
        == ["fr", "en", "de"])
    #expect(LoadOptions.languages(fromEnvironment: ["LANG": "C.UTF-8"]) == [])
    #expect(LoadOptions.languages(fromEnvironment: ["LC_ALL": "es_ES", "LANG": "de_DE"]) == ["es"])
  }
}
