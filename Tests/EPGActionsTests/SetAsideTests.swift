import EPGActions
import EPGPlatform
import Foundation
import Testing

/// A damaged file of tvgrid's own is kept beside it (issue 25, item 15):
/// every copy set aside has a name of its own, and a file already set
/// aside is not copied again on every run.
@Suite struct SetAsideTests {
  /// One readable reminder, then `bad` (an element that is no reminder).
  static func damaged(_ bad: String) -> String {
    """
    {"version": 1,
     "reminders": [
      {"channel": "bbc1.uk", "title": "Doctors", "start": "2026-11-30T15:00:00Z",
       "stop": "2026-11-30T15:45:00Z"},
      \(bad)
     ]}

    """
  }

  /// The files in `folder` but the lock beside the reminders.
  static func names(in folder: String) throws -> [String] {
    try FileManager.default.contentsOfDirectory(atPath: folder).filter {
      !$0.hasSuffix(".lock")
    }.sorted()
  }

  @Test func twoDamagedFilesInTheSameSecondAreBothKept() throws {
    let folder = Support.folder()
    defer { try? FileManager.default.removeItem(atPath: folder) }
    let path = folder + "/reminders.json"
    // 2026-11-30 20:15:00 UTC both times.
    try Self.damaged("42").write(toFile: path, atomically: false, encoding: .utf8)
    let first = ReminderList.load(path: path, now: Support.at(20.25))
    try Self.damaged("\"x\"").write(toFile: path, atomically: false, encoding: .utf8)
    let second = ReminderList.load(path: path, now: Support.at(20.25))
    #expect(first.writable)
    #expect(second.writable)
    #expect(
      first.problems.last == "reminders.json: kept as reminders.json.corrupt-20261130T201500Z")
    #expect(
      second.problems.last == "reminders.json: kept as reminders.json.corrupt-20261130T201500Z-2")
    #expect(
      try Self.names(in: folder) == [
        "reminders.json", "reminders.json.corrupt-20261130T201500Z",
        "reminders.json.corrupt-20261130T201500Z-2",
      ])
    #expect(
      try String(contentsOfFile: path + ".corrupt-20261130T201500Z", encoding: .utf8)
        == Self.damaged("42"))
    #expect(
      try String(contentsOfFile: path + ".corrupt-20261130T201500Z-2", encoding: .utf8)
        == Self.damaged("\"x\""))
  }

  @Test func aFileAlreadySetAsideIsNotCopiedAgain() throws {
    let folder = Support.folder()
    defer { try? FileManager.default.removeItem(atPath: folder) }
    let path = folder + "/reminders.json"
    try Self.damaged("42").write(toFile: path, atomically: false, encoding: .utf8)
    // `tvgrid reminders` reads and never writes: the file stays damaged,
    // and each run (20:15, 20:16, 21:00) finds the same bytes.
    for hour in [20.25, 20.2667, 21.0] {
      let loaded = ReminderList.load(path: path, now: Support.at(hour))
      #expect(loaded.document.reminders.map(\.title) == ["Doctors"])
      #expect(
        loaded.problems.last == "reminders.json: kept as reminders.json.corrupt-20261130T201500Z")
    }
    #expect(
      try Self.names(in: folder) == ["reminders.json", "reminders.json.corrupt-20261130T201500Z"])
  }

  @Test func anUnreadableFileMovedAsideTwiceKeepsBothAndTheSameBytesOnce() throws {
    let folder = Support.folder()
    defer { try? FileManager.default.removeItem(atPath: folder) }
    let path = folder + "/reminders.json"
    try "not json".write(toFile: path, atomically: false, encoding: .utf8)
    _ = ReminderList.load(path: path, now: Support.at(20.25))
    try "not json either".write(toFile: path, atomically: false, encoding: .utf8)
    let second = ReminderList.load(path: path, now: Support.at(20.25))
    #expect(
      second.problems.last == "reminders.json: kept as reminders.json.corrupt-20261130T201500Z-2")
    // The first bytes again, a minute later: they are kept already.
    try "not json".write(toFile: path, atomically: false, encoding: .utf8)
    let third = ReminderList.load(path: path, now: Support.at(20.27))
    #expect(
      third.problems.last == "reminders.json: kept as reminders.json.corrupt-20261130T201500Z")
    #expect(
      try Self.names(in: folder) == [
        "reminders.json.corrupt-20261130T201500Z", "reminders.json.corrupt-20261130T201500Z-2",
      ])
  }

  /// Every size has a limit: a file past 16 MiB is not read (nor copied),
  /// and never written over; a folder in the file's place neither.
  @Test func aHugeFileOrAFolderIsLeftAsItIs() throws {
    let folder = Support.folder()
    defer { try? FileManager.default.removeItem(atPath: folder) }
    let path = folder + "/reminders.json"
    // A sparse file of 17 MiB (no disk space used).
    let fd = open(path, O_WRONLY | O_CREAT | O_CLOEXEC, 0o600)
    #expect(ftruncate(fd, 17 << 20) == 0)
    close(fd)
    let loaded = ReminderList.load(path: path, now: Support.at(20.25))
    #expect(loaded.document.isEmpty)
    #expect(!loaded.writable)
    #expect(
      loaded.problems == [
        "reminders.json is 17825792 bytes (tvgrid's own files are at most 16 MiB); not read"
      ])
    let update = StoredFile.update(
      path: path, now: 0, from: ReminderList(), to: ReminderList())
    #expect(throws: StoredFile.WriteError.self) { try update.get() }
    #expect(try Self.names(in: folder) == ["reminders.json"])
    try FileManager.default.removeItem(atPath: path)
    try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: false)
    #expect(
      ReminderList.load(path: path, now: 0).problems == [
        "reminders.json is not a file; not changed"
      ])
  }
}
