import EPGPlatform
import Foundation
import Testing

/// The interactive guide under terminal faults, each in its own tmux
/// server: termination signals, bursts of SIGWINCH, terminals from 1 × 1 to
/// 500 × 200, different TERM values and a non-UTF-8 locale. In every case
/// the program either runs usably or exits with a clear message, never
/// crashes, and leaves the terminal as it found it (echo and canonical
/// mode on, alternate screen left).
@Suite struct TerminalFaultTests {
  /// A plain two-channel guide; its channel names show on the first screen.
  static func guide() throws -> URL {
    let directory = FileManager.default.temporaryDirectory
      .appendingPathComponent("tvgrid-fault-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
    let file = directory.appendingPathComponent("guide.xml")
    var xml = "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<tv>\n"
    for (id, name) in [("one", "Alpha One"), ("two", "Beta Two")] {
      xml += "<channel id=\"\(id)\"><display-name>\(name)</display-name></channel>\n"
    }
    for (id, title) in [("one", "Morning Show"), ("two", "Film Night")] {
      for hour in 18..<23 {
        xml += """
          <programme start="20261130\(hour)0000 +0000" stop="20261130\(hour + 1)0000 +0000" \
          channel="\(id)"><title>\(title) \(hour)</title></programme>\n
          """
      }
    }
    xml += "</tv>\n"
    try Data(xml.utf8).write(to: file)
    return file
  }

  static let now = "2026-11-30T20:30Z"

  /// Waits until tvgrid has the terminal (canonical mode off) or has ended;
  /// whether it is running.
  static func waitUntilRunning(_ pane: TmuxPane) -> Bool {
    TmuxPane.waitFor { pane.terminalModes().contains("-icanon") || pane.file("status") != nil }
    return pane.file("status") == nil && pane.terminalModes().contains("-icanon")
  }

  /// Expects the terminal restored after tvgrid ended: `stty -a` run after
  /// it shows echo and canonical mode on, and the alternate screen is off.
  static func expectRestored(_ pane: TmuxPane, _ context: String) {
    let modes = TmuxPane.words(pane.file("stty") ?? "")
    #expect(modes.contains("echo") && !modes.contains("-echo"), "\(context): echo is off")
    #expect(modes.contains("icanon") && !modes.contains("-icanon"), "\(context): still raw")
    #expect(pane.value("alternate_on") == "0", "\(context): the alternate screen is still on")
  }

  /// Quits with q and expects a clean exit and a restored terminal.
  static func expectQuits(_ pane: TmuxPane, _ context: String) {
    pane.sendKeys("q")
    let ended = TmuxPane.waitFor { pane.file("status") != nil }
    #expect(ended, "\(context): q did not quit:\n\(pane.screen())")
    guard ended else { return }
    #expect(pane.file("status")?.trimmingCharacters(in: .whitespacesAndNewlines) == "0")
    if let width = Int(pane.value("window_width")), width >= 10 {
      #expect(
        TmuxPane.waitFor { pane.screen().contains("EXITED 0") }, "\(context): no shell output")
    }
    expectRestored(pane, context)
  }

  @Test(arguments: [SIGTERM, SIGINT, SIGHUP])
  func signalEndsTheProgramAndRestoresTheTerminal(signal: Int32) throws {
    guard TmuxPane.available() else { return }
    let file = try Self.guide()
    defer { try? FileManager.default.removeItem(at: file.deletingLastPathComponent()) }
    let pane = try TmuxPane.start(
      command: TmuxPane.tvgridCommand(["--now", Self.now, file.path]), columns: 100, rows: 30,
      label: "signal\(signal)")
    defer { pane.stop() }
    #expect(Self.waitUntilRunning(pane), "tvgrid did not start:\n\(pane.screen())")
    #expect(TmuxPane.waitFor { pane.screen().contains("Alpha One") }, "no guide:\n\(pane.screen())")
    guard let pid = pane.programPID() else {
      Issue.record("no tvgrid process in the pane")
      return
    }
    kill(pid, signal)
    let ended = TmuxPane.waitFor { pane.file("status") != nil }
    #expect(ended, "signal \(signal) did not end tvgrid")
    guard ended else { return }
    // Ended by the signal (the shell reports 128 + n), after restoring.
    #expect(
      pane.file("status")?.trimmingCharacters(in: .whitespacesAndNewlines) == "\(128 + signal)")
    #expect(TmuxPane.waitFor { pane.screen().contains("EXITED \(128 + signal)") })
    Self.expectRestored(pane, "signal \(signal)")
  }

  @Test func burstOfResizesEndsInACorrectScreen() throws {
    guard TmuxPane.available() else { return }
    let file = try Self.guide()
    defer { try? FileManager.default.removeItem(at: file.deletingLastPathComponent()) }
    let pane = try TmuxPane.start(
      command: TmuxPane.tvgridCommand(["--now", Self.now, file.path]), columns: 100, rows: 30,
      label: "winch")
    defer { pane.stop() }
    #expect(Self.waitUntilRunning(pane))
    #expect(TmuxPane.waitFor { pane.screen().contains("Alpha One") })
    var generator = SystemRandomNumberGenerator()
    for _ in 0..<40 {
      pane.resize(
        columns: Int.random(in: 1...180, using: &generator),
        rows: Int.random(in: 1...60, using: &generator))
    }
    pane.resize(columns: 90, rows: 25)
    // The final screen is exactly the start-up screen at 90 × 25, as
    // `tvgrid render` draws it.
    let expected = try TVGridProcess.run(
      ["render", "--now", Self.now, file.path, "--size", "90x25", "--color", "never"],
      environment: ["LANG": "C.UTF-8", "LC_ALL": "", "LC_CTYPE": ""])
    #expect(expected.status == 0)
    func trimmed(_ text: String) -> String {
      text.split(separator: "\n", omittingEmptySubsequences: false)
        .map { line in String(line.reversed().drop { $0 == " " }.reversed()) }
        .joined(separator: "\n").trimmingCharacters(in: .newlines)
    }
    let want = trimmed(expected.stdout)
    let redrawn = TmuxPane.waitFor { trimmed(pane.screen()) == want }
    #expect(redrawn, "screen after the resizes:\n\(pane.screen())\nexpected:\n\(want)")
    #expect(
      pane.file("status") == nil, "tvgrid ended during the resizes: \(pane.file("stderr") ?? "")")
    // Still answers keys.
    pane.sendKeys("?")
    let help = TmuxPane.waitFor { pane.screen().contains("previous / next programme") }
    #expect(help, "no help:\n\(pane.screen())")
    pane.sendKeys("Escape")
    Self.expectQuits(pane, "after resizes")
  }

  @Test(arguments: [(1, 1), (2, 1), (1, 3), (4, 2), (12, 4), (30, 8), (500, 200)])
  func tinyAndHugeTerminalsNeverCrash(size: (Int, Int)) throws {
    guard TmuxPane.available() else { return }
    let (columns, rows) = size
    let file = try Self.guide()
    defer { try? FileManager.default.removeItem(at: file.deletingLastPathComponent()) }
    let pane = try TmuxPane.start(
      command: TmuxPane.tvgridCommand(["--now", Self.now, file.path]), columns: columns, rows: rows,
      label: "size\(columns)x\(rows)")
    defer { pane.stop() }
    let context = "\(columns)x\(rows)"
    #expect(pane.value("window_width") == "\(columns)" && pane.value("window_height") == "\(rows)")
    if Self.waitUntilRunning(pane) {
      // Usable: something is drawn, and q quits cleanly. (A 1 × 1
      // terminal's only cell is the bottom-right one, which curses does
      // not write on most terminals: there only q must work.)
      if columns * rows > 1 {
        let drawn = TmuxPane.waitFor {
          !pane.screen().trimmingCharacters(in: .whitespacesAndNewlines).isEmpty
        }
        #expect(drawn, "\(context): nothing on the screen")
      }
      if columns >= 100 {
        #expect(TmuxPane.waitFor { pane.screen().contains("Alpha One") }, "\(context): no guide")
      }
      Self.expectQuits(pane, context)
    } else {
      Self.expectClearExit(pane, context)
    }
  }

  /// Ended on its own: a failure status (not a signal) with a message.
  static func expectClearExit(_ pane: TmuxPane, _ context: String) {
    let status =
      Int(pane.file("status")?.trimmingCharacters(in: .whitespacesAndNewlines) ?? "") ?? -1
    #expect((1..<128).contains(status), "\(context): ended with status \(status)")
    let message = pane.file("stderr") ?? ""
    #expect(message.contains("tvgrid"), "\(context): no clear message: \(message.debugDescription)")
    Self.expectRestored(pane, context)
  }

  @Test(arguments: ["dumb", "vt100", "linux", "xterm-256color"])
  func terminalTypesRunUsablyOrExplain(term: String) throws {
    guard TmuxPane.available() else { return }
    let file = try Self.guide()
    defer { try? FileManager.default.removeItem(at: file.deletingLastPathComponent()) }
    let pane = try TmuxPane.start(
      command: TmuxPane.tvgridCommand(["--now", Self.now, file.path], environment: ["TERM": term]),
      columns: 100, rows: 30, label: "term-\(term)")
    defer { pane.stop() }
    if Self.waitUntilRunning(pane) {
      let usable = TmuxPane.waitFor { pane.screen().contains("Alpha One") }
      #expect(usable, "TERM=\(term): runs but shows no guide:\n\(pane.screen())")
      pane.sendKeys("j")
      Self.expectQuits(pane, "TERM=\(term)")
    } else {
      Self.expectClearExit(pane, "TERM=\(term)")
    }
  }

  @Test func asciiLocaleRunsWithASCIIGlyphs() throws {
    guard TmuxPane.available() else { return }
    let file = try Self.guide()
    defer { try? FileManager.default.removeItem(at: file.deletingLastPathComponent()) }
    let pane = try TmuxPane.start(
      command: TmuxPane.tvgridCommand(["--now", Self.now, file.path], environment: ["LANG": "C"]),
      columns: 100, rows: 30, label: "lang-c")
    defer { pane.stop() }
    #expect(Self.waitUntilRunning(pane), "LANG=C: did not start: \(pane.file("stderr") ?? "")")
    #expect(TmuxPane.waitFor { pane.screen().contains("Alpha One") }, "LANG=C:\n\(pane.screen())")
    let screen = pane.screen()
    let foreign = screen.unicodeScalars.filter { !$0.isASCII }
    #expect(foreign.isEmpty, "LANG=C shows non-ASCII: \(String(String.UnicodeScalarView(foreign)))")
    #expect(screen.contains("|") || screen.contains("-") || screen.contains("+"), "no ASCII lines")
    Self.expectQuits(pane, "LANG=C")
  }
}
