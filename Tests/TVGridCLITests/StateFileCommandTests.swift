import EPGPlatform
import Foundation
import Testing

/// tvgrid's own files when two tvgrids use them at once, or when they
/// cannot be written (issue 25, items 14 and 15).
@Suite(.serialized) struct StateFileCommandTests {
  /// A temporary home with the actions tests' guide and no config.
  static func home() throws -> ActionsCommandTests.Home {
    try ActionsCommandTests.Home(config: "")
  }

  @Test func remindAddFailsWhenTheReminderIsNotSaved() throws {
    let home = try Self.home()
    defer { home.remove() }
    try FileManager.default.createDirectory(
      atPath: home.folder + "/data/tvgrid", withIntermediateDirectories: true)
    // A file from a newer tvgrid is read but never written over.
    let newer = #"{"version": 2, "reminders": []}"#
    try Data(newer.utf8).write(to: URL(fileURLWithPath: home.reminders))
    let add = try home.run([
      "remind", home.guide, "--add", "bbc1.uk", "--start", "2026-11-30T22:30Z",
    ])
    #expect(add.status == 1)
    #expect(
      add.stderr == """
        tvgrid: reminders.json: written by a newer tvgrid (format 2); not changed
        tvgrid remind: the reminder was not saved

        """)
    #expect(try String(contentsOfFile: home.reminders, encoding: .utf8) == newer)
  }

  @Test func remindAddFailsWhenAnotherTvgridHoldsTheFile() throws {
    let home = try Self.home()
    defer { home.remove() }
    try FileManager.default.createDirectory(
      atPath: home.folder + "/data/tvgrid", withIntermediateDirectories: true)
    // Another process holds the lock and never lets go.
    let fd = open(home.reminders + ".lock", O_RDWR | O_CREAT | O_CLOEXEC, 0o600)
    defer { close(fd) }
    #expect(flock(fd, LOCK_EX | LOCK_NB) == 0)
    let add = try home.run([
      "remind", home.guide, "--add", "bbc1.uk", "--start", "2026-11-30T22:30Z",
    ])
    #expect(add.status == 1)
    #expect(add.stderr.contains("reminders.json is locked by another tvgrid"), "\(add.stderr)")
    #expect(!FileManager.default.fileExists(atPath: home.reminders))
  }

  /// `remind --due` from cron writes the file only when something
  /// changed: nothing due, nothing written (the same inode stays).
  @Test func remindDueWithNothingDueWritesNothing() throws {
    let home = try Self.home()
    defer { home.remove() }
    let add = try home.run([
      "remind", home.guide, "--add", "bbc1.uk", "--start", "2026-11-30T22:30Z",
      "--now", "2026-11-30T12:00Z",
    ])
    #expect(add.status == 0, "\(add.stderr)")
    func inode() throws -> Int? {
      try FileManager.default.attributesOfItem(atPath: home.reminders)[.systemFileNumber] as? Int
    }
    let before = try inode()
    let due = try home.run(["remind", home.guide, "--due", "--now", "2026-11-30T12:00Z"])
    #expect(due.status == 0, "\(due.stderr)")
    #expect(due.stdout.isEmpty)
    #expect(try inode() == before)
    // At 21:58 Casablanca (22:00) is due: it fires and is marked, so the
    // file is written.
    let fired = try home.run(["remind", home.guide, "--due", "--now", "2026-11-30T21:58Z"])
    #expect(fired.stdout.hasSuffix("Casablanca\n"), "\(fired.stdout)")
    #expect(try inode() != before)
  }

  /// Two guides open at once on one data folder: each marks a favourite
  /// and runs a search; after both quit, the files hold both changes.
  @Test func twoGuidesOpenAtOnceLoseNothing() throws {
    guard TmuxPane.available() else { return }
    let data = NSTemporaryDirectory() + "tvgrid-two-guides-\(UUID().uuidString)"
    defer { try? FileManager.default.removeItem(atPath: data) }
    let file = try InteractiveGuideTests.guideFile()
    defer { try? FileManager.default.removeItem(atPath: file) }
    func start(_ label: String) throws -> TmuxPane {
      let command =
        "env TZ=UTC LANG=C.UTF-8 NO_COLOR= TERM=screen XDG_DATA_HOME='\(data)' '\(TVGridProcess.binary)' --now 2026-11-30T14:05Z '\(file)'; echo \"exit status $?\"; sleep 60"
      return try TmuxPane.start(command: command, columns: 80, rows: 16, label: label)
    }
    let first = try start("first")
    defer { first.stop() }
    let second = try start("second")
    defer { second.stop() }
    for pane in [first, second] {
      pane.waitForScreen { $0.first?.hasSuffix("Now 14:05") ?? false }
    }
    // The first marks BBC One, the second Film Four (both read the file
    // when it did not exist yet).
    first.sendKeys("*")
    first.waitForScreen { $0.last?.contains("BBC One: favourite") ?? false }
    second.sendKeys("j", "*")
    second.waitForScreen { $0.last?.contains("Film Four: favourite") ?? false }
    first.sendKeys("/")
    first.type("news")
    first.sendKeys("Enter")
    first.waitForScreen { $0.contains { $0.contains("Search \"news\"") } }
    second.sendKeys("/")
    second.type("sleep")
    second.sendKeys("Enter")
    second.waitForScreen { $0.contains { $0.contains("Search \"sleep\"") } }
    for pane in [first, second] {
      pane.sendKeys("Escape", "q")
      pane.waitForScreen { $0.contains("exit status 0") }
    }
    let choices = try JSONSerialization.jsonObject(
      with: Data(contentsOf: URL(fileURLWithPath: data + "/tvgrid/favourites.json")))
    #expect((choices as? [String: Any])?["favourites"] as? [String] == ["one", "films"])
    let history = try String(contentsOfFile: data + "/tvgrid/search-history", encoding: .utf8)
    #expect(history == "news\nsleep\n")
  }
}
