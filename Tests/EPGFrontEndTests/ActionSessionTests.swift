import EPGActions
import EPGLayout
import Foundation
import Testing

@testable import EPGFrontEnd

/// The run loop's side of issue 15: the reminders file read and written
/// for the guide, commands started and reaped, calendar files written; all
/// in a temporary home.
@Suite struct ActionSessionTests {
  struct Home {
    let folder = NSTemporaryDirectory() + "tvgrid-session-\(UUID().uuidString)"
    var environment: [String: String] {
      ["HOME": folder, "XDG_DATA_HOME": folder + "/data", "XDG_STATE_HOME": folder + "/state"]
    }
    var reminders: String { folder + "/data/tvgrid/reminders.json" }
    func remove() { try? FileManager.default.removeItem(atPath: folder) }
  }

  static func reminder(_ title: String, _ hour: Int) -> Reminder {
    Reminder(
      channelID: "one.uk", channelName: "BBC One", title: title, start: Fixture.at(hour),
      stop: Fixture.at(hour + 1))
  }

  @Test func aCorruptFileIsReportedAndKeptAside() throws {
    let home = Home()
    defer { home.remove() }
    try FileManager.default.createDirectory(
      atPath: home.folder + "/data/tvgrid", withIntermediateDirectories: true)
    try Data("{\n  \"version\": 1,\n  \"reminders\": [oops]\n}\n".utf8).write(
      to: URL(fileURLWithPath: home.reminders))
    var session = ActionSession(environment: home.environment)
    let loaded = session.loadReminders(now: Fixture.now)
    #expect(loaded.list.isEmpty)
    #expect(loaded.problems.first?.hasSuffix("not valid JSON") == true)
    #expect(
      loaded.problems.last == "reminders.json: kept as reminders.json.corrupt-20261130T140500Z")
    #expect(!FileManager.default.fileExists(atPath: home.reminders))
    #expect(FileManager.default.fileExists(atPath: home.reminders + ".corrupt-20261130T140500Z"))
  }

  @Test func aSaveAppliesTheChangeToTheFileAsItIsNow() throws {
    let home = Home()
    defer { home.remove() }
    var session = ActionSession(environment: home.environment)
    #expect(session.loadReminders(now: Fixture.now).list.isEmpty)
    // The guide sets A; meanwhile another tvgrid wrote B.
    try ReminderList([Self.reminder("B", 16)]).save(path: home.reminders)
    let actions = session.perform(
      .saveReminders(from: ReminderList(), to: ReminderList([Self.reminder("A", 15)])),
      now: Fixture.now)
    guard case .remindersRead(let list)? = actions?.first else {
      Issue.record("no list reported: \(String(describing: actions))")
      return
    }
    #expect(list.reminders.map(\.title) == ["A", "B"])
    let file = ReminderList.load(path: home.reminders, now: Fixture.now)
    #expect(file.document == list)
    #expect(file.problems.isEmpty)
  }

  @Test func aCalendarFileGoesToTvgridsFolderAndIsNamed() throws {
    let home = Home()
    defer { home.remove() }
    var session = ActionSession(environment: home.environment)
    let actions = session.perform(
      .writeCalendar(name: "abc-1.ics", text: "BEGIN:VCALENDAR\r\n"), now: Fixture.now)
    guard case .notice(let text)? = actions?.first else {
      Issue.record("no notice")
      return
    }
    #expect(text == "Wrote ~/data/tvgrid/calendar/abc-1.ics")
    #expect(
      FileManager.default.contents(atPath: home.folder + "/data/tvgrid/calendar/abc-1.ics")
        == Data("BEGIN:VCALENDAR\r\n".utf8))
  }

  @Test func aCommandStartsDetachedAndItsEndIsReported() throws {
    let home = Home()
    defer { home.remove() }
    var session = ActionSession(environment: home.environment)
    let command = NamedCommand(name: "fail", template: try CommandTemplate("/bin/sh -c 'exit 3'"))
    let fields = ProgrammeFields(
      title: "T", channel: "C", channelID: "c", start: Fixture.at(15), stop: Fixture.at(16))
    let started = session.perform(.runCommand(command, fields), now: Fixture.now)
    guard case .notice(let text)? = started?.first else {
      Issue.record("no notice")
      return
    }
    #expect(text == "fail started (output in ~/state/tvgrid/commands.log)")
    #expect(session.wakeInterval == 500)
    var ended: [Action] = []
    for _ in 0..<500 where ended.isEmpty {
      ended = session.poll()
      if ended.isEmpty { usleep(10_000) }
    }
    guard case .notice(let end)? = ended.first else {
      Issue.record("the end was not reported")
      return
    }
    #expect(end == "fail failed (exit status 3); see ~/state/tvgrid/commands.log")
    // A missing program is a clear message.
    let missing = NamedCommand(
      name: "rec", template: try CommandTemplate("no-such-program-tvgrid {title}"))
    guard
      case .notice(let why)? = session.perform(.runCommand(missing, fields), now: Fixture.now)?
        .first
    else {
      Issue.record("no notice")
      return
    }
    #expect(why == "Cannot start no-such-program-tvgrid: not found")
  }
}
