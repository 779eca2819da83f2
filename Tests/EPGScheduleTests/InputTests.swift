import EPGLayout
import Foundation
import Testing

@testable import EPGSchedule

@Suite("Reading input: encodings, gzip, stdin, errors, hostile files")
struct InputTests {
  @Test func latin1IsDecoded() throws {
    let schedule = try ScheduleLoader.load(path: Support.fixture("latin1.xml"))
    #expect(schedule.channels.first?.name == "Télé Française")
    let programme = try #require(schedule.programmes.first?.first)
    #expect(programme.title == "Les Misérables à l'été")
    #expect(programme.description == "Crème brûlée, Ærø, ß.")
    #expect(schedule.report.invalidByteCount == 0)
  }

  @Test func windows1252IsDecodedAndUndefinedBytesCounted() throws {
    let schedule = try ScheduleLoader.load(path: Support.fixture("cp1252.xml"))
    let programme = try #require(schedule.programmes.first?.first)
    #expect(programme.title == "\u{201C}Quoted\u{201D} €5 — café")
    #expect(programme.description == "undefined:\u{FFFD}:end")
    #expect(schedule.report.invalidByteCount == 1)
    #expect(schedule.report.findings.contains { $0.kind == .invalidBytes && $0.line == 5 })
  }

  @Test func invalidUTF8BecomesReplacementCharacters() throws {
    let schedule = try ScheduleLoader.load(path: Support.fixture("bad-utf8.xml"))
    let list = try #require(schedule.programmes.first)
    #expect(list.count == 2)
    #expect(list[0].title == "A\u{FFFD}B")
    // e2 82 (cut short), c0 af (overlong: two bytes), ff.
    #expect(list[0].description == "x\u{FFFD}\u{FFFD}y \u{FFFD}\u{FFFD}z \u{FFFD}")
    #expect(list[1].title == "Café 東京")
    #expect(schedule.report.invalidByteCount == 6)
    let lines = schedule.report.findings.filter { $0.kind == .invalidBytes }.map(\.line)
    #expect(lines == [4, 5])
  }

  @Test func controlCharactersAreReplacedNotFatal() throws {
    let schedule = try Support.load(
      Support.xmltv(
        "<programme start=\"20261130200000\" stop=\"20261130210000\" channel=\"c\"><title>A\u{01}B</title></programme>"
      ))
    #expect(schedule.programmes.first?.first?.title == "A\u{FFFD}B")
    #expect(schedule.report.invalidByteCount == 0)
    #expect(schedule.report.controlCharacterCount == 1)
    #expect(
      schedule.report.findings.filter { $0.kind != .unknownChannel }.map(\.kind) == [
        .controlCharacter
      ])
  }

  /// A raw ESC is valid UTF-8 but not allowed in XML: `check` names it as a
  /// control character, not as bytes invalid in the encoding.
  @Test func checkNamesAControlCharacter() throws {
    let path = Support.temporaryFile(
      Support.xmltv(
        """
        <channel id="c"><display-name>C</display-name></channel>
        <programme start="20261130200000" stop="20261130210000" channel="c"><title>\u{1B}[31mRed</title></programme>
        """))
    defer { try? FileManager.default.removeItem(atPath: path) }
    let report = CheckReport(path: path)
    let text = report.text()
    #expect(text.contains("\(path):4: controlCharacter: control character U+001B (ESC)"), "\(text)")
    #expect(!text.contains("not valid in the declared encoding"), "\(text)")
    #expect(text.contains("lines with control characters: 1"), "\(text)")
    #expect(text.contains("invalid bytes replaced by U+FFFD: 0"), "\(text)")
  }

  /// Wherever a file is cut, the message says it ends early, keeping
  /// libxml2's own words after it ("AttValue: ' expected" inside an
  /// attribute); an error in the middle of a file does not say so.
  @Test func aCutFileSaysItEndsEarly() throws {
    let whole = try String(contentsOfFile: Support.fixture("multilang.xml"), encoding: .utf8)
    let bytes = Array(whole.utf8)
    let end = (bytes.lastIndex(of: UInt8(ascii: "<")) ?? bytes.count) - 1
    var sawAttValue = false
    for cut in stride(from: 40, to: end, by: 7) {
      let path = Support.temporaryFile(Array(bytes[..<cut]))
      defer { try? FileManager.default.removeItem(atPath: path) }
      do {
        _ = try ScheduleLoader.load(path: path)
        Issue.record("cut at \(cut) loaded")
      } catch {
        #expect(error.kind == .malformed)
        #expect(error.line > 0, "cut at \(cut)")
        #expect(error.message.hasPrefix("the file ends too early"), "cut at \(cut): \(error)")
        if error.message.contains("AttValue: ' expected") { sawAttValue = true }
      }
    }
    #expect(sawAttValue)
    do {
      _ = try ScheduleLoader.load(path: Support.fixture("malformed.xml"))
    } catch {
      #expect(!error.message.contains("ends too early"), "\(error)")
    }
  }

  @Test func gzipIsReadDirectly() throws {
    let gzip = try #require(Support.executable("gzip"), "gzip is needed for this test")
    let plain = Support.fixture("multilang.xml")
    let compressed = Support.temporaryFile([], suffix: ".xml.gz")
    defer { try? FileManager.default.removeItem(atPath: compressed) }
    let (status, output, _) = try Support.run(gzip, ["-c", plain])
    #expect(status == 0)
    try output.write(to: URL(fileURLWithPath: compressed))
    let fromGzip = try ScheduleLoader.load(path: compressed)
    let fromPlain = try ScheduleLoader.load(path: plain)
    #expect(fromGzip.channels == fromPlain.channels)
    #expect(fromGzip.programmes == fromPlain.programmes)
    #expect(fromGzip.programmeCount == 3)

    // Cut short: a clear error, not a crash or a partial guide.
    let cut = Support.temporaryFile(Array(output.prefix(output.count / 2)), suffix: ".xml.gz")
    defer { try? FileManager.default.removeItem(atPath: cut) }
    #expect {
      try ScheduleLoader.load(path: cut)
    } throws: { error in
      guard let error = error as? LoadError else { return false }
      return error.kind == .unreadable && error.description.contains("gzip data cut short")
        && error.description.hasPrefix(cut + ":")
    }
  }

  @Test func gzipDetectedByMagicWhateverTheName() throws {
    let gzip = try #require(Support.executable("gzip"), "gzip is needed for this test")
    let (_, output, _) = try Support.run(gzip, ["-c", Support.fixture("latin1.xml")])
    let path = Support.temporaryFile(Array(output), suffix: ".guide")
    defer { try? FileManager.default.removeItem(atPath: path) }
    #expect(try ScheduleLoader.load(path: path).programmeCount == 1)
  }

  @Test func missingDirectoryAndEmptyFilesGiveClearErrors() throws {
    let missing = "/nonexistent/dir/guide.xml"
    #expect(throws: LoadError.self) { try ScheduleLoader.load(path: missing) }
    do {
      _ = try ScheduleLoader.load(path: missing)
    } catch {
      #expect(error.description == "\(missing): No such file or directory")
    }
    do {
      _ = try ScheduleLoader.load(path: NSTemporaryDirectory())
      Issue.record("a directory loaded")
    } catch {
      #expect(error.description.hasSuffix("is a directory, not a guide file"))
    }
    let empty = Support.temporaryFile([])
    defer { try? FileManager.default.removeItem(atPath: empty) }
    do {
      _ = try ScheduleLoader.load(path: empty)
      Issue.record("an empty file loaded")
    } catch {
      #expect(error.description == "\(empty): empty file")
    }
    let blank = Support.temporaryFile("  \n\n ")
    defer { try? FileManager.default.removeItem(atPath: blank) }
    #expect(throws: LoadError.self) { try ScheduleLoader.load(path: blank) }
  }

  @Test func unreadableFileGivesAClearError() throws {
    guard getuid() != 0 else { return }  // root reads everything; nothing to test
    let path = Support.temporaryFile(Support.xmltv(""))
    defer { try? FileManager.default.removeItem(atPath: path) }
    chmod(path, 0)
    do {
      _ = try ScheduleLoader.load(path: path)
      Issue.record("an unreadable file loaded")
    } catch {
      #expect(error.description == "\(path): Permission denied")
    }
  }

  @Test func truncatedFileFailsWithLineAndColumn() throws {
    let path = Support.fixture("truncated.xml")
    do {
      _ = try ScheduleLoader.load(path: path)
      Issue.record("a truncated file loaded")
    } catch {
      #expect(error.kind == .malformed)
      #expect(error.line == 6)
      #expect(error.column >= 1)
      #expect(error.description.hasPrefix("\(path):6:\(error.column): "))
    }
  }

  /// `<title>Oops</titel>`: the end tag is read as the title's (issue
  /// 24's recovery), reported at its line and column (line 4: four spaces,
  /// "<title>Oops", then "</titel>" at column 16).
  @Test func mismatchedEndTagIsRepairedWithLineAndColumn() throws {
    let path = Support.fixture("malformed.xml")
    let schedule = try ScheduleLoader.load(path: path)
    #expect(schedule.programmes.first?.map(\.title) == ["Oops"])
    let repairs = schedule.report.findings.filter { $0.kind == .xmlRepaired }
    #expect(repairs.map { "\($0.line):\($0.column)" } == ["4:16"])
    #expect(repairs.first?.message == "end tag </titel> read as the end of <title>")
  }

  @Test func notXMLAtAllFails() throws {
    let path = Support.temporaryFile("hello, world\n", suffix: ".txt")
    defer { try? FileManager.default.removeItem(atPath: path) }
    do {
      _ = try ScheduleLoader.load(path: path)
      Issue.record("plain text loaded")
    } catch {
      #expect(error.kind == .malformed)
      #expect(error.description.hasPrefix("\(path):1:"))
    }
  }

  @Test func billionLaughsFailsFastInBoundedMemory() throws {
    let before = Support.peakRSS()
    do {
      _ = try ScheduleLoader.load(path: Support.fixture("billion-laughs.xml"))
      Issue.record("billion laughs loaded")
    } catch {
      #expect(error.kind == .malformed)
      #expect(error.line > 0)
      #expect(error.description.contains("entit"))
    }
    // Expanding it would need about 3 GB; allow 100 MB of growth.
    #expect(Support.peakRSS() - before < 100 * 1_048_576)
  }

  /// Attribute values decode every reference as element text does: the
  /// five predefined entities, decimal and hex character references, and
  /// internal entities (expected values worked by hand from XML 1.0 §4.4).
  @Test func entitiesInAttributesAreDecoded() throws {
    let schedule = try Support.load(
      """
      <?xml version="1.0" encoding="UTF-8"?>
      <!DOCTYPE tv [ <!ENTITY co "Channel &amp; Co"> ]>
      <tv>
        <channel id="Fix &amp; Foxi"><display-name>Fix &amp; Foxi</display-name></channel>
        <channel id="&lt;&gt;&quot;&apos;&#38;&#x26;&#233;&#xE9;&#x1F4FA; &co; &amp;amp;">
          <display-name>Signs</display-name>
        </channel>
        <programme channel="Fix &amp; Foxi" start="20261130200000 +0000" stop="20261130210000 +0000">
          <title lang="e&#110;">Cartoons</title>
          <credits><actor role="Tom &amp; Jerry">A. Voice</actor></credits>
        </programme>
      </tv>
      """, options: LoadOptions(preferredLanguages: ["en"]))
    #expect(schedule.channels.map(\.id) == ["Fix & Foxi", "<>\"'&&éé📺 Channel & Co &amp;"])
    let programme = try #require(schedule.programmes.first?.first)
    #expect(programme.title == "Cartoons")
    #expect(programme.credits.first?.character == "Tom & Jerry")
    #expect(schedule.report.findings.allSatisfy { $0.kind != .unknownChannel })
    let json = NowListing(schedule: schedule, at: Support.utc("2026-11-30T20:30:00Z")).json()
    #expect(json.contains("\"id\" : \"Fix & Foxi\""), "\(json)")
  }

  @Test func internalEntitiesStillWork() throws {
    let schedule = try ScheduleLoader.load(path: Support.fixture("internal-entity.xml"))
    #expect(schedule.channels.first?.name == "Channel & Co")
    #expect(schedule.programmes.first?.first?.title == "News from Channel & Co &amp; more")
  }

  @Test func externalEntitiesAndDTDsAreNeverRead() throws {
    let secret = "SECRET-\(UUID().uuidString)"
    let secretPath = Support.temporaryFile(secret, suffix: ".txt")
    let dtdPath = Support.temporaryFile("<!ENTITY dtdsecret \"\(secret)\">", suffix: ".dtd")
    defer {
      try? FileManager.default.removeItem(atPath: secretPath)
      try? FileManager.default.removeItem(atPath: dtdPath)
    }
    let document = """
      <?xml version="1.0"?>
      <!DOCTYPE tv SYSTEM "file://\(dtdPath)" [
        <!ENTITY xxe SYSTEM "file://\(secretPath)">
        <!ENTITY % remote SYSTEM "file://\(dtdPath)">
        %remote;
      ]>
      <tv>
        <channel id="c"><display-name>[&xxe;]</display-name></channel>
        <programme start="20261130200000" stop="20261130210000" channel="c">
          <title>T [&xxe;]</title>
          <desc>[&dtdsecret;]</desc>
        </programme>
      </tv>
      """
    let path = Support.temporaryFile(document)
    defer { try? FileManager.default.removeItem(atPath: path) }
    do {
      let schedule = try ScheduleLoader.load(path: path)
      let everything =
        schedule.channels.map(\.name)
        + schedule.programmes.flatMap { $0 }.flatMap {
          [$0.title, $0.description ?? ""]
        } + schedule.report.findings.map(\.message)
      #expect(!everything.joined().contains(secret))
    } catch {
      #expect(!error.description.contains(secret))
    }
  }

  @Test func networkDTDIsNotFetched() throws {
    // An unreachable address: a fetch attempt would hang or fail loudly.
    let document = """
      <?xml version="1.0"?>
      <!DOCTYPE tv SYSTEM "http://192.0.2.1/xmltv.dtd">
      <tv><programme start="20261130200000" channel="c"><title>T&nbsp;</title></programme></tv>
      """
    let schedule = try Support.load(document)
    #expect(schedule.programmes.first?.first?.title == "T")
    #expect(
      schedule.report.findings.contains { $0.kind == .warning && $0.message.contains("nbsp") })
  }

  /// An entity no DTD declares is kept as written, reported as a repair
  /// at its line and column (issue 24: one bad reference does not sink the
  /// guide; it used to be an error).
  @Test func undefinedEntityWithoutDTDIsKeptAsWritten() throws {
    let line =
      "<programme start=\"20261130200000\" channel=\"c\"><title>A&nbsp;B</title></programme>"
    let path = Support.temporaryFile("<tv>\n" + line + "</tv>")
    defer { try? FileManager.default.removeItem(atPath: path) }
    let schedule = try ScheduleLoader.load(path: path)
    #expect(schedule.programmes.first?.first?.title == "A&nbsp;B")
    // The column of the '&' on line 2.
    let column = try #require(line.firstIndex(of: "&")).utf16Offset(in: line) + 1
    let repairs = schedule.report.findings.filter { $0.kind == .xmlRepaired }
    #expect(repairs.map { "\($0.line):\($0.column)" } == ["2:\(column)"])
    #expect(repairs.first?.message.contains("&nbsp;") == true)
    #expect(schedule.report.repairCount == 1)
  }

  @Test func theFileIsNotModified() throws {
    let path = Support.fixture("multilang.xml")
    let before = try Data(contentsOf: URL(fileURLWithPath: path))
    let attributes = try FileManager.default.attributesOfItem(atPath: path)
    _ = try ScheduleLoader.load(path: path)
    #expect(try Data(contentsOf: URL(fileURLWithPath: path)) == before)
    let after = try FileManager.default.attributesOfItem(atPath: path)
    #expect(after[.modificationDate] as? Date == attributes[.modificationDate] as? Date)
  }

  @Test func progressIsReportedAndCanCancel() throws {
    let bytes = DemoGuide.xmltv(channels: 20, days: 2, seed: 3, start: 1_796_069_700)
    let path = Support.temporaryFile(bytes)
    defer { try? FileManager.default.removeItem(atPath: path) }
    let calls = Counter()
    let options = LoadOptions(progress: { position, total in
      calls.add(position, total)
      return true
    })
    _ = try ScheduleLoader.load(path: path, options: options)
    #expect(calls.count > 1)
    let last = try #require(calls.last)
    #expect(last.0 == Int64(bytes.count) && last.1 == Int64(bytes.count))
    let cancelling = LoadOptions(progress: { _, _ in false })
    do {
      _ = try ScheduleLoader.load(path: path, options: cancelling)
      Issue.record("not cancelled")
    } catch {
      #expect(error.kind == .cancelled)
    }
  }
}

/// Thread-safe progress recorder for the progress test.
final class Counter: @unchecked Sendable {
  // A class: shared by the test and the loader's callback. Guarded by `lock`.
  private let lock = NSLock()
  private var calls: [(Int64, Int64)] = []
  func add(_ position: Int64, _ total: Int64) {
    lock.lock()
    calls.append((position, total))
    lock.unlock()
  }
  var count: Int {
    lock.lock()
    defer { lock.unlock() }
    return calls.count
  }
  var last: (Int64, Int64)? {
    lock.lock()
    defer { lock.unlock() }
    return calls.last
  }
}

/// Reading standard input: the test replaces fd 0 with a pipe for the load.
@Suite("Reading standard input", .serialized)
struct StandardInputTests {
  @Test func dashReadsStandardInput() throws {
    let bytes = Array(try Data(contentsOf: URL(fileURLWithPath: Support.fixture("multilang.xml"))))
    let schedule = try Support.withStandardInput(bytes) { try ScheduleLoader.load(path: "-") }
    #expect(schedule.programmeCount == 3)
    #expect(schedule.channels.first?.id == "ard.de")
  }

  @Test func gzipOnStandardInput() throws {
    let gzip = try #require(Support.executable("gzip"), "gzip is needed for this test")
    let (_, output, _) = try Support.run(gzip, ["-c", Support.fixture("multilang.xml")])
    let schedule = try Support.withStandardInput(Array(output)) {
      try ScheduleLoader.load(path: "-")
    }
    #expect(schedule.programmeCount == 3)
  }

  @Test func errorsOnStandardInputNameIt() throws {
    do {
      _ = try Support.withStandardInput(Array("<tv><oops></tv>".utf8)) {
        try ScheduleLoader.load(path: "-")
      }
      Issue.record("malformed stdin loaded")
    } catch let error as LoadError {
      #expect(error.description.hasPrefix("<stdin>:1:"))
    }
  }
}
