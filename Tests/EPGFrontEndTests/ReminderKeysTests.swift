import EPGActions
import EPGLayout
import EPGSchedule
import Foundation
import Testing

@testable import EPGFrontEnd

/// The keys of issue 15 on the test backend's state: `r`, the reminder
/// notice, `v`, `|`, `S`, `a`, `i` (the reducer only asks for file writes
/// and commands; the effects are checked here).
@Suite struct ReminderKeysTests {
  /// The fixture (now 14:05) at 80 × 24, with commands and searches.
  static func state(
    commands: [String: String] = [:], searches: [(String, String, Bool)] = [], bell: Bool = true,
    notify: String? = nil
  ) throws -> AppState {
    var state = Fixture.state(columns: 80, rows: 24)
    state.actions.bell = bell
    state.actions.commands = try commands.sorted { $0.key < $1.key }.map {
      NamedCommand(name: $0.key, template: try CommandTemplate($0.value))
    }
    state.actions.searches = try searches.map {
      SavedSearch(name: $0.0, query: try ProgrammeQuery($0.1), setsReminders: $0.2)
    }
    state.actions.notifyCommand = try notify.map { try CommandTemplate($0) }
    return state
  }

  static func saves(_ effects: [Effect]) -> [ReminderList] {
    effects.compactMap {
      if case .saveReminders(_, let to) = $0 { return to }
      return nil
    }
  }

  @Test func rTogglesAReminderOnAProgrammeStillToCome() throws {
    var state = try Self.state()
    // Afternoon Live (13:15, on now) is selected; l: News at Half Two, 14:30.
    state.apply(.key(.character("l")))
    state.apply(.key(.character("r")))
    #expect(state.reminders.reminders.map(\.title) == ["News at Half Two"])
    #expect(state.message == "Reminder set for \"News at Half Two\": fires at 14:28")
    let saved = Self.saves(state.takeEffects())
    #expect(saved.map { $0.reminders.map(\.title) } == [["News at Half Two"]])
    // The grid marks it; the details say when it fires.
    #expect(state.render().lines[4].contains("│⚑ News at…"))
    state.apply(.key(.enter))
    #expect(
      state.render().lines.map(trimTrailing).contains(
        " ⚑ Reminder set: fires at 14:28 (r removes it)"))
    // r in the details removes it.
    state.apply(.key(.character("r")))
    #expect(state.reminders.isEmpty)
    #expect(state.message == "Reminder removed: \"News at Half Two\"")
    #expect(Self.saves(state.takeEffects()).map(\.isEmpty) == [true])
  }

  @Test func rOnAProgrammeThatHasStartedExplainsAndChangesNothing() throws {
    var state = try Self.state()
    state.apply(.key(.character("r")))
    #expect(state.reminders.isEmpty)
    #expect(state.takeEffects().isEmpty)
    #expect(
      state.message
        == "\"Afternoon Live\" has started: reminders are for programmes still to come")
  }

  @Test func vReopensTheSearchResults() throws {
    var state = try Self.state()
    state.apply(.key(.character("v")))
    #expect(state.message == "No search yet: press / to search")
    state.apply(.key(.character("/")))
    for c in "news" { state.apply(.key(.character(c))) }
    state.apply(.key(.enter))
    state.apply(.key(.escape))
    #expect(state.mode == .guide)
    state.apply(.key(.character("v")))
    guard case .searchResults = state.mode else {
      Issue.record("v did not open the results")
      return
    }
  }

  @Test func aReminderFiresOnceWithBellNotifyAndANotice() throws {
    var state = try Self.state(notify: "notify-send {title} {channel}")
    state.apply(.key(.character("l")))
    state.apply(.key(.character("r")))
    _ = state.takeEffects()
    state.apply(.tick(Fixture.at(14, 27)))
    #expect(state.alerts.isEmpty)
    #expect(state.takeEffects().isEmpty)
    state.apply(.tick(Fixture.at(14, 28)))
    #expect(state.alerts.map(\.title) == ["News at Half Two"])
    let effects = state.takeEffects()
    #expect(Self.saves(effects).first?.reminders.first?.hasFired == true)
    #expect(effects.contains(.bell))
    let notify = effects.compactMap { effect -> [String]? in
      if case .runCommand(let command, let fields) = effect {
        return command.template.arguments(fields.values)
      }
      return nil
    }
    #expect(notify == [["notify-send", "News at Half Two", "BBC One"]])
    // The notice is over the grid.
    let screen = state.render().lines
    #expect(screen.contains { $0.contains("┌─ Reminder ") })
    #expect(screen.contains { $0.contains("│ BBC One  14:30–15:00, starts in 2m") })
    // Once only.
    state.apply(.tick(Fixture.at(14, 29)))
    #expect(state.alerts.count == 1)
    #expect(state.takeEffects().isEmpty)
    // Esc dismisses it.
    state.apply(.key(.escape))
    #expect(state.alerts.isEmpty)
  }

  @Test func withBellNoNoBellRings() throws {
    var state = try Self.state(bell: false)
    state.apply(.key(.character("l")))
    state.apply(.key(.character("r")))
    state.apply(.tick(Fixture.at(14, 28)))
    #expect(state.alerts.count == 1)
    #expect(!state.takeEffects().contains(.bell))
  }

  @Test func theNoticeGoesToTheProgrammeOrRunsACommand() throws {
    var state = try Self.state(commands: ["record": "rec {title} {start}"])
    // Doctors, 15:00, on BBC One; the view goes to Sport meanwhile.
    state.apply(.key(.character("l")))
    state.apply(.key(.character("l")))
    state.apply(.key(.character("r")))
    state.apply(.key(.down))
    state.apply(.key(.down))
    state.apply(.tick(Fixture.at(14, 58)))
    #expect(state.alerts.count == 1)
    // Other keys are the notice's: j does not move.
    let row = state.selectedRow
    state.apply(.key(.character("j")))
    #expect(state.selectedRow == row)
    state.apply(.key(.enter))
    #expect(state.alerts.isEmpty)
    #expect(state.selectedProgramme?.title == "Doctors")
    #expect(state.selectedRow == 0)
    // Fired again (as if moved): 1 runs the first command for it.
    var again = try Self.state(commands: ["record": "rec {title} {start}"])
    again.apply(.key(.character("l")))
    again.apply(.key(.character("l")))
    again.apply(.key(.character("r")))
    again.apply(.tick(Fixture.at(14, 58)))
    _ = again.takeEffects()
    again.apply(.key(.character("1")))
    #expect(again.alerts.isEmpty)
    let effects = again.takeEffects()
    guard case .runCommand(let command, let fields) = effects.first else {
      Issue.record("1 started no command: \(effects)")
      return
    }
    #expect(command.template.arguments(fields.values) == ["rec", "Doctors", "\(Fixture.at(15))"])
  }

  @Test func theCommandMenuRunsACommandWithTheTitleAsOneArgument() throws {
    var none = try Self.state()
    none.apply(.key(.character("|")))
    #expect(none.mode == .guide)
    #expect(none.message?.hasPrefix("No commands") == true)

    var schedule = Fixture.schedule
    schedule.programmes[0][2].title = "$(touch marker); touch marker"
    var state = AppState(
      guide: GuideModel(schedule: schedule), size: CellSize(columns: 80, rows: 24),
      now: Fixture.now)
    state.actions.commands = [
      NamedCommand(name: "look", template: try CommandTemplate("lookup --title={title} {channel}")),
      NamedCommand(name: "record", template: try CommandTemplate("ffmpeg -i {url} out.ts")),
    ]
    state.apply(.key(.character("|")))
    #expect(state.mode == .commandMenu(ProgrammeRef(row: 0, item: 2), selected: 0))
    let screen = state.render().lines
    #expect(screen.contains { $0.contains("1  look    lookup --title={title} {channel}") })
    // {url} without a stream: a message, nothing runs.
    state.apply(.key(.down))
    state.apply(.key(.enter))
    #expect(state.takeEffects().isEmpty)
    #expect(
      state.message
        == "record needs a stream for {url}: BBC One has none (streams come with a playlist)")
    state.apply(.key(.character("|")))
    state.apply(.key(.enter))
    #expect(state.mode == .guide)
    let effects = state.takeEffects()
    guard case .runCommand(let command, let fields) = effects.first else {
      Issue.record("Enter ran nothing")
      return
    }
    #expect(
      command.template.arguments(fields.values) == [
        "lookup", "--title=$(touch marker); touch marker", "BBC One",
      ])
  }

  @Test func savedSearchesListGroupsMatchesAndSetsReminders() throws {
    var state = try Self.state(searches: [("films", "casablanca", false), ("news", "news", false)])
    state.apply(.key(.character("S")))
    guard case .savedSearches(let items, _) = state.mode else {
      Issue.record("S opened no list")
      return
    }
    // films: Casablanca 16:00; news: News at Half Two 14:30, Evening
    // News 16:30, Midday News tomorrow (Midday News today is over).
    let titles = items.map { state.guide.programme($0.ref)?.title ?? "" }
    #expect(titles == ["Casablanca", "News at Half Two", "Evening News", "Midday News"])
    #expect(items.map(\.search) == [0, 1, 1, 1])
    let screen = state.render().lines.map(trimTrailing)
    #expect(screen[2] == " films")
    #expect(screen[3] == "   16:00–18:00  Film Four     Mon 30 Nov  Casablanca")
    #expect(screen[5] == " news")
    #expect(screen[8] == "   12:00–14:00  BBC One       Tue 1 Dec  Midday News")
    // r sets a reminder (the list marks it); Enter goes to the programme.
    state.apply(.key(.character("r")))
    #expect(state.reminders.reminders.map(\.title) == ["Casablanca"])
    #expect(state.render().lines[3].contains("Mon 30 Nov  ⚑ Casablanca"))
    state.apply(.key(.down))
    state.apply(.key(.enter))
    #expect(state.mode == .guide)
    #expect(state.selectedProgramme?.title == "News at Half Two")
  }

  @Test func aSearchThatRemindsSetsRemindersWhenTheFileIsRead() throws {
    var state = try Self.state(searches: [("films", "casablanca", true)])
    state.apply(.remindersRead(ReminderList()))
    #expect(state.reminders.reminders.map(\.title) == ["Casablanca"])
    #expect(Self.saves(state.takeEffects()).count == 1)
    // Read again (after the write): nothing more to save.
    state.apply(.remindersRead(state.reminders))
    #expect(state.takeEffects().isEmpty)
  }

  @Test func theRemindersListGoesAndRemoves() throws {
    var state = try Self.state()
    state.apply(.key(.character("a")))
    #expect(state.message == "No reminders: r on a programme still to come sets one")
    let gone = Reminder(
      channelID: "one.uk", channelName: "BBC One", title: "Cancelled Show",
      start: Fixture.at(17), stop: Fixture.at(18), isMissing: true)
    let doctors = Reminder(
      channelID: "one.uk", channelName: "BBC One", title: "Doctors", start: Fixture.at(15),
      stop: Fixture.at(15, 45))
    state.apply(.remindersRead(ReminderList([gone, doctors])))
    _ = state.takeEffects()
    state.apply(.key(.character("a")))
    let screen = state.render().lines.map(trimTrailing)
    #expect(screen[2] == " Mon 30 Nov 2026")
    // The guide gives the reminder its sub-title.
    #expect(screen[3] == "   15:00–15:45  BBC One       Doctors: The Long Night")
    #expect(screen[4] == "   17:00–18:00  BBC One       Cancelled Show  (not in the guide)")
    // r removes the selected one (the first).
    state.apply(.key(.character("r")))
    #expect(state.reminders.reminders.map(\.title) == ["Cancelled Show"])
    #expect(Self.saves(state.takeEffects()).count == 1)
    // Enter on one not in the guide says so.
    state.apply(.key(.enter))
    #expect(state.message == "\"Cancelled Show\" is not in the guide")
  }

  @Test func iAsksForACalendarFileOfTheProgramme() throws {
    var state = try Self.state()
    state.apply(.key(.character("i")))
    guard case .writeCalendar(let name, let text) = state.takeEffects().first else {
      Issue.record("i wrote nothing")
      return
    }
    #expect(name.hasSuffix("-\(Fixture.at(13, 15)).ics"))
    #expect(text.contains("SUMMARY:Afternoon Live\r\n"))
    #expect(text.contains("DTSTART:20261130T131500Z\r\n"))
  }

  /// Issue 25: the file `i` writes drops what the screen would not show.
  @Test func iWritesNoControlOrBidiCharacter() throws {
    var schedule = Fixture.schedule
    schedule.programmes[0][2].title = "\u{1B}]52;c;eA==\u{07}Evil\u{202E}\u{9D}\u{2066}"
    var state = AppState(
      guide: GuideModel(schedule: schedule), size: CellSize(columns: 80, rows: 24),
      now: Fixture.now)
    state.apply(.key(.character("i")))
    guard case .writeCalendar(_, let text) = state.takeEffects().first else {
      Issue.record("i wrote nothing")
      return
    }
    #expect(text.contains("\r\nSUMMARY:]52\\;c\\;eA==Evil\r\n"))
    #expect(
      !text.replacingOccurrences(of: "\r\n", with: "").unicodeScalars.contains {
        UnsafeText.isUnsafe($0)
      })
  }

  @Test func rInTheScheduleListMarksItAndASCIIHasItsOwnMark() throws {
    var state = Fixture.state(columns: 80, rows: 24, unicode: false)
    state.apply(.key(.character("s")))
    // The schedule of BBC One, Afternoon Live selected; down: News at Half Two.
    state.apply(.key(.down))
    state.apply(.key(.character("r")))
    #expect(state.reminders.reminders.map(\.title) == ["News at Half Two"])
    #expect(
      state.render().lines.map(trimTrailing).contains("   14:30-15:00  ! News at Half Two"))
    state.apply(.key(.escape))
    #expect(state.render().lines[4].contains("|! News at"))
  }
}

/// The reminders file is left alone when only flags change, and the boxes
/// fit every size the guide draws at.
@Suite struct ReminderEdgeTests {
  @Test func remindersOfAnotherGuideAreFlaggedButNotWritten() {
    var state = Fixture.state(columns: 80, rows: 24)
    let elsewhere = Reminder(
      channelID: "other.de", channelName: "Other", title: "Tatort", start: Fixture.at(20),
      stop: Fixture.at(21, 30))
    state.apply(.remindersRead(ReminderList([elsewhere])))
    #expect(state.reminders.reminders.first?.isMissing == true)
    #expect(state.takeEffects().isEmpty)
  }

  @Test func theNoticeAndTheMenuDrawAtEverySize() throws {
    for (columns, rows) in [(20, 7), (24, 8), (40, 10), (80, 24), (200, 60)] {
      var state = Fixture.state(columns: columns, rows: rows)
      state.actions.commands = [
        NamedCommand(name: "a-long-command-name", template: try CommandTemplate("x {title}"))
      ]
      state.apply(.key(.character("|")))
      _ = state.render()
      state.apply(.key(.escape))
      state.apply(
        .remindersRead(
          ReminderList([
            Reminder(
              channelID: "one.uk", channelName: "BBC One",
              title: String(repeating: "Long ", count: 40),
              start: Fixture.at(14, 6), stop: Fixture.at(15))
          ])))
      state.apply(.tick(Fixture.now))
      #expect(state.alerts.count == 1)
      let lines = state.render().lines
      #expect(lines.count == rows)
    }
  }
}

/// The run loop's part: a reminder due when the guide opens fires before
/// the first key, a faster clock wakes the loop sooner, a reload moves a
/// reminder with its programme.
@Suite struct ReminderLoopTests {
  /// Doctors (15:00) on BBC One, as the guide has it.
  static let doctors = Reminder(
    channelID: "one.uk", channelName: "BBC One", title: "Doctors", subtitle: "The Long Night",
    start: Fixture.at(15), stop: Fixture.at(15, 45))

  @Test func aReminderDueAtOpenFiresBeforeTheFirstKey() {
    var state = Fixture.state(columns: 80, rows: 24)
    state.apply(.remindersRead(ReminderList([Self.doctors])))
    var screen = Screen(backend: TestBackend(size: CellSize(columns: 80, rows: 24)))
    var performed: [Effect] = []
    let final = GuideApp.run(
      state: state, screen: &screen, clock: FixedClock(Fixture.at(14, 59)),
      perform: { effect, _ in
        performed.append(effect)
        return []
      })
    #expect(performed.contains(.bell))
    #expect(final.alerts.map(\.title) == ["Doctors"])
    #expect(screen.backend.screen.lines.contains { $0.contains("┌─ Reminder ") })
  }

  /// A clock that reads `before` for its first `calls` reads, then `after`.
  final class SteppingClock: Clock, @unchecked Sendable {
    let before: EpochSeconds
    let after: EpochSeconds
    var calls: Int
    let lock = NSLock()

    init(before: EpochSeconds, after: EpochSeconds, calls: Int) {
      self.before = before
      self.after = after
      self.calls = calls
    }

    func now() -> EpochSeconds {
      lock.lock()
      defer { lock.unlock() }
      calls -= 1
      return calls >= 0 ? before : after
    }
  }

  @Test func aReminderDueWhileNoKeyComesIsCarriedOutBeforeTheNextFrame() {
    var state = Fixture.state(columns: 80, rows: 24)
    state.apply(.remindersRead(ReminderList([Self.doctors])))
    // No key: the first wait times out, then the input ends.
    var backend = TestBackend(size: CellSize(columns: 80, rows: 24))
    backend.pausesAfter = [0]
    var screen = Screen(backend: backend)
    var performed: [Effect] = []
    // 14:50 at the start and for the first wait; 14:59 (due: 2 min ahead
    // of 15:00) at the tick after the wait timed out.
    _ = GuideApp.run(
      state: state, screen: &screen,
      clock: SteppingClock(before: Fixture.at(14, 50), after: Fixture.at(14, 59), calls: 2),
      perform: { effect, _ in
        performed.append(effect)
        return []
      })
    #expect(performed.contains(.bell))
    #expect(performed.contains { if case .saveReminders = $0 { true } else { false } })
    #expect(screen.backend.screen.lines.contains { $0.contains("┌─ Reminder ") })
  }

  @Test func aFasterClockWakesTheLoopSooner() {
    var screen = Screen(backend: TestBackend(size: CellSize(columns: 80, rows: 14)))
    // 14:05:30 at 60 times real time: the next minute is half a real second away.
    _ = GuideApp.run(
      state: Fixture.state(), screen: &screen,
      clock: RunningClock(start: Fixture.now + 30, rate: 60))
    #expect(screen.backend.requestedTimeouts.first.map { (490...500).contains($0) } == true)
    #expect(RunningClock.rate(environment: ["TVGRID_CLOCK_RATE": "60"]) == 60)
    #expect(RunningClock.rate(environment: ["TVGRID_CLOCK_RATE": "fast"]) == nil)
    #expect(RunningClock.rate(environment: [:]) == nil)
  }

  @Test func aReloadMovesAReminderWithItsProgramme() {
    var state = Fixture.state(columns: 80, rows: 24)
    state.apply(.remindersRead(ReminderList([Self.doctors])))
    #expect(state.takeEffects().isEmpty)
    // Doctors now starts at 15:10.
    var schedule = Fixture.schedule
    schedule.programmes[0][4].start = Fixture.at(15, 10)
    state.apply(.replaceGuide(GuideModel(schedule: schedule)))
    #expect(state.reminders.reminders.first?.start == Fixture.at(15, 10))
    let saves = state.takeEffects().compactMap { effect -> ReminderList? in
      if case .saveReminders(_, let to) = effect { return to }
      return nil
    }
    #expect(saves.first?.reminders.first?.start == Fixture.at(15, 10))
  }
}
