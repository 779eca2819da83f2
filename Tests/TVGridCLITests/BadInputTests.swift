import EPGPlatform
import EPGSchedule
import Foundation
import Testing

/// Issue 8's bad-input suite: every hostile or broken file gets a clear error
/// (`FILE:LINE:COLUMN: message`, or `FILE: message` where no position
/// applies) or a partial load with a report — never a crash, a hang, unbounded
/// memory, a read of another file, or a write to the user's file.
@Suite struct BadInputTests {
  /// Memory a run may use, in bytes: generous for a debug build, far below
  /// what an unbounded entity expansion or a DOM of the inputs would take.
  static let memoryLimit = 400 * 1_048_576

  // MARK: Fixtures

  static let goodGuide = """
    <?xml version="1.0" encoding="UTF-8"?>
    <tv generator-info-name="tvgrid-tests">
      <channel id="one.example"><display-name>One</display-name></channel>
      <channel id="two.example"><display-name>Two</display-name></channel>
      <programme start="20261130180000 +0000" stop="20261130190000 +0000" channel="one.example">
        <title lang="en">Evening News</title><desc>Headlines.</desc><category>News</category>
      </programme>
      <programme start="20261130190000 +0000" stop="20261130203000 +0000" channel="one.example">
        <title>Café Society</title><sub-title>Pilot</sub-title>
        <episode-num system="xmltv_ns">0.0.</episode-num>
      </programme>
      <programme start="20261130180000 +0000" stop="20261130200000 +0000" channel="two.example">
        <title>世界の料理</title>
      </programme>
    </tv>

    """

  /// A scratch folder for one test.
  static func scratch() throws -> URL {
    let url = FileManager.default.temporaryDirectory
      .appendingPathComponent("tvgrid-bad-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
    return url
  }

  static func write(_ data: Data, named name: String) throws -> String {
    let url = try scratch().appendingPathComponent(name)
    try data.write(to: url)
    return url.path
  }

  // MARK: Checks

  /// Runs `tvgrid check path` and checks the outcome is clean: no signal, no
  /// time-out, bounded memory, status 0 (loaded, maybe with a report) or 1
  /// (a clear error naming the file, or loaded with mistakes in its XML
  /// made good: a report saying so), and the file unchanged.
  @discardableResult
  static func expectClean(
    _ path: String, timeLimit: Double = 20, sourceLocation: SourceLocation = #_sourceLocation
  ) throws -> TVGridProcess {
    let before = FileManager.default.contents(atPath: path)
    let result = try TVGridProcess.run(["check", path], timeLimit: timeLimit)
    #expect(!result.timedOut, "check hung on \(path)", sourceLocation: sourceLocation)
    #expect(result.signal == nil, "check crashed: \(result.stderr)", sourceLocation: sourceLocation)
    #expect(
      result.status == 0 || result.status == 1, "status \(result.status)",
      sourceLocation: sourceLocation)
    #expect(
      result.peakBytes < memoryLimit, "peak \(result.peakBytes) B", sourceLocation: sourceLocation)
    if result.status == 1 && !result.stdout.contains("made good: ") {
      let firstLine = result.stderr.split(separator: "\n").first.map(String.init) ?? ""
      #expect(
        firstLine.hasPrefix(path + ":"), "error does not name the file: \(result.stderr)",
        sourceLocation: sourceLocation)
    } else if result.status == 1 {
      #expect(
        result.stdout.contains("(check exits 1)") && result.stdout.contains(": xmlRepaired: "),
        "status 1 without an error or repairs: \(result.stdout)", sourceLocation: sourceLocation)
    }
    #expect(
      FileManager.default.contents(atPath: path) == before, "file changed",
      sourceLocation: sourceLocation)
    return result
  }

  /// Whether `text` starts with `path:LINE:COLUMN: ` and a message.
  static func hasPosition(_ text: String, path: String) -> Bool {
    guard text.hasPrefix(path + ":") else { return false }
    let rest = text.dropFirst(path.count + 1)
    let parts = rest.split(separator: ":", maxSplits: 2)
    return parts.count == 3 && Int(parts[0]) != nil && Int(parts[1]) != nil
      && parts[2].hasPrefix(" ") && parts[2].count > 2
  }

  // MARK: The suite

  @Test func theGoodGuideLoads() throws {
    let path = try Self.write(Data(Self.goodGuide.utf8), named: "good.xml")
    let result = try Self.expectClean(path)
    #expect(result.status == 0, "\(result.stderr)")
  }

  @Test func filesCutAtManyPointsFailWithAPosition() throws {
    let bytes = Data(Self.goodGuide.utf8)
    let end = bytes.count - 8  // cut inside </tv> or earlier: never well-formed
    for cut in stride(from: 1, to: end, by: max(1, end / 40)) {
      let path = try Self.write(bytes.prefix(cut), named: "cut-\(cut).xml")
      let result = try Self.expectClean(path)
      #expect(result.status == 1, "cut at \(cut) loaded")
      #expect(Self.hasPosition(result.stderr, path: path), "cut at \(cut): \(result.stderr)")
    }
  }

  @Test func randomByteFlipsNeverCrash() throws {
    var generator = SplitMix64(seed: 8)
    let original = [UInt8](Self.goodGuide.utf8)
    for round in 0..<40 {
      var bytes = original
      for _ in 0..<(1 + Int(generator.next() % 4)) {
        let index = Int(generator.next() % UInt64(bytes.count))
        bytes[index] = UInt8(truncatingIfNeeded: generator.next())
      }
      try Self.expectClean(try Self.write(Data(bytes), named: "flip-\(round).xml"))
    }
  }

  @Test func undeclaredLatin1BytesBecomeReplacementCharacters() throws {
    // Declared UTF-8, but "Café" is written in ISO-8859-1 (0xE9).
    var bytes = [UInt8](Self.goodGuide.utf8)
    let cafe = [UInt8]("Café".utf8)
    if let start = bytes.firstRange(of: cafe)?.lowerBound {
      bytes.replaceSubrange(start..<start + cafe.count, with: [0x43, 0x61, 0x66, 0xE9])
    }
    let path = try Self.write(Data(bytes), named: "latin1-as-utf8.xml")
    let result = try Self.expectClean(path)
    #expect(result.status == 0, "\(result.stderr)")
    let now = try TVGridProcess.run(["now", path, "--now", "20261130193000 +0000"])
    #expect(now.stdout.contains("Caf\u{FFFD}"), "\(now.stdout)")
  }

  @Test func aWrongEncodingDeclarationStillLoads() throws {
    let text = Self.goodGuide.replacingOccurrences(of: "UTF-8", with: "ISO-8859-1")
    let result = try Self.expectClean(try Self.write(Data(text.utf8), named: "wrong-decl.xml"))
    #expect(result.status == 0, "\(result.stderr)")
  }

  @Test func anUnknownEncodingIsAClearError() throws {
    let text = Self.goodGuide.replacingOccurrences(of: "UTF-8", with: "x-no-such-charset")
    let path = try Self.write(Data(text.utf8), named: "unknown-encoding.xml")
    let result = try Self.expectClean(path)
    #expect(result.status == 1)
  }

  @Test func externalEntitiesAreNeverRead() throws {
    let folder = try Self.scratch()
    let secret = folder.appendingPathComponent("secret.txt")
    try Data("TOP-SECRET-4711".utf8).write(to: secret)
    let guide = """
      <?xml version="1.0"?>
      <!DOCTYPE tv [ <!ENTITY leak SYSTEM "file://\(secret.path)"> ]>
      <tv><programme start="20261130180000" stop="20261130190000" channel="a">
      <title>Before &leak; after</title></programme></tv>
      """
    let path = folder.appendingPathComponent("xxe.xml").path
    try Data(guide.utf8).write(to: URL(fileURLWithPath: path))
    let check = try Self.expectClean(path)
    let now = try TVGridProcess.run(["now", path, "--now", "20261130183000", "--json"])
    for output in [check.stdout, check.stderr, now.stdout, now.stderr] {
      #expect(!output.contains("TOP-SECRET"), "leaked: \(output)")
    }
  }

  @Test func anExternalDTDIsNotFetched() throws {
    let text = Self.goodGuide.replacingOccurrences(
      of: "<tv generator",
      with: "<!DOCTYPE tv SYSTEM \"http://192.0.2.1/xmltv.dtd\">\n<tv generator")
    let result = try Self.expectClean(
      try Self.write(Data(text.utf8), named: "dtd.xml"), timeLimit: 10)
    #expect(result.status == 0, "\(result.stderr)")
  }

  @Test func billionLaughsFailsFastInBoundedMemory() throws {
    var doctype = "<!DOCTYPE tv [\n<!ENTITY l0 \"ha\">\n"
    for level in 1...12 {
      let previous = String(repeating: "&l\(level - 1);", count: 10)
      doctype += "<!ENTITY l\(level) \"\(previous)\">\n"
    }
    doctype += "]>\n"
    let guide = """
      <?xml version="1.0"?>
      \(doctype)<tv><programme start="20261130180000" stop="20261130190000" channel="a">
      <title>&l12;</title></programme></tv>
      """
    let path = try Self.write(Data(guide.utf8), named: "laughs.xml")
    let result = try Self.expectClean(path, timeLimit: 10)
    #expect(result.status == 1)
    #expect(Self.hasPosition(result.stderr, path: path), "\(result.stderr)")
  }

  @Test func aTenMegabyteTitleIsHandled() throws {
    let title = String(repeating: "x", count: 10 * 1_048_576)
    let guide = """
      <tv><programme start="20261130180000" stop="20261130190000" channel="a">
      <title>\(title)</title></programme></tv>
      """
    try Self.expectClean(try Self.write(Data(guide.utf8), named: "big-title.xml"))
  }

  @Test func aHundredThousandChannelsWithoutProgrammes() throws {
    var guide = "<tv>\n"
    for index in 0..<100_000 {
      guide += "<channel id=\"c\(index)\"><display-name>C \(index)</display-name></channel>\n"
    }
    guide += "</tv>\n"
    let result = try Self.expectClean(
      try Self.write(Data(guide.utf8), named: "channels.xml"), timeLimit: 60)
    #expect(result.status == 0, "\(result.stderr)")
    #expect(
      result.stdout.contains("100000") || result.stdout.contains("100,000"), "\(result.stdout)")
  }

  @Test func oddTimesLoadWithAReport() throws {
    let guide = """
      <tv>
      <programme start="20261130190000" stop="20261130180000" channel="a"><title>Backwards</title></programme>
      <programme start="19000101000000 +0000" stop="19000101010000 +0000" channel="a"><title>Old</title></programme>
      <programme start="99991231230000 +0000" stop="99991231233000 +0000" channel="a"><title>Far</title></programme>
      <programme start="garbage" channel="a"><title>Bad start</title></programme>
      <programme start="20261130200000" channel="a"><title>No stop</title></programme>
      </tv>
      """
    let path = try Self.write(Data(guide.utf8), named: "times.xml")
    let result = try Self.expectClean(path)
    #expect(result.status == 0, "\(result.stderr)")
    // Each repair names its line: the backwards stop, the bad start, the
    // missing stop.
    for line in [2, 5, 6] {
      #expect(
        result.stdout.contains("\(path):\(line):"), "line \(line) unreported: \(result.stdout)")
    }
    #expect(result.stdout.contains("4 programmes"), "\(result.stdout)")
  }

  @Test func duplicateChannelIdsLoad() throws {
    let guide = """
      <tv><channel id="a"><display-name>A</display-name></channel>
      <channel id="a"><display-name>A again</display-name></channel>
      <programme start="20261130180000" stop="20261130190000" channel="a"><title>T</title></programme></tv>
      """
    let result = try Self.expectClean(try Self.write(Data(guide.utf8), named: "dup-ids.xml"))
    #expect(result.status == 0, "\(result.stderr)")
  }

  @Test func anEmptyFileIsAnError() throws {
    let path = try Self.write(Data(), named: "empty.xml")
    #expect(try Self.expectClean(path).status == 1)
  }

  @Test func aDirectoryIsAnError() throws {
    let path = try Self.scratch().path
    let result = try TVGridProcess.run(["check", path])
    #expect(result.status == 1)
    #expect(result.stderr.hasPrefix(path + ":"), "\(result.stderr)")
  }

  @Test func aMissingFileIsAnError() throws {
    let path = try Self.scratch().appendingPathComponent("nope.xml").path
    let result = try TVGridProcess.run(["check", path])
    #expect(result.status == 1)
    #expect(result.stderr.hasPrefix(path + ":"), "\(result.stderr)")
  }

  @Test func anUnreadableFileIsAnError() throws {
    let path = try Self.write(Data(Self.goodGuide.utf8), named: "locked.xml")
    chmod(path, 0)
    // Root reads any file: drop to nobody for the run (setpriv, util-linux).
    let arguments =
      getuid() == 0
      ? ["--reuid=65534", "--regid=65534", "--clear-groups", TVGridProcess.binary, "check", path]
      : ["check", path]
    let result =
      try getuid() == 0
      ? TVGridProcess.run(arguments, via: "/usr/bin/setpriv") : TVGridProcess.run(arguments)
    #expect(result.status == 1, "\(result.stderr)")
    #expect(result.stderr.hasPrefix(path + ":"), "\(result.stderr)")
  }

  @Test func aGzipFileCutShortIsAnError() throws {
    let folder = try Self.scratch()
    let plain = folder.appendingPathComponent("guide.xml")
    try Data(Self.goodGuide.utf8).write(to: plain)
    let gzip = try TVGridProcess.runTool(["/bin/gzip", "-k", "-9", plain.path])
    #expect(gzip == 0)
    let compressed = try Data(contentsOf: URL(fileURLWithPath: plain.path + ".gz"))
    let path = try Self.write(compressed.prefix(compressed.count / 2), named: "cut.xml.gz")
    let result = try Self.expectClean(path)
    #expect(result.status == 1)
  }
}
