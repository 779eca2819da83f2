import Foundation
import Testing

/// Thai and Devanagari titles and a flag in a real terminal (tmux): every
/// mark reaches the screen, and the interactive screen is the one `render`
/// prints. (Curses takes one spacing character per cell, so a cluster like
/// Thai "นำ" or Devanagari "हि" must be written as two cells, and a flag's
/// second regional indicator goes in the flag's second column.)
@Suite struct ComplexScriptTests {
  static let guide = """
    <?xml version="1.0" encoding="UTF-8"?>
    <tv>
      <channel id="th"><display-name>Thai TV</display-name></channel>
      <channel id="in"><display-name>Hindi TV</display-name></channel>
      <channel id="flag"><display-name>Flag TV</display-name></channel>
      <programme channel="th" start="20261130140000 +0000" stop="20261130150000 +0000"><title>แนะนำสินค้า</title></programme>
      <programme channel="th" start="20261130150000 +0000" stop="20261130160000 +0000"><title>After</title></programme>
      <programme channel="in" start="20261130140000 +0000" stop="20261130150000 +0000"><title>हिन्दी समाचार</title></programme>
      <programme channel="in" start="20261130150000 +0000" stop="20261130160000 +0000"><title>After</title></programme>
      <programme channel="flag" start="20261130140000 +0000" stop="20261130150000 +0000"><title>🇹🇭 Thai</title></programme>
    </tv>
    """

  @Test func marksAreNotDroppedAndTheScreenIsRenders() throws {
    guard TmuxPane.available() else { return }
    let file = NSTemporaryDirectory() + "tvgrid-scripts-\(UUID().uuidString).xml"
    try Data(Self.guide.utf8).write(to: URL(fileURLWithPath: file))
    defer { try? FileManager.default.removeItem(atPath: file) }
    let command =
      "env TZ=UTC LANG=C.UTF-8 NO_COLOR= TERM=screen '\(TVGridProcess.binary)' --now 2026-11-30T14:05Z '\(file)'; sleep 60"
    let pane = try TmuxPane.start(command: command, columns: 80, rows: 12, label: "scripts")
    defer { pane.stop() }
    let screen = pane.waitForScreen { $0.first?.hasSuffix("Now 14:05") ?? false }
    let render = try TVGridProcess.run(
      ["render", "--size", "80x12", "--now", "2026-11-30T14:05Z", file],
      environment: ["LANG": "C.UTF-8"])
    let expected = render.stdout.split(separator: "\n", omittingEmptySubsequences: false)
      .map(String.init)
    #expect(screen.count > 6)
    guard screen.count > 6 else { return }
    #expect(screen[4].contains("│แนะนำสินค้า "), "\(screen[4])")
    #expect(screen[5].contains("│हिन्दी समाचार "), "\(screen[5])")
    #expect(screen[6].contains("│\u{1F1F9}\u{1F1ED} Thai "), "\(screen[6])")
    #expect(Array(screen.prefix(7)) == Array(expected.prefix(7)))
  }
}
