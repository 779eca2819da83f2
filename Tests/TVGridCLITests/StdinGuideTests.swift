import Foundation
import Testing

/// `cat guide.xml | tvgrid -`: the guide comes from standard input, the keys
/// from the terminal (`/dev/tty`), as `less` and `fzf` do.
@Suite(.serialized) struct StdinGuideTests {
  @Test func aGuideOnStandardInputOpensAndTakesKeysFromTheTerminal() throws {
    guard TmuxPane.available() else { throw TmuxMissing() }
    let file = try InteractiveGuideTests.guideFile()
    defer { try? FileManager.default.removeItem(atPath: file) }
    let command =
      "cat \(TmuxPane.quote(file)) | "
      + TmuxPane.tvgridCommand(
        ["--now", "2026-11-30T14:05Z", "-"], environment: ["TERM": "screen"])
    let pane = try TmuxPane.start(command: command, columns: 80, rows: 16, label: "stdin")
    defer { pane.stop() }
    let screen = pane.waitForScreen {
      ($0.first?.hasSuffix("Now 14:05") ?? false) || $0.contains { $0.hasPrefix("EXITED") }
    }
    #expect(screen.count > 5 && screen[4].hasPrefix("BBC One     │Afternoon…"), "\(screen)")
    pane.sendKeys("j")
    let moved = pane.waitForScreen { $0.count > 14 && $0[14].contains("Film Four") }
    #expect(moved[14].hasPrefix(" 13:40–15:50 Film Four  The Big Sleep"), "\(moved)")
    pane.sendKeys("q")
    let after = pane.waitForScreen { $0.contains { $0.hasPrefix("EXITED") } }
    #expect(after.contains("EXITED 0"), "\(after) \(pane.file("stderr") ?? "")")
    #expect(!after.contains { $0.contains("tvgrid │") })
  }
}
