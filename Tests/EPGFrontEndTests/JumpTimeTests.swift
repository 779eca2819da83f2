import EPGFrontEnd
import EPGLayout
import Testing

/// `JumpTime.parse` (the `:` prompt), with instants worked out by hand.
/// Today is Monday 30 November 2026: day 20787 since 1970-01-01 (UTC
/// midnight 1_795_996_800 = 20787 × 86400); now is 14:05.
@Suite struct JumpTimeTests {
  let today: Int64 = 20787
  let midnight: EpochSeconds = 1_795_996_800
  var now: EpochSeconds { midnight + 14 * 3600 + 5 * 60 }

  func parse(_ text: String, dayInView: Int64? = nil, zone: UTCOffsetTable = .utc) -> JumpTime? {
    try? JumpTime.parse(text, now: now, dayInView: dayInView ?? today, zone: zone).get()
  }

  func error(_ text: String) -> String? {
    switch JumpTime.parse(text, now: now, dayInView: today, zone: .utc) {
    case .success: nil
    case .failure(let error): error.description
    }
  }

  @Test func clockTimesAreOnTheDayInView() {
    #expect(parse("21:00") == .instant(midnight + 21 * 3600))
    #expect(parse("9:05") == .instant(midnight + 9 * 3600 + 5 * 60))
    #expect(parse("8pm") == .instant(midnight + 20 * 3600))
    #expect(parse("8 PM") == .instant(midnight + 20 * 3600))
    #expect(parse("8:30am") == .instant(midnight + 8 * 3600 + 1800))
    #expect(parse("12am") == .instant(midnight))
    #expect(parse("12pm") == .instant(midnight + 12 * 3600))
    #expect(parse("noon") == .instant(midnight + 12 * 3600))
    // Viewing Wednesday 2 December: 21:00 that day.
    #expect(parse("21:00", dayInView: today + 2) == .instant(midnight + 2 * 86_400 + 21 * 3600))
  }

  @Test func daysAndTimes() {
    // Friday is 4 December, four days on.
    #expect(parse("fri 21:00") == .instant(midnight + 4 * 86_400 + 21 * 3600))
    #expect(parse("Friday 9pm") == .instant(midnight + 4 * 86_400 + 21 * 3600))
    #expect(parse("21:00 fri") == .instant(midnight + 4 * 86_400 + 21 * 3600))
    // Monday is today; Sunday six days on.
    #expect(parse("mon 9am") == .instant(midnight + 9 * 3600))
    #expect(parse("sun 06:00") == .instant(midnight + 6 * 86_400 + 6 * 3600))
    #expect(parse("tomorrow 8pm") == .instant(midnight + 86_400 + 20 * 3600))
    #expect(parse("yesterday 23:59") == .instant(midnight - 86_400 + 23 * 3600 + 59 * 60))
    // 24 December is 24 days after 30 November.
    #expect(parse("2026-12-24 20:15") == .instant(midnight + 24 * 86_400 + 20 * 3600 + 15 * 60))
  }

  @Test func aDayAloneKeepsTheTimeOfDayInView() {
    #expect(parse("today") == .day(today))
    #expect(parse("tomorrow") == .day(today + 1))
    #expect(parse("thurs") == .day(today + 3))
    #expect(parse("2026-12-24") == .day(today + 24))
  }

  @Test func movesAreSignedSeconds() {
    #expect(parse("+2h") == .offset(7200))
    #expect(parse("-30m") == .offset(-1800))
    #expect(parse("+1h30m") == .offset(5400))
    #expect(parse("+ 90 min") == .offset(5400))
  }

  @Test func unreadableTextSaysWhy() {
    let examples = "try 21:00, fri 21:00, tomorrow 8pm, 2026-12-24 20:15, +2h"
    #expect(error("soon") == "Cannot read 'soon': " + examples)
    #expect(error("9 10") == "Two times in '9 10': " + examples)
    #expect(error("24") == "No such time: 24")
    #expect(error("123") == "Cannot read '123': " + examples)
    #expect(error("") == "Type a day or time: " + examples)
    #expect(error("25:00") == "No such time: 25:00")
    #expect(error("13pm") == "No such time: 13pm")
    #expect(error("9:7") == "No such time: 9:7")
    #expect(error("2026-02-30") == "No such date: 2026-02-30")
    #expect(error("fri sat") == "Two days in 'fri sat': " + examples)
    #expect(error("+2") == "Cannot read '+2': a move is +2h, -30m or +1h30m (a day: [ or ])")
    #expect(error("+2d") == "Cannot read '+2d': a move is +2h, -30m or +1h30m (a day: [ or ])")
  }

  /// Issue 24 item 13: `now`, a bare hour (24-hour clock), and the
  /// timestamps `--now` takes (ISO 8601, XMLTV) are read too.
  @Test func nowABareHourAndTimestamps() {
    #expect(parse("now") == .instant(now))
    #expect(parse("NOW") == .instant(now))
    #expect(parse("9") == .instant(midnight + 9 * 3600))
    #expect(parse("21") == .instant(midnight + 21 * 3600))
    #expect(parse("0") == .instant(midnight))
    #expect(parse("fri 9") == .instant(midnight + 4 * 86_400 + 9 * 3600))
    #expect(parse("tomorrow 21") == .instant(midnight + 86_400 + 21 * 3600))
    // 2026-12-24T20:15Z: 24 days on, 20:15 UTC; +01:00 is an hour earlier.
    #expect(parse("2026-12-24T20:15Z") == .instant(midnight + 24 * 86_400 + 20 * 3600 + 900))
    #expect(
      parse("2026-12-24T20:15+01:00") == .instant(midnight + 24 * 86_400 + 19 * 3600 + 900))
    #expect(parse("20261224201500 +0000") == .instant(midnight + 24 * 86_400 + 20 * 3600 + 900))
    #expect(parse("@1796000000") == .instant(1_796_000_000))
  }

  /// `JumpTime.instant`: what `--now`, `--at` and `remind --start` read,
  /// relative to `now` (a day alone: at now's time of day; a move: from
  /// now). In Europe/Berlin (UTC+1 in winter) 21:00 is 20:00 UTC.
  @Test func instantsRelativeToNow() {
    let berlin = UTCOffsetTable(initialOffset: 3600, transitions: [])
    func instant(_ text: String) -> EpochSeconds? {
      try? JumpTime.instant(text, now: now, zone: berlin).get()
    }
    #expect(instant("21:00") == midnight + 20 * 3600)
    #expect(instant("9pm") == midnight + 20 * 3600)
    #expect(instant("fri 21:00") == midnight + 4 * 86_400 + 20 * 3600)
    #expect(instant("tomorrow 8pm") == midnight + 86_400 + 19 * 3600)
    #expect(instant("+2h") == now + 7200)
    #expect(instant("-30m") == now - 1800)
    #expect(instant("now") == now)
    // Tomorrow at now's time of day (15:05 in Berlin).
    #expect(instant("tomorrow") == now + 86_400)
    // A timestamp without a zone is Berlin time.
    #expect(instant("2026-11-30 21:00") == midnight + 20 * 3600)
    #expect(instant("2026-11-30T21:00Z") == midnight + 21 * 3600)
    switch JumpTime.instant("soon", now: now, zone: berlin) {
    case .success(let value): Issue.record("read 'soon' as \(value)")
    case .failure(let error): #expect(error.description.hasPrefix("Cannot read 'soon'"))
    }
  }

  /// `prime_time =`: a time of day, in any form `:` reads one.
  @Test func timesOfDay() {
    func minute(_ text: String) -> Int? { try? JumpTime.minuteOfDay(text).get() }
    #expect(minute("20:15") == 20 * 60 + 15)
    #expect(minute("8pm") == 20 * 60)
    #expect(minute("8:30 PM") == 20 * 60 + 30)
    #expect(minute("21") == 21 * 60)
    #expect(minute("noon") == 12 * 60)
    #expect(minute("0:00") == 0)
    for bad in ["25:00", "20:60", "fri 21:00", "+2h", "now", "soon", ""] {
      #expect(minute(bad) == nil, "\(bad)")
    }
  }

  /// Europe/London: the clocks go back at 25 Oct 2026 01:00 UTC (02:00
  /// BST becomes 01:00 GMT) and forward at 29 Mar 2026 01:00 UTC (01:00
  /// GMT becomes 02:00 BST).
  @Test func clockChangeDays() {
    let autumn = UTCOffsetTable(
      initialOffset: 3600, transitions: [.init(instant: 1_792_890_000, offset: 0)])
    // 25 Oct 2026 is day 20751 (UTC midnight 1_792_886_400); Saturday 24
    // Oct is 20750.
    let sunday: Int64 = 20751
    let sundayMidnightUTC: EpochSeconds = 1_792_886_400
    func autumnParse(_ text: String) -> JumpTime? {
      // Now: Saturday noon UTC (13:00 BST).
      try? JumpTime.parse(
        text, now: sundayMidnightUTC - 43_200, dayInView: sunday - 1, zone: autumn
      ).get()
    }
    // Saturday 21:00 BST is 20:00 UTC.
    #expect(autumnParse("21:00") == .instant(sundayMidnightUTC - 86_400 + 20 * 3600))
    // Sunday 00:30 BST is Saturday 23:30 UTC; 02:00 GMT is 02:00 UTC;
    // 20:00 GMT is 20:00 UTC.
    #expect(autumnParse("sun 00:30") == .instant(sundayMidnightUTC - 1800))
    #expect(autumnParse("sun 02:00") == .instant(sundayMidnightUTC + 2 * 3600))
    #expect(autumnParse("tomorrow 8pm") == .instant(sundayMidnightUTC + 20 * 3600))

    let spring = UTCOffsetTable(
      initialOffset: 0, transitions: [.init(instant: 1_774_746_000, offset: 3600)])
    // 29 Mar 2026 is day 20541 (UTC midnight 1_774_742_400). 01:30 does
    // not exist there: it comes out an hour on, 02:30 BST = 01:30 UTC;
    // 21:00 BST is 20:00 UTC.
    func springParse(_ text: String) -> JumpTime? {
      try? JumpTime.parse(text, now: 1_774_742_400 + 43_200, dayInView: 20541, zone: spring).get()
    }
    #expect(springParse("2026-03-29 01:30") == .instant(1_774_742_400 + 5400))
    #expect(springParse("2026-03-29 00:30") == .instant(1_774_742_400 + 1800))
    #expect(springParse("21:00") == .instant(1_774_742_400 + 20 * 3600))
  }
}

/// The `:` prompt in the guide: the fixture's guide runs Monday 11:00 to
/// Tuesday 14:00 (UTC); BBC One is selected.
@Suite struct JumpPromptTests {
  func type(_ text: String, into state: inout AppState) {
    state.apply([.key(.character(":"))] + text.map { .key(.character($0)) } + [.key(.enter)])
  }

  @Test func aTimeMovesTheViewAndSelectionThere() {
    var state = Fixture.state(columns: 80, rows: 24)
    type("16:00", into: &state)
    #expect(state.mode == .guide)
    #expect(state.viewStart == Fixture.at(16))
    #expect(state.selectedProgramme?.title == "Quiz Time")  // 15:45–16:30
    #expect(state.message == "Mon 30 Nov 16:00")
    type("tomorrow 9am", into: &state)
    #expect(state.viewStart == Fixture.at(9, day: 1))
    #expect(state.selectedProgramme?.title == "Breakfast")
    // +2h: a page of time's rule, two hours on; the selection at the same
    // place in the view (09:00 + 2h: Breakfast ends 12:00).
    type("+2h", into: &state)
    #expect(state.viewStart == Fixture.at(11, day: 1))
    #expect(state.selectedProgramme?.title == "Breakfast")
    // Issue 24 item 13: a move says where it landed.
    #expect(state.message == "Tue 1 Dec 11:00 (+2h)")
    type("today", into: &state)
    #expect(state.viewStart == Fixture.at(11))
    #expect(state.message == "Mon 30 Nov")
  }

  @Test func outsideTheGuideAndUnreadableTextSaySo() {
    var state = Fixture.state(columns: 80, rows: 24)
    let before = state.viewStart
    type("fri 21:00", into: &state)
    #expect(state.viewStart == before)
    // Issue 24 item 13: with the times the guide runs (Film Four's 11:00
    // to BBC One's Tuesday 14:00).
    #expect(
      state.message
        == "Fri 4 Dec 21:00 is outside the guide (Mon 30 Nov 11:00 – Tue 1 Dec 14:00)")
    type("fri", into: &state)
    #expect(state.message == "Fri 4 Dec is outside the guide (Mon 30 Nov 11:00 – Tue 1 Dec 14:00)")
    type("later", into: &state)
    #expect(state.viewStart == before)
    #expect(
      trimTrailing(state.render().lines[23])
        == " Cannot read 'later': try 21:00, fri 21:00, tomorrow 8pm, 2026-12-24 20:15, +2h")
    // Monday 09:00 is on a day of the guide, but before it begins.
    type("9", into: &state)
    #expect(
      state.message
        == "Mon 30 Nov 09:00 is outside the guide (Mon 30 Nov 11:00 – Tue 1 Dec 14:00)")
  }

  /// `now`, a bare hour, and a move past the guide's end.
  @Test func nowABareHourAndMovesToTheEnd() {
    var state = Fixture.state(columns: 80, rows: 24)
    type("21", into: &state)
    #expect(state.message == "Mon 30 Nov 21:00")
    #expect(state.viewStart == Fixture.at(21))
    type("now", into: &state)
    #expect(state.viewStart == Fixture.at(14))
    #expect(state.message == "Mon 30 Nov 14:05")
    // Tuesday 09:00, five hours before the guide ends: three hours on is
    // a full move; three more stop where the view reaches the end (the
    // guide's end within the screen), and say so; then it cannot move.
    type("tomorrow 9:00", into: &state)
    type("+3h", into: &state)
    #expect(state.message == "Tue 1 Dec 12:00 (+3h)")
    let before = state.viewStart
    type("+3h", into: &state)
    #expect(state.viewStart > before && state.viewStart < before + 3 * 3600)
    #expect(
      state.message?.hasSuffix(": +3h goes past the end of the guide (Tue 1 Dec 14:00)") == true,
      "\(state.message ?? "")")
    type("+3h", into: &state)
    #expect(state.message == "End of the guide: it ends Tue 1 Dec 14:00")
  }

  @Test func thePromptShowsWhatIsTypedAndEscCancels() {
    var state = Fixture.state(columns: 80, rows: 24)
    state.apply([.key(.character(":"))] + "fri 9".map { .key(.character($0)) })
    let line = trimTrailing(state.render().lines[23])
    #expect(line.hasPrefix(":fri 9_"))
    #expect(line.hasSuffix("+2h  Enter go  Esc cancel"))
    state.apply([.key(.backspace), .key(.escape)])
    #expect(state.mode == .guide)
    #expect(state.viewStart == Fixture.at(14))  // the half hour before now, as it opened
  }
}
