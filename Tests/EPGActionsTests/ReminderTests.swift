import EPGLayout
import EPGSchedule
import Foundation
import Testing

@testable import EPGActions

@Suite struct ReminderTests {
  static let bbc = Channel(id: "bbc1.uk", name: "BBC One")
  static let itv = Channel(id: "itv1.uk", name: "ITV1")

  static func schedule(bbc: [Programme], itv: [Programme] = []) -> Schedule {
    Schedule(channels: [bbc1, itv1], programmes: [bbc, itv])
  }
  static let bbc1 = bbc
  static let itv1 = itv

  static let doctors = Support.programme("Doctors", 15, 15.75)
  static let news = Support.programme("News", 18, 18.5)

  static func list() -> ReminderList {
    var list = ReminderList()
    list.toggle(doctors, on: bbc)
    list.toggle(news, on: bbc)
    return list
  }

  @Test func toggleSetsAndRemoves() {
    var list = Self.list()
    #expect(list.reminders.map(\.title) == ["Doctors", "News"])
    #expect(list.index(of: Self.doctors, key: ChannelKey(id: "bbc1.uk")) == 0)
    #expect(list.index(of: Self.doctors, key: ChannelKey(id: "itv1.uk")) == nil)
    let added = list.toggle(Self.doctors, on: Self.bbc)
    #expect(!added)
    #expect(list.reminders.map(\.title) == ["News"])
  }

  @Test func marksForDrawing() {
    let marks = Self.list().marks
    #expect(marks.contains(key: ChannelKey(id: "bbc1.uk"), start: Support.at(15)))
    #expect(!marks.contains(key: ChannelKey(id: "itv1.uk"), start: Support.at(15)))
    #expect(!marks.contains(key: ChannelKey(id: "bbc1.uk"), start: Support.at(16)))
  }

  @Test func unchangedGuideChangesNothing() {
    var list = Self.list()
    let changes = list.refresh(
      against: Self.schedule(bbc: [Self.doctors, Self.news]), now: Support.at(12))
    #expect(changes.isEmpty)
    #expect(list == Self.list())
  }

  @Test func aMovedProgrammeTakesItsReminder() {
    var list = Self.list()
    // Doctors moves 2 h 59 min later (inside 3 h); another title sits at
    // the old time; News is now listed with a different case.
    let moved = Support.programme("DOCTORS", 15 + 179.0 / 60, 19, subTitle: "Part 2")
    let other = Support.programme("Quiz", 15, 16)
    let changes = list.refresh(
      against: Self.schedule(bbc: [other, moved, Support.programme("news", 18, 18.5)]),
      now: Support.at(12))
    // 17:59 is still before News at 18:00.
    #expect(list.reminders.map(\.title) == ["Doctors", "News"])
    #expect(list.reminders[0].start == Support.at(15) + 179 * 60)
    #expect(list.reminders[0].stop == Support.at(19))
    #expect(list.reminders[0].subtitle == "Part 2")
    #expect(changes == [.moved(index: 0, from: Support.at(15))])
  }

  @Test func theNearestRepeatWinsAndTooFarIsMissing() {
    var list = Self.list()
    // Doctors at 12:30 and 17:00: 2.5 h and 2 h away, the later one wins.
    // News moves 3 h 1 min: too far, kept and flagged.
    list.refresh(
      against: Self.schedule(bbc: [
        Support.programme("Doctors", 12.5, 13), Support.programme("Doctors", 17, 17.5),
        Support.programme("News", 21 + 1.0 / 60, 21.5),
      ]), now: Support.at(12))
    #expect(list.reminders[0].start == Support.at(17))
    #expect(!list.reminders[0].isMissing)
    #expect(list.reminders[1].title == "News")
    #expect(list.reminders[1].start == Support.at(18))
    #expect(list.reminders[1].isMissing)
    // The next guide has it again: the flag goes.
    list.refresh(against: Self.schedule(bbc: [Self.news]), now: Support.at(12))
    #expect(!list.reminders[1].isMissing)
  }

  @Test func anotherChannelOrTitleDoesNotMatch() {
    var list = Self.list()
    let changes = list.refresh(
      against: Self.schedule(
        bbc: [Support.programme("Doctor Who", 15, 15.75)],
        itv: [
          Self.doctors, Self.news,
        ]), now: Support.at(12))
    #expect(list.reminders.allSatisfy { $0.isMissing })
    #expect(changes == [.missing(index: 0), .missing(index: 1)])
  }

  @Test func dueOnceEach() {
    var list = Self.list()
    // remind_before 2 min: Doctors (15:00) is due from 14:58.
    #expect(list.due(now: Support.at(14) + 57 * 60).isEmpty)
    #expect(list.due(now: Support.at(14) + 58 * 60) == [0])
    // --within 5m at 14:53 reaches 14:58.
    #expect(list.due(now: Support.at(14) + 53 * 60, within: 300) == [0])
    #expect(list.due(now: Support.at(14) + 52 * 60, within: 300).isEmpty)
    // remind_before 10 min.
    #expect(list.due(now: Support.at(14) + 50 * 60, lead: 600) == [0])
    let fired = list.fireDue(now: Support.at(14) + 58 * 60)
    #expect(fired.map(\.title) == ["Doctors"])
    let again = list.fireDue(now: Support.at(14) + 59 * 60)
    #expect(again.isEmpty)
    // Still due after its start (cron was late), until it ends.
    var late = Self.list()
    let lateFired = late.fireDue(now: Support.at(15.5))
    #expect(lateFired.map(\.title) == ["Doctors"])
    #expect(late.due(now: Support.at(15.75)).isEmpty)
  }

  @Test func aMovedReminderFiresAgain() {
    var list = Self.list()
    _ = list.fireDue(now: Support.at(14.98))
    list.refresh(
      against: Self.schedule(bbc: [Support.programme("Doctors", 16, 16.75), Self.news]),
      now: Support.at(15))
    #expect(!list.reminders[0].hasFired)
    #expect(list.due(now: Support.at(15.98)) == [0])
  }
}

@Suite struct ReminderStorageTests {
  @Test func roundTripAndAtomicWrite() throws {
    let folder = Support.folder()
    defer { try? FileManager.default.removeItem(atPath: folder) }
    let path = folder + "/data/tvgrid/reminders.json"
    var list = ReminderTests.list()
    _ = list.fireDue(now: Support.at(14.98))
    try list.save(path: path)
    let loaded = ReminderList.load(path: path, now: 0)
    #expect(loaded.problems.isEmpty)
    #expect(loaded.document == list)
    #expect(loaded.writable)
    // No temporary file is left; the lock stays beside the file.
    let files = try FileManager.default.contentsOfDirectory(atPath: folder + "/data/tvgrid")
    #expect(files.sorted() == ["reminders.json", "reminders.json.lock"])
    let mode = try FileManager.default.attributesOfItem(atPath: path)[.posixPermissions]
    #expect(mode as? Int == 0o600)
    #expect(ReminderList.load(path: folder + "/none.json", now: 0).document.isEmpty)
  }

  @Test func notJSONIsMovedAsideNotEmptied() throws {
    let folder = Support.folder()
    defer { try? FileManager.default.removeItem(atPath: folder) }
    let path = folder + "/reminders.json"
    let text = "{\n  \"version\": 1,\n  \"reminders\": [\n    {\"channel\": \"a\"]\n}\n"
    try text.write(toFile: path, atomically: false, encoding: .utf8)
    // 2026-11-30 20:15:00 UTC.
    let loaded = ReminderList.load(path: path, now: Support.at(20.25))
    #expect(loaded.document.isEmpty)
    #expect(
      loaded.problems == [
        "reminders.json:4: not valid JSON",
        "reminders.json: kept as reminders.json.corrupt-20261130T201500Z",
      ])
    #expect(!FileManager.default.fileExists(atPath: path))
    let kept = try String(contentsOfFile: path + ".corrupt-20261130T201500Z", encoding: .utf8)
    #expect(kept == text)
  }

  @Test func badEntriesAreReportedByLineAndTheFileIsKept() throws {
    let folder = Support.folder()
    defer { try? FileManager.default.removeItem(atPath: folder) }
    let path = folder + "/reminders.json"
    let text = """
      {"version": 1,
       "reminders": [
        {"channel": "bbc1.uk", "title": "Doctors", "start": "2026-11-30T15:00:00Z",
         "stop": "2026-11-30T15:45:00Z"},
        {"channel": "bbc1.uk", "title": "News", "start": "yesterday",
         "stop": "2026-11-30T18:30:00Z"},
        42
      ]}

      """
    try text.write(toFile: path, atomically: false, encoding: .utf8)
    let loaded = ReminderList.load(path: path, now: Support.at(20.25))
    #expect(loaded.document.reminders.map(\.title) == ["Doctors"])
    #expect(loaded.document.reminders[0].channelName == "bbc1.uk")
    #expect(
      loaded.problems == [
        "reminders.json:5: reminder 2 needs channel, title, start and stop",
        "reminders.json:7: reminder 3 needs channel, title, start and stop",
        "reminders.json: kept as reminders.json.corrupt-20261130T201500Z",
      ])
    #expect(
      try String(contentsOfFile: path + ".corrupt-20261130T201500Z", encoding: .utf8) == text)
    #expect(loaded.writable)
  }

  @Test func aNewerFormatIsReadButNotWritten() throws {
    let folder = Support.folder()
    defer { try? FileManager.default.removeItem(atPath: folder) }
    let path = folder + "/reminders.json"
    try #"{"version": 2, "reminders": [], "extra": true}"#.write(
      toFile: path, atomically: false, encoding: .utf8)
    let loaded = ReminderList.load(path: path, now: 0)
    #expect(!loaded.writable)
    #expect(
      loaded.problems == ["reminders.json: written by a newer tvgrid (format 2); not changed"])
  }
}

@Suite struct StoredFileLockTests {
  @Test func lockedRunsTheBodyHoldingALockBesideTheFile() throws {
    let folder = Support.folder()
    defer { try? FileManager.default.removeItem(atPath: folder) }
    let path = folder + "/data/reminders.json"
    let held = StoredFile.locked(path) { () -> Bool in
      // A second descriptor cannot take the lock while the body runs.
      let fd = open(path + ".lock", O_RDWR)
      defer { close(fd) }
      return flock(fd, LOCK_EX | LOCK_NB) != 0 && errno == EWOULDBLOCK
    }
    #expect(held == true)
    let fd = open(path + ".lock", O_RDWR)
    defer { close(fd) }
    #expect(flock(fd, LOCK_EX | LOCK_NB) == 0)
  }

  /// Every wait has a deadline: a lock another process keeps is given up
  /// after `wait` seconds, and the body does not run.
  @Test func aLockHeldElsewhereIsGivenUp() throws {
    let folder = Support.folder()
    defer { try? FileManager.default.removeItem(atPath: folder) }
    let path = folder + "/reminders.json"
    let fd = open(path + ".lock", O_RDWR | O_CREAT | O_CLOEXEC, 0o600)
    defer { close(fd) }
    #expect(flock(fd, LOCK_EX | LOCK_NB) == 0)
    var ran = false
    let result = StoredFile.locked(path, wait: 0.2) { ran = true }
    #expect(result == nil)
    #expect(!ran)
    #expect(
      StoredFile.lockedMessage(path) == "reminders.json is locked by another tvgrid (waited 3 s)")
  }
}
