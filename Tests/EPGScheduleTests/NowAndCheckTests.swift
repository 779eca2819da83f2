import EPGLayout
import Foundation
import Testing

@testable import EPGSchedule

@Suite("now and check")
struct NowAndCheckTests {
  let overlapping = Support.xmltv(
    """
    <channel id="a"><display-name>Alpha</display-name><lcn>1</lcn></channel>
    <channel id="b"><display-name>Beta</display-name></channel>
    <channel id="quiet"><display-name>Quiet</display-name></channel>
    <programme start="20261130070000" stop="20261130074500" channel="a"><title>Container</title></programme>
    <programme start="20261130070500" stop="20261130071500" channel="a"><title>Inside</title><sub-title>Part</sub-title></programme>
    <programme start="20261130071500" stop="20261130080000" channel="a"><title>After</title></programme>
    <programme start="20261130060000" stop="20261130073000" channel="b"><title>Long</title><episode-num system="xmltv_ns">0.4.</episode-num></programme>
    """)

  @Test func onAtAnInstant() throws {
    let schedule = try Support.load(overlapping)
    let now = NowListing(schedule: schedule, at: Support.utc("2026-11-30T07:10:00Z"))
    #expect(now.entries.map(\.channel.id) == ["a", "b", "quiet"])
    let a = now.entries[0]
    #expect(a.current?.title == "Inside")
    #expect(a.alsoOn.map(\.title) == ["Container"])
    #expect(a.next?.title == "After")
    #expect(now.entries[1].current?.title == "Long")
    #expect(now.entries[1].next == nil)
    #expect(now.entries[2].current == nil)
    let keys = now.onNow.map { "\($0.channel)@\($0.start)" }.sorted()
    let expected = [
      "a@\(Support.utc("2026-11-30T07:00:00Z"))", "a@\(Support.utc("2026-11-30T07:05:00Z"))",
      "b@\(Support.utc("2026-11-30T06:00:00Z"))",
    ].sorted()
    #expect(keys == expected)
  }

  /// A listing that starts with a longer one is dropped from the grid but
  /// is still on (expected values: tv_grep --on-after T --on-before T on
  /// the fixture, which lists the exact duplicate on "b" twice).
  @Test(arguments: [
    ("2026-11-30T20:15:00Z", ["a": ["Long film", "Short news"], "b": ["Bravo one"]]),
    ("2026-11-30T20:40:00Z", ["a": ["Long film"], "b": ["Bravo one", "Bravo inner"]]),
    ("2026-11-30T21:15:00Z", ["a": ["Long film", "Inside"], "b": []]),
  ])
  func nowListsWhatTheGridDrops(_ time: String, _ expected: [String: [String]]) throws {
    let schedule = try ScheduleLoader.load(
      path: Support.fixture("xmltv-cases/overlap-same-start.xml"))
    #expect(schedule.programmes[0].map(\.title) == ["Long film", "Inside", "Late"])
    let now = NowListing(schedule: schedule, at: Support.utc(time))
    for entry in now.entries {
      let titles = ((entry.current.map { [$0] } ?? []) + entry.alsoOn).map(\.title)
      #expect(
        Set(titles) == Set(expected[entry.channel.id] ?? []), "\(entry.channel.id) at \(time)")
      #expect(titles.count == Set(titles).count, "\(entry.channel.id) at \(time): listed twice")
    }
    #expect(now.entries[0].current?.title == (time.contains("21:15") ? "Inside" : "Long film"))
  }

  @Test func halfOpenIntervals() throws {
    let schedule = try Support.load(overlapping)
    let atStop = NowListing(schedule: schedule, at: Support.utc("2026-11-30T07:30:00Z"))
    #expect(atStop.entries[1].current == nil)  // Long stops at 07:30
    let atStart = NowListing(schedule: schedule, at: Support.utc("2026-11-30T07:15:00Z"))
    #expect(atStart.entries[0].current?.title == "After")
    #expect(atStart.entries[0].alsoOn.map(\.title) == ["Container"])
  }

  @Test func json() throws {
    let schedule = try Support.load(overlapping)
    let now = NowListing(schedule: schedule, at: Support.utc("2026-11-30T07:10:00Z"))
    let json = try #require(
      try JSONSerialization.jsonObject(with: Data(now.json().utf8)) as? [String: Any])
    #expect(json["at"] as? String == "2026-11-30T07:10:00Z")
    let channels = try #require(json["channels"] as? [[String: Any]])
    #expect(channels.count == 3)
    let first = try #require(channels[0]["now"] as? [String: Any])
    #expect(first["title"] as? String == "Inside")
    #expect(first["subTitle"] as? String == "Part")
    #expect((channels[0]["alsoOn"] as? [Any])?.count == 1)
    #expect(channels[0]["number"] as? String == "1")
    #expect(channels[2]["now"] is NSNull)
  }

  @Test func checkReportSummarisesAndListsFindings() throws {
    let path = Support.fixture("damaged.xml")
    let report = CheckReport(path: path)
    #expect(report.isLoadable)
    #expect(report.channelCount == 1)
    #expect(report.programmeCount == 2)
    #expect(report.firstStart == Support.utc("2026-11-30T20:00:00Z"))
    #expect(report.lastStop == Support.utc("2026-12-01T00:00:00Z"))
    #expect(report.count(of: .skippedProgramme) == 3)
    #expect(report.count(of: .badTimestamp) == 1)
    let text = report.text()
    #expect(text.contains("\(path): 1 channels"))
    #expect(text.contains("programmes skipped: 3"))
    #expect(text.contains("\(path):7: skippedProgramme: programme without a start time skipped"))
    #expect(text.contains("\(path):16: skippedProgramme: programme without a title skipped"))
    #expect(report.text(limit: 1).contains("… and 3 more"))
  }

  @Test func checkReportOnRepairs() throws {
    // By hand: on "x" a second Alpha and a second Beta (the same stop once
    // Beta's missing one is estimated), on "y" a second Same; six
    // programmes have no stop.
    let report = CheckReport(path: Support.xmltvCase("duplicates.xml"))
    #expect(report.isLoadable)
    #expect(report.unknownChannelIDs == ["x", "y"])
    #expect(report.count(of: .duplicateRemoved) == 3)
    #expect(report.count(of: .estimatedStop) == 6)
    #expect(report.text().contains("channels without <channel>: 2 (x, y)"))

    let bad = CheckReport(path: Support.fixture("bad-utf8.xml"))
    #expect(bad.invalidByteCount == 6)
    #expect(bad.text().contains("invalid bytes replaced by U+FFFD: 6"))
  }

  @Test func checkReportOnAFileThatDoesNotLoad() throws {
    let path = Support.fixture("truncated.xml")
    let report = CheckReport(path: path)
    #expect(!report.isLoadable)
    #expect(report.loadError?.line == 6)
    #expect(report.text().hasPrefix("\(path):6:"))
  }
}
