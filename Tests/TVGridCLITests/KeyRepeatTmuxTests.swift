import Foundation
import Testing

/// Issue 24 item 1 in a real terminal: arrows tapped through tmux 0.1, 0.3,
/// 0.5 and 0.7 s apart move one row (or programme) each; a held key's
/// burst (the same arrow every 30 ms after a first delay) and copies that
/// arrive all at once speed up to a screen at a time. The guide has 40
/// channels (`Channel 01` … `Channel 40`, one programme each from 12:00 to
/// 18:00) and ten-minute programmes on the first (`At 12:00`, `At 12:10`,
/// …); now is 14:05, so the guide opens on `At 14:00`.
@Suite(.serialized) struct KeyRepeatTmuxTests {
  static func guide() -> String {
    func time(_ minutes: Int) -> String {
      "20261130" + String(format: "%02d%02d", minutes / 60, minutes % 60) + "00 +0000"
    }
    var text = "<tv>\n"
    for channel in 1...40 {
      text +=
        "<channel id=\"c\(channel)\"><display-name>Channel \(String(format: "%02d", channel))</display-name></channel>\n"
    }
    for minutes in stride(from: 12 * 60, to: 18 * 60, by: 10) {
      text +=
        "<programme channel=\"c1\" start=\"\(time(minutes))\" stop=\"\(time(minutes + 10))\">"
        + "<title>At \(String(format: "%02d:%02d", minutes / 60, minutes % 60))</title></programme>\n"
    }
    for channel in 2...40 {
      text +=
        "<programme channel=\"c\(channel)\" start=\"\(time(12 * 60))\" stop=\"\(time(18 * 60))\">"
        + "<title>Long \(channel)</title></programme>\n"
    }
    return text + "</tv>\n"
  }

  func start() throws -> (TmuxPane, String) {
    guard TmuxPane.available() else { throw TmuxMissing() }
    let folder = NSTemporaryDirectory() + "tvgrid-keyrepeat-\(UUID().uuidString)"
    try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
    try Data(Self.guide().utf8).write(to: URL(fileURLWithPath: folder + "/guide.xml"))
    let command = TmuxPane.tvgridCommand(
      ["--now", "2026-11-30T14:05Z", folder + "/guide.xml"],
      environment: [
        "TERM": "xterm-256color", "XDG_DATA_HOME": folder + "/data",
        "XDG_CONFIG_HOME": folder + "/config", "HOME": folder,
      ])
    return (try TmuxPane.start(command: command, columns: 80, rows: 24, label: "keyrepeat"), folder)
  }

  /// The status line (the selected programme's), once the screen is still.
  func status(_ pane: TmuxPane, when condition: @escaping (String) -> Bool) -> String {
    let lines = pane.waitForScreen { lines in lines.count >= 2 && condition(lines[lines.count - 2])
    }
    return lines.count >= 2 ? lines[lines.count - 2] : ""
  }

  /// `count` presses of `key`, `gap` seconds apart.
  func press(_ pane: TmuxPane, _ key: String, count: Int, gap: Double) {
    for index in 0..<count {
      if index > 0 { usleep(useconds_t(gap * 1_000_000)) }
      pane.sendKeys(key)
    }
  }

  @Test func tapsAtAnyPaceMoveOneStepEach() throws {
    let (pane, folder) = try start()
    defer {
      pane.stop()
      try? FileManager.default.removeItem(atPath: folder)
    }
    _ = status(pane) { $0.contains("Channel 01  At 14:00") }
    for gap in [0.1, 0.3, 0.5, 0.7] {
      press(pane, "Down", count: 4, gap: gap)
      let down = status(pane) { $0.contains("Channel 05") }
      #expect(down.contains("Channel 05  Long 5"), "Down \(gap) s apart: \(down)")
      // Back to the first channel's programme on now (not arrows).
      pane.sendKeys("Home", "n")
      _ = status(pane) { $0.contains("Channel 01  At 14:00") }
      press(pane, "Right", count: 4, gap: gap)
      let right = status(pane) { $0.contains("At 14:40") }
      #expect(right.contains("Channel 01  At 14:40"), "Right \(gap) s apart: \(right)")
      pane.sendKeys("Home", "n")
      _ = status(pane) { $0.contains("Channel 01  At 14:00") }
    }
    pane.sendKeys("q")
  }

  @Test func aHeldKeySpeedsUp() throws {
    let (pane, folder) = try start()
    defer {
      pane.stop()
      try? FileManager.default.removeItem(atPath: folder)
    }
    _ = status(pane) { $0.contains("Channel 01  At 14:00") }
    // Held: the press, the terminal's first repeat delay, then a repeat
    // every 30 ms. One row a copy would end on Channel 32 at most; a
    // screen a repeat reaches the last channel.
    pane.sendKeys("Down")
    usleep(400_000)
    press(pane, "Down", count: 30, gap: 0.03)
    let held = status(pane) { $0.contains("Channel 40") }
    #expect(held.contains("Channel 40  Long 40"), "\(held)")
    // Thirty copies arriving at once (queued behind each other) are a held
    // key too: from the top, past the 31st channel.
    pane.sendKeys("Home")
    _ = status(pane) { $0.contains("Channel 01") }
    pane.sendKeys("-N", "30", "Down")
    let queued = status(pane) { $0.contains("Channel 40") }
    #expect(queued.contains("Channel 40  Long 40"), "\(queued)")
    pane.sendKeys("q")
  }
}
