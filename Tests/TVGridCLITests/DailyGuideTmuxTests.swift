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
}
