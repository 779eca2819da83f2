import Foundation
import Testing

/// What a person sees at the first start and on rows without listings
/// (issue 24, items 16 and 17), in a real terminal (tmux, TERM
/// xterm-256color) at 80 × 24 and 200 × 60: the demo guide's top bar, a
/// config problem on the status line at once, an unmatched playlist entry
/// as one box, `X` hiding it and `>` widening the channel column.
@Suite(.serialized) struct FirstStartTmuxTests {
  /// Starts `tvgrid ARGUMENTS` with its own config folder (`config` holds
  /// `configText`, when given) in a pane of the size asked.
  static func start(
    _ arguments: String = "", config configText: String? = nil, columns: Int = 80, rows: Int = 24
  ) throws -> TmuxPane {
    guard TmuxPane.available() else { throw TmuxMissing() }
    let folder = NSTemporaryDirectory() + "tvgrid-first-\(UUID().uuidString)"
    try FileManager.default.createDirectory(
      atPath: folder + "/tvgrid", withIntermediateDirectories: true)
    if let configText {
      try Data(configText.utf8).write(to: URL(fileURLWithPath: folder + "/tvgrid/config"))
    }
    let command =
      "env TZ=UTC LANG=C.UTF-8 NO_COLOR= TERM=xterm-256color XDG_CONFIG_HOME='\(folder)' XDG_DATA_HOME=\"$PWD/data\" '\(TVGridProcess.binary)' \(arguments); echo \"exit status $?\"; rm -rf '\(folder)'; sleep 60"
    return try TmuxPane.start(command: command, columns: columns, rows: rows, label: "first")
  }

  /// The demo guide runs from today, so the real clock is used: the
  /// top bar ends in the time, whatever it is.
  @Test func theDemoGuideSaysWhatItIsAt80And200Columns() throws {
    let small = try Self.start()
    defer { small.stop() }
    let screen = small.waitForScreen { $0.first?.contains(/Now \d\d:\d\d$/) ?? false }
    #expect(
      screen.first?.wholeMatch(
        of: /\ tvgrid │ Demo guide: open yours with tvgrid FILE or tvgrid init      Now \d\d:\d\d/)
        != nil, "\(screen)")
    #expect(screen.count == 24)
    let large = try Self.start(columns: 200, rows: 60)
    defer { large.stop() }
    let wide = large.waitForScreen { $0.first?.contains(/Now \d\d:\d\d$/) ?? false }
    let bar = try #require(wide.first)
    #expect(
      bar.wholeMatch(
        of:
          /\ tvgrid │ \w{3} \d{1,2} \w{3} \d{4} │ Built-in demo guide: tvgrid FILE opens yours, tvgrid init sets one up +Now \d\d:\d\d/
      ) != nil, "\(bar)")
    #expect(bar.count == 199, "\(bar)")
    #expect(wide.count == 60)
  }

  /// A typo in the config is on the status line as the guide opens, and
  /// after quitting it is listed on the terminal.
  @Test func aConfigProblemIsOnTheStatusLineAtOnce() throws {
    let guide = try InteractiveGuideTests.guideFile()
    defer { try? FileManager.default.removeItem(atPath: guide) }
    let pane = try Self.start(
      "--now 2026-11-30T14:05Z '\(guide)'", config: "theme = monochrome\ncolour = red\n")
    defer { pane.stop() }
    let screen = pane.waitForScreen { $0.first?.hasSuffix("Now 14:05") ?? false }
    #expect(screen.last == " Config line 2: unknown key 'colour' (ignored)", "\(screen)")
    // The next key clears it.
    pane.sendKeys("Down")
    let moved = pane.waitForScreen { $0.last?.hasPrefix(" ←→↑↓ move") ?? false }
    #expect(moved.last?.hasPrefix(" ←→↑↓ move") == true, "\(moved)")
    pane.sendKeys("q")
    let after = pane.waitForScreen { $0.contains("exit status 0") }
    #expect(after.contains("tvgrid: config line 2: unknown key 'colour'"), "\(after)")
  }

  /// A playlist whose second entry matches no guide channel: one box says
  /// so across its row (no hour lines through it); `X` hides it, `X` again
  /// shows it; `>` widens the channel column by two.
  @Test func anUnmatchedEntryIsOneBoxAndXHidesIt() throws {
    let folder = NSTemporaryDirectory() + "tvgrid-unmatched-\(UUID().uuidString)"
    try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(atPath: folder) }
    try Data(InteractiveGuideTests.guide.utf8).write(
      to: URL(fileURLWithPath: folder + "/guide.xml"))
    let playlist = """
      #EXTM3U
      #EXTINF:-1 tvg-id="one",BBC One
      http://127.0.0.1:9/one.ts
      #EXTINF:-1 tvg-id="nowhere",Mystery Channel
      http://127.0.0.1:9/mystery.ts
      #EXTINF:-1 tvg-id="films",Film Four
      http://127.0.0.1:9/films.ts

      """
    try Data(playlist.utf8).write(to: URL(fileURLWithPath: folder + "/list.m3u"))
    let pane = try Self.start(
      "--now 2026-11-30T14:05Z --guide '\(folder)/guide.xml' '\(folder)/list.m3u'")
    defer { pane.stop() }
    let screen = pane.waitForScreen { $0.first?.hasSuffix("Now 14:05") ?? false }
    #expect(screen[5] == "Mystery Cha…│no listings (unmatched)", "\(screen)")
    #expect(screen[4].hasPrefix("BBC One     │Afternoon… │"), "\(screen)")
    pane.sendKeys("X")
    let hidden = pane.waitForScreen { $0.last?.hasPrefix(" Hiding 1 channel") ?? false }
    #expect(hidden[5].hasPrefix("Film Four   │The Big Sleep"), "\(hidden)")
    #expect(
      hidden.last == " Hiding 1 channel with nothing in the guide  (X: show them)", "\(hidden)")
    pane.sendKeys("X", ">")
    let wider = pane.waitForScreen { $0.last?.hasPrefix(" Channel column: 15") ?? false }
    #expect(wider[5] == "Mystery Chann…│no listings (unmatched)", "\(wider)")
  }
}
