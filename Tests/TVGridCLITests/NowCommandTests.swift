import Foundation
import Testing

/// `tvgrid now` on the worked example (A 10:15–11:00 on "zero"; B
/// 11:00–12:30 and C 12:30–14:00 on "one"), times worked by hand.
@Suite struct NowCommandTests {
  static func guide() throws -> String {
    try SubcommandTests.temporaryFile(SubcommandTests.workedExample, named: "worked.json")
  }

  /// "zero" has nothing on and nothing next at 11:30: listed with `—`.
  @Test func everyChannelIsListed() throws {
    let result = try TVGridProcess.run(["now", try Self.guide(), "--now", "2026-11-30T11:30Z"])
    #expect(result.status == 0, "\(result.stderr)")
    let lines = result.stdout.split(separator: "\n")
    #expect(lines.count == 3, "\(result.stdout)")
    // CHANNEL is the widest first cell (7): columns at 9, 22, 25 and 32.
    #expect(lines[1] == "zero                  —", "\(result.stdout)")
    #expect(lines[2] == "one      11:00–12:30  B  12:30  C", "\(result.stdout)")
  }

  /// "Short" starts with the longer "Long", so the grid drops it; `now`
  /// still lists it, as `tv_grep --on-after 18:30 --on-before 18:30` does,
  /// also when a favourite reorders the channels.
  @Test func aProgrammeTheGridDropsIsStillOn() throws {
    let file = try SubcommandTests.temporaryFile(
      """
      <tv><channel id="a"><display-name>A</display-name></channel>
      <channel id="b"><display-name>B</display-name></channel>
      <programme start="20261130180000 +0000" stop="20261130200000 +0000" channel="a"><title>Long</title></programme>
      <programme start="20261130180000 +0000" stop="20261130190000 +0000" channel="a"><title>Short</title></programme>
      <programme start="20261130180000 +0000" stop="20261130190000 +0000" channel="b"><title>Other</title></programme>
      </tv>
      """, named: "dropped.xml")
    let config = FileManager.default.temporaryDirectory.appendingPathComponent(
      "tvgrid-now-dropped-\(UUID().uuidString)")
    try FileManager.default.createDirectory(
      at: config.appendingPathComponent("tvgrid"), withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: config) }
    try "favourites = B\n".write(
      to: config.appendingPathComponent("tvgrid/config"), atomically: true, encoding: .utf8)
    let result = try TVGridProcess.run(
      ["now", file, "--now", "2026-11-30T18:30Z", "--json"],
      environment: ["XDG_CONFIG_HOME": config.path])
    #expect(result.status == 0, "\(result.stderr)")
    let object = try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [String: Any]
    let channels = object?["channels"] as? [[String: Any]] ?? []
    #expect(channels.map { $0["id"] as? String } == ["b", "a"])
    let alsoOn = channels.last?["alsoOn"] as? [[String: Any]] ?? []
    #expect(alsoOn.map { $0["title"] as? String } == ["Short"])
  }

  /// After the guide's end: the reason on stderr, exit 1.
  @Test func staleGuideFails() throws {
    let result = try TVGridProcess.run(["now", try Self.guide(), "--now", "2026-12-02T10:00Z"])
    #expect(result.status == 1)
    #expect(
      result.stderr
        == "tvgrid now: nothing on at Wed 2 Dec 2026 10:00: the guide ended Mon 30 Nov 2026 14:00\n"
    )
    let json = try TVGridProcess.run(
      ["now", try Self.guide(), "--now", "2026-12-02T10:00Z", "--json"])
    #expect(json.status == 1)
  }

  /// Before the guide's start: exit 1, and the next programmes (not today)
  /// carry their date.
  @Test func futureGuideFailsAndDatesTheNextProgrammes() throws {
    let result = try TVGridProcess.run(["now", try Self.guide(), "--now", "2026-11-29T22:00Z"])
    #expect(result.status == 1)
    #expect(
      result.stderr.contains(
        "nothing on at Sun 29 Nov 2026 22:00: the guide starts Mon 30 Nov 2026 10:15"))
    #expect(result.stdout.contains("Mon 30 Nov 10:15  A"), "\(result.stdout)")
    #expect(result.stdout.contains("Mon 30 Nov 11:00  B"), "\(result.stdout)")
  }

  /// On a terminal 40 columns wide no line wraps (`capture-pane -J` joins
  /// wrapped lines, so a wrapped line would be longer than 40).
  @Test func linesFitTheTerminal() throws {
    guard TmuxPane.available() else { throw TmuxMissing() }
    let long = SubcommandTests.workedExample.replacingOccurrences(
      of: #""title": "B""#,
      with: #""title": "B is a programme with a title far too long for forty columns""#)
    let path = try SubcommandTests.temporaryFile(long, named: "long.json")
    let pane = try TmuxPane.start(
      command: TmuxPane.tvgridCommand(["now", path, "--now", "2026-11-30T11:30Z"]),
      columns: 40, rows: 12, label: "now-width")
    defer { pane.stop() }
    _ = pane.waitForScreen { $0.contains { $0.hasPrefix("EXITED") } }
    let joined = try pane.tmux(["capture-pane", "-p", "-J"]).split(separator: "\n")
    let table = joined.prefix { !$0.hasPrefix("EXITED") }
    #expect(table.count == 3, "\(joined)")
    for line in table { #expect(line.count <= 40, "\(line)") }
    #expect(
      table.contains { $0.hasPrefix("one      11:00–12:30  B is") && $0.contains("…") }, "\(table)")
  }
}
