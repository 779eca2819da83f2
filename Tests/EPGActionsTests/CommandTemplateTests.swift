import EPGLayout
import EPGSchedule
import Foundation
import Testing

@testable import EPGActions

@Suite struct CommandTemplateTests {
  static let fields = ProgrammeFields(
    title: "Doctors", subtitle: "The Long Night", channel: "BBC One", channelID: "bbc1.uk",
    number: "101", start: Support.at(15), stop: Support.at(15.75), url: "http://h.example/1.ts",
    episode: "S03E04")

  @Test func everyPlaceholder() throws {
    let template = try CommandTemplate(
      "rec {title} {subtitle} {channel} {channel_id} {number} {start} {stop} {start_iso} "
        + "{stop_iso} {duration} {url} {episode}")
    // 15:00 on 2026-11-30 UTC is 1 795 996 800 + 54 000; 45 minutes is 2 700 s.
    #expect(
      template.arguments(Self.fields.values) == [
        "rec", "Doctors", "The Long Night", "BBC One", "bbc1.uk", "101", "1796050800",
        "1796053500", "2026-11-30T15:00:00Z", "2026-11-30T15:45:00Z", "2700",
        "http://h.example/1.ts", "S03E04",
      ])
  }

  @Test func placeholdersInsideWordsAndQuotes() throws {
    let template = try CommandTemplate(
      #"ffmpeg -i {url} -t {duration} "/srv/tv/{channel} {start}.ts" --x='{title}'"#)
    #expect(
      template.arguments(Self.fields.values) == [
        "ffmpeg", "-i", "http://h.example/1.ts", "-t", "2700", "/srv/tv/BBC One 1796050800.ts",
        "--x=Doctors",
      ])
    #expect(template.uses("url"))
    #expect(!template.uses("episode"))
  }

  @Test func hostileValuesStayOneArgument() throws {
    var fields = Self.fields
    fields.title = "$(touch marker)"
    fields.channel = "; touch marker"
    fields.subtitle = "-rf"
    fields.episode = "{title}"
    let template = try CommandTemplate("notify-send {title} {channel} {subtitle} x{episode}")
    #expect(
      template.arguments(fields.values) == [
        "notify-send", "$(touch marker)", "; touch marker", " -rf", "x{title}",
      ])
  }

  @Test func badTemplates() {
    let cases: [(String, String)] = [
      ("", "the command is empty"),
      ("notify-send 'oops", "a quote in the command is never closed"),
      ("a \\", "the command ends with a lone \\"),
      ("{title} x", "the program name cannot be a placeholder"),
    ]
    for (text, message) in cases {
      #expect(throws: CommandTemplate.ParseError(message: message)) {
        try CommandTemplate(text)
      }
    }
    #expect {
      try CommandTemplate("notify-send {titel}")
    } throws: { error in
      (error as? CommandTemplate.ParseError)?.message.hasPrefix("unknown placeholder {titel}")
        == true
    }
    // Braces that are not a placeholder name are text.
    #expect((try? CommandTemplate(#"curl -d '{"a":1}'"#))?.words == ["curl", "-d", #"{"a":1}"#])
  }
}

@Suite struct CommandLauncherTests {
  /// Records its arguments one per line, then its process ids (run as
  /// `/bin/sh STUB`: sh is the process spawned).
  static let stub = """
    #!/bin/sh
    here="$(dirname "$0")"
    for a in "$@"; do printf '%s\\n' "$a"; done > "$here/argv.txt"
    stat="$(cat /proc/$$/stat)"
    set -- ${stat##*) }
    echo "$$ $3 $4" > "$here/ids.txt"
    echo "stub ran" >&2

    """

  @Test func hostileTitleReachesTheProgramAsOneArgument() throws {
    let folder = Support.folder()
    defer { try? FileManager.default.removeItem(atPath: folder) }
    let stubPath = folder + "/notify stub.sh"
    Support.script(stubPath, Self.stub)
    var fields = CommandTemplateTests.fields
    fields.title = "$(touch \(folder)/marker) `touch \(folder)/marker2`"
    fields.channel = "; touch \(folder)/marker3"
    let template = try CommandTemplate("/bin/sh '\(stubPath)' {title} {channel} --at={start}")
    let process = try CommandLauncher.launch(
      template.arguments(fields.values), logDirectory: folder + "/state", logName: "commands.log",
      now: Support.at(14), mask: { $0 })
    #expect(process.waitForExit() == 0)
    let argv = try String(contentsOfFile: folder + "/argv.txt", encoding: .utf8)
    #expect(argv == "\(fields.title)\n\(fields.channel)\n--at=1796050800\n")
    for name in ["marker", "marker2", "marker3"] {
      #expect(!FileManager.default.fileExists(atPath: folder + "/" + name))
    }
    let ids = try String(contentsOfFile: folder + "/ids.txt", encoding: .utf8)
    #expect(ids == "\(process.pid) \(process.pid) \(process.pid)\n")
    let log = try String(contentsOfFile: folder + "/state/commands.log", encoding: .utf8)
    #expect(
      log == "2026-11-30T14:00:00Z start: /bin/sh \(stubPath) \(fields.title) \(fields.channel) "
        + "--at=1796050800\nstub ran\n")
  }

  @Test func missingProgramIsAClearMessage() {
    let folder = Support.folder()
    defer { try? FileManager.default.removeItem(atPath: folder) }
    #expect(
      throws: CommandLauncher.LaunchError(message: "cannot start tvgrid-no-such-command: not found")
    ) {
      try CommandLauncher.launch(
        ["tvgrid-no-such-command", "x"], logDirectory: folder, logName: "commands.log", now: 0,
        mask: { $0 })
    }
  }

  @Test func aHangingCommandDoesNotBlock() throws {
    let folder = Support.folder()
    defer { try? FileManager.default.removeItem(atPath: folder) }
    let stubPath = folder + "/hang.sh"
    // Waits on a FIFO nobody writes to: it can only end by a signal.
    Support.script(stubPath, "#!/bin/sh\nmkfifo \"$0.fifo\"\nread x < \"$0.fifo\"\n")
    let process = try CommandLauncher.launch(
      ["/bin/sh", stubPath], logDirectory: folder, logName: "commands.log", now: 0, mask: { $0 })
    // launch returned while the command runs.
    #expect(process.exitStatus() == nil)
    process.terminate()
    #expect(process.waitForExit() == 128 + SIGTERM)
    #expect(LaunchedProcess.ending(status: 128 + SIGTERM) == "killed by signal 15")
    #expect(LaunchedProcess.ending(status: 0) == "finished")
    #expect(LaunchedProcess.ending(status: 3) == "failed (exit status 3)")
  }

  @Test func credentialsAreMaskedInTheLog() throws {
    let folder = Support.folder()
    defer { try? FileManager.default.removeItem(atPath: folder) }
    let process = try CommandLauncher.launch(
      ["true", "secret"], logDirectory: folder, logName: "x.log", now: 0,
      mask: { $0 == "secret" ? "***" : $0 })
    _ = process.waitForExit()
    let log = try String(contentsOfFile: folder + "/x.log", encoding: .utf8)
    #expect(log == "1970-01-01T00:00:00Z start: true ***\n")
  }
}

@Suite struct NamedCommandTests {
  @Test func urlIsNeededWhenTheTemplateUsesIt() throws {
    let folder = Support.folder()
    defer { try? FileManager.default.removeItem(atPath: folder) }
    var fields = CommandTemplateTests.fields
    fields.url = ""
    let record = NamedCommand(name: "record", template: try CommandTemplate("ffmpeg -i {url}"))
    #expect(
      throws: CommandLauncher.LaunchError(message: "record: BBC One has no stream for {url}")
    ) {
      try record.start(fields: fields, logDirectory: folder, now: 0, mask: { $0 })
    }
  }

  @Test func runningCommandsSayHowTheyEnded() throws {
    let folder = Support.folder()
    defer { try? FileManager.default.removeItem(atPath: folder) }
    var polled = RunningCommands()
    for (name, program) in [("ok", "true"), ("bad", "false")] {
      let command = NamedCommand(name: name, template: try CommandTemplate(program))
      polled.add(
        name,
        try command.start(
          fields: CommandTemplateTests.fields, logDirectory: folder, now: 0, mask: { $0 }))
    }
    // Wait until both have exited without reaping them (WNOWAIT), so one
    // reap() sees both.
    for entry in polled.running {
      var info = siginfo_t()
      while waitid(P_PID, id_t(entry.process.pid), &info, WEXITED | WNOWAIT) != 0 && errno == EINTR
      {}
    }
    let ended = polled.reap()
    #expect(polled.isEmpty)
    #expect(
      Set(ended.map(\.message)) == [
        "ok finished", "bad failed (exit status 1); see \(folder)/commands.log",
      ])
  }
}
