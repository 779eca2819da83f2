import EPGLayout
import EPGRaster

extension AppState {
  /// Applies one action (the pure reducer: no I/O, no clock).
  public mutating func apply(_ action: Action) {
    switch action {
    case .key(let key):
      message = nil
      handle(key)
    case .mouse(let event):
      message = nil
      channelEntry = nil
      handle(event)
    case .resize(let newSize):
      size = newSize
      clampView(keepingEnd: false)
      // After a shrink the selection stays on screen, in rows and in time
      // (the view moves only when none of it is left in view).
      clampRows()
      if let span = selectedProgramme?.span, !span.overlaps(visibleSpan), !layout.isTooSmall {
        reveal(span)
      }
      clampListCursor()
      scrollText(by: 0)
    case .tick(let instant):
      now = instant
      fireDueReminders()
    case .replaceGuide(let model):
      replaceGuide(model)
      reloadProblem = nil
      readReminders(reminders)
    case .notice(let text):
      message = text
    case .channelNumberPause:
      if channelEntry != nil {
        channelEntry = nil
        message = nil
      }
    case .reloadFailed(let text):
      // An older one-off message (say, the last reload's) would hide it.
      message = nil
      reloadProblem = text
    case .remindersRead(let list):
      readReminders(list)
    case .recordingsChanged(let list):
      recordings = list
    case .liveSearch:
      if case .searchPrompt = mode, prompt.isStale { runLiveSearch() }
    }
  }

  /// Applies each action in turn.
  public mutating func apply(_ actions: [Action]) {
    for action in actions { apply(action) }
  }

  // MARK: Keys

  mutating func handle(_ key: Key) {
    if key == .control("c") {
      isFinished = true
      return
    }
    if !alerts.isEmpty {
      handleAlert(key)
      return
    }
    switch mode {
    case .guide: handleGuide(key)
    case .details(let ref, _): handleDetails(key, ref: ref)
    case .channelDetails: handleChannelDetails(key)
    case .help: handleHelp(key)
    case .searchPrompt: handlePrompt(key)
    case .jumpPrompt: handleJumpPrompt(key)
    case .searchResults(let cursor): handleResults(key, cursor: cursor)
    case .channelList(let row, let cursor): handleChannelList(key, row: row, cursor: cursor)
    case .commandMenu(let ref, let selected): handleCommandMenu(key, ref: ref, selected: selected)
    case .reminderList(let cursor): handleReminderList(key, cursor: cursor)
    case .savedSearches(let items, let cursor):
      handleSavedSearches(key, items: items, cursor: cursor)
    case .overview(let overview, let cursor, let column):
      handleOverview(key, overview: overview, cursor: cursor, column: column)
    case .legend: handleLegend(key)
    case .filterMenu(let selected): handleFilterMenu(key, selected: selected)
    }
  }

  mutating func handleGuide(_ key: Key) {
    if handleChannelEntry(key) { return }
    switch key {
    case .left, .character("h"): moveInRow(-1)
    case .right, .character("l"): moveInRow(1)
    case .up, .character("k"): moveToRow(adjacentRow(-1))
    case .down, .character("j"): moveToRow(adjacentRow(1))
    case .pageUp, .shiftUp, .control("b"): pageRows(-1)
    case .pageDown, .shiftDown, .control("f"): pageRows(1)
    case .shiftLeft, .character("H"): pageTime(-1)
    case .shiftRight, .character("L"): pageTime(1)
    case .home: moveToRow(0)
    case .end: moveToRow(guide.rows.count - 1)
    case .character("g"): stepGroup(1)
    case .character("G"): stepGroup(-1)
    case .character("w"): watch(fromStart: false)
    case .character("W"): watch(fromStart: true)
    case .character("0"): goToNow()
    case .character(let c) where c.isASCII && c.isNumber: beginChannelEntry(c)
    case .character("n"):
      if search != nil { stepMatch(1) } else { goToNow() }
    case .character("N"):
      if search != nil { stepMatch(-1) }
    case .character("p"): goToPrimeTime()
    case .character("f"): stepGenreFilter(1)
    case .character("F"): stepGenreFilter(-1)
    case .character("["), .character("t"): moveDay(-1)
    case .character("]"), .character("T"): moveDay(1)
    case .character("+"): zoom(1)
    case .character("-"), .character("_"): zoom(-1)
    case .enter:
      if let ref = selection {
        openDetails(ref)
      } else if guide.rows.indices.contains(selectedRow), guide.rows[selectedRow].playlist != nil {
        mode = .channelDetails(row: selectedRow, scroll: 0)
      }
    case .character("/"): openPrompt()
    case .character("s"), .tab: openChannelList(row: selectedRow)
    case .character("?"), .function(1): mode = .help(scroll: 0)
    case .character("q"): isFinished = true
    case .character("R"): toggleRecording()
    // Issue 18 (daily1): overviews, jump, favourites and hidden channels.
    case .character("o"): openOverview(.nowNext)
    case .character("e"): openOverview(.tonight(day: dayInView))
    case .character(":"): openJumpPrompt()
    case .character("*"): toggleFavourite()
    case .character("x"): hideChannel()
    case .character("u"): undoChannelChoice()
    case .character("c"): toggleFavouritesOnly()
    // Issue 24 (item 17): rows people can read.
    case .character("X"): toggleEmptyChannels()
    case .character("<"): resizeChannelColumn(-1)
    case .character(">"): resizeChannelColumn(1)
    // Issue 18 (daily2): the legend and the filter menu.
    case .character("="): mode = .legend(scroll: 0)
    case .character("y"): mode = .filterMenu(selected: 0)
    case .escape:
      if search != nil {
        search = nil
        message = "Search cleared"
      } else if isFiltering {
        message = filterQuery == nil ? "Every genre" : "Filters cleared: every programme"
        clearFilters()
      }
    // Acting on programmes (issue 15).
    case .character("v"):
      if search != nil { openResults() } else { message = "No search yet: press / to search" }
    case .character("r"):
      if let selection { toggleReminder(selection) } else { message = "No programme selected" }
    case .character("a"): openReminderList()
    case .character("S"): openSavedSearches()
    case .character("|"): openCommandMenu()
    case .character("i"):
      if let selection { exportCalendar(selection) } else { message = "No programme selected" }
    default: break
    }
  }

  mutating func handleDetails(_ key: Key, ref: ProgrammeRef) {
    if scrollText(key) { return }
    switch key {
    case .escape, .backspace:
      mode = detailsReturn ?? .guide
      detailsReturn = nil
      airingPick = nil
    case .enter:
      if let pick = airingPick, case let airings = otherAirings(of: ref),
        airings.indices.contains(pick)
      {
        // The other airing: selected in the guide, its details open.
        goTo(airings[pick])
        openDetails(airings[pick])
      } else {
        mode = .guide
        detailsReturn = nil
        airingPick = nil
      }
    case .tab:
      // The next other airing (after the last, none).
      let count = otherAirings(of: ref).count
      guard count > 0 else {
        message = "No other airing of this programme in the guide"
        return
      }
      let next = (airingPick ?? -1) + 1
      airingPick = next < count ? next : nil
      // They are the last lines: scrolled into view.
      scrollText(to: textScrollLimit)
    case .character("q"): isFinished = true
    case .left, .character("h"), .right, .character("l"):
      // The previous or next programme of the channel, in the guide too.
      let step = (key == .left || key == .character("h")) ? -1 : 1
      select(row: ref.row, item: ref.item)
      moveInRow(step)
      if let selection {
        mode = .details(selection, scroll: 0)
        airingPick = nil
      }
    case .character("w"), .character("W"):
      // What the details show is what plays.
      select(row: ref.row, item: ref.item)
      watch(fromStart: key == .character("W"))
    case .character("r"): toggleReminder(ref)
    case .character("i"): exportCalendar(ref)
    case .character("|"):
      select(row: ref.row, item: ref.item)
      openCommandMenu()
    case .character("R"):
      select(row: ref.row, item: ref.item)
      toggleRecording()
    case .character("?"), .function(1):
      // Help goes back to the guide, not to a list behind the details.
      detailsReturn = nil
      mode = .help(scroll: 0)
    default: break
    }
  }

  mutating func handleChannelDetails(_ key: Key) {
    if scrollText(key) { return }
    switch key {
    case .escape, .enter, .backspace: mode = .guide
    case .character("q"): isFinished = true
    case .character("w"): watch(fromStart: false)
    case .character("?"), .function(1): mode = .help(scroll: 0)
    default: break
    }
  }

  mutating func handleHelp(_ key: Key) {
    if scrollText(key) { return }
    switch key {
    case .escape, .enter, .character("?"), .function(1), .backspace: mode = .guide
    case .character("q"): isFinished = true
    default: break
    }
  }

  mutating func handleLegend(_ key: Key) {
    if scrollText(key) { return }
    switch key {
    case .escape, .enter, .character("="), .backspace: mode = .guide
    case .character("q"): isFinished = true
    case .character("?"), .function(1): mode = .help(scroll: 0)
    default: break
    }
  }

  mutating func handlePrompt(_ key: Key) {
    let before = (prompt.text, prompt.includeDetails)
    switch key {
    case .escape:
      search = prompt.previous
      mode = .guide
      return
    case .enter:
      runSearch()
      return
    case .up: browseHistory(-1)
    case .down: browseHistory(1)
    case .tab:
      prompt.includeDetails.toggle()
    default: editPrompt(key)
    }
    if (prompt.text, prompt.includeDetails) != before { prompt.isStale = true }
  }

  /// Typing at a prompt: characters, Backspace, Ctrl-U (clear).
  mutating func editPrompt(_ key: Key) {
    switch key {
    case .backspace, .delete:
      if !prompt.text.isEmpty { prompt.text.removeLast() }
    case .control("u"): prompt.text = ""
    case .character(let c):
      if prompt.text.count < 200 { prompt.text.append(c) }
    default: break
    }
  }

  // MARK: Mouse

  mutating func handle(_ event: MouseEvent) {
    if !alerts.isEmpty { return }
    switch mode {
    case .guide: handleGuideMouse(event)
    case .searchResults(let cursor):
      handleListMouse(event, cursor: cursor, count: search?.matches.count ?? 0) {
        .searchResults($0)
      }
    case .channelList(let row, let cursor):
      handleListMouse(event, cursor: cursor, count: channelListItemCount(row: row)) {
        .channelList(row: row, $0)
      }
    case .overview(let overview, let cursor, _):
      handleListMouse(event, cursor: cursor, count: guide.rows.count) {
        .overview(overview, $0)
      }
    case .filterMenu: break
    case .details, .channelDetails, .help, .legend:
      switch event.action {
      case .wheelDown: scrollText(by: 3)
      case .wheelUp: scrollText(by: -3)
      case .press, .doublePress, .wheelLeft, .wheelRight: break
      }
    case .searchPrompt, .jumpPrompt, .commandMenu, .reminderList, .savedSearches: break
    }
  }

  mutating func handleGuideMouse(_ event: MouseEvent) {
    let layout = layout
    switch event.action {
    case .wheelUp: scrollRows(-3)
    case .wheelDown: scrollRows(3)
    // Horizontal wheel (or Shift-wheel): half an hour of time a notch.
    case .wheelLeft: shiftTime(by: -1800)
    case .wheelRight: shiftTime(by: 1800)
    case .doublePress:
      // The first press selected what is under the pointer: its details.
      handleGuideMouse(MouseEvent(.press, x: event.x, y: event.y))
      if event.y >= layout.guideTop, let ref = selection { openDetails(ref) }
    case .press:
      if event.y == layout.dayBarRow {
        if let day = dayBarDay(atColumn: event.x) { jumpToDay(day) }
        return
      }
      if event.y >= layout.timeRow, event.y < layout.guideTop {
        // The time row: its corner (the date) goes to now; a time selects
        // the selected channel's programme then.
        if event.x < layout.channelColumnWidth {
          goToNow()
        } else {
          let instant = viewport.middle(ofColumn: event.x)
          selectTime(instant)
          if let span = selectedProgramme?.span, !span.overlaps(visibleSpan) {
            selectedItem = nil
            focus = TimeSpan(start: instant, end: instant + 1)
          }
        }
        return
      }
      let rowOffset = event.y - layout.guideTop
      guard rowOffset >= 0, rowOffset < layout.guideRows else { return }
      let row = topRow + rowOffset
      guard guide.rows.indices.contains(row) else { return }
      if event.x < layout.channelColumnWidth {
        moveToRow(row)
        return
      }
      // The programme drawn under the pointer (a one-cell mark included);
      // elsewhere (a separator, empty time) the one at the pointer's time.
      let rasterizer = GuideRasterizer(metrics: TerminalGuideStyle.metrics)
      if let hit = rasterizer.programme(
        atColumn: event.x, row: event.y - layout.timeRow, in: GuideScene(layout: guideLayout)),
        hit.section == row
      {
        select(row: row, item: hit.item)
      } else {
        selectedRow = row
        selectTime(viewport.middle(ofColumn: event.x))
        if let span = selectedProgramme?.span, !span.overlaps(visibleSpan) { selectedItem = nil }
      }
      // What was clicked is on screen: the view stays.
      clampRows()
    }
  }

  /// Shows the local day `dayNumber` at the same time of day as now shown.
  mutating func jumpToDay(_ dayNumber: Int64) {
    let today = format.local(viewStart).dayNumber
    let startOfToday = LocalTime.startOfDay(today, in: format.zone)
    let target = LocalTime.startOfDay(dayNumber, in: format.zone)
    shiftTime(by: target + (viewStart - startOfToday) - viewStart)
  }

  // MARK: Reload

  /// Replaces the guide, keeping the group shown (when the new guide still
  /// has it), the selected channel (by id) and programme (by start), the
  /// view's start time and the selected row's place on screen.
  mutating func replaceGuide(_ model: GuideModel) {
    configuredGuide = model
    fullGuide = arrangedGuide()
    if let group, !model.groups.contains(group) { self.group = nil }
    showGroup(group, fallbackToFirst: false)
  }

  /// Shows `model`'s rows in place of `guide`'s, keeping the selected
  /// channel (by id) and programme (by start), the view's start time and
  /// the selected row's place on screen. A channel not in `model` gives
  /// the first row with `fallbackToFirst`, else the same row number.
  mutating func replaceRows(_ model: GuideModel, fallbackToFirst: Bool) {
    let channelID =
      guide.rows.indices.contains(selectedRow)
      ? guide.rows[selectedRow].channel.id : nil
    let start = selectedProgramme?.start
    let screenOffset = selectedRow - topRow
    // Details of the selected programme stay open when it is still in the
    // new guide; help stays; lists and searches point into the old guide
    // and close.
    let previousMode = mode
    guide = model
    search = nil
    // Row and item numbers of the old guide mean nothing in the new one.
    channelEntry = nil
    detailsReturn = nil
    lastPrimeTime = nil
    mode = .guide
    let row =
      channelID.flatMap { model.row(ofChannel: $0) }
      ?? (fallbackToFirst ? 0 : min(selectedRow, model.rows.count - 1))
    selectedRow = max(0, row)
    topRow = max(0, selectedRow - screenOffset)
    if let start {
      selectTime(start)
    } else {
      selectTime(focus.start)
    }
    clampView()
    clampRows()
    switch previousMode {
    case .help:
      mode = previousMode
    case .details(_, let scroll):
      let sameChannel =
        guide.rows.indices.contains(selectedRow)
        && guide.rows[selectedRow].channel.id == channelID
      if let selection, sameChannel, selectedProgramme?.start == start {
        mode = .details(selection, scroll: scroll)
      }
    default:
      break
    }
  }
}
