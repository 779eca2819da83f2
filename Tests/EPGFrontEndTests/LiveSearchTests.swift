import EPGFrontEnd
import EPGLayout
import EPGRaster
import EPGSchedule
import Testing

/// The search prompt as you type: matches follow the text when typing
/// pauses, the grid marks them, Up/Down go through the history, and the
/// results say where each matched.
@Suite struct LiveSearchTests {
  func typed(_ text: String) -> [Action] { text.map { .key(.character($0)) } }

  /// The prompt's status line at 80 columns: the text and cursor at the
  /// left, `hint` at the right with one space after it (trimmed here).
  static func promptLine(_ typed: String, _ hint: String) -> String {
    typed + String(repeating: " ", count: 80 - 1 - typed.count - hint.count) + hint
  }

  @Test func matchesFollowTheTextOnceTypingPauses() {
    var state = Fixture.state()
    state.apply([.key(.character("/"))] + typed("news"))
    // Still typing: nothing searched yet.
    #expect(state.search == nil)
    #expect(state.wantsLiveSearch)
    state.apply(.liveSearch)
    #expect(!state.wantsLiveSearch)
    #expect(state.search?.matches.count == 4)
    let lines = state.render().lines.map(trimTrailing)
    // The status line counts them; the grid marks them with » (News at
    // Half Two starts at column 25 of BBC One's row).
    #expect(
      lines[13]
        == Self.promptLine("/news_", "4 matches in titles  Tab toggles  Enter list  Esc cancel"))
    #expect(lines[4].contains("│» News at"), "\(lines[4])")
    // BBC One's number (1) leads its name in the channel column.
    #expect(lines[4].hasPrefix("1 BBC One   │Afternoon… │» "), "\(lines[4])")
    // One more letter: the count waits for the pause again.
    state.apply(typed("x"))
    #expect(
      trimTrailing(state.render().lines[13])
        == Self.promptLine("/newsx_", "in titles  Tab toggles  Enter list  Esc cancel"))
    state.apply(.liveSearch)
    #expect(state.search?.matches.isEmpty == true)
    #expect(
      trimTrailing(state.render().lines[13])
        == Self.promptLine("/newsx_", "0 matches in titles  Tab toggles  Enter list  Esc cancel"))
    // Esc at the prompt brings back the search before it: none.
    state.apply(.key(.escape))
    #expect(state.search == nil)
    #expect(state.mode == .guide)
  }

  @Test func oneLetterIsNotSearchedAndMoreLettersNarrow() {
    var state = Fixture.state()
    state.apply([.key(.character("/"))] + typed("m") + [.liveSearch])
    #expect(state.search == nil)
    // "mi": Midday News today and tomorrow.
    state.apply(typed("i") + [.liveSearch])
    #expect(state.search?.matches.count == 2)
    // "mid" searches only those two again; "midx" none of them.
    state.apply(typed("d") + [.liveSearch])
    #expect(state.search?.matches.count == 2)
    state.apply(typed("x") + [.liveSearch])
    #expect(state.search?.matches.isEmpty == true)
    // "new" after "news" is the keyword (marked new), not a narrowing.
    state.apply([.key(.control("u"))] + typed("news") + [.liveSearch])
    #expect(state.search?.matches.count == 4)
    state.apply([.key(.backspace), .liveSearch])
    #expect(state.search?.matches.map { state.guide.programme($0)?.title } == ["Doctors"])
  }

  @Test func aMistakeShowsAtThePromptWhileTyping() {
    var state = Fixture.state()
    state.apply([.key(.character("/"))] + typed("titel:x") + [.liveSearch])
    #expect(state.prompt.error != nil)
    #expect(state.search == nil)
    #expect(state.render().lines[13].hasPrefix("/titel:x_ column 1: unknown field 'titel:'"))
  }

  @Test func escAtThePromptKeepsTheSearchThatWasActive() {
    var state = Fixture.state()
    state.apply([.key(.character("/"))] + typed("news") + [.key(.enter), .key(.escape)])
    #expect(state.search?.query == "news")
    state.apply([.key(.character("/"))] + typed("cricket") + [.liveSearch])
    #expect(state.search?.query == "cricket")
    state.apply(.key(.escape))
    #expect(state.search?.query == "news")
  }

  @Test func enterKeepsTheQueryInTheHistoryAndAsksToSaveIt() {
    var state = Fixture.state()
    state.loadSearchHistory(["tennis", "", "news", "tennis"])
    #expect(state.searchHistory == ["news", "tennis"])
    state.apply([.key(.character("/"))] + typed("news") + [.key(.enter)])
    #expect(state.searchHistory == ["tennis", "news"])
    #expect(
      state.takeEffects() == [
        .saveSearchHistory(from: ["news", "tennis"], to: ["tennis", "news"])
      ])
  }

  @Test func upAndDownAtThePromptGoThroughTheHistory() {
    var state = Fixture.state()
    state.loadSearchHistory(["cricket", "news"])
    state.apply([.key(.character("/"))] + typed("x"))
    state.apply(.key(.up))
    #expect(state.prompt.text == "news")
    state.apply(.key(.up))
    #expect(state.prompt.text == "cricket")
    state.apply(.key(.up))
    #expect(state.prompt.text == "cricket")
    state.apply(.key(.down))
    #expect(state.prompt.text == "news")
    state.apply(.key(.down))
    #expect(state.prompt.text == "x")
    // A recalled query is searched like a typed one.
    state.apply([.key(.up), .liveSearch])
    #expect(state.search?.matches.count == 4)
  }

  @Test func resultsSayWhereEachMatchedBeyondTheTitle() {
    var schedule = Fixture.schedule
    schedule.programmes[1][1].credits = [
      Credit(role: .actor, name: "Humphrey Bogart", character: "Philip Marlowe")
    ]
    schedule.programmes[2][0].description = "Live from Lord's, with Marlowe's commentary."
    var state = AppState(
      guide: GuideModel(schedule: schedule), size: CellSize(columns: 80, rows: 14),
      now: Fixture.now)
    state.apply([.key(.character("/")), .key(.tab)] + typed("marlowe") + [.key(.enter)])
    let lines = state.render().lines.map(trimTrailing)
    #expect(lines[3] == "   12:00–14:00  Sport         Cricket  (in description)", "\(lines)")
    // The Big Sleep is on now (▶).
    #expect(lines[4] == " ▶ 13:40–15:50  Film Four     The Big Sleep  (in cast)", "\(lines)")
  }

  /// Accents and case never hide a match at `/` (issue 24, item 7), and
  /// the results list marks where the words are in the original text.
  @Test func accentsNeverHideAMatchAndTheResultsMarkTheOriginalText() {
    var schedule = Fixture.schedule
    schedule.programmes[0][1].title = "Híradó"
    schedule.programmes[2][1].title = "Tennis: Zürich Open"
    var state = AppState(
      guide: GuideModel(schedule: schedule), size: CellSize(columns: 80, rows: 14),
      now: Fixture.now)
    state.apply([.key(.character("/"))] + typed("hirado") + [.liveSearch])
    #expect(state.search?.matches.count == 1)
    state.apply([.key(.control("u"))] + typed("ZURICH") + [.liveSearch, .key(.enter)])
    let grid = state.render()
    let lines = grid.lines.map(trimTrailing)
    #expect(lines[3] == " ▶ 14:00–14:10  Sport         Tennis: Zürich Open", "\(lines)")
    // "Zürich" (columns 38–43) is underlined, the rest of the title not.
    let marked = (0..<80).filter { grid[$0, 3].style.attributes.contains(.underline) }
    #expect(marked == Array(38...43), "\(marked)")
  }

  /// At 80 columns the count stays when the keys do not fit: they go
  /// first (issue 24, item 8).
  @Test func theCountStaysVisibleAt80Columns() {
    var state = Fixture.state()
    state.apply([.key(.character("/")), .key(.tab)] + typed("news") + [.liveSearch])
    #expect(state.search?.matches.count == 4)
    let line = trimTrailing(state.render().lines[13])
    #expect(line.hasPrefix("/news_"), "\(line)")
    #expect(line.contains("4 matches in titles, descriptions, credits"), "\(line)")
    // A longer query: still the count, fewer keys.
    state.apply(typed(" at half two tod") + [.liveSearch])
    let longer = trimTrailing(state.render().lines[13])
    #expect(longer.contains("0 matches"), "\(longer)")
  }

  @Test func theLoopWaitsOnlyTheDebounceDelayWhileTyping() {
    var screen = Screen(
      backend: TestBackend(
        size: CellSize(columns: 80, rows: 14),
        events: [.key(.character("/")), .key(.character("n")), .key(.character("e"))]))
    let final = GuideApp.run(
      state: Fixture.state(), screen: &screen, clock: FixedClock(Fixture.now))
    let minute = GuideApp.timeout(now: Fixture.now)
    // Before "/" and "n": the minute; after "n" and "e", the typing pause.
    #expect(
      screen.backend.requestedTimeouts == [
        minute, minute, AppState.liveSearchDelay, AppState.liveSearchDelay,
      ])
    #expect(final.prompt.text == "ne")
  }
}
