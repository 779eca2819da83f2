import Foundation
import Testing

/// Hostile guide text never reaches the terminal as a control sequence:
/// in `tvgrid render` output (with and without colours), in `tvgrid now`,
/// and on a real terminal (a tmux pane) in the guide, the details view, the
/// channel schedule and the search results. The guide is
/// `TerminalSafetyFixture`: escape sequences and controls in every field.
@Suite struct TerminalSafetyTests {
  @Test func renderWithColoursEmitsOnlyItsOwnSGRSequences() throws {
    let file = try TerminalSafetyFixture.write()
    defer { try? FileManager.default.removeItem(at: file.deletingLastPathComponent()) }
    let run = try TVGridProcess.run([
      "render", "--color", "always", "--now", TerminalSafetyFixture.now, file.path, "--size",
      "120x40",
    ])
    #expect(run.status == 0, "stderr: \(run.stderr)")
    // The hostile fields were shown, as text ...
    #expect(run.stdout.contains(TerminalSafetyFixture.channelWord))
    #expect(run.stdout.contains(TerminalSafetyFixture.titleWord))
    #expect(run.stdout.contains(TerminalSafetyFixture.referenceNowWord))
    #expect(run.stdout.contains("\u{1B}["), "colours were asked for")
    // ... and nothing in them acts on the terminal.
    let hazards = TerminalSafetyFixture.hazards(in: run.stdout, allowSGR: true)
    #expect(hazards.isEmpty, "\(hazards)")
    #expect(TerminalSafetyFixture.hazards(in: run.stderr, allowSGR: false).isEmpty)
  }

  @Test func renderWithoutColoursEmitsNoEscapeAtAll() throws {
    let file = try TerminalSafetyFixture.write()
    defer { try? FileManager.default.removeItem(at: file.deletingLastPathComponent()) }
    for arguments in [["--color", "never"], ["--color", "never", "--ascii"]] {
      let run = try TVGridProcess.run(
        ["render"] + arguments + [
          "--now", TerminalSafetyFixture.now, file.path, "--size", "100x30",
        ])
      #expect(run.status == 0, "stderr: \(run.stderr)")
      #expect(run.stdout.contains(TerminalSafetyFixture.channelWord))
      #expect(!run.stdout.unicodeScalars.contains("\u{1B}"), "\(arguments)")
      let hazards = TerminalSafetyFixture.hazards(in: run.stdout, allowSGR: false)
      #expect(hazards.isEmpty, "\(arguments): \(hazards)")
      if arguments.contains("--ascii") {
        #expect(run.stdout.unicodeScalars.allSatisfy { $0.isASCII }, "--ascii output is ASCII")
      }
    }
  }

  @Test func nowListingPrintsNoControlSequences() throws {
    // `tvgrid now` prints titles and channel names to the terminal too.
    let file = try TerminalSafetyFixture.write()
    defer { try? FileManager.default.removeItem(at: file.deletingLastPathComponent()) }
    let text = try TVGridProcess.run(["now", file.path, "--now", TerminalSafetyFixture.now])
    #expect(text.status == 0, "stderr: \(text.stderr)")
    #expect(text.stdout.contains(TerminalSafetyFixture.titleWord))
    let hazards = TerminalSafetyFixture.hazards(in: text.stdout, allowSGR: false)
    #expect(hazards.isEmpty, "tvgrid now: \(hazards)")
    // JSON keeps the data, but escaped: no raw control (C0, DEL, C1) may
    // reach a terminal that shows it.
    let json = try TVGridProcess.run([
      "now", file.path, "--now", TerminalSafetyFixture.now, "--json",
    ])
    #expect(json.status == 0, "stderr: \(json.stderr)")
    let jsonHazards = TerminalSafetyFixture.hazards(
      in: json.stdout, allowSGR: false, allowBidi: true)
    #expect(jsonHazards.isEmpty, "tvgrid now --json: \(jsonHazards)")
  }

  @Test func tmuxPaneStaysUnharmedInEveryView() throws {
    guard TmuxPane.available() else { return }
    let file = try TerminalSafetyFixture.write()
    defer { try? FileManager.default.removeItem(at: file.deletingLastPathComponent()) }
    let command = TmuxPane.tvgridCommand(
      ["--now", TerminalSafetyFixture.now, file.path], environment: ["LANG": "C.UTF-8"])
    let pane = try TmuxPane.start(
      command: command, columns: 120, rows: 40, label: "safety",
      options: ["set-clipboard on", "allow-rename on"])
    defer { pane.stop() }
    let titleBefore = pane.value("pane_title")

    func checkScreen(_ view: String, mustShow word: String) {
      let shown = TmuxPane.waitFor { pane.screen().contains(word) }
      #expect(shown, "\(view): \(word) not on the screen:\n\(pane.screen())")
      let screen = pane.screenWithAttributes()
      let hazards = TerminalSafetyFixture.hazards(in: screen, allowSGR: true)
      #expect(hazards.isEmpty, "\(view): \(hazards)")
      let title = pane.value("pane_title")
      #expect(!title.contains(TerminalSafetyFixture.payload), "\(view): the title became \(title)")
      #expect(title == titleBefore, "\(view): the title changed from \(titleBefore) to \(title)")
      let buffers = (try? pane.tmux(["list-buffers"])) ?? ""
      #expect(buffers.isEmpty, "\(view): something was copied (OSC 52): \(buffers)")
      #expect(pane.value("alternate_on") == "1", "\(view): the alternate screen was left")
      #expect(pane.value("pane_dead") != "1")
    }

    checkScreen("guide", mustShow: TerminalSafetyFixture.channelWord)
    pane.sendKeys("Enter")
    checkScreen("details", mustShow: "DescWord")
    #expect(pane.screen().contains("SubWord"))
    pane.sendKeys("Escape")
    TmuxPane.waitFor { !pane.screen().contains("DescWord") }
    pane.sendKeys("s")
    checkScreen("channel schedule", mustShow: TerminalSafetyFixture.referenceTitleWord)
    pane.sendKeys("Escape")
    pane.sendKeys("/")
    pane.type("Word")
    pane.sendKeys("Enter")
    pane.sendKeys("r")
    checkScreen("search results", mustShow: TerminalSafetyFixture.referenceTitleWord)
    pane.sendKeys("Escape")
    pane.sendKeys("q")
    let exited = TmuxPane.waitFor { pane.file("status") != nil }
    #expect(exited, "tvgrid did not quit on q:\n\(pane.screen())")
    #expect(pane.file("status")?.trimmingCharacters(in: .whitespacesAndNewlines) == "0")
    let stderr = pane.file("stderr") ?? ""
    #expect(TerminalSafetyFixture.hazards(in: stderr, allowSGR: false).isEmpty, "stderr: \(stderr)")
  }
}
