import Foundation
import Testing

/// Issue 18 (overviews, the `:` prompt, favourites) in a real terminal:
/// the keys arrive through tmux, the progress bar's block glyphs reach the
/// screen, and `*` is kept in `$XDG_DATA_HOME/tvgrid/favourites.json`
/// across runs. The guide is `InteractiveGuideTests.guide` (BBC One, Film
/// Four, Kids on Monday 30 November 2026, UTC); now is 14:05.
@Suite(.serialized) struct DailyGuideTmuxTests {
  /// A scratch folder with the guide file and the XDG folders.
  func folder() throws -> String {
    let path = NSTemporaryDirectory() + "tvgrid-daily-\(UUID().uuidString)"
    try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
    try Data(InteractiveGuideTests.guide.utf8).write(
      to: URL(fileURLWithPath: path + "/guide.xml"))
    return path
  }

  func start(_ folder: String) throws -> TmuxPane {
    guard TmuxPane.available() else { throw TmuxMissing() }
    let command = TmuxPane.tvgridCommand(
      ["--now", "2026-11-30T14:05Z", folder + "/guide.xml"],
      environment: [
        "TERM": "screen", "XDG_DATA_HOME": folder + "/data",
        "XDG_CONFIG_HOME": folder + "/config", "HOME": folder,
      ])
    return try TmuxPane.start(command: command, columns: 80, rows: 24, label: "daily")
  }

  @Test func favouriteIsKeptAcrossRunsAndTheOverviewAndJumpWork() throws {
    let folder = try folder()
    defer { try? FileManager.default.removeItem(atPath: folder) }
    let session = try start(folder)
    defer { session.stop() }
    session.waitForScreen { $0.first?.hasSuffix("Now 14:05") ?? false }
    session.sendKeys("j", "*")
    let marked = session.waitForScreen { $0.contains { $0.contains("Film Four: favourite") } }
    #expect(marked[4].hasPrefix("★Film Four  │The Big Sleep"))
    #expect(marked[5].hasPrefix("BBC One     │"))
    // Now and next: The Big Sleep 13:40–15:50, 25 of 130 minutes: 19%.
    session.sendKeys("o")
    let overview = session.waitForScreen { $0.contains { $0.contains("On now and next") } }
    #expect(overview[3] == " Film Four     13:40 The Big Sleep     █░░░░░░░  19%  15:50 Casablanca")
    session.sendKeys("Escape")
    session.waitForScreen { $0.contains { $0.contains("│") } }
    session.type(":16:00")
    session.sendKeys("Enter")
    let jumped = session.waitForScreen { $0.last == " Mon 30 Nov 16:00" }
    #expect(jumped[2].hasPrefix("Mon 30 Nov  │16:00"))
    session.sendKeys("q")
    session.waitForScreen { $0.contains { $0.hasPrefix("EXITED") } }
    #expect(session.file("status") == "0\n")
    let saved = try String(contentsOfFile: folder + "/data/tvgrid/favourites.json", encoding: .utf8)
    #expect(saved.contains("\"favourites\" : [\n    \"films\"\n  ]"))

    // A second run starts with Film Four on top.
    let again = try start(folder)
    defer { again.stop() }
    let screen = again.waitForScreen { $0.first?.hasSuffix("Now 14:05") ?? false }
    #expect(screen[4].hasPrefix("★Film Four  │"))
  }

  /// Mouse reports as an xterm sends them (SGR, mode 1006): a press of
  /// `button` at column `x`, row `y` (from 0), then its release.
  func click(_ session: TmuxPane, button: Int = 0, x: Int, y: Int, release: Bool = true) {
    session.type("\u{1B}[<\(button);\(x + 1);\(y + 1)M")
    usleep(60_000)
    if release {
      session.type("\u{1B}[<\(button);\(x + 1);\(y + 1)m")
      usleep(60_000)
    }
  }

  @Test func theMouseScrollsTimeJumpsOnTheTimeRowAndOpensDetails() throws {
    let folder = try folder()
    defer { try? FileManager.default.removeItem(atPath: folder) }
    guard TmuxPane.available() else { throw TmuxMissing() }
    let command = TmuxPane.tvgridCommand(
      ["--now", "2026-11-30T14:05Z", folder + "/guide.xml"],
      environment: ["TERM": "xterm-256color", "XDG_DATA_HOME": folder + "/data", "HOME": folder])
    let session = try TmuxPane.start(command: command, columns: 80, rows: 24, label: "mouse")
    defer { session.stop() }
    session.waitForScreen { $0.first?.hasSuffix("Now 14:05") ?? false }
    // Shift + wheel down (65 + 4): half an hour later.
    click(session, button: 69, x: 30, y: 6, release: false)
    let later = session.waitForScreen { $0.count > 2 && $0[2].hasPrefix("Mon 30 Nov  │14:30") }
    #expect(later[2].hasPrefix("Mon 30 Nov  │14:30"))
    // The time row at 16:00 (column 13 + 1.5 × 24 = 49): BBC One's Quiz
    // Time (15:45–18:00).
    click(session, x: 49, y: 2)
    let jumped = session.waitForScreen { $0.count > 22 && $0[22].contains("Quiz Time") }
    #expect(jumped[22].hasPrefix(" 15:45–18:00 BBC One  Quiz Time"))
    // A double click on Kids' programme at column 20 (14:45): ニュース for
    // kids, in the details.
    click(session, x: 20, y: 6)
    click(session, x: 20, y: 6)
    let details = session.waitForScreen { $0.count > 1 && $0[1].contains("for kids") }
    #expect(details[1] == " ニュース for kids")
    session.sendKeys("q")
    session.waitForScreen { $0.contains { $0.hasPrefix("EXITED") } }
    #expect(session.file("status") == "0\n")
  }
}
