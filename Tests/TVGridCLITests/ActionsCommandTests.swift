import EPGPlatform
import Foundation
import Testing

/// `tvgrid remind`, `tvgrid reminders` and `tvgrid search` end to end, with
/// the XDG folders in a temporary folder (never the real home) and stub
/// commands that record their arguments.
@Suite struct ActionsCommandTests {
  /// BBC One: two hostile titles at 20:00 and 21:00, a film at 22:00
  /// (2026-11-30, UTC); ITV1: a repeat of the film at 23:00. Each hostile
  /// title would create `marker` in the folder tvgrid runs in (the test's
  /// own: `Home.run`) if it ever reached a shell.
  static let guide = """
    {"channels": [{"id": "bbc1.uk", "name": "BBC One", "number": "101"},
                  {"id": "itv1.uk", "name": "ITV1"}],
     "programmes": [
       {"channel": "bbc1.uk", "start": "2026-11-30T20:00:00Z", "stop": "2026-11-30T21:00:00Z", "title": "$(touch marker)"},
       {"channel": "bbc1.uk", "start": "2026-11-30T21:00:00Z", "stop": "2026-11-30T22:00:00Z", "title": "; touch marker", "subTitle": "Part 1"},
       {"channel": "bbc1.uk", "start": "2026-11-30T22:00:00Z", "stop": "2026-11-30T23:30:00Z", "title": "Casablanca", "categories": ["Film"]},
       {"channel": "itv1.uk", "start": "2026-11-30T23:00:00Z", "stop": "2026-12-01T00:45:00Z", "title": "Casablanca", "categories": ["Film"], "previouslyShown": true}]}
    """

  /// Appends its arguments, one a line, and a `--` line to `argv.txt`
  /// beside itself. Run as `/bin/sh STUB …`, so the file executed is never
  /// one just written (no "text file busy" while tests run in parallel).
  ///
  /// Two runs may overlap (notify_command and --run NAME start together):
  /// each appends its record with one write, so records never interleave.
  static let stub = """
    here="$(dirname "$0")"
    record="$(for a in "$@"; do printf '%s\\n' "$a"; done; echo --)"
    printf '%s\\n' "$record" >> "$here/argv.txt"

    """

  /// A temporary home: guide, config, stub, and the environment pointing
  /// XDG_CONFIG_HOME, XDG_DATA_HOME, XDG_STATE_HOME and HOME into it.
  struct Home {
    var folder: String
    var guide: String { folder + "/guide.json" }
    var stub: String { folder + "/stub.sh" }
    var argv: String { folder + "/argv.txt" }
    var reminders: String { folder + "/data/tvgrid/reminders.json" }
    var environment: [String: String] {
      [
        "HOME": folder + "/home", "XDG_CONFIG_HOME": folder + "/config",
        "XDG_DATA_HOME": folder + "/data", "XDG_STATE_HOME": folder + "/state",
        "XDG_CACHE_HOME": folder + "/cache",
      ]
    }

    init(config: String) throws {
      folder = NSTemporaryDirectory() + "tvgrid-actions-\(UUID().uuidString)"
      try FileManager.default.createDirectory(
        atPath: folder + "/config/tvgrid", withIntermediateDirectories: true)
      try Data(ActionsCommandTests.guide.utf8).write(to: URL(fileURLWithPath: guide))
      try Data(ActionsCommandTests.stub.utf8).write(to: URL(fileURLWithPath: stub))
      let text = config.replacingOccurrences(of: "STUB", with: "'\(stub)'")
      try Data(text.utf8).write(to: URL(fileURLWithPath: folder + "/config/tvgrid/config"))
    }

    /// Runs tvgrid in the folder (the commands it starts run there too).
    func run(_ arguments: [String]) throws -> TVGridProcess {
      try TVGridProcess.run(arguments, environment: environment, directory: folder)
    }

    /// Whether a hostile title ran: its marker file exists.
    var markerExists: Bool { FileManager.default.fileExists(atPath: folder + "/marker") }

    /// What the stub recorded, once it holds `count` runs (bounded wait:
    /// the command may outlive tvgrid's own short wait on a busy machine).
    func recorded(runs count: Int) -> String {
      for _ in 0..<500 {
        let text = (try? String(contentsOfFile: argv, encoding: .utf8)) ?? ""
        if text.components(separatedBy: "--\n").count - 1 >= count { return text }
        usleep(20_000)
      }
      return (try? String(contentsOfFile: argv, encoding: .utf8)) ?? ""
    }

    func remove() { try? FileManager.default.removeItem(atPath: folder) }
  }

  @Test func remindDueRunsTheNotifyCommandOnceWithHostileTitlesAsOneArgument() throws {
    let home = try Home(
      config: """
        notify_command = /bin/sh STUB {title} {channel} {start} --at={start_iso}
        command rec = /bin/sh STUB rec {channel_id} {subtitle} {duration}
        """)
    defer { home.remove() }
    for start in ["2026-11-30T20:00Z", "2026-11-30T21:30Z"] {
      let added = try home.run([
        "remind", home.guide, "--add", "bbc1.uk", "--start", start, "--now", "2026-11-30T19:00Z",
      ])
      #expect(added.status == 0, "\(added.stderr)")
    }
    // remind_before is 2 minutes: at 19:57 nothing is due yet…
    let early = try home.run(["remind", "--due", home.guide, "--now", "2026-11-30T19:57Z"])
    #expect(early.status == 0 && early.stdout.isEmpty, "\(early.stderr)")
    // …but within 5 minutes the 20:00 programme is.
    let due = try home.run([
      "remind", "--due", "--within", "5m", home.guide, "--now", "2026-11-30T19:57Z",
    ])
    #expect(due.status == 0, "\(due.stderr)")
    #expect(due.stdout == "2026-11-30 20:00–21:00  BBC One  $(touch marker)\n")
    // 20:00 UTC on 2026-11-30 is 1 796 068 800 seconds after the epoch.
    #expect(
      home.recorded(runs: 1)
        == "$(touch marker)\nBBC One\n1796068800\n--at=2026-11-30T20:00:00Z\n--\n")
    #expect(!FileManager.default.fileExists(atPath: home.folder + "/home"))
    #expect(!home.markerExists)
    // Once each: a second run fires nothing.
    let again = try home.run(["remind", "--due", home.guide, "--now", "2026-11-30T19:59Z"])
    #expect(again.status == 0 && again.stdout.isEmpty, "\(again.stderr)")
    // --run NAME runs the user's command too, after notify_command.
    let second = try home.run([
      "remind", "--due", "--run", "rec", home.guide, "--now", "2026-11-30T20:58Z",
    ])
    #expect(second.status == 0, "\(second.stderr)")
    #expect(second.stdout == "2026-11-30 21:00–22:00  BBC One  ; touch marker: Part 1\n")
    let runs = home.recorded(runs: 3).components(separatedBy: "--\n")
    #expect(runs.count == 4)
    #expect(
      Set(runs[1...2]) == [
        "; touch marker\nBBC One\n1796072400\n--at=2026-11-30T21:00:00Z\n",
        "rec\nbbc1.uk\nPart 1\n3600\n",
      ])
    let log = try String(
      contentsOfFile: home.folder + "/state/tvgrid/commands.log", encoding: .utf8)
    #expect(
      log.contains("2026-11-30T20:58:00Z start: /bin/sh \(home.stub) rec bbc1.uk Part 1 3600\n"))
    // The reminders file records both as fired.
    let list = try home.run(["reminders", home.guide, "--json", "--now", "2026-11-30T20:58Z"])
    let object = try #require(
      try JSONSerialization.jsonObject(with: Data(list.stdout.utf8)) as? [String: Any])
    let reminders = try #require(object["reminders"] as? [[String: Any]])
    #expect(reminders.map { $0["title"] as? String } == ["$(touch marker)", "; touch marker"])
    #expect(reminders.map { $0["fired"] as? Bool } == [true, true])
    #expect(!home.markerExists)
  }

  @Test func aMissingCommandIsAClearMessageAndAHangingOneIsLeftRunning() throws {
    let home = try Home(config: "notify_command = tvgrid-no-such-notifier {title}\n")
    defer { home.remove() }
    _ = try home.run([
      "remind", home.guide, "--add", "bbc1.uk", "--start", "2026-11-30T20:00Z",
    ])
    let missing = try home.run(["remind", "--due", home.guide, "--now", "2026-11-30T19:59Z"])
    #expect(missing.status == 1)
    #expect(missing.stderr == "tvgrid: cannot start tvgrid-no-such-notifier: not found\n")
    #expect(missing.stdout == "2026-11-30 20:00–21:00  BBC One  $(touch marker)\n")

    let hanging = try Home(config: "notify_command = /bin/sleep 300\n")
    defer { hanging.remove() }
    _ = try hanging.run([
      "remind", hanging.guide, "--add", "bbc1.uk", "--start", "2026-11-30T20:00Z",
    ])
    let result = try hanging.run(["remind", "--due", hanging.guide, "--now", "2026-11-30T19:59Z"])
    #expect(!result.timedOut)
    #expect(result.status == 0)
    #expect(result.stderr.hasPrefix("tvgrid: notify_command still running (pid "))
    // Stop the sleeper (its own process group) by the pid tvgrid printed.
    if let pid = result.stderr.split(separator: " ").dropFirst(5).first.flatMap({
      Int32($0.trimmingCharacters(in: CharacterSet(charactersIn: ",")))
    }) {
      kill(-pid, SIGTERM)
    }
  }

  @Test func searchPrintsMatchesAndSavedSearches() throws {
    let home = try Home(
      config: """
        search films = genre:film
        search new films = genre:film -repeat
        """)
    defer { home.remove() }
    let plain = try home.run(["search", "genre:film", home.guide, "--now", "2026-11-30T21:00Z"])
    #expect(plain.status == 0, "\(plain.stderr)")
    #expect(
      plain.stdout == """
        2026-11-30 22:00–23:30  BBC One  Casablanca
        2026-11-30 23:00–00:45  ITV1  Casablanca

        """)
    let json = try home.run([
      "search", "channel:101 after:20:30", home.guide, "--json", "--now", "2026-11-30T19:00Z",
    ])
    let object = try #require(
      try JSONSerialization.jsonObject(with: Data(json.stdout.utf8)) as? [String: Any])
    let matches = try #require(object["matches"] as? [[String: Any]])
    #expect(matches.map { $0["title"] as? String } == ["; touch marker", "Casablanca"])
    #expect(matches.first?["start"] as? String == "2026-11-30T21:00:00Z")
    // Without repeats, only the BBC showing.
    let saved = try home.run([
      "search", "--saved", "new films", home.guide, "--days", "1", "--now", "2026-11-30T21:00Z",
    ])
    #expect(saved.stdout == "new films:\n  2026-11-30 22:00–23:30  BBC One  Casablanca\n")
    let all = try home.run(["search", "--saved", home.guide, "--now", "2026-11-30T23:45Z"])
    #expect(
      all.stdout == """
        films:
          2026-11-30 23:00–00:45  ITV1  Casablanca
        new films:

        """)
    let bad = try home.run(["search", "after:25:00", home.guide])
    #expect(bad.status == 2)
    #expect(bad.stderr == "tvgrid search: column 7: after: wants a time like 20:00, not '25:00'\n")
  }

  /// `tvgrid search` and saved searches: accents, case and width never
  /// hide a match (issue 24, item 7); the titles print as written.
  @Test func searchFoldsAccentsCaseAndWidth() throws {
    let home = try Home(config: "search swiss = title:zurich\n")
    defer { home.remove() }
    let guide = home.folder + "/accents.json"
    try Data(
      """
      {"channels": [{"id": "tele24.fr", "name": "Télé 24"}],
       "programmes": [
         {"channel": "tele24.fr", "start": "2026-11-30T20:00:00Z", "stop": "2026-11-30T21:00:00Z", "title": "Híradó"},
         {"channel": "tele24.fr", "start": "2026-11-30T21:00:00Z", "stop": "2026-11-30T22:30:00Z", "title": "Tatort: Zürich"},
         {"channel": "tele24.fr", "start": "2026-11-30T22:30:00Z", "stop": "2026-11-30T23:00:00Z", "title": "Die Straße"}]}
      """.utf8
    ).write(to: URL(fileURLWithPath: guide))
    let now = "2026-11-30T19:00Z"
    let hirado = try home.run(["search", "hirado", guide, "--now", now])
    #expect(hirado.status == 0, "\(hirado.stderr)")
    #expect(hirado.stdout == "2026-11-30 20:00–21:00  Télé 24  Híradó\n")
    let strasse = try home.run(["search", "STRASSE channel:tele", guide, "--now", now])
    #expect(strasse.stdout == "2026-11-30 22:30–23:00  Télé 24  Die Straße\n")
    let wide = try home.run(["search", "ＨＩＲＡＤＯ", guide, "--now", now])
    #expect(wide.stdout == "2026-11-30 20:00–21:00  Télé 24  Híradó\n")
    let saved = try home.run(["search", "--saved", "swiss", guide, "--now", now])
    #expect(saved.stdout == "swiss:\n  2026-11-30 21:00–22:30  Télé 24  Tatort: Zürich\n")
  }

  /// Issue 25: `reminders --ics` drops what the screen would not show (C0
  /// and C1 controls, bidi overrides and isolates) from the titles and
  /// channel names it writes.
  @Test func remindersAsICalendarCarryNoControlOrBidiCharacter() throws {
    let home = try Home(config: "")
    defer { home.remove() }
    let guide = home.folder + "/hostile.json"
    let json = #"""
      {"channels": [{"id": "x.tv", "name": "\u202eVT lived\u202c \u009b2J"}],
       "programmes": [{"channel": "x.tv", "start": "2026-11-30T20:00:00Z", "stop": "2026-11-30T21:00:00Z",
                       "title": "\u001b]0;owned\u0007News \u2066at\u2069 ten\u200f\u0085"}]}
      """#
    try Data(json.utf8).write(to: URL(fileURLWithPath: guide))
    let added = try home.run([
      "remind", guide, "--add", "x.tv", "--start", "2026-11-30T20:00Z", "--now",
      "2026-11-30T12:00Z",
    ])
    #expect(added.status == 0, "\(added.stderr)")
    let ics = try home.run(["reminders", "--ics", guide, "--now", "2026-11-30T12:00Z"])
    #expect(ics.status == 0, "\(ics.stderr)")
    #expect(ics.stdout.contains("\r\nSUMMARY:]0\\;ownedNews at ten\r\n"))
    #expect(ics.stdout.contains("\r\nLOCATION:VT lived 2J\r\n"))
    let scalars = ics.stdout.replacingOccurrences(of: "\r\n", with: "").unicodeScalars
    #expect(!scalars.contains { $0.value < 0x20 || (0x7F...0x9F).contains($0.value) })
    #expect(!scalars.contains { (0x202A...0x202E).contains($0.value) })
    #expect(!scalars.contains { (0x2066...0x2069).contains($0.value) })
  }

  @Test func remindersAsICalendarAndACorruptFileKeptAside() throws {
    let home = try Home(config: "")
    defer { home.remove() }
    _ = try home.run([
      "remind", home.guide, "--add", "bbc1.uk", "--start", "2026-11-30T22:30Z",
    ])
    let ics = try home.run(["reminders", "--ics", home.guide, "--now", "2026-11-30T12:00Z"])
    #expect(ics.status == 0)
    #expect(ics.stdout.contains("\r\nSUMMARY:Casablanca\r\nLOCATION:BBC One\r\n"))
    #expect(ics.stdout.contains("\r\nDTSTART:20261130T220000Z\r\nDTEND:20261130T233000Z\r\n"))
    let text = try home.run(["reminders", home.guide, "--now", "2026-11-30T12:00Z"])
    #expect(text.stdout == "2026-11-30 22:00–23:30  BBC One  Casablanca\n")

    try Data("{\"version\": 1,\n \"reminders\": [\n  {]\n}\n".utf8).write(
      to: URL(fileURLWithPath: home.reminders))
    let corrupt = try home.run(["reminders", home.guide, "--now", "2026-11-30T12:00Z"])
    #expect(corrupt.status == 0)
    #expect(
      corrupt.stderr == """
        tvgrid: reminders.json:3: not valid JSON
        tvgrid: reminders.json: kept as reminders.json.corrupt-20261130T120000Z

        """)
    #expect(FileManager.default.fileExists(atPath: home.reminders + ".corrupt-20261130T120000Z"))
  }
}
