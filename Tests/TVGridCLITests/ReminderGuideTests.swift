import EPGPlatform
import Foundation
import Testing

/// Reminders and commands in the interactive guide, end to end in tmux
/// (80 × 24), with the XDG folders in a temporary home and the stub of
/// `ActionsCommandTests` recording the arguments of the programs started.
/// The guide is `ActionsCommandTests.guide`: on BBC One `$(touch marker)`
/// at 20:00 and `; touch marker` (Part 1) at 21:00, 2026-11-30 UTC; the
/// guide runs in the test's folder, where the marker never appears.
@Suite(.serialized) struct ReminderGuideTests {
  static let config = """
    notify_command = /bin/sh STUB notify {title} {channel}
    command record = /bin/sh STUB record {title} {start}
    command look = /bin/sh STUB look {title}
    """

  /// Runs the guide at `now` in the home; `rate` makes the clock run that
  /// many times as fast (`TVGRID_CLOCK_RATE`, the test hook).
  static func start(_ home: ActionsCommandTests.Home, now: String, rate: Int? = nil) throws
    -> TmuxPane
  {
    guard TmuxPane.available() else { throw TmuxMissing() }
    var variables = home.environment
    variables["TZ"] = "UTC"
    variables["LANG"] = "C.UTF-8"
    variables["TERM"] = "screen"
    if let rate { variables["TVGRID_CLOCK_RATE"] = "\(rate)" }
    let assignments = variables.sorted { $0.key < $1.key }.map { "\($0.key)='\($0.value)'" }
      .joined(separator: " ")
    let command =
      "cd '\(home.folder)' && env \(assignments) '\(TVGridProcess.binary)' --now \(now) "
      + "'\(home.guide)'; echo \"exit status $?\"; sleep 60"
    return try TmuxPane.start(command: command, columns: 80, rows: 24, label: "remind")
  }

  @Test func rSetsAReminderThatIsMarkedFiresOnceAndRunsAChoice() throws {
    let home = try ActionsCommandTests.Home(config: Self.config)
    defer { home.remove() }
    // 120 × real time: the reminder (21:00 − 2 min) fires 14 s after 20:30.
    let pane = try Self.start(home, now: "2026-11-30T20:30Z", rate: 120)
    defer { pane.stop() }
    pane.waitForScreen { $0.first?.contains("Now 20:3") ?? false }
    pane.sendKeys("l")
    pane.waitForScreen { $0.count > 22 && $0[22].contains("; touch marker") }
    pane.sendKeys("r")
    let marked = pane.waitForScreen { $0.contains { $0.contains("│⚑ ; touch marker") } }
    #expect(
      marked.contains { $0.contains("│⚑ ; touch marker") }, "\(marked.joined(separator: "\n"))")
    #expect(marked.last?.contains("Reminder set for \"; touch marker\": fires at 20:58") == true)
    // It fires: the notice, with the user's commands among the choices.
    let notice = pane.waitForScreen(seconds: 60) { $0.contains { $0.contains("Reminder ─") } }
    #expect(notice.contains { $0.contains("; touch marker: Part 1") })
    #expect(notice.contains { $0.contains("Enter go to  Esc dismiss  1 record  2 look") })
    // notify_command ran once, each placeholder one argument.
    #expect(home.recorded(runs: 1) == "notify\n; touch marker\nBBC One\n--\n")
    let file = (try? String(contentsOfFile: home.reminders, encoding: .utf8)) ?? ""
    #expect(file.contains("\"fired\":\"2026-11-30T21:00:00Z\""))
    // 1: the first command for the programme (21:00 is 1 796 072 400).
    pane.sendKeys("1")
    #expect(
      home.recorded(runs: 2)
        == "notify\n; touch marker\nBBC One\n--\nrecord\n; touch marker\n1796072400\n--\n")
    let after = pane.waitForScreen { !$0.contains { $0.contains("Reminder ─") } }
    #expect(!after.contains { $0.contains("Reminder ─") })
    pane.sendKeys("q")
    #expect(pane.waitForScreen { $0.contains("exit status 0") }.contains("exit status 0"))
    // Fired once only.
    #expect(home.recorded(runs: 2).components(separatedBy: "notify\n").count == 2)
    #expect(!home.markerExists)
  }

  @Test func theCommandMenuPassesAHostileTitleAsOneArgument() throws {
    let home = try ActionsCommandTests.Home(config: Self.config)
    defer { home.remove() }
    let pane = try Self.start(home, now: "2026-11-30T20:30Z")
    defer { pane.stop() }
    pane.waitForScreen { $0.first?.contains("Now 20:30") ?? false }
    pane.sendKeys("|")
    let menu = pane.waitForScreen { $0.contains { $0.contains("Run for \"$(touch marker)\"") } }
    #expect(menu.contains { $0.contains("│ 2  look    /bin/sh") })
    pane.sendKeys("2")
    #expect(home.recorded(runs: 1) == "look\n$(touch marker)\n--\n")
    let ended = pane.waitForScreen { $0.last?.contains("look finished") ?? false }
    #expect(ended.last?.contains("look finished") == true, "\(ended.joined(separator: "\n"))")
    pane.sendKeys("q")
    #expect(pane.waitForScreen { $0.contains("exit status 0") }.contains("exit status 0"))
    #expect(!home.markerExists)
  }

  @Test func remindDueSetsRemindersForSearchesThatRemind() throws {
    let home = try ActionsCommandTests.Home(
      config: """
        notify_command = /bin/sh STUB {title} {channel}
        search films = genre:film
        search_remind = films
        """)
    defer { home.remove() }
    // Casablanca at 22:00 on BBC One is due at 21:58; the ITV1 airing at
    // 23:00 gets a reminder too, not yet due.
    let due = try home.run(["remind", "--due", home.guide, "--now", "2026-11-30T21:58Z"])
    #expect(due.status == 0, "\(due.stderr)")
    #expect(due.stdout == "2026-11-30 22:00–23:30  BBC One  Casablanca\n")
    #expect(home.recorded(runs: 1) == "Casablanca\nBBC One\n--\n")
    let file = try String(contentsOfFile: home.reminders, encoding: .utf8)
    #expect(file.contains("\"channel\":\"itv1.uk\""))
    #expect(file.components(separatedBy: "\"title\":\"Casablanca\"").count == 3)
  }
}
