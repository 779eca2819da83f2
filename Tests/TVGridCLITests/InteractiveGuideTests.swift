import Foundation
import Testing

/// End-to-end tests of `tvgrid [FILE]` in a real terminal: tmux runs the
/// built binary in a pane of fixed size with a fixed clock, keys are sent,
/// and the captured pane is compared with the expected screen.
@Suite(.serialized) struct InteractiveGuideTests {
  /// 30 November 2026, three channels, written in UTC.
  static let guide = """
    <?xml version="1.0" encoding="UTF-8"?>
    <tv>
      <channel id="one"><display-name>BBC One</display-name></channel>
      <channel id="films"><display-name>Film Four</display-name></channel>
      <channel id="kids"><display-name>Kids</display-name></channel>
      <programme channel="one" start="20261130120000 +0000" stop="20261130131500 +0000"><title>Midday News</title></programme>
      <programme channel="one" start="20261130131500 +0000" stop="20261130143000 +0000"><title>Afternoon Live</title></programme>
      <programme channel="one" start="20261130143000 +0000" stop="20261130150000 +0000"><title>News at Half Two</title></programme>
      <programme channel="one" start="20261130150000 +0000" stop="20261130154500 +0000"><title>Doctors</title><sub-title>The Long Night</sub-title><desc>A patient returns.</desc><category>Drama</category><episode-num system="xmltv_ns">23.111.</episode-num><new/></programme>
      <programme channel="one" start="20261130154500 +0000" stop="20261130180000 +0000"><title>Quiz Time</title></programme>
      <programme channel="films" start="20261130134000 +0000" stop="20261130155000 +0000"><title>The Big Sleep</title></programme>
      <programme channel="films" start="20261130155000 +0000" stop="20261130180000 +0000"><title>Casablanca</title></programme>
      <programme channel="kids" start="20261130130000 +0000" stop="20261130141500 +0000"><title>Cartoons</title></programme>
      <programme channel="kids" start="20261130141500 +0000" stop="20261130150000 +0000"><title>ニュース for kids</title></programme>
      <programme channel="kids" start="20261130150000 +0000" stop="20261130180000 +0000"><title>Story Time</title></programme>
    </tv>
    """

  /// A new file per call: tests run in parallel, and rewriting a shared
  /// file would be read half-written, or seen as a change by the live
  /// reload of a guide already running on it.
  static func guideFile() throws -> String {
    let path = NSTemporaryDirectory() + "tvgrid-interactive-\(UUID().uuidString).xml"
    try Data(guide.utf8).write(to: URL(fileURLWithPath: path))
    return path
  }

  /// Starts the guide in an 80 × 16 pane; the shell reports the exit status
  /// afterwards so the tests can see the terminal restored.
  static func startGuide(_ extra: String = "") throws -> TmuxPane {
    guard TmuxPane.available() else { throw TmuxMissing() }
    let file = try guideFile()
    let command =
      "trap true INT; env TZ=UTC LANG=C.UTF-8 NO_COLOR= TERM=screen XDG_DATA_HOME=\"$PWD/data\" '\(TVGridProcess.binary)' --now 2026-11-30T14:05Z \(extra) '\(file)'; echo \"exit status $?\"; rm -f '\(file)'; sleep 60"
    return try TmuxPane.start(command: command, columns: 80, rows: 16, label: "guide")
  }

  static let startScreen = """
     tvgrid │ Mon 30 Nov 2026                                             Now 14:05
      Mon 30
    Mon 30 Nov  │14:00       14:30       15:00       15:30       16:00       16:30
                ├─▼─────────┬───────────┬───────────┬─────┬─────┬───────────┬───────
    BBC One     │Afternoon… │News at Ha…│Doctors       NEW│Quiz Time
    Film Four   │The Big Sleep                              │Casablanca
    Kids        │Cart…│ニュース for kids│Story Time
                │
                │
                │
                │
                │
                │
                │
     13:15–14:30 BBC One  Afternoon Live                                 on now, 66%
     ←→↑↓ move  Enter details  / search  s schedule  [ ] day  n now  ? help  q quit
    """

  @Test func startUpScreenIsTheExpectedOneAndEqualsRender() throws {
    let session = try Self.startGuide()
    defer { session.stop() }
    let screen = session.waitForScreen { $0.first?.hasSuffix("Now 14:05") ?? false }
    #expect(screen == Self.startScreen.split(separator: "\n").map(String.init))
    let file = try Self.guideFile()
    defer { try? FileManager.default.removeItem(atPath: file) }
    let render = try TVGridProcess.run(
      ["render", "--size", "80x16", "--now", "2026-11-30T14:05Z", file],
      environment: ["LANG": "C.UTF-8"])
    #expect(render.status == 0)
    #expect(
      render.stdout.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        .prefix(16) == screen.prefix(16))
  }

  /// Live search in a real terminal: the count and the » marks come once
  /// typing pauses (the loop's debounce), and Enter keeps the query in the
  /// history file (in the pane's folder, never the user's).
  @Test func searchMatchesFollowTheTextAndTheHistoryIsKept() throws {
    let session = try Self.startGuide()
    defer { session.stop() }
    session.waitForScreen { $0.first?.hasSuffix("Now 14:05") ?? false }
    session.sendKeys("/")
    session.type("news")
    let live = session.waitForScreen { $0.last?.contains("matches in titles") ?? false }
    // News at Half Two; ニュース for kids is no match for "news".
    #expect(live.last?.hasPrefix("/news_") == true, "\(live)")
    #expect(live.last?.contains(" 2 matches in titles") == true, "\(live)")
    #expect(live[4].hasPrefix("BBC One     │Afternoon… │» News a"), "\(live)")
    #expect(live[6].contains("│ニュース for kids│"), "\(live)")
    session.sendKeys("Enter")
    session.waitForScreen { $0.contains { $0.contains("Search \"news\" in titles: 2 matches") } }
    let kept = TmuxPane.waitFor { session.file("data/tvgrid/search-history") == "news\n" }
    #expect(kept, "\(session.file("data/tvgrid/search-history") ?? "no history file")")
  }

  @Test func keysMoveOpenDetailsAndQRestoresTheTerminal() throws {
    let session = try Self.startGuide()
    defer { session.stop() }
    session.waitForScreen { $0.first?.hasSuffix("Now 14:05") ?? false }
    session.sendKeys("l", "l", "Enter")
    let details = session.waitForScreen { $0.contains { $0.contains("Episode") } }
    #expect(
      Array(details.prefix(10)) == [
        " tvgrid │ Mon 30 Nov 2026                                             Now 14:05",
        " Doctors",
        " The Long Night",
        "",
        " Time       Mon 30 Nov 2026  15:00–15:45 (45m), starts in 55 min",
        " Channel    BBC One",
        " Next       15:45  Quiz Time",
        " Episode    S24 E112",
        " Categories Drama",
        " Flags      new",
      ])
    session.sendKeys("Escape", "j")
    let moved = session.waitForScreen { $0.count > 14 && $0[14].contains("Film Four") }
    #expect(moved[14].hasPrefix(" 13:40–15:50 Film Four  The Big Sleep"))
    session.sendKeys("q")
    let after = session.waitForScreen { $0.contains("exit status 0") }
    #expect(after.contains("exit status 0"))
    #expect(!after.contains { $0.contains("tvgrid │") })
  }

  @Test func ctrlCRestoresTheTerminalAndResizeRedraws() throws {
    let session = try Self.startGuide()
    defer { session.stop() }
    session.waitForScreen { $0.first?.hasSuffix("Now 14:05") ?? false }
    session.resize(columns: 100, rows: 12)
    let resized = session.waitForScreen { ($0.first?.count ?? 0) > 90 }
    #expect(resized.first?.hasSuffix("Now 14:05") ?? false)
    #expect(resized.first?.count == 99)
    session.sendKeys("C-c")
    let after = session.waitForScreen { $0.contains { $0.hasPrefix("exit status") } }
    #expect(after.contains { $0.hasPrefix("exit status 130") })
    #expect(!after.contains { $0.contains("tvgrid │") })
  }
}
