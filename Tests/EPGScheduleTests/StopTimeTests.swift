import Foundation
import Testing

@testable import EPGSchedule

/// Issue 24, item 5: stop times grabbers get wrong. A stop before the
/// start on the start's date is read as the next day when that ends at or
/// before the channel's next start (on its last programme: when that makes
/// at most 12 hours); otherwise, and when the stop equals the start, the
/// stop is missing and taken from the next start. `check` counts each
/// kind, and no programme is left zero-length (a one-cell sliver). Times
/// are worked by hand from the listings below.
@Suite struct StopTimeTests {
  static func programme(_ start: String, _ stop: String, _ title: String, channel: String = "c")
    -> String
  {
    "<programme start=\"\(start)\" stop=\"\(stop)\" channel=\"\(channel)\"><title>\(title)</title></programme>"
  }

  /// The findings but those about channels (these guides have no
  /// `<channel>` elements).
  static func stopFindings(_ schedule: Schedule) -> [LoadReport.Finding] {
    schedule.report.findings.filter { $0.kind != .unknownChannel }
  }

  @Test func aStopWrittenWithoutTheNextDayIsReadAsTheNextDay() throws {
    // 23:58 → 00:10 on the 30th, as a Chinese guide writes it, then the
    // next programme at 00:10 on the 1st.
    let text = Support.xmltv(
      [
        Self.programme("20261130230000 +0800", "20261130235800 +0800", "Before"),
        Self.programme("20261130235800 +0800", "20261130001000 +0800", "Late news"),
        Self.programme("20261201001000 +0800", "20261201010000 +0800", "After"),
      ].joined(separator: "\n"))
    let schedule = try Support.load(text)
    let row = try #require(schedule.programmes.first)
    #expect(row.map(\.title) == ["Before", "Late news", "After"])
    #expect(row[1].start == Support.utc("2026-11-30T15:58:00Z"))
    #expect(row[1].stop == Support.utc("2026-11-30T16:10:00Z"))
    #expect(row[1].listedStop == Support.utc("2026-11-30T16:10:00Z"))
    #expect(!row[1].stopIsEstimated)
    let findings = Self.stopFindings(schedule).map { "\($0.kind):\($0.line)" }
    #expect(findings == ["stopNextDay:4"])
  }

  @Test func aNextDayThatPassesTheNextStartIsMissing() throws {
    // 22:00 → 21:30 "a day later" would end after the next start (23:00).
    let text = Support.xmltv(
      [
        Self.programme("20261130220000 +0000", "20261130213000 +0000", "Backwards"),
        Self.programme("20261130230000 +0000", "20261130233000 +0000", "Next"),
      ].joined(separator: "\n"))
    let schedule = try Support.load(text)
    let row = try #require(schedule.programmes.first)
    #expect(row[0].stop == Support.utc("2026-11-30T23:00:00Z"))
    #expect(row[0].stopIsEstimated)
    #expect(Self.stopFindings(schedule).map(\.kind) == [.stopBeforeStart])
    #expect(
      Self.stopFindings(schedule).first?.message
        == "\"Backwards\" stops at \"20261130213000 +0000\", before its start; stop taken from the next programme's start"
    )
  }

  @Test func aStopOnAnEarlierDateIsMissing() throws {
    // Stop written on the day before: not the same date, so not mended.
    let text = Support.xmltv(
      [
        Self.programme("20261130010000 +0000", "20261129230000 +0000", "Earlier date"),
        Self.programme("20261130020000 +0000", "20261130030000 +0000", "Next"),
      ].joined(separator: "\n"))
    let row = try #require(try Support.load(text).programmes.first)
    #expect(row[0].stop == Support.utc("2026-11-30T02:00:00Z"))
  }

  @Test func theLastProgrammeTakesTheNextDayUpToTwelveHours() throws {
    let text = Support.xmltv(
      [
        Self.programme("20261130235000 +0000", "20261130001500 +0000", "Short", channel: "a"),
        Self.programme("20261130220000 +0000", "20261130213000 +0000", "Long", channel: "b"),
      ].joined(separator: "\n"))
    let schedule = try Support.load(text)
    // 25 minutes is kept; 23 ½ hours is not: the default 30 minutes.
    #expect(schedule.programmes[0][0].stop == Support.utc("2026-12-01T00:15:00Z"))
    #expect(schedule.programmes[1][0].stop == Support.utc("2026-11-30T22:30:00Z"))
    #expect(schedule.programmes[1][0].stopIsEstimated)
  }

  /// A Norwegian guide writes stop = start for most programmes: each gets
  /// the next start, and no row is a string of one-cell slivers.
  @Test func stopsEqualToTheStartAreTakenFromTheNextStart() throws {
    var lines: [String] = []
    for index in 0..<8 {
      let start = String(format: "20261130%02d0000 +0100", 10 + index)
      lines.append(Self.programme(start, start, "P\(index)"))
    }
    let schedule = try Support.load(Support.xmltv(lines.joined(separator: "\n")))
    let row = try #require(schedule.programmes.first)
    #expect(row.count == 8)
    for index in 0..<7 {
      #expect(row[index].stop == row[index + 1].start)
      #expect(row[index].stop - row[index].start == 3_600)
    }
    // The last: the default length.
    #expect(row[7].stop - row[7].start == 1_800)
    #expect(schedule.report.count(of: .zeroLength) == 8)
    #expect(schedule.report.count(of: .estimatedStop) == 0)
  }

  @Test func checkCountsEachKind() throws {
    let path = Support.temporaryFile(
      Support.xmltv(
        [
          Self.programme("20261130200000 +0000", "20261130200000 +0000", "Zero"),
          Self.programme("20261130210000 +0000", "20261130203000 +0000", "Backwards"),
          Self.programme("20261130235000 +0000", "20261130001000 +0000", "Midnight"),
          "<programme start=\"20261201001000 +0000\" channel=\"c\"><title>No stop</title></programme>",
          Self.programme("20261201010000 +0000", "20261201020000 +0000", "Fine"),
        ].joined(separator: "\n")))
    defer { try? FileManager.default.removeItem(atPath: path) }
    let report = CheckReport(path: path)
    let text = report.text()
    #expect(text.contains("programmes with stop = start: 1"), "\(text)")
    #expect(text.contains("stops before the start read as the next day: 1"), "\(text)")
    #expect(text.contains("other stops before the start: 1"), "\(text)")
    #expect(text.contains("stops estimated: 1"), "\(text)")
    #expect(text.contains("\(path):3: zeroLength: \"Zero\" stops when it starts; stop taken from"))
  }

  /// The JSON format: a stop at or before the start is missing too.
  @Test func jsonStopsAtOrBeforeTheStartAreMissing() throws {
    let json = """
      {"programmes": [
        {"channel": "c", "start": "2026-11-30T20:00:00Z", "stop": "2026-11-30T20:00:00Z", "title": "A"},
        {"channel": "c", "start": "2026-11-30T21:00:00Z", "stop": "2026-11-30T20:30:00Z", "title": "B"},
        {"channel": "c", "start": "2026-11-30T22:00:00Z", "stop": "2026-11-30T23:00:00Z", "title": "C"}]}
      """
    let schedule = try ScheduleLoader.load(bytes: Array(json.utf8), name: "g.json")
    let row = try #require(schedule.programmes.first)
    #expect(
      row.map(\.stop) == ["21:00", "22:00", "23:00"].map { Support.utc("2026-11-30T\($0):00Z") })
  }
}
