import CXMLTVReader
import Foundation
import Testing

@testable import EPGSchedule

/// A large plain file parsed in parts on several cores (`XMLTVParts`) loads
/// exactly as one stream: the same channels, programmes, findings (with the
/// file's lines and columns) and counts, and the same errors. Small files
/// are cut here by setting `LoadOptions.partBytes` low; `partBytes: 0`
/// loads as one stream.
@Suite struct PartedLoadTests {
  // MARK: Helpers

  /// The file loaded as one stream.
  static func single(_ path: String) -> Result<Schedule, LoadError> {
    Result { () throws(LoadError) in
      try ScheduleLoader.load(path: path, options: LoadOptions(partBytes: 0))
    }
  }

  /// The file loaded through the parts alone: nil when it was not cut or
  /// the parts fell back to one stream.
  static func inParts(_ path: String, partBytes: Int64, options: LoadOptions = LoadOptions())
    throws(LoadError) -> Schedule?
  {
    var plainParts = 0
    return try inParts(path, partBytes: partBytes, options: options, plainParts: &plainParts)
  }

  /// As above; `plainParts`: how many parts the plain scanner read.
  static func inParts(
    _ path: String, partBytes: Int64, options: LoadOptions = LoadOptions(), plainParts: inout Int
  ) throws(LoadError) -> Schedule? {
    var message = [CChar](repeating: 0, count: 256)
    guard let source = xmltv_source_open(path, &message, message.count) else {
      throw LoadError(kind: .unreadable, path: path, message: "cannot open")
    }
    defer { xmltv_source_close(source) }
    _ = xmltv_source_first_byte(source)
    var options = options
    options.partBytes = partBytes
    return try XMLTVParts.load(source, path: path, options: options, plainParts: &plainParts)
  }

  /// Where `xmltv_source_split` cuts the file.
  static func cuts(_ path: String, partBytes: Int64) -> [Int64] {
    var message = [CChar](repeating: 0, count: 256)
    guard let source = xmltv_source_open(path, &message, message.count) else { return [] }
    defer { xmltv_source_close(source) }
    var prolog = xmltv_prolog()
    var starts = [Int64](repeating: 0, count: 4096)
    let count = xmltv_source_split(source, partBytes, &prolog, &starts, Int32(starts.count))
    return Array(starts.prefix(Int(count)))
  }

  /// Byte offsets of the starts of the lines holding `<programme` tags:
  /// the candidate cuts, worked out from the text.
  static func programmeLineStarts(_ text: [UInt8]) -> [Int64] {
    var starts: [Int64] = []
    for (index, byte) in text.enumerated() where byte == UInt8(ascii: "\n") {
      let rest = text[(index + 1)...].drop { $0 == UInt8(ascii: " ") || $0 == UInt8(ascii: "\t") }
      if rest.starts(with: Array("<programme ".utf8)) { starts.append(Int64(index + 1)) }
    }
    return starts
  }

  /// Byte offset where line `line` (1-based) of `lines` joined by LF starts.
  static func offset(ofLine line: Int, in lines: [String]) -> Int64 {
    line == 1 ? 0 : Int64(lines[..<(line - 1)].joined(separator: "\n").utf8.count + 1)
  }

  /// The same schedule: channels, programmes, report.
  static func expectSame(
    _ parted: Schedule, _ single: Schedule, sourceLocation: SourceLocation = #_sourceLocation
  ) {
    #expect(parted.channels == single.channels, sourceLocation: sourceLocation)
    #expect(
      parted.programmes.map { Array($0) } == single.programmes.map { Array($0) },
      sourceLocation: sourceLocation)
    #expect(
      parted.alsoListed.map { Array($0) } == single.alsoListed.map { Array($0) },
      sourceLocation: sourceLocation)
    #expect(parted.report == single.report, sourceLocation: sourceLocation)
  }

  /// Loads `text` in parts (which must be used) and as one stream, and
  /// expects the same; returns the schedule.
  @discardableResult
  static func loadsTheSame(
    _ text: [UInt8], partBytes: Int64, sourceLocation: SourceLocation = #_sourceLocation
  ) throws -> Schedule {
    let path = Support.temporaryFile(text)
    defer { try? FileManager.default.removeItem(atPath: path) }
    let single = try single(path).get()
    let parted = try #require(
      try inParts(path, partBytes: partBytes), "not loaded in parts",
      sourceLocation: sourceLocation)
    expectSame(parted, single, sourceLocation: sourceLocation)
    // And through the loader itself.
    var options = LoadOptions()
    options.partBytes = partBytes
    expectSame(
      try ScheduleLoader.load(path: path, options: options), single,
      sourceLocation: sourceLocation)
    return parted
  }

  /// A programme line: channel `channel`, the `slot`th half hour of
  /// 2026-12-01 UTC onwards.
  static func programme(_ channel: String, slot: Int, title: String, indent: String = "  ")
    -> String
  {
    "\(indent)<programme start=\"\(stamp(slot))\" stop=\"\(stamp(slot + 1))\" channel=\"\(channel)\">"
      + "<title>\(title)</title></programme>"
  }

  static func stamp(_ slot: Int) -> String {
    let minutes = slot * 30
    let day = 1 + minutes / 1440
    let hour = minutes % 1440 / 60
    let minute = minutes % 60
    func two(_ value: Int) -> String { value < 10 ? "0\(value)" : "\(value)" }
    return "202612\(two(day))\(two(hour))\(two(minute))00 +0000"
  }

  static let header = ["<?xml version=\"1.0\" encoding=\"UTF-8\"?>", "<tv>"]

  // MARK: Same result

  @Test(arguments: [500, 4_096, 65_536] as [Int64])
  func demoGuideLoadsTheSame(partBytes: Int64) throws {
    let bytes = DemoGuide.xmltv(channels: 40, days: 2, seed: 5, start: 1_796_069_700)
    let schedule = try Self.loadsTheSame(bytes, partBytes: partBytes)
    #expect(schedule.channels.count == 40)
  }

  /// Every part of a plain guide but the first (which holds the prolog)
  /// is read by the plain scanner; a part it gives up on is read by
  /// libxml2, and the schedule is the same either way.
  @Test func laterPartsOfAPlainGuideAreReadWithoutLibxml2() throws {
    let plainGuide = DemoGuide.xmltv(channels: 40, days: 2, seed: 5, start: 1_796_069_700)
    // A CDATA section (outside the scanner's subset) in one programme's
    // title, near the middle.
    let title = Array("<title lang=\"en\">".utf8)
    var middle = plainGuide.count / 2
    while !plainGuide[middle...].starts(with: title) { middle += 1 }
    let cdataGuide =
      Array(plainGuide[..<(middle + title.count)]) + Array("<![CDATA[Late]]> ".utf8)
      + Array(plainGuide[(middle + title.count)...])
    for (bytes, notPlain) in [(plainGuide, 0), (cdataGuide, 1)] {
      let path = Support.temporaryFile(bytes)
      defer { try? FileManager.default.removeItem(atPath: path) }
      let parts = Self.cuts(path, partBytes: 4_096).count
      #expect(parts > 10)
      var plainParts = 0
      let parted = try #require(try Self.inParts(path, partBytes: 4_096, plainParts: &plainParts))
      #expect(plainParts == parts - 1 - notPlain)
      Self.expectSame(parted, try Self.single(path).get())
    }
  }

  /// Every fixture of the project, cut at every `<programme` line: the
  /// same schedule, or the same error, as one stream.
  @Test func everyFixtureLoadsTheSameCutEverywhere() throws {
    let fixtures =
      Support.caseFiles().map(\.path)
      + [
        "bad-utf8.xml", "billion-laughs.xml", "content-flags.xml", "cp1252.xml", "damaged.xml",
        "internal-entity.xml", "latin1.xml", "malformed.xml", "multilang.xml", "truncated.xml",
      ].map { Support.fixture($0) }
    var cut = 0
    for path in fixtures {
      if Self.cuts(path, partBytes: 1).count > 1 { cut += 1 }
      var options = LoadOptions()
      options.partBytes = 1
      let parted = Result { () throws(LoadError) in
        try ScheduleLoader.load(path: path, options: options)
      }
      switch (parted, Self.single(path)) {
      case (.success(let a), .success(let b)): Self.expectSame(a, b)
      case (.failure(let a), .failure(let b)): #expect(a.description == b.description)
      case (let a, let b): Issue.record("\(path): parts \(a), one stream \(b)")
      }
    }
    #expect(cut >= 20)
  }

  @Test func channelsAfterProgrammesDefinedTwiceAndImplicit() throws {
    let lines =
      Self.header + [
        Self.programme("b", slot: 0, title: "B1"),  // line 3
        Self.programme("a", slot: 0, title: "A1"),  // line 4
        "  <channel id=\"a\"><display-name>Alpha</display-name></channel>",  // line 5
        Self.programme("x", slot: 0, title: "X1"),  // line 6
        Self.programme("a", slot: 1, title: "A2"),  // line 7
        "  <channel id=\"b\"><display-name>Beta</display-name></channel>",  // line 8
        Self.programme("b", slot: 1, title: "B2"),  // line 9
        "  <channel id=\"a\"><display-name>Alpha again</display-name></channel>",  // line 10
        "</tv>", "",
      ]
    let text = Array(lines.joined(separator: "\n").utf8)
    let path = Support.temporaryFile(text)
    defer { try? FileManager.default.removeItem(atPath: path) }
    // With 1-byte parts every programme line is a cut.
    #expect(Self.cuts(path, partBytes: 1) == [0] + Self.programmeLineStarts(text))
    #expect(Self.cuts(path, partBytes: 1).count == 6)

    let schedule = try Self.loadsTheSame(text, partBytes: 1)
    // Channels in order of first appearance; the first definition kept.
    #expect(schedule.channels.map(\.id) == ["b", "a", "x"])
    #expect(schedule.channels.map(\.name) == ["Beta", "Alpha", "x"])
    #expect(schedule.programmes.map { $0.map(\.title) } == [["B1", "B2"], ["A1", "A2"], ["X1"]])
    #expect(schedule.programmes.map { $0.map(\.sourceLine) } == [[3, 9], [4, 7], [6]])
    let findings = schedule.report.findings.map { "\($0.kind):\($0.line)" }
    #expect(findings == ["unknownChannel:6", "duplicateChannel:10"])
  }

  @Test func crlfLineEndings() throws {
    let lines =
      Self.header + [
        "  <channel id=\"a\"><display-name>A</display-name></channel>",  // line 3
        Self.programme("a", slot: 0, title: "One"),  // line 4
        Self.programme("a", slot: 1, title: "Two"),  // line 5
        Self.programme("a", slot: 2, title: "Three"),  // line 6
        Self.programme("a", slot: 2, title: "Three"),  // line 7: a duplicate of line 6
        "</tv>", "",
      ]
    let text = Array(lines.joined(separator: "\r\n").utf8)
    let path = Support.temporaryFile(text)
    defer { try? FileManager.default.removeItem(atPath: path) }
    #expect(Self.cuts(path, partBytes: 1) == [0] + Self.programmeLineStarts(text))
    #expect(Self.cuts(path, partBytes: 1).count == 5)
    let schedule = try Self.loadsTheSame(text, partBytes: 1)
    #expect(schedule.programmes[0].map(\.sourceLine) == [4, 5, 6])
    #expect(schedule.report.findings.map { "\($0.kind):\($0.line)" } == ["duplicateRemoved:7"])
  }

  @Test(arguments: [97, 101, 1_009] as [Int64])
  func cutTargetsInsideMultibyteCharacters(partBytes: Int64) throws {
    // Titles of three-byte characters: most cut targets fall inside one.
    var lines =
      Self.header + ["  <channel id=\"a\"><display-name>\u{65E5}</display-name></channel>"]
    for slot in 0..<60 {
      let title = String(repeating: "\u{65E5}\u{672C}\u{8A9E}", count: 1 + slot % 7)
      lines.append(Self.programme("a", slot: slot, title: title))
    }
    lines += ["</tv>", ""]
    let schedule = try Self.loadsTheSame(
      Array(lines.joined(separator: "\n").utf8), partBytes: partBytes)
    #expect(schedule.programmes[0].count == 60)
    #expect(schedule.programmes[0][59].title.count == 12)
  }

  @Test func multibyteCharactersAtTheCutsAndBadBytesInALaterPart() throws {
    // Line 3 ends with "é" just before the cut at line 4, whose title
    // starts with "É"; line 5 has an invalid byte (0xFF) and line 6 an
    // ESC, both in parts after the first.
    var text = Array((Self.header.joined(separator: "\n") + "\n").utf8)
    // (Text directly in the root is well-formed, and ignored.)
    text += Array(
      "  <channel id=\"a\"><display-name>Caf\u{E9}</display-name></channel>\u{E9}\n".utf8)
    text += Array((Self.programme("a", slot: 0, title: "\u{C9}lan") + "\n").utf8)
    text += Array("  <programme start=\"\(Self.stamp(1))\" channel=\"a\"><title>Bad ".utf8)
    text += [0xFF]
    text += Array(" byte</title></programme>\n".utf8)
    text += Array("  <programme start=\"\(Self.stamp(2))\" channel=\"a\"><title>Esc ".utf8)
    text += [0x1B]
    text += Array("</title></programme>\n</tv>\n".utf8)
    let path = Support.temporaryFile(text)
    defer { try? FileManager.default.removeItem(atPath: path) }
    let cuts = Self.cuts(path, partBytes: 1)
    #expect(cuts == [0] + Self.programmeLineStarts(text))
    // The byte before the first cut is the LF after "é" (C3 A9).
    #expect(Array(text[Int(cuts[1]) - 3..<Int(cuts[1]) + 1]) == [0xC3, 0xA9, 0x0A, 0x20])

    let schedule = try Self.loadsTheSame(text, partBytes: 1)
    #expect(schedule.channels.map(\.name) == ["Caf\u{E9}"])
    #expect(
      schedule.programmes[0].map(\.title) == ["\u{C9}lan", "Bad \u{FFFD} byte", "Esc \u{FFFD}"])
    #expect(schedule.report.invalidByteCount == 1)
    #expect(schedule.report.controlCharacterCount == 1)
    let findings = schedule.report.findings.map { "\($0.kind):\($0.line)" }
    #expect(findings.contains("invalidBytes:5"))
    #expect(findings.contains("controlCharacter:6"))
  }

  @Test func moreThanTwoHundredLinesWithBadBytesAcrossParts() throws {
    var text = Array((Self.header.joined(separator: "\n") + "\n").utf8)
    text += Array("  <channel id=\"a\"><display-name>A</display-name></channel>\n".utf8)
    for slot in 0..<250 {
      text += Array("  <programme start=\"\(Self.stamp(slot))\" channel=\"a\"><title>T".utf8)
      text += [0xFE]
      text += Array("</title></programme>\n".utf8)
    }
    text += Array("</tv>\n".utf8)
    let schedule = try Self.loadsTheSame(text, partBytes: 700)
    #expect(schedule.report.invalidByteCount == 250)
    // One finding a line for the first 200 lines (4 to 203), as one stream.
    let lines = schedule.report.findings.filter { $0.kind == .invalidBytes }.map(\.line)
    #expect(lines == Array(4...203))
  }

  @Test func latin1FileKeepsItsEncodingInEveryPart() throws {
    var text = Array("<?xml version=\"1.0\" encoding=\"ISO-8859-1\"?>\n<tv>\n".utf8)
    text += Array("  <channel id=\"a\"><display-name>A</display-name></channel>\n".utf8)
    for slot in 0..<20 {
      text += Array("  <programme start=\"\(Self.stamp(slot))\" channel=\"a\"><title>Caf".utf8)
      text += [0xE9]
      text += Array(" \(slot)</title></programme>\n".utf8)
    }
    text += Array("</tv>\n".utf8)
    let schedule = try Self.loadsTheSame(text, partBytes: 100)
    #expect(schedule.programmes[0].last?.title == "Caf\u{E9} 19")
    #expect(schedule.report.invalidByteCount == 0)
  }

  @Test func prefixedRootWithABadByteCountedOnce() throws {
    // Every part is parsed after the prolog, but the invalid byte in the
    // root's attribute (line 2) is counted and reported once.
    var text = Array("<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n".utf8)
    text += Array("<x:tv xmlns:x=\"urn:x\" source-info-name=\"Bad ".utf8) + [0xFF]
    text += Array("\">\n  <channel id=\"a\"><display-name>A</display-name></channel>\n".utf8)
    for slot in 0..<10 {
      text += Array((Self.programme("a", slot: slot, title: "P\(slot)") + "\n").utf8)
    }
    text += Array("</x:tv>\n".utf8)
    let schedule = try Self.loadsTheSame(text, partBytes: 1)
    #expect(schedule.programmes[0].count == 10)
    #expect(schedule.report.findings.map { "\($0.kind):\($0.line)" } == ["invalidBytes:2"])
    #expect(schedule.report.invalidByteCount == 1)
  }

  @Test func linesInAPartsErrorMessageBecomeTheFiles() {
    // A part whose first byte is on parser line 5 and starts line 100 of
    // the file: parser line 7 is line 102; line 2 is in the prolog.
    let lines = XMLTVPartLines(firstLine: 5, fileLine: 100)
    #expect(lines(7) == 102)
    #expect(lines(0) == 0)
    #expect(
      lines.message("Opening and ending tag mismatch: title line 7 and titel")
        == "Opening and ending tag mismatch: title line 102 and titel")
    #expect(
      lines.message("Premature end of data in tag tv line 2")
        == "Premature end of data in tag tv line 2")
    #expect(
      lines.message("a line without a number, line 12") == "a line without a number, line 107")
    #expect(XMLTVPartLines.file.message("title line 7") == "title line 7")
    // A warning that names a line sends the file to one stream instead.
    #expect(XMLTVParts.namesLine("tag title line 7"))
    #expect(!XMLTVParts.namesLine("Entity 'nbsp' not defined, a line of its own"))
  }

  @Test func doctypeWithoutInternalSubsetIsCut() throws {
    // Never read, the external DTD declares nothing, so the parts parse
    // as the whole does; an undeclared entity in a later part too.
    var lines = [
      "<?xml version=\"1.0\" encoding=\"UTF-8\"?>", "<!DOCTYPE tv SYSTEM \"xmltv.dtd\">", "<tv>",
      "  <channel id=\"a\"><display-name>A</display-name></channel>",
    ]
    for slot in 0..<10 { lines.append(Self.programme("a", slot: slot, title: "P\(slot)")) }
    lines.append(Self.programme("a", slot: 10, title: "Caf&eacute;"))
    lines += ["</tv>", ""]
    let text = Array(lines.joined(separator: "\n").utf8)
    let path = Support.temporaryFile(text)
    defer { try? FileManager.default.removeItem(atPath: path) }
    #expect(Self.cuts(path, partBytes: 1).count == 12)
    let single = Self.single(path)
    var options = LoadOptions()
    options.partBytes = 1
    let parted = Result { () throws(LoadError) in
      try ScheduleLoader.load(path: path, options: options)
    }
    switch (parted, single) {
    case (.success(let a), .success(let b)): Self.expectSame(a, b)
    case (.failure(let a), .failure(let b)): #expect(a.description == b.description)
    default: Issue.record("parts \(parted), one stream \(single)")
    }
  }

  @Test func bytesFindingsComeFirstAtTheirLineWhateverTheReadOrder() {
    // A single-line programme with a bad stop and a bad byte after its end
    // tag: whether the decoder reports the byte before or after the record
    // depends on where a read ended; the report is the same either way.
    func report(byteFirst: Bool) -> [String] {
      let builder = ScheduleBuilder(options: LoadOptions())
      if byteFirst { builder.warn(.invalidBytes, line: 7, column: 0, "bytes") }
      builder.warn(.badTimestamp, line: 7, column: 0, "bad stop")
      builder.warn(.warning, line: 6, column: 3, "earlier")
      if !byteFirst { builder.warn(.invalidBytes, line: 7, column: 0, "bytes") }
      return builder.finish().report.findings.map { "\($0.kind):\($0.line)" }
    }
    #expect(report(byteFirst: true) == ["warning:6", "invalidBytes:7", "badTimestamp:7"])
    #expect(report(byteFirst: false) == report(byteFirst: true))
  }

  // MARK: Not cut

  @Test func internalSubsetIsNotCut() throws {
    var lines = [
      "<?xml version=\"1.0\" encoding=\"UTF-8\"?>",
      "<!DOCTYPE tv [ <!ENTITY chan \"a\"> ]>", "<tv>",
      "  <channel id=\"a\"><display-name>A</display-name></channel>",
    ]
    for slot in 0..<10 { lines.append(Self.programme("&chan;", slot: slot, title: "P\(slot)")) }
    lines += ["</tv>", ""]
    let text = Array(lines.joined(separator: "\n").utf8)
    let path = Support.temporaryFile(text)
    defer { try? FileManager.default.removeItem(atPath: path) }
    #expect(Self.cuts(path, partBytes: 1) == [0])
    #expect(try Self.inParts(path, partBytes: 1) == nil)
    var options = LoadOptions()
    options.partBytes = 1
    let schedule = try ScheduleLoader.load(path: path, options: options)
    #expect(schedule.programmes.map(\.count) == [10])
  }

  @Test func filesThatAreNotCut() throws {
    // No programmes; one line; UTF-16; too small for two parts.
    var channels = Self.header
    for index in 0..<50 {
      channels.append("  <channel id=\"c\(index)\"><display-name>C</display-name></channel>")
    }
    channels += ["</tv>", ""]
    let oneLine =
      "<?xml version=\"1.0\"?><tv>"
      + (0..<20).map { Self.programme("a", slot: $0, title: "P", indent: "") }.joined() + "</tv>"
    var utf16: [UInt8] = [0xFF, 0xFE]
    for unit in (Self.header + [Self.programme("a", slot: 0, title: "P"), "</tv>"])
      .joined(separator: "\n").utf16
    {
      utf16 += [UInt8(unit & 0xFF), UInt8(unit >> 8)]
    }
    let small = Array(
      (Self.header + [Self.programme("a", slot: 0, title: "P"), "</tv>"]).joined(
        separator: "\n"
      ).utf8)
    let cases: [([UInt8], Int64)] = [
      (Array(channels.joined(separator: "\n").utf8), 1), (Array(oneLine.utf8), 1), (utf16, 1),
      (small, Int64(small.count)),
    ]
    for (text, partBytes) in cases {
      let path = Support.temporaryFile(text)
      defer { try? FileManager.default.removeItem(atPath: path) }
      #expect(Self.cuts(path, partBytes: partBytes) == [0])
      #expect(try Self.inParts(path, partBytes: partBytes) == nil)
    }
  }

  @Test func gzipIsNotCut() throws {
    let bytes = DemoGuide.xmltv(channels: 5, days: 1, seed: 1, start: 1_796_069_700)
    let path = Support.temporaryFile(bytes)
    defer { try? FileManager.default.removeItem(atPath: path) }
    _ = try Support.run("/bin/sh", ["-c", "gzip -kf '\(path)'"])
    defer { try? FileManager.default.removeItem(atPath: path + ".gz") }
    #expect(Self.cuts(path, partBytes: 100).count > 1)
    #expect(Self.cuts(path + ".gz", partBytes: 100) == [0])
  }

  // MARK: False cuts fall back to one stream

  @Test(arguments: ["comment", "cdata"])
  func programmeLinesInACommentOrCDATA(kind: String) throws {
    let fake = Self.programme("a", slot: 5, title: "Fake")
    let hidden =
      kind == "comment"
      ? ["  <!-- not a programme:", fake, "  -->"]
      : [
        "  <programme start=\"\(Self.stamp(4))\" stop=\"\(Self.stamp(5))\" channel=\"a\">"
          + "<title>Real</title><desc><![CDATA[",
        fake, "]]></desc></programme>",
      ]
    var lines = Self.header + ["  <channel id=\"a\"><display-name>A</display-name></channel>"]
    for slot in 1..<4 { lines.append(Self.programme("a", slot: slot, title: "P\(slot)")) }
    lines += hidden
    for slot in 6..<9 { lines.append(Self.programme("a", slot: slot, title: "P\(slot)")) }
    lines += ["</tv>", ""]
    let text = Array(lines.joined(separator: "\n").utf8)
    let path = Support.temporaryFile(text)
    defer { try? FileManager.default.removeItem(atPath: path) }
    // The line in the comment or CDATA section (line 8) is a candidate cut…
    #expect(lines[7] == fake)
    #expect(Self.cuts(path, partBytes: 1).contains(Self.offset(ofLine: 8, in: lines)))
    // …so the part before it fails, and the file is read as one stream.
    #expect(try Self.inParts(path, partBytes: 1) == nil)
    var options = LoadOptions()
    options.partBytes = 1
    let schedule = try ScheduleLoader.load(path: path, options: options)
    Self.expectSame(schedule, try Self.single(path).get())
    #expect(!schedule.programmes[0].map(\.title).contains("Fake"))
    #expect(schedule.programmes[0].count == (kind == "comment" ? 6 : 7))
  }

  // MARK: Errors keep their place in the file

  /// The lines of a file of `before` good programmes, then on line
  /// `before + 4` the line `bad`, then `after` good ones.
  static func badLine(_ bad: String, before: Int, after: Int) -> [String] {
    var lines = Self.header + ["  <channel id=\"a\"><display-name>A</display-name></channel>"]
    for slot in 0..<before { lines.append(Self.programme("a", slot: slot, title: "P\(slot)")) }
    lines.append(bad)
    for slot in 0..<after {
      lines.append(Self.programme("a", slot: before + 1 + slot, title: "Q\(slot)"))
    }
    lines += ["</tv>", ""]
    return lines
  }

  @Test func errorInALaterPartIsReportedAtItsPlace() throws {
    // About 230 KB in two parts (100,000-byte parts: 2); the bad line,
    // 1,304, is about 30 KB into the second, before that part was read to
    // its end: the single stream's error, reported from the part. Column
    // 20 is the '2' just after "  <programme start=" (19 characters).
    let lines = Self.badLine(
      "  <programme start=20261231000000 channel=\"a\"><title>Bad</title></programme>",
      before: 1_300, after: 800)
    let text = Array(lines.joined(separator: "\n").utf8)
    let path = Support.temporaryFile(text)
    defer { try? FileManager.default.removeItem(atPath: path) }
    let cuts = Self.cuts(path, partBytes: 100_000)
    #expect(cuts.count == 2)
    let bad = Self.offset(ofLine: 1_304, in: lines)
    #expect(cuts[1] < bad && bad - cuts[1] < 60_000 && Int64(text.count) - cuts[1] > 70_000)
    Self.expectBothWaysFail(path, with: "\(path):1304:20: AttValue: \" or ' expected")
  }

  /// Loading `path` in parts of 100,000 bytes and as one stream both fail
  /// with the malformed-file error `expected` (its whole description).
  static func expectBothWaysFail(
    _ path: String, with expected: String, sourceLocation: SourceLocation = #_sourceLocation
  ) {
    do {
      _ = try inParts(path, partBytes: 100_000)
      Issue.record("loaded in parts", sourceLocation: sourceLocation)
    } catch {
      #expect(error.kind == .malformed, sourceLocation: sourceLocation)
      #expect(error.description == expected, sourceLocation: sourceLocation)
    }
    switch single(path) {
    case .success: Issue.record("loaded as one stream", sourceLocation: sourceLocation)
    case .failure(let error):
      #expect(error.description == expected, sourceLocation: sourceLocation)
    }
  }

  @Test func repairedEndTagInALaterPartLoadsAsOneStream() throws {
    // A mismatched end tag is repaired (issue 24), and a part with one is
    // read again as one stream (it could have put the part out of step).
    // The same layout as above: line 1,304, in the second part.
    let line =
      "  <programme start=\"\(Self.stamp(1_300))\" channel=\"a\"><title>Oops</titel></programme>"
    let lines = Self.badLine(line, before: 1_300, after: 800)
    let column = try #require(line.range(of: "</titel>")).lowerBound.utf16Offset(in: line) + 1
    let text = Array(lines.joined(separator: "\n").utf8)
    let path = Support.temporaryFile(text)
    defer { try? FileManager.default.removeItem(atPath: path) }
    #expect(Self.cuts(path, partBytes: 100_000).count == 2)
    #expect(try Self.inParts(path, partBytes: 100_000) == nil)
    var options = LoadOptions()
    options.partBytes = 100_000
    let schedule = try ScheduleLoader.load(path: path, options: options)
    Self.expectSame(schedule, try Self.single(path).get())
    let repairs = schedule.report.findings.filter { $0.kind == .xmlRepaired }
    #expect(repairs.map { "\($0.line):\($0.column)" } == ["1304:\(column)"])
  }

  @Test func truncatedFileInTheLastPart() throws {
    var lines = Self.header + ["  <channel id=\"a\"><display-name>A</display-name></channel>"]
    for slot in 0..<10 { lines.append(Self.programme("a", slot: slot, title: "P\(slot)")) }
    lines.append("  <programme start=\"\(Self.stamp(10))\" channel=\"a\"><title>Cut")  // line 14
    let text = Array(lines.joined(separator: "\n").utf8)
    let path = Support.temporaryFile(text)
    defer { try? FileManager.default.removeItem(atPath: path) }
    do {
      _ = try Self.inParts(path, partBytes: 1)
      Issue.record("loaded")
    } catch {
      // Reported from the last part, which has no end tag added.
      #expect(error.line == 14)
      #expect(error.description.contains("ends too early"))
      if case .failure(let single) = Self.single(path) {
        #expect(error.description == single.description)
      }
    }
  }

  // MARK: Progress

  @Test func progressCoversEveryPartAndCanCancel() throws {
    let bytes = DemoGuide.xmltv(channels: 20, days: 2, seed: 3, start: 1_796_069_700)
    let path = Support.temporaryFile(bytes)
    defer { try? FileManager.default.removeItem(atPath: path) }
    let calls = Counter()
    var options = LoadOptions(progress: { position, total in
      calls.add(position, total)
      return true
    })
    #expect(try Self.inParts(path, partBytes: 50_000, options: options) != nil)
    #expect(calls.count > 1)
    let last = try #require(calls.last)
    #expect(last.0 == Int64(bytes.count) && last.1 == Int64(bytes.count))
    options.progress = { _, _ in false }
    do {
      _ = try Self.inParts(path, partBytes: 50_000, options: options)
      Issue.record("not cancelled")
    } catch {
      #expect(error.kind == .cancelled)
    }
  }
}

extension LoadOptions {
  fileprivate init(partBytes: Int64) {
    self.init()
    self.partBytes = partBytes
  }
}
