import CXMLTVReader
import Foundation
import Testing

@testable import EPGSchedule

/// Issue 25, item 3: texts are cut while they are read (a title,
/// sub-title, category, credit or any other text at 4 KiB, a description
/// at 64 KiB), at a character boundary, each cut a finding; a record keeps
/// at most 1,024 child elements. (Peak memory is
/// `TVGridCLITests.GuideLoadingCommandTests`'.) Expected texts are worked
/// from the generated input.
@Suite struct TextLimitTests {
  static func programme(_ inner: String, attributes: String = "") -> String {
    "<programme start=\"20261130200000 +0000\" channel=\"c\"\(attributes)>\(inner)</programme>"
  }

  /// `unit` repeated to `bytes` UTF-8 bytes or more.
  static func text(_ unit: String, bytes: Int) -> String {
    String(repeating: unit, count: bytes / unit.utf8.count + 1)
  }

  /// The first `limit` bytes of `text` cut back to a character boundary.
  static func prefix(_ text: String, bytes limit: Int) -> String {
    var result = ""
    for character in text {
      if result.utf8.count + character.utf8.count > limit { break }
      result.append(character)
    }
    return result
  }

  @Test func textsAreCutAtTheirLimitAtACharacterBoundary() throws {
    // Three-byte characters: 4,096 is not a multiple of 3, so the cut falls
    // inside one and goes back to 4,095 bytes; a description of "ab " words
    // is cut at 65,536 bytes (21,845 of them and an "a").
    let title = Self.text("日本語", bytes: 5_000)
    let description = Self.text("ab ", bytes: 70_000)
    let category = Self.text("x", bytes: 4_097)
    let xml = Support.xmltv(
      Self.programme(
        "<title>\(title)</title><desc>\(description)</desc><category>\(category)</category>"
          + "<credits><actor role=\"\(Self.text("r", bytes: 5_000))\">\(Self.text("n", bytes: 4_100))</actor></credits>"
      ))
    let schedule = try Support.load(xml)
    let programme = try #require(schedule.programmes.first?.first)
    #expect(programme.title == Self.prefix(title, bytes: 4_096))
    #expect(programme.title.utf8.count == 4_095)
    #expect(programme.description == Self.prefix(description, bytes: 65_536))
    #expect(programme.categories == [String(repeating: "x", count: 4_096)])
    #expect(programme.credits.first?.name == String(repeating: "n", count: 4_096))
    #expect(programme.credits.first?.character == String(repeating: "r", count: 4_096))
    let cuts = schedule.report.findings.filter { $0.kind == .textCut }.map(\.message)
    #expect(
      Set(cuts) == [
        "title longer than 4 KiB (\(title.utf8.count) bytes); cut at 4 KiB",
        "desc longer than 64 KiB (\(description.utf8.count) bytes); cut at 64 KiB",
        "category longer than 4 KiB (4098 bytes); cut at 4 KiB",
        "actor longer than 4 KiB (4101 bytes); cut at 4 KiB",
        "attribute role longer than 4 KiB (5001 bytes); cut at 4 KiB",
      ])
    #expect(schedule.report.findings.filter { $0.kind == .textCut }.allSatisfy { $0.line == 3 })
  }

  @Test func textsAtTheLimitAreKeptWhole() throws {
    let title = String(repeating: "t", count: 4_096)
    let schedule = try Support.load(Support.xmltv(Self.programme("<title>\(title)</title>")))
    #expect(schedule.programmes.first?.first?.title == title)
    #expect(schedule.report.count(of: .textCut) == 0)
  }

  @Test func aRecordKeepsAtMostTheFieldLimit() throws {
    let categories = (0..<1_100).map { "<category>c\($0)</category>" }.joined()
    let schedule = try Support.load(
      Support.xmltv(Self.programme("<title>T</title>" + categories)))
    // The title is the first field; 1,023 categories follow it.
    #expect(schedule.programmes.first?.first?.categories.count == 1_023)
    #expect(schedule.programmes.first?.first?.categories.last == "c1022")
    let cut = schedule.report.findings.filter { $0.kind == .textCut }.map(\.message)
    #expect(cut == ["more than 1024 child elements; the other 77 left out"])
  }

  /// Both readers cut alike: a large file's later parts, read by the plain
  /// scanner, give what one stream through libxml2 gives.
  @Test func partsCutAsOneStream() throws {
    var lines =
      PartedLoadTests.header + ["  <channel id=\"a\"><display-name>A</display-name></channel>"]
    for slot in 0..<60 {
      let title = slot % 7 == 3 ? Self.text("é", bytes: 4_500 + slot) : "P\(slot)"
      lines.append(PartedLoadTests.programme("a", slot: slot, title: title))
    }
    lines += ["</tv>", ""]
    var plainParts = 0
    let text = Array(lines.joined(separator: "\n").utf8)
    let path = Support.temporaryFile(text)
    defer { try? FileManager.default.removeItem(atPath: path) }
    let parted = try #require(
      try PartedLoadTests.inParts(path, partBytes: 6_000, plainParts: &plainParts))
    #expect(plainParts > 2)
    PartedLoadTests.expectSame(parted, try PartedLoadTests.single(path).get())
    #expect(parted.report.count(of: .textCut) == 9)
    #expect(parted.programmes[0][3].title == String(repeating: "é", count: 2_048))
  }

  /// The fuzz target's oracle agrees on a cut text (the scanner hands a
  /// whole text over at once, libxml2 in pieces).
  @Test func thePlainScannerAndLibxml2CutAlike() throws {
    let content = Array(
      (Self.programme("<title>\(Self.text("ab ", bytes: 9_000))</title>") + "\n").utf8)
    let plain = try #require(XMLTVPlainComparison.plain(content, isLast: false))
    #expect(plain == XMLTVPlainComparison.libxml2(content, isLast: false))
    #expect(plain.contains { $0.hasPrefix("diagnostic 6 ") })
  }

  // MARK: JSON

  @Test func jsonTextsAreCutAlike() throws {
    let title = Self.text("日本語", bytes: 5_000)
    // 200 KiB of escapes: the reader keeps 64 KiB and a character of it.
    let description = String(repeating: "\\u00e9", count: 100_000)
    let json = """
      {"channels": [{"id": "c", "name": "\(Self.text("n", bytes: 5_000))"}],
       "programmes": [{"channel": "c", "start": "2026-11-30T20:00:00Z", "title": "\(title)",
                       "description": "\(description)", "categories": ["x"]}]}
      """
    let schedule = try ScheduleLoader.load(bytes: Array(json.utf8), name: "g.json")
    let programme = try #require(schedule.programmes.first?.first)
    #expect(programme.title == Self.prefix(title, bytes: 4_096))
    #expect(programme.description == String(repeating: "é", count: 32_768))
    #expect(schedule.channels.first?.name == String(repeating: "n", count: 4_096))
    let cuts = schedule.report.findings.filter { $0.kind == .textCut }.map(\.message)
    #expect(
      Set(cuts) == [
        "channels[0]: name longer than 4 KiB; cut", "programmes[0]: title longer than 4 KiB; cut",
        "programmes[0]: description longer than 64 KiB; cut",
      ])
  }

  /// The JSON reader leaves out what a string holds past 64 KiB as it
  /// reads, in any chunks, and keeps valid JSON (escapes and surrogate
  /// pairs whole).
  @Test(arguments: [1, 7, 4_096, 1 << 20])
  func theJSONLimiterCutsStringsInAnyChunks(chunk: Int) throws {
    let long = String(repeating: "a\\\"\\ud83d\\ude00é", count: 20_000)
    let json = Array("[\"\(long)\", \"short\", {\"k\": \"\(long)\"}]".utf8)
    var limiter = JSONStringLimiter()
    var output: [UInt8] = []
    json.withUnsafeBufferPointer { buffer in
      var start = 0
      while start < buffer.count {
        let end = min(buffer.count, start + chunk)
        limiter.append(UnsafeBufferPointer(rebasing: buffer[start..<end]), to: &output)
        start = end
      }
    }
    #expect(limiter.cuts == 2)
    let parsed = try #require(try JSONSerialization.jsonObject(with: Data(output)) as? [Any])
    let first = try #require(parsed[0] as? String)
    #expect(parsed[1] as? String == "short")
    #expect((parsed[2] as? [String: String])?["k"] == first)
    // Each unit is 1 + 1 + 4 + 2 = 8 bytes decoded: 8,192 units make 65,536
    // bytes, and the next "a" the 65,537th, after which the string is cut
    // (before the escape that follows).
    let unit = "a\"\u{1F600}é"
    #expect(first == String(repeating: unit, count: 8_192) + "a")
  }
}
