import EPGPlatform
import Foundation
import RemoteTestSupport
import Testing

/// Loading real and hostile guides end to end (issue 24 item 4, issue 25
/// items 3, 4, 16 and 17): `check` and the guide on a guide whose XML
/// needed repairs, a page that is not a guide, a huge text, a guide over
/// `max_guide_size`, a FIFO as the guide, and a snapshot truncated while
/// it is mapped. Each run has its own cache and config folders.
@Suite struct GuideLoadingCommandTests {
  typealias Home = SnapshotCommandTests.Home

  /// An executable on PATH (or in /usr/bin, /bin).
  static func executable(_ name: String) -> String? {
    let path = ProcessInfo.processInfo.environment["PATH"] ?? ""
    return (path.split(separator: ":").map(String.init) + ["/usr/bin", "/bin"])
      .map { $0 + "/" + name }.first { FileManager.default.isExecutableFile(atPath: $0) }
  }

  /// A guide with a bare '&' in a title (line 5) and in an icon's URL
  /// (line 3).
  static let ampersandGuide = """
    <?xml version="1.0" encoding="UTF-8"?>
    <tv>
      <channel id="one"><display-name>One TV</display-name><icon src="http://x/i?a=1&b=2"/></channel>
      <programme channel="one" start="20261130100000 +0000" stop="20261130110000 +0000">
        <title>Tom & Jerry</title></programme>
      <programme channel="one" start="20261130110000 +0000" stop="20261130120000 +0000">
        <title>Noon News</title></programme>
    </tv>
    """

  @Test func checkListsRepairsAndExitsOne() throws {
    let home = try Home()
    defer { home.remove() }
    try home.write(Self.ampersandGuide)
    // Columns: the '&' of "?a=1&b" and of "Tom & Jerry".
    let icon = "  <channel id=\"one\"><display-name>One TV</display-name><icon src=\"http://x/i?a=1"
    let title = "    <title>Tom "
    for run in ["parsed", "from the snapshot"] {
      let check = try home.run(["check", home.guide])
      #expect(check.status == 1, "\(run): \(check.stderr)")
      #expect(check.stdout.contains("mistakes in the XML made good: 2 (check exits 1)"), "\(run)")
      #expect(
        check.stdout.contains("\(home.guide):3:\(icon.count + 1): xmlRepaired: '&b' without ';'"),
        "\(run): \(check.stdout)")
      #expect(
        check.stdout.contains(
          "\(home.guide):5:\(title.count + 1): xmlRepaired: '&' that starts no reference kept as text"
        ),
        "\(run): \(check.stdout)")
    }
    #expect(home.snapshotFiles().count == 1)
    let now = try home.run(["now", home.guide, "--now", "2026-11-30T10:30Z"])
    #expect(now.status == 0)
    #expect(now.stdout.contains("Tom & Jerry"))
    #expect(
      now.stderr.contains(
        "tvgrid now: \(home.guide): 2 mistakes in the XML made good (a bare '&', say); tvgrid check lists them"
      ), "\(now.stderr)")
  }

  @Test func theGuideOpensWithANoticeOfTheRepairs() throws {
    guard TmuxPane.available() else { return }
    let home = try Home()
    defer { home.remove() }
    try home.write(Self.ampersandGuide)
    let pane = try TmuxPane.start(
      command: TmuxPane.tvgridCommand(
        ["--now", "2026-11-30T10:30Z", home.guide], environment: home.environment),
      columns: 160, rows: 20, label: "repairs")
    defer { pane.stop() }
    let screen = pane.waitForScreen { $0.joined().contains("mistakes in the XML made good") }
    #expect(
      screen.joined(separator: "\n").contains("2 mistakes in the XML made good"),
      "\(screen.joined(separator: "\n"))")
    #expect(screen.joined().contains("Tom & Jerry"))
    pane.sendKeys("q")
  }

  @Test func aPageThatIsNotAGuideIsRefused() throws {
    let home = try Home()
    defer { home.remove() }
    try home.write(
      "<!DOCTYPE html>\n<html><head><title>Error</title></head><body>Bad gateway</body></html>\n")
    let check = try home.run(["check", home.guide])
    #expect(check.status == 1)
    #expect(
      check.stderr.contains("\(home.guide):2:6: not an XMLTV guide (root element html)"),
      "\(check.stderr)")
  }

  // MARK: Size and memory

  /// Issue 25, item 3: a 512 MiB text node costs no more than 1.5 times
  /// the guide (the bound for a guide this size), as a plain file read in
  /// parts and as a gzip file on standard input; the title keeps 4 KiB.
  @Test func aHugeTextKeepsMemoryBounded() throws {
    let home = try Home()
    defer { home.remove() }
    let path = home.folder + "/huge.xml"
    #expect(FileManager.default.createFile(atPath: path, contents: nil))
    let handle = try FileHandle(forWritingTo: URL(fileURLWithPath: path))
    var head = "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<tv>\n"
    head += "<channel id=\"c\"><display-name>C</display-name></channel>\n"
    var tail = ""
    for slot in 0..<2_000 {
      let hour = String(format: "%02d", slot / 60 % 24)
      let minute = String(format: "%02d", slot % 60)
      let line =
        "<programme start=\"202611\(10 + slot / 1440)\(hour)\(minute)00 +0000\" channel=\"c\"><title>P\(slot)</title></programme>\n"
      if slot < 1_000 { head += line } else { tail += line }
    }
    head += "<programme start=\"20261201000000 +0000\" channel=\"c\"><title>"
    try handle.write(contentsOf: Data(head.utf8))
    let chunk = Data(String(repeating: "abcdefghij", count: 104_858).utf8)
    var written = 0
    while written < 512 << 20 {
      try handle.write(contentsOf: chunk)
      written += chunk.count
    }
    try handle.write(contentsOf: Data(("</title></programme>\n" + tail + "</tv>\n").utf8))
    try handle.close()
    let size = try #require(
      try FileManager.default.attributesOfItem(atPath: path)[.size] as? Int)
    let bound = max(size * 3 / 2, 256 << 20)

    let check = try home.run(["check", path, "--no-cache", "--limit", "5000"])
    #expect(check.status == 0, "\(check.stderr)")
    #expect(check.peakBytes <= bound, "peak \(check.peakBytes >> 20) MiB for \(size >> 20) MiB")
    #expect(
      check.stdout.contains(":1003:"),
      "the title's line, 1,003: two of header, the channel, 1,000 programmes")
    #expect(check.stdout.contains("title longer than 4 KiB (\(written) bytes); cut at 4 KiB"))

    let gzip = try #require(Self.executable("gzip"), "gzip is needed for this test")
    #expect(try TVGridProcess.runTool([gzip, "-1", path]) == 0)
    let compressed = try Data(contentsOf: URL(fileURLWithPath: path + ".gz"))
    let piped = try TVGridProcess.run(
      ["check", "-", "--limit", "5000"], input: compressed, environment: home.environment,
      timeLimit: 120)
    #expect(piped.status == 0, "\(piped.stderr)")
    #expect(piped.peakBytes <= bound, "peak \(piped.peakBytes >> 20) MiB for \(size >> 20) MiB")
    #expect(piped.stdout.contains("<stdin>:1003:"))
    print(
      "peak RSS for a \(size >> 20) MiB guide with a \(written >> 20) MiB title: file \(check.peakBytes >> 20) MiB, gzip on stdin \(piped.peakBytes >> 20) MiB"
    )
  }

  /// Issue 25, item 4: `max_guide_size` bounds the decompressed bytes of a
  /// gzip file, standard input and a plain file alike, and the error names
  /// it.
  @Test func maxGuideSizeBoundsEveryInput() throws {
    let home = try Home(config: "max_guide_size = 1M\n")
    defer { home.remove() }
    let gzip = try #require(Self.executable("gzip"), "gzip is needed for this test")
    let xml = "<tv>" + String(repeating: " ", count: 3 << 20) + "</tv>\n"
    try home.write(xml)
    let message =
      "the guide is larger than max_guide_size (1 MiB, counted after decompression); raise max_guide_size in the config to load it"
    let plain = try home.run(["check", home.guide])
    #expect(plain.status == 1)
    #expect(plain.stderr.contains("\(home.guide): \(message)"), "\(plain.stderr)")
    #expect(try TVGridProcess.runTool([gzip, "-k", home.guide]) == 0)
    let gz = home.guide + ".gz"
    #expect(try Data(contentsOf: URL(fileURLWithPath: gz)).count < 20_000)
    let file = try home.run(["check", gz])
    #expect(file.status == 1)
    #expect(file.stderr.contains("\(gz): \(message)"), "\(file.stderr)")
    let piped = try TVGridProcess.run(
      ["check", "-"], input: try Data(contentsOf: URL(fileURLWithPath: gz)),
      environment: home.environment)
    #expect(piped.status == 1)
    #expect(piped.stderr.contains("<stdin>: \(message)"), "\(piped.stderr)")
    // Raised, it loads.
    try Data("max_guide_size = 4M\n".utf8).write(
      to: URL(fileURLWithPath: home.folder + "/config/tvgrid/config"))
    #expect(try home.run(["check", gz]).status == 0)
  }

  /// A URL body that inflates past `max_guide_size` is refused with the
  /// same message; a download whose XML needs repairs is accepted as the
  /// last good copy.
  @Test func urlBodiesFollowTheSameRules() throws {
    let server = try TestServer()
    let home = try Home(config: "max_guide_size = 16M\nrefresh = 0\n")
    defer { home.remove() }
    let spaces = try home.run(["check", server.url("/spaces.xml.gz")])
    #expect(spaces.status == 1)
    #expect(spaces.stderr.contains("larger than max_guide_size (16 MiB"), "\(spaces.stderr)")

    try server.control("mode=amp")
    let url = server.url("/guide.xml")
    let first = try home.run(["now", url])
    #expect(first.status == 0, "\(first.stderr)")
    #expect(first.stdout.contains("Show 1 & Co"))
    #expect(first.stderr.contains("1 mistake in the XML made good"), "\(first.stderr)")
    // The server fails: the repaired copy is the last good one.
    try server.control("mode=error")
    let second = try home.run(["now", url])
    #expect(second.status == 0, "\(second.stderr)")
    #expect(second.stdout.contains("Show 1 & Co"))
    #expect(second.stderr.contains("using the copy from"), "\(second.stderr)")
  }

  // MARK: FIFOs and snapshots

  /// A named FIFO as the guide (a grabber writing into it) loads, and is
  /// neither opened twice nor snapshotted.
  @Test func aFIFOGuideLoads() throws {
    let home = try Home()
    defer { home.remove() }
    let fifo = home.folder + "/grabber.fifo"
    #expect(mkfifo(fifo, 0o600) == 0)
    let guide = Data(SnapshotCommandTests.guide.utf8)
    let writer = Thread {
      guard let handle = FileHandle(forWritingAtPath: fifo) else { return }
      try? handle.write(contentsOf: guide)
      try? handle.close()
    }
    writer.start()
    let now = try TVGridProcess.run(
      ["now", fifo, "--now", "2026-11-30T10:30Z"], environment: home.environment, timeLimit: 20)
    #expect(!now.timedOut)
    #expect(now.status == 0, "\(now.stderr)")
    #expect(now.stdout.contains("Morning Show"))
    #expect(home.snapshotFiles().isEmpty)
  }

  /// Issue 25, item 17: a snapshot truncated by another program while the
  /// guide has it mapped ends the guide with a message and status 1, the
  /// terminal restored, and it is rebuilt on the next start.
  @Test func aSnapshotTruncatedWhileMappedEndsWithAMessage() throws {
    guard TmuxPane.available() else { return }
    let home = try Home()
    defer { home.remove() }
    // Enough programmes that a search reads pages not yet read.
    let demo = try TVGridProcess.run(["demo", "--channels", "60", "--days", "3"])
    try demo.stdout.write(toFile: home.guide, atomically: true, encoding: .utf8)
    let first = try home.run(["now", home.guide])
    #expect(first.status == 0)
    let name = try #require(home.snapshotFiles().first)
    let snapshot = home.snapshots + "/" + name
    let pane = try TmuxPane.start(
      command: TmuxPane.tvgridCommand([home.guide], environment: home.environment),
      columns: 100, rows: 30, label: "sigbus")
    defer { pane.stop() }
    #expect(TerminalFaultTests.waitUntilRunning(pane), "no guide:\n\(pane.screen())")
    #expect(truncate(snapshot, 4_096) == 0)
    // A search reads every programme's texts in the mapping.
    pane.type("/e")
    let ended = TmuxPane.waitFor(timeout: 15) { pane.file("status") != nil }
    #expect(ended, "the guide did not end:\n\(pane.screen())")
    guard ended else { return }
    #expect(pane.file("status")?.trimmingCharacters(in: .whitespacesAndNewlines) == "1")
    #expect(
      pane.file("stderr")?.contains(
        "tvgrid: the snapshot \(snapshot) was changed by another program while open; it will be rebuilt"
      ) == true, "\(pane.file("stderr") ?? "")")
    TerminalFaultTests.expectRestored(pane, "SIGBUS")
    // Removed, and written again by the next start.
    #expect(!FileManager.default.fileExists(atPath: snapshot))
    let again = try home.run(["now", home.guide])
    #expect(again.status == 0)
    #expect(again.stderr.isEmpty, "\(again.stderr)")
    #expect(home.snapshotFiles() == [name])
  }
}
