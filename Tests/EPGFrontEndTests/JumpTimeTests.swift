import EPGFrontEnd
import EPGLayout
import Testing

/// `JumpTime.parse` (the `:` prompt), with instants worked out by hand.
/// Today is Monday 30 November 2026: day 20787 since 1970-01-01 (UTC
/// midnight 1_795_996_800 = 20787 × 86400).
@Suite struct JumpTimeTests {
  let today: Int64 = 20787
  let midnight: EpochSeconds = 1_795_996_800

  func parse(_ text: String, dayInView: Int64? = nil, zone: UTCOffsetTable = .utc) -> JumpTime? {
    try? JumpTime.parse(text, today: today, dayInView: dayInView ?? today, zone: zone).get()
  }

  func error(_ text: String) -> String? {
    switch JumpTime.parse(text, today: today, dayInView: today, zone: .utc) {
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
    #expect(error("21") == "Cannot read '21': " + examples)
    #expect(error("") == "Type a day or time: " + examples)
    #expect(error("25:00") == "No such time: 25:00")
    #expect(error("13pm") == "No such time: 13pm")
    #expect(error("9:7") == "No such time: 9:7")
    #expect(error("2026-02-30") == "No such date: 2026-02-30")
    #expect(error("fri sat") == "Two days in 'fri sat': " + examples)
    #expect(error("+2") == "Cannot read '+2': a move is +2h, -30m or +1h30m (a day: [ or ])")
    #expect(error("+2d") == "Cannot read '+2d': a move is +2h, -30m or +1h30m (a day: [ or ])")
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
      try? JumpTime.parse(text, today: sunday - 1, dayInView: sunday - 1, zone: autumn).get()
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
      try? JumpTime.parse(text, today: 20541, dayInView: 20541, zone: spring).get()
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
    type("today", into: &state)
    #expect(state.viewStart == Fixture.at(11))
    #expect(state.message == "Mon 30 Nov")
  }

  @Test func outsideTheGuideAndUnreadableTextSaySo() {
    var state = Fixture.state(columns: 80, rows: 24)
    let before = state.viewStart
    type("fri 21:00", into: &state)
    #expect(state.viewStart == before)
    #expect(state.message == "Fri 4 Dec 21:00 is outside the guide (Mon 30 Nov – Tue 1 Dec)")
    type("later", into: &state)
    #expect(state.viewStart == before)
    #expect(
      trimTrailing(state.render().lines[23])
        == " Cannot read 'later': try 21:00, fri 21:00, tomorrow 8pm, 2026-12-24 20:15, +2h")
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
