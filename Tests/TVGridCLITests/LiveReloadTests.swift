import Foundation
import Testing

/// Live reload end to end: tvgrid runs on a guide file in a tmux pane while
/// the test replaces the file the ways a grabber does (rename over it,
/// rewrite it in place, leave it half-written) and reads the pane back.
@Suite(.serialized) struct LiveReloadTests {
  /// Twenty channels of hour-long programmes, 10:00 to 22:00 on 30 November
  /// 2026 (UTC); Channel 17's titles start with `prefix`.
  static func guide(channel17 prefix: String) -> String {
    var lines = ["<?xml version=\"1.0\" encoding=\"UTF-8\"?>", "<tv>"]
    for channel in 0..<20 {
      let id = channel < 10 ? "0\(channel)" : "\(channel)"
      lines.append("  <channel id=\"c\(id)\"><display-name>Channel \(id)</display-name></channel>")
    }
    for channel in 0..<20 {
      let id = channel < 10 ? "0\(channel)" : "\(channel)"
      for hour in 10..<22 {
        let title = (channel == 17 ? prefix : "Show") + " \(id)-\(hour)"
        lines.append(
          "  <programme channel=\"c\(id)\" start=\"20261130\(hour)0000 +0000\""
            + " stop=\"20261130\(hour + 1)0000 +0000\"><title>\(title)</title></programme>")
      }
    }
    lines.append("</tv>")
    return lines.joined(separator: "\n") + "\n"
  }

  /// The rows that show the scroll position: the time header and the
  /// channel column of the grid (the same channels in the same places).
  static func scrollPosition(_ screen: [String]) -> [String] {
    guard screen.count > 4 else { return [] }
    return [screen[2]] + screen[4..<(screen.count - 2)].map { String($0.prefix(15)) }
  }

  /// Waits for `condition` on the pane; records the screen when it never
  /// holds.
  @discardableResult
  static func expectScreen(
    _ session: TmuxPane, _ what: String, _ condition: @escaping ([String]) -> Bool
  ) throws -> [String] {
    // Up to 2 s until the next look, 1 s to settle and the load itself:
    // 20 s leaves room on a busy machine.
    let screen = session.waitForScreen(seconds: 20, condition)
    #expect(condition(screen), "\(what):\n\(screen.joined(separator: "\n"))")
    return screen
  }

  @Test func aReplacedGuideReloadsKeepingTheViewAndAHalfWrittenOneIsReported() throws {
    guard TmuxPane.available() else { throw TmuxMissing() }
    let directory =
      NSTemporaryDirectory() + "tvgrid-live-\(getpid())-\(UUID().uuidString.prefix(8))"
    try FileManager.default.createDirectory(
      atPath: directory, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(atPath: directory) }
    let file = directory + "/guide.xml"
    try Data(Self.guide(channel17: "Show").utf8).write(to: URL(fileURLWithPath: file))
    let command =
      "cd '\(directory)' && env TZ=UTC LANG=C.UTF-8 NO_COLOR= TERM=screen"
      + " '\(TVGridProcess.binary)' --now 2026-11-30T14:05Z guide.xml; sleep 60"
    let session = try TmuxPane.start(command: command, columns: 100, rows: 20, label: "guide")
    defer { session.stop() }

    // Select Channel 17 near the bottom, then a page of time later.
    let start = try Self.expectScreen(session, "start-up") {
      $0.first?.hasSuffix("Now 14:05") ?? false
    }
    session.sendKeys("End", "k", "k")
    try Self.expectScreen(session, "Channel 17 selected") {
      $0.count == 20 && $0[18].contains("Channel 17  Show 17-")
    }
    session.sendKeys("L")
    let before = try Self.expectScreen(session, "scrolled in time") {
      $0.count == 20 && $0[2] != start[2] && $0[18].contains("Channel 17  Show 17-")
    }
    let position = Self.scrollPosition(before)
    #expect(position.first?.contains("│14:00") == false, "the view did not move")
    #expect(position.dropFirst().first != "Channel 00", "the rows did not scroll")
    let selected = try #require(before[18].range(of: "Show 17-")).upperBound
    let hour = String(before[18][selected...].prefix(2))

    // A grabber writes a new file and renames it over the old one.
    let temporary = directory + "/guide.xml.new"
    try Data(Self.guide(channel17: "Fresh").utf8).write(to: URL(fileURLWithPath: temporary))
    #expect(rename(temporary, file) == 0)
    let reloaded = try Self.expectScreen(session, "the renamed guide is shown") {
      $0.count == 20 && $0[18].contains("Channel 17  Fresh 17-\(hour)")
        && $0[19].contains("reloaded guide.xml: 20 channels, 240 programmes")
    }
    #expect(Self.scrollPosition(reloaded) == position, "the scroll position moved")

    // Rewritten in place and left half-written: the guide stays.
    let complete = Data(Self.guide(channel17: "Third").utf8)
    try complete.prefix(complete.count / 2).write(to: URL(fileURLWithPath: file))
    let kept = try Self.expectScreen(session, "a half-written file is reported") {
      $0.count == 20 && $0[19].contains("guide.xml changed but did not load (guide.xml:")
    }
    #expect(kept[18].contains("Channel 17  Fresh 17-\(hour)"), "the loaded guide was dropped")
    #expect(Self.scrollPosition(kept) == position)

    // The grabber finishes: the complete file loads and the message goes.
    try complete.write(to: URL(fileURLWithPath: file))
    let final = try Self.expectScreen(session, "the completed file reloads") {
      $0.count == 20 && $0[18].contains("Channel 17  Third 17-\(hour)")
        && $0[19].contains("reloaded guide.xml")
    }
    #expect(Self.scrollPosition(final) == position)
    #expect(!final.joined().contains("did not load"))
    session.sendKeys("q")
  }

  /// A playlist's guide (named by its header) is watched too: rewriting
  /// the guide reloads the playlist's rows.
  @Test func theGuideBehindAPlaylistIsWatched() throws {
    guard TmuxPane.available() else { throw TmuxMissing() }
    let directory =
      NSTemporaryDirectory() + "tvgrid-live-pl-\(getpid())-\(UUID().uuidString.prefix(8))"
    try FileManager.default.createDirectory(
      atPath: directory, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(atPath: directory) }
    let file = directory + "/guide.xml"
    try Data(Self.guide(channel17: "Show").utf8).write(to: URL(fileURLWithPath: file))
    try Data(
      "#EXTM3U x-tvg-url=\"guide.xml\"\n#EXTINF:-1 tvg-id=\"c17\",Seventeen\nhttp://a.example/17\n"
        .utf8
    ).write(to: URL(fileURLWithPath: directory + "/list.m3u"))
    let command =
      "cd '\(directory)' && env TZ=UTC LANG=C.UTF-8 NO_COLOR= TERM=screen XDG_CONFIG_HOME=/nonexistent"
      + " '\(TVGridProcess.binary)' --now 2026-11-30T14:05Z list.m3u; sleep 60"
    let session = try TmuxPane.start(command: command, columns: 100, rows: 20, label: "playlist")
    defer { session.stop() }
    try Self.expectScreen(session, "start-up") {
      $0.joined(separator: "\n").contains("Seventeen  Show 17-14")
    }
    let temporary = directory + "/guide.xml.new"
    try Data(Self.guide(channel17: "Fresh").utf8).write(to: URL(fileURLWithPath: temporary))
    #expect(rename(temporary, file) == 0)
    try Self.expectScreen(session, "the renamed guide is shown") {
      let text = $0.joined(separator: "\n")
      return text.contains("Seventeen  Fresh 17-14")
        && text.contains("reloaded list.m3u: 1 channels")
    }
    session.sendKeys("q")
  }
}
