import EPGFrontEnd
import EPGLayout
import EPGSchedule
import Testing

/// The key handling of the guide, without a terminal.
@Suite struct NavigationTests {
  @Test func leftAndRightStepThroughTheRowAndVimKeysAgree() {
    var arrows = Fixture.state()
    arrows.apply([.key(.right), .key(.right)])
    var vim = Fixture.state()
    vim.apply([.key(.character("l")), .key(.character("l"))])
    #expect(arrows.selectedProgramme?.title == "Doctors")
    #expect(vim.selection == arrows.selection)
    arrows.apply(.key(.left))
    #expect(arrows.selectedProgramme?.title == "News at Half Two")
  }

  @Test func rightScrollsWhenTheNextProgrammeIsOffScreen() {
    var state = Fixture.state()
    for _ in 0..<4 { state.apply(.key(.right)) }  // Evening News 16:30
    #expect(state.selectedProgramme?.title == "Evening News")
    state.apply(.key(.right))  // Breakfast, the next day 09:00
    #expect(state.selectedProgramme?.title == "Breakfast")
    #expect(state.viewStart == Fixture.at(9, day: 1))
  }

  @Test func downKeepsTheFocusRangeByTheAndroidRule() {
    var state = Fixture.state()
    state.apply(.key(.right))  // News at Half Two 14:30–15:00
    state.apply(.key(.down))  // Film Four: The Big Sleep 13:40–15:50 contains it
    #expect(state.selectedProgramme?.title == "The Big Sleep")
    #expect(state.focus == TimeSpan(start: Fixture.at(14, 30), end: Fixture.at(15)))
    state.apply(.key(.down))  // Sport: Snooker 14:10–16:00 contains the range
    #expect(state.selectedProgramme?.title == "Snooker")
    state.apply(.key(.down))  // Kids: ニュース for kids 14:15–15:00 contains it
    #expect(state.selectedProgramme?.title == "ニュース for kids")
    state.apply([.key(.up), .key(.up), .key(.up)])
    #expect(state.selectedProgramme?.title == "News at Half Two")
  }

  @Test func upPrefersTheWidestProgrammeInsideTheRange() {
    var state = Fixture.state()
    state.apply([.key(.down), .key(.down)])  // Sport: Tennis 14:00–14:10 (inside the range)
    #expect(state.selectedProgramme?.title == "Tennis")
    state.apply(.key(.right))  // Snooker 14:10–16:00
    state.apply(.key(.up))  // Film Four: Shorts (15:50–16:00) lies inside; The Big Sleep does not
    #expect(state.selectedProgramme?.title == "Shorts")
    state.apply(.key(.up))  // BBC One: Quiz Time (15:45–16:30) contains 15:50–16:00
    #expect(state.selectedProgramme?.title == "Quiz Time")
  }

  @Test func upPicksTheLargestOverlapWhenNothingFits() {
    var state = Fixture.state()
    state.apply(.key(.end))
    while state.selectedProgramme?.title != "Story Time" { state.apply(.key(.right)) }
    // Story Time 15:00–18:00, clipped to the view (to 16:47). Sport has
    // Snooker (60 min of it) and Football (47 min): the larger overlap wins.
    state.apply(.key(.up))
    #expect(state.selectedProgramme?.title == "Snooker")
  }

  @Test func homeEndAndPageKeysMoveBetweenChannels() {
    var state = Fixture.state()
    state.apply(.key(.end))
    #expect(state.selectedRow == 3)
    state.apply(.key(.home))
    #expect(state.selectedRow == 0)
    state.apply(.key(.end))
    #expect(state.selectedRow == 3)
    // g and G cycle playlist groups: in a plain guide they say so and stay.
    state.apply(.key(.character("g")))
    #expect(state.selectedRow == 3)
    state.apply(.key(.pageUp))
    #expect(state.selectedRow == 0)
    state.apply(.key(.pageDown))
    #expect(state.selectedRow == 3)
  }

  @Test func screenOfTimeDayAndNow() {
    var state = Fixture.state()
    // 67 columns of 2.5 minutes: a screen of time is 2h30 (whole half hours).
    state.apply(.key(.shiftRight))
    #expect(state.viewStart == Fixture.at(16, 30))
    #expect(state.selectedProgramme?.title == "Evening News")
    state.apply(.key(.character("H")))
    #expect(state.viewStart == Fixture.at(14))
    // The next day; the view stops where the guide's end is mid-screen.
    state.apply(.key(.character("]")))
    #expect(state.format.local(state.viewStart).day == 1)
    #expect(state.viewStart <= Fixture.at(14, day: 1))
    #expect(state.selectedProgramme?.title == "Midday News")
    let nextDay = state.viewStart
    state.apply(.key(.character("[")))
    #expect(state.viewStart == nextDay - 86_400)
    state.apply([.key(.character("T")), .key(.character("0"))])
    #expect(state.viewStart == Fixture.at(14))
    #expect(state.selectedProgramme?.title == "Afternoon Live")
  }

  @Test func zoomChangesTheColumnsPerHourWithinItsLevels() {
    var state = Fixture.state()
    #expect(state.settings.columnsPerHour == 24)
    state.apply(.key(.character("+")))
    #expect(state.settings.columnsPerHour == 36)
    state.apply([.key(.character("-")), .key(.character("-"))])
    #expect(state.settings.columnsPerHour == 18)
    for _ in 0..<10 { state.apply(.key(.character("-"))) }
    #expect(state.settings.columnsPerHour == GuideSettings.zoomLevels[0])
    #expect(state.message == "Zoomed out as far as it goes")
  }

  @Test func aClickSelectsAndTheWheelScrolls() {
    var state = Fixture.state(rows: 8)  // 2 channel rows visible
    // Row 5 is the second channel row; column 60 is 15:50 + a bit → Shorts.
    state.apply(.mouse(MouseEvent(.press, x: 60, y: 5)))
    #expect(state.selectedProgramme?.title == "Shorts")
    state.apply(.mouse(MouseEvent(.wheelDown, x: 10, y: 5)))
    #expect(state.topRow == 2)
    #expect(state.selectedRow >= 2)
    // A click on a day in the day bar goes to that day.
    state.apply(.mouse(MouseEvent(.press, x: 11, y: 1)))
    #expect(state.format.local(state.viewStart).day == 1)
  }

  @Test func aClickOnAOneCellMarkSelectsThatProgramme() {
    // A 30-second trailer at 14:10 is a one-cell mark in column 4 of the
    // grid (2.5 minutes per column); After starts two columns later.
    let schedule = Schedule(
      channels: [Channel(id: "one", name: "One")],
      programmes: [
        [
          Fixture.programme("Before", Fixture.at(14), Fixture.at(14, 10)),
          Fixture.programme("Trail", Fixture.at(14, 10), Fixture.at(14, 10) + 30),
          Fixture.programme("After", Fixture.at(14, 10) + 30, Fixture.at(15)),
        ]
      ])
    var state = AppState(
      guide: GuideModel(schedule: schedule), size: CellSize(columns: 80, rows: 10),
      now: Fixture.now)
    let left = state.layout.channelColumnWidth
    let y = state.layout.guideTop
    #expect(state.render().lines[y].hasPrefix("One         │Be…│…│After"))
    state.apply(.mouse(MouseEvent(.press, x: left + 4, y: y)))
    #expect(state.selectedProgramme?.title == "Trail")
    state.apply(.mouse(MouseEvent(.press, x: left + 6, y: y)))
    #expect(state.selectedProgramme?.title == "After")
    // On the separator: the programme at that time.
    state.apply(.mouse(MouseEvent(.press, x: left + 3, y: y)))
    #expect(state.selectedProgramme?.title == "Before")
  }

  @Test func upAndDownNeverMoveTheViewInTime() {
    // Film Four's data is missing for the afternoon except one programme
    // on Tuesday: moving down through it must not jump to Tuesday, and the
    // next row gets the time range from before.
    var schedule = Fixture.schedule
    schedule.programmes[1] = [
      Fixture.programme("Tuesday Film", Fixture.at(9, day: 1), Fixture.at(11, day: 1))
    ]
    var state = AppState(
      guide: GuideModel(schedule: schedule), size: CellSize(columns: 80, rows: 14),
      now: Fixture.now)
    let view = state.viewStart
    #expect(state.selectedProgramme?.title == "Afternoon Live")
    state.apply(.key(.down))
    #expect(state.viewStart == view)
    #expect(state.selectedRow == 1)
    #expect(state.selectedProgramme == nil)
    #expect(state.render().lines.joined().contains("Film Four: nothing scheduled here"))
    state.apply(.key(.down))
    #expect(state.viewStart == view)
    #expect(state.selectedProgramme?.title == "Tennis")
    // Right from the empty row still reaches its next programme, on Tuesday.
    state.apply(.key(.up))
    state.apply(.key(.right))
    #expect(state.selectedProgramme?.title == "Tuesday Film")
  }

  @Test func upAndDownKeepTheViewOnAProgrammeThatBeganLongBefore() {
    // Film Four shows one film from 06:00 to 15:00; the view starts at 14:00.
    var schedule = Fixture.schedule
    schedule.programmes[1] = [Fixture.programme("Epic", Fixture.at(6), Fixture.at(15))]
    var state = AppState(
      guide: GuideModel(schedule: schedule), size: CellSize(columns: 80, rows: 14),
      now: Fixture.now)
    let view = state.viewStart
    state.apply(.key(.down))
    #expect(state.selectedProgramme?.title == "Epic")
    #expect(state.viewStart == view)
    state.apply(.key(.down))
    state.apply(.key(.up))
    state.apply(.key(.end))
    state.apply(.key(.home))
    #expect(state.viewStart == view)
  }

  @Test func aClickOnAProgrammeMostlyOffScreenLeavesTheView() {
    // Film Four: 06:00–14:20, of which the view (from 14:00) shows 20 min.
    var schedule = Fixture.schedule
    schedule.programmes[1] = [Fixture.programme("Epic", Fixture.at(6), Fixture.at(14, 20))]
    var state = AppState(
      guide: GuideModel(schedule: schedule), size: CellSize(columns: 80, rows: 14),
      now: Fixture.now)
    let view = state.viewStart
    let x = state.layout.channelColumnWidth + 2  // 14:05
    state.apply(.mouse(MouseEvent(.press, x: x, y: state.layout.guideTop + 1)))
    #expect(state.selectedProgramme?.title == "Epic")
    #expect(state.viewStart == view)
  }

  @Test func pGoesToPrimeTimeAndThenToTheNextEvening() {
    // The fixture's guide runs to Tuesday 14:00; prime time set to 16:30.
    var settings = GuideSettings()
    settings.primeTime = 16 * 60 + 30
    var state = AppState(
      guide: GuideModel(schedule: Fixture.schedule), settings: settings,
      size: CellSize(columns: 80, rows: 14), now: Fixture.at(9))
    state.apply(.key(.character("p")))
    #expect(state.viewStart == Fixture.at(16, 30))
    #expect(state.selectedProgramme?.title == "Evening News")
    #expect(state.message == "Prime time: Mon 30 Nov 16:30")
    // After the view moved, p goes to the evening of the day in view again.
    state.apply(.key(.character("H")))
    #expect(state.viewStart < Fixture.at(16, 30))
    state.apply(.key(.character("p")))
    #expect(state.viewStart == Fixture.at(16, 30))
    // Again: the next evening, Tuesday 16:30, is past the guide's end
    // (14:00), so the view goes only as far as the guide allows (its end
    // in the middle of the screen) and says so.
    state.apply(.key(.character("p")))
    #expect(state.viewStart > Fixture.at(16, 30))
    #expect(state.visibleSpan.contains(Fixture.at(13, 59, day: 1)))
    #expect(!state.visibleSpan.contains(Fixture.at(16, 30, day: 1)))
    #expect(
      state.message
        == "Prime time Tue 1 Dec 16:30 is past the end of the guide (Mon 30 Nov 11:00 – Tue 1 Dec 14:00)"
    )
    // From there, p starts again from the day in view.
    state.apply(.key(.character("n")))
    state.apply(.key(.character("p")))
    #expect(state.viewStart == Fixture.at(16, 30))
  }

  @Test func pSkipsToTomorrowWhenTheGuideStartsAfterPrimeTime() {
    // A guide exported at 21:00 runs from then to Tuesday night; now 21:10.
    let schedule = Schedule(
      channels: [Channel(id: "one", name: "One")],
      programmes: [
        [
          Fixture.programme("Late", Fixture.at(21), Fixture.at(20, day: 1)),
          Fixture.programme("Tuesday Night", Fixture.at(20, day: 1), Fixture.at(23, day: 1)),
        ]
      ])
    var state = AppState(
      guide: GuideModel(schedule: schedule), size: CellSize(columns: 80, rows: 10),
      now: Fixture.at(21, 10))
    state.apply(.key(.character("p")))
    #expect(state.viewStart == Fixture.at(20, day: 1))
    #expect(state.selectedProgramme?.title == "Tuesday Night")
    #expect(state.message == "Prime time: Tue 1 Dec 20:00")
  }

  @Test func primeTimeFollowsTheDisplayZoneAcrossAClockChange() {
    // Europe/London: 2026-10-25 is 25 hours long; prime time that evening
    // is 20:00 GMT, the evening before 20:00 BST (19:00 UTC). The clocks
    // go back at 25 Oct 01:00 UTC.
    let zone = UTCOffsetTable(
      initialOffset: 3600, transitions: [.init(instant: 1_792_890_000, offset: 0)])
    let saturday = LocalTime(1_792_843_200, in: zone).dayNumber  // 24 Oct 12:00 UTC
    #expect(LocalTime.instant(saturday, minute: 20 * 60, in: zone) == 1_792_868_400)  // 19:00 UTC
    let sunday = LocalTime(1_792_929_600, in: zone).dayNumber  // 25 Oct 12:00 UTC
    #expect(LocalTime.instant(sunday, minute: 20 * 60, in: zone) == 1_792_958_400)  // 20:00 UTC
  }

  @Test func fSinglesOutOneGenreAtATime() {
    // The fixture: Doctors is a series (Drama, Soap); Kids' programmes and
    // everything else have no category. Films get one here.
    var schedule = Fixture.schedule
    schedule.programmes[1][1].categories = ["Film"]  // The Big Sleep, 13:40–15:50
    var settings = GuideSettings()
    settings.theme = .monochrome
    var state = AppState(
      guide: GuideModel(schedule: schedule), settings: settings,
      size: CellSize(columns: 80, rows: 14), now: Fixture.now)
    #expect(state.guide.genresPresent == [.movie, .series])
    state.apply(.key(.character("f")))
    #expect(state.genreFilter == .movie)
    #expect(state.message == "Genre: films  (f: next, F: previous, Esc: every genre)")
    #expect(state.render().lines[0].contains("│ only films"))
    // Afternoon Live (no genre) is muted: dim; The Big Sleep is not.
    let grid = state.render()
    let newsRow = state.layout.guideTop
    let filmRow = newsRow + 1
    let x = state.layout.channelColumnWidth + 3
    #expect(grid[x, newsRow].style.attributes.contains(.dim))
    #expect(!grid[x, filmRow].style.attributes.contains(.dim))
    #expect(grid[x, filmRow].style.attributes.contains(.bold))
    state.apply(.key(.character("f")))
    #expect(state.genreFilter == .series)
    state.apply(.key(.character("f")))
    #expect(state.genreFilter == nil)
    #expect(state.message == "Every genre")
    state.apply(.key(.character("F")))
    #expect(state.genreFilter == .series)
    state.apply(.key(.escape))
    #expect(state.genreFilter == nil)
    #expect(!state.render().lines[0].contains("only"))
    #expect(state.message == "Every genre")
    // A guide without categories says why nothing happens.
    var bare = Fixture.schedule
    bare.programmes[0] = ProgrammeColumn(
      bare.programmes[0].map {
        var programme = $0
        programme.categories = []
        return programme
      })
    var plain = AppState(
      guide: GuideModel(schedule: bare), size: CellSize(columns: 80, rows: 14), now: Fixture.now)
    plain.apply(.key(.character("f")))
    #expect(plain.genreFilter == nil)
    #expect(plain.message == "No programme has a genre (from its <category>)")
  }

  @Test func upAndDownWrapAroundOnlyWhenConfigured() {
    var plain = Fixture.state()
    plain.apply(.key(.up))
    #expect(plain.selectedRow == 0)
    plain.apply(.key(.end))
    plain.apply(.key(.down))
    #expect(plain.selectedRow == 3)
    var settings = GuideSettings()
    settings.wrapsChannels = true
    var state = AppState(
      guide: GuideModel(schedule: Fixture.schedule), settings: settings,
      size: CellSize(columns: 80, rows: 7), now: Fixture.now)
    state.apply(.key(.up))
    #expect(state.selectedRow == 3)
    #expect(state.topRow + state.layout.guideRows > 3)  // scrolled into view
    state.apply(.key(.down))
    #expect(state.selectedRow == 0)
    #expect(state.topRow == 0)
    #expect(ConfigFile(parsing: "wrap = yes").settings.wrapsChannels)
    #expect(ConfigFile(parsing: "wrap = maybe").warnings.count == 1)
  }

  @Test func resizingWideAndBackGivesTheSameScreen() {
    var state = Fixture.state(columns: 80, rows: 14)
    // Page to the end of the guide, where a wider view would reach past it.
    for _ in 0..<20 { state.apply(.key(.character("L"))) }
    let before = state.render()
    // Wider than the guide is long: the view may show time past its end,
    // but must not move.
    for size in [(500, 14), (3, 1), (200, 60), (80, 14)] {
      state.apply(.resize(CellSize(columns: size.0, rows: size.1)))
    }
    #expect(state.render() == before)
  }

  @Test func qAndCtrlCQuit() {
    var state = Fixture.state()
    state.apply(.key(.character("q")))
    #expect(state.isFinished)
    var other = Fixture.state()
    other.apply([.key(.enter), .key(.control("c"))])
    #expect(other.isFinished)
  }

  @Test func reloadKeepsTheSelectionByChannelAndStart() {
    var state = Fixture.state()
    state.apply([.key(.down), .key(.right)])  // Film Four: Shorts 15:50
    var schedule = Fixture.schedule
    // The new guide has the channels in another order and one more.
    schedule.channels.swapAt(0, 1)
    schedule.programmes.swapAt(0, 1)
    schedule.channels.append(.init(id: "new.uk", name: "New"))
    schedule.programmes.append([])
    state.apply(.replaceGuide(GuideModel(schedule: schedule)))
    #expect(state.selectedRow == 0)
    #expect(state.selectedProgramme?.title == "Shorts")
  }

  @Test func reloadKeepsOpenDetailsAndHelpButClosesLists() {
    var schedule = Fixture.schedule
    schedule.channels.swapAt(0, 1)
    schedule.programmes.swapAt(0, 1)
    var details = Fixture.state()
    details.apply([.key(.down), .key(.right), .key(.enter)])
    details.apply(.replaceGuide(GuideModel(schedule: schedule)))
    guard case .details(let ref, _) = details.mode else {
      Issue.record("details closed: \(details.mode)")
      return
    }
    #expect(details.guide.programme(ref)?.title == "Shorts")
    var help = Fixture.state()
    help.apply(.key(.character("?")))
    help.apply(.replaceGuide(GuideModel(schedule: schedule)))
    #expect(help.mode == .help(scroll: 0))
    var list = Fixture.state()
    list.apply(.key(.character("s")))
    list.apply(.replaceGuide(GuideModel(schedule: schedule)))
    #expect(list.mode == .guide)
  }

  @Test func favouritesComeFirstAndHiddenChannelsAreLeftOut() {
    let model = GuideModel(
      schedule: Fixture.schedule, favourites: ["kids.uk", "Sport"], hidden: ["films.uk"])
    #expect(model.rows.map(\.channel.name) == ["Kids", "Sport", "BBC One"])
    #expect(model.rows.map(\.isFavourite) == [true, true, false])
  }

  @Test func anEmptyGuideDoesNotCrash() {
    var state = AppState(
      guide: GuideModel(schedule: .init(channels: [], programmes: [])),
      size: CellSize(columns: 80, rows: 14), now: Fixture.now)
    let keys: [Key] = [
      .left, .right, .up, .down, .pageUp, .pageDown, .home, .end, .enter, .character("s"),
      .character("n"), .character("]"), .character("+"), .shiftLeft,
    ]
    for key in keys { state.apply(.key(key)) }
    state.apply(.mouse(MouseEvent(.press, x: 40, y: 6)))
    #expect(state.render().lines.joined().contains("The guide has no channels."))
  }
}

@Suite struct ViewportTests {
  /// At every zoom, the state's viewport and the layout drawn from it agree:
  /// the instant of each grid column lies at that column's left edge (20
  /// points a column from the guide area's left edge, scroll taken off).
  @Test(arguments: GuideSettings.zoomLevels)
  func theLayoutDrawsTheViewportsColumns(zoom: Int) {
    var state = Fixture.state(columns: 100, rows: 20)
    state.apply([.key(.character("L")), .key(.character("L"))])
    while state.settings.columnsPerHour < zoom { state.apply(.key(.character("+"))) }
    while state.settings.columnsPerHour > zoom { state.apply(.key(.character("-"))) }
    let viewport = state.viewport
    let layout = state.guideLayout
    #expect(viewport.time(atColumn: state.layout.channelColumnWidth) == state.viewStart)
    for column in [state.layout.channelColumnWidth, 30, 99] {
      let x = layout.x(for: viewport.time(atColumn: column)) - layout.viewport.contentOffset.x
      #expect(x == Double(column) * 20, "zoom \(zoom), column \(column)")
    }
  }
}

@Suite struct RowMoveTests {
  /// Moving a row asks the layout that is drawn. A zero-length programme at
  /// the guide's very end is drawn (a one-cell mark, the view reaching past
  /// the end); from "P" (12:30–13:00) the nearest in the row below is that
  /// mark at 13:00 (no gap), not "B", which ended ten minutes before.
  @Test func aZeroLengthProgrammeAtTheGuidesEndCanBeReached() {
    let schedule = Schedule(
      channels: [Channel(id: "a", name: "A"), Channel(id: "b", name: "B")],
      programmes: [
        [
          Fixture.programme("A", Fixture.at(12), Fixture.at(12, 30)),
          Fixture.programme("P", Fixture.at(12, 30), Fixture.at(13)),
        ],
        [
          Fixture.programme("B", Fixture.at(12), Fixture.at(12, 20)),
          Fixture.programme("Z", Fixture.at(13), Fixture.at(13)),
        ],
      ])
    var state = AppState(
      guide: GuideModel(schedule: schedule), size: CellSize(columns: 80, rows: 14),
      now: Fixture.at(12, 5))
    #expect(state.selectedProgramme?.title == "A")
    state.apply([.key(.right), .key(.down)])
    #expect(state.selectedRow == 1)
    #expect(state.selectedProgramme?.title == "Z")
  }
}
