import EPGLayout
import Foundation
import Testing

@testable import EPGSchedule

@Suite("JSON format")
struct JSONTests {
  @Test func readsTheDocumentedSchema() throws {
    let schedule = try ScheduleLoader.load(path: Support.fixture("guide.json"))
    #expect(schedule.channels.map(\.id) == ["one", "two"])
    #expect(schedule.channels[0].name == "Channel One")
    #expect(schedule.channels[0].number == "1")
    #expect(schedule.channels[0].iconURL == "https://example.org/1.png")
    #expect(schedule.channels[1].isImplicit)
    let evening = schedule.programmes[0][0]
    #expect(evening.title == "Evening")
    #expect(evening.subTitle == "Part")
    #expect(evening.categories == ["News"])
    #expect(evening.episode?.season == 1)
    #expect(evening.episode?.episode == 2)
    #expect(evening.start == Support.utc("2026-11-30T20:00:00Z"))
    let late = schedule.programmes[0][1]
    #expect(late.start == Support.utc("2026-11-30T21:00:00Z"))  // epoch seconds
    #expect(late.stopIsEstimated)
    #expect(late.stop == late.start + 1800)  // from "length"
    #expect(schedule.programmes[1][0].start == Support.utc("2026-11-30T19:30:00Z"))
  }

  @Test func roundTrip() throws {
    let original = try ScheduleLoader.load(
      path: Support.fixture("multilang.xml"), options: LoadOptions(preferredLanguages: ["en"]))
    let bytes = ScheduleJSON.encode(original)
    let path = Support.temporaryFile(bytes, suffix: ".json")
    defer { try? FileManager.default.removeItem(atPath: path) }
    let reloaded = try ScheduleLoader.load(path: path)
    #expect(reloaded.channels == original.channels)
    func withoutLines(_ schedule: Schedule) -> [[Programme]] {
      schedule.programmes.map {
        $0.map {
          var p = $0
          p.sourceLine = 0
          return p
        }
      }
    }
    #expect(withoutLines(reloaded) == withoutLines(original))
    // Detected by content too, whatever the name.
    let renamed = Support.temporaryFile(bytes, suffix: ".guide")
    defer { try? FileManager.default.removeItem(atPath: renamed) }
    #expect(try ScheduleLoader.load(path: renamed).programmeCount == original.programmeCount)
  }

  @Test func demoGuideRoundTrip() throws {
    let original = DemoGuide.schedule(
      channels: 12, days: 2, seed: 9, start: Support.utc("2026-11-30T00:00:00Z"))
    let reloaded = try ScheduleLoader.load(bytes: ScheduleJSON.encode(original), name: "round.json")
    #expect(reloaded.channels == original.channels)
    #expect(reloaded.programmeCount == original.programmeCount)
    for (a, b) in zip(reloaded.programmes.flatMap { $0 }, original.programmes.flatMap { $0 }) {
      var b = b
      b.sourceLine = 0
      #expect(a == b)
    }
  }

  @Test func syntaxErrorsHaveLineAndColumn() throws {
    let path = Support.fixture("bad.json")
    do {
      _ = try ScheduleLoader.load(path: path)
      Issue.record("bad JSON loaded")
    } catch {
      #expect(error.kind == .malformed)
      #expect(error.line == 4)
      #expect(error.column == 5)
      #expect(error.description.hasPrefix("\(path):4:5: invalid JSON"))
    }
  }

  @Test func wrongShapeIsNotAGuide() throws {
    #expect(throws: LoadError.self) {
      try ScheduleLoader.load(bytes: Array("{\"x\": 1}".utf8), name: "x.json")
    }
    #expect(throws: LoadError.self) {
      try ScheduleLoader.load(bytes: Array("[1, 2]".utf8), name: "x.json")
    }
    #expect(throws: LoadError.self) {
      try ScheduleLoader.load(bytes: Array("{\"programmes\": 3}".utf8), name: "x.json")
    }
    let partial = try ScheduleLoader.load(
      bytes: Array(
        "{\"programmes\": [{\"channel\": \"a\", \"title\": \"no start\"}, {\"channel\": \"a\", \"start\": 0, \"title\": \"ok\", \"stop\": 60}]}"
          .utf8), name: "p.json")
    #expect(partial.programmeCount == 1)
    #expect(partial.report.count(of: .skippedProgramme) == 1)
  }
}

@Suite("Demo guide")
struct DemoGuideTests {
  let start = Support.utc("2026-11-30T00:00:00Z")

  @Test func sameSeedSameBytes() {
    let a = DemoGuide.xmltv(channels: 30, days: 2, seed: 42, start: start)
    let b = DemoGuide.xmltv(channels: 30, days: 2, seed: 42, start: start)
    let c = DemoGuide.xmltv(channels: 30, days: 2, seed: 43, start: start)
    #expect(a == b)
    #expect(a != c)
    #expect(a.count > 100_000)
  }

  @Test func streamedAndInMemoryOutputAgree() throws {
    let path = Support.temporaryFile([])
    defer { try? FileManager.default.removeItem(atPath: path) }
    let handle = try #require(FileHandle(forWritingAtPath: path))
    #expect(
      DemoGuide.write(
        channels: 5, days: 1, seed: 7, start: start, fileDescriptor: handle.fileDescriptor))
    try handle.close()
    let written = try Data(contentsOf: URL(fileURLWithPath: path))
    #expect(Array(written) == DemoGuide.xmltv(channels: 5, days: 1, seed: 7, start: start))
  }

  @Test func outputLoadsBackAndIsRealistic() throws {
    let bytes = DemoGuide.xmltv(channels: 40, days: 3, seed: 1, start: start)
    let path = Support.temporaryFile(bytes)
    defer { try? FileManager.default.removeItem(atPath: path) }
    let schedule = try ScheduleLoader.load(path: path)
    #expect(schedule.channels.count == 40)
    #expect(Set(schedule.channels.map(\.name)).count == 40)
    #expect(schedule.report.findings.isEmpty, "\(schedule.report.findings.prefix(3))")
    #expect(schedule.report.invalidByteCount == 0)
    let all = schedule.programmes.flatMap { $0 }
    // About 25 programmes per channel and day.
    #expect((40 * 3 * 15...40 * 3 * 40).contains(all.count))
    for list in schedule.programmes {
      #expect(list.first.map { $0.start <= start } == true)
      #expect(list.last.map { $0.stop >= start + 3 * 86_400 } == true)
      for (a, b) in zip(list, list.dropFirst()) { #expect(a.stop == b.start) }
    }
    let lengths = all.map { $0.stop - $0.start }
    #expect(lengths.min().map { $0 >= 60 } == true)
    #expect(lengths.max().map { $0 <= 3 * 3600 + 300 } == true)
    #expect(lengths.contains(5 * 60))
    #expect(lengths.contains { $0 >= 150 * 60 })
    let onGrid = all.filter { $0.start % 300 == 0 }.count
    #expect(onGrid * 100 / all.count >= 85)
    #expect(onGrid < all.count)
    #expect(all.contains { $0.subTitle != nil })
    #expect(all.filter { $0.description != nil }.count * 10 > all.count * 8)
    #expect(all.allSatisfy { !$0.categories.isEmpty })
    #expect(all.contains { $0.episode?.season != nil && $0.episode?.onscreen != nil })
    #expect(all.contains { $0.title.unicodeScalars.contains { $0.value >= 0x3000 } })
    #expect(all.contains { $0.title.unicodeScalars.contains { (0xC0...0x17F).contains($0.value) } })
    #expect(all.contains { !$0.ratings.isEmpty })
    #expect(all.contains { !$0.starRatings.isEmpty })
    #expect(all.contains { $0.date != nil })
    for flag in [Programme.Flags.new, .premiere, .previouslyShown] {
      #expect(all.contains { $0.flags.contains(flag) })
    }
    #expect(schedule.channels.contains { $0.number != nil })
    #expect(schedule.channels.contains { $0.number == nil })
    // xmltv_ns written zero-based, read one-based: matches the onscreen form.
    for programme in all.prefix(500) {
      if let episode = programme.episode, let season = episode.season, let number = episode.episode
      {
        let expected =
          "S" + (season < 10 ? "0" : "") + "\(season)E" + (number < 10 ? "0" : "") + "\(number)"
        #expect(episode.onscreen == expected)
      }
    }
  }

  @Test func scheduleMatchesTheWrittenGuide() throws {
    let direct = DemoGuide.schedule(channels: 8, days: 1, seed: 5, start: start)
    let loaded = try ScheduleLoader.load(
      bytes: DemoGuide.xmltv(channels: 8, days: 1, seed: 5, start: start), name: "demo")
    #expect(direct.channels == loaded.channels)
    #expect(direct.programmes == loaded.programmes)
    #expect(direct.programmeCount > 8 * 10)
  }

  @Test func sizesAreClamped() {
    let tiny = DemoGuide.schedule(channels: 0, days: 0, seed: 1, start: start)
    #expect(tiny.channels.count == 1)
    #expect(tiny.programmeCount > 0)
  }
}
