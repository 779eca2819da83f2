import Foundation
import Testing

/// Keys whose escape sequences the terminfo entry does not name, through a
/// real tmux pane with `TERM=xterm-256color` (whose entry says Home is
/// `ESC O H`; tmux, PuTTY and rxvt send `ESC [ 1 ~`, `ESC [ 7 ~`, …). Each
/// sequence must give the same screen as the plain key that means the same
/// (channel 1 for Home, `L` for Shift-Right, …), never Esc followed by its
/// characters (Esc, `[` a day back, `1` a channel number).
@Suite(.serialized) struct EscapeSequenceTests {
  /// 25 channels `Ch 01`…`Ch 25`, an hour-long programme every hour from
  /// 08:00 to 22:00 on 30 November 2026 (UTC), so that a screen of
  /// channels or of time always moves.
  static var guide: String {
    var text = "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<tv>\n"
    for channel in 1...25 {
      let name = channel < 10 ? "0\(channel)" : "\(channel)"
      text += "<channel id=\"c\(name)\"><display-name>Ch \(name)</display-name></channel>\n"
    }
    for channel in 1...25 {
      let name = channel < 10 ? "0\(channel)" : "\(channel)"
      for hour in 8..<22 {
        let start = hour < 10 ? "0\(hour)" : "\(hour)"
        let stop = hour + 1 < 10 ? "0\(hour + 1)" : "\(hour + 1)"
        text +=
          "<programme channel=\"c\(name)\" start=\"20261130\(start)0000 +0000\" stop=\"20261130\(stop)0000 +0000\"><title>Show \(name) at \(start)</title></programme>\n"
      }
    }
    return text + "</tv>\n"
  }

  /// The first and the last channel by number (Home and End have no
  /// letter keys: g and G cycle playlist groups).
  static let first = ["1", "Enter"]
  static let last = ["2", "5", "Enter"]

  /// (sequence, the tmux keys it must equal, the tmux keys before both).
  static let cases: [(sequence: String, same: [String], from: [String])] = [
    // Home: VT220 (tmux, PuTTY), rxvt, xterm normal and application mode,
    // with a modifier.
    ("\u{1B}[1~", first, last), ("\u{1B}[7~", first, last), ("\u{1B}[H", first, last),
    ("\u{1B}OH", first, last), ("\u{1B}[1;5H", first, last), ("\u{1B}[7$", first, last),
    // End.
    ("\u{1B}[4~", last, first), ("\u{1B}[8~", last, first), ("\u{1B}[F", last, first),
    ("\u{1B}OF", last, first), ("\u{1B}[1;2F", last, first),
    // PgUp, PgDn, with a modifier.
    ("\u{1B}[5~", ["C-b"], last), ("\u{1B}[6~", ["C-f"], first),
    ("\u{1B}[5;5~", ["C-b"], last), ("\u{1B}[6;2~", ["C-f"], first),
    // Arrows in both cursor modes.
    ("\u{1B}[A", ["k"], ["j"]), ("\u{1B}[B", ["j"], []), ("\u{1B}[C", ["l"], []),
    ("\u{1B}[D", ["h"], []), ("\u{1B}OA", ["k"], ["j"]), ("\u{1B}OC", ["l"], []),
    // Shift-, Ctrl- and Alt-arrows (xterm), Shift and Ctrl (rxvt): a
    // screen of time or of channels.
    ("\u{1B}[1;2C", ["L"], []), ("\u{1B}[1;2D", ["H"], []), ("\u{1B}[1;5C", ["L"], []),
    ("\u{1B}[1;5D", ["H"], []), ("\u{1B}[1;3C", ["L"], []), ("\u{1B}[c", ["L"], []),
    ("\u{1B}Od", ["H"], []), ("\u{1B}[1;2B", ["C-f"], first), ("\u{1B}[1;2A", ["C-b"], last),
    // F1 (help): VT100, VT220/PuTTY, the Linux console.
    ("\u{1B}OP", ["?"], []), ("\u{1B}[11~", ["?"], []), ("\u{1B}[[A", ["?"], []),
  ]

  @Test func everySequenceActsAsItsKeyWithTERMXterm256color() throws {
    guard TmuxPane.available() else { throw TmuxMissing() }
    let file = NSTemporaryDirectory() + "tvgrid-sequences-\(UUID().uuidString).xml"
    try Data(Self.guide.utf8).write(to: URL(fileURLWithPath: file))
    defer { try? FileManager.default.removeItem(atPath: file) }
    let command = TmuxPane.tvgridCommand(
      ["--now", "2026-11-30T14:05Z", file],
      environment: ["TERM": "xterm-256color", "NO_COLOR": "1"])
    let pane = try TmuxPane.start(command: command, columns: 80, rows: 16, label: "sequences")
    defer { pane.stop() }
    pane.waitForScreen { $0.first?.hasSuffix("Now 14:05") ?? false }
    for entry in Self.cases {
      let printable = entry.sequence.replacingOccurrences(of: "\u{1B}", with: "ESC ")
      let start = pane.reset(then: entry.from)
      pane.sendKeys(entry.same)
      let expected = pane.waitForScreen(seconds: 5) { $0 != start }
      #expect(expected != start, "\(entry.same) changes nothing: not a test of \(printable)")
      _ = pane.reset(then: entry.from)
      pane.sendBytes(entry.sequence)
      let got = pane.waitForScreen(seconds: 5) { $0 != start }
      let differences = zip(got, expected).filter { $0.0 != $0.1 }.prefix(2)
      let same = got == expected
      #expect(
        same, "\(printable) is not \(entry.same): \(differences.map { "got \($0.0) want \($0.1)" })"
      )
    }
    pane.sendKeys(["Escape", "q"])
    #expect(pane.waitForScreen { $0.contains("EXITED 0") }.contains("EXITED 0"))
  }
}

extension TmuxPane {
  /// Back to the guide at now on the first channel (closing a view or a
  /// channel number first), then `keys` (`last`, `first`, `j` or none);
  /// the screen once the info line names the channel they select.
  fileprivate func reset(then keys: [String]) -> [String] {
    sendKeys(["Escape"])
    sendKeys(["0"] + EscapeSequenceTests.first + keys)
    let channel = keys == EscapeSequenceTests.last ? "Ch 25" : keys == ["j"] ? "Ch 02" : "Ch 01"
    return waitForScreen { $0.count > 14 && $0[14].contains(channel) && $0[2].contains("14:00") }
  }

  /// Sends `keys` (tmux key names) in one command.
  fileprivate func sendKeys(_ keys: [String]) { _ = try? tmux(["send-keys"] + keys) }

  /// Writes `text`'s bytes to the pane as they are (`send-keys -H`).
  fileprivate func sendBytes(_ text: String) {
    _ = try? tmux(["send-keys", "-H"] + text.utf8.map { String($0, radix: 16) })
  }
}
