import EPGLayout

// The two list views: search results and one channel's schedule.
extension AppState {
  /// The layout of the search results list.
  public var resultsList: DayList {
    let starts = (search?.matches ?? []).map { guide.programme($0)?.start ?? 0 }
    return DayList(starts: starts, format: format, width: size.columns)
  }

  /// The layout of the schedule list of `row`.
  public func channelList(row: Int) -> DayList {
    let starts =
      guide.rows.indices.contains(row) ? guide.rows[row].programmes.spans.map(\.start) : []
    return DayList(starts: starts, format: format, width: size.columns)
  }

  func channelListItemCount(row: Int) -> Int {
    guide.rows.indices.contains(row) ? guide.rows[row].programmes.count : 0
  }

  mutating func openResults() {
    let index = matchIndexNearSelection()
    let list = resultsList
    mode = .searchResults(
      ListCursor(
        selected: index, scroll: list.scroll(revealing: index, viewRows: layout.listRows, from: 0)))
  }

  mutating func openChannelList(row: Int) {
    guard guide.rows.indices.contains(row) else { return }
    let index: Int
    if row == selectedRow, let item = selectedItem {
      index = item
    } else {
      let anchor = selectedProgramme?.start ?? focus.start
      index = bestItem(inRow: row, for: TimeSpan(start: anchor, end: anchor + 1)) ?? 0
    }
    let list = channelList(row: row)
    mode = .channelList(
      row: row,
      ListCursor(
        selected: index, scroll: list.scroll(revealing: index, viewRows: layout.listRows, from: 0)))
  }

  /// A moved cursor for a list of `count` items: `key` moves it; nil when
  /// the key is not a list movement.
  func movedCursor(_ cursor: ListCursor, key: Key, count: Int, list: DayList) -> ListCursor? {
    let page = max(1, layout.listRows - 1)
    var selected = cursor.selected
    switch key {
    case .up, .character("k"): selected -= 1
    case .down, .character("j"): selected += 1
    case .pageUp, .control("b"): selected -= page
    case .pageDown, .control("f"), .character(" "): selected += page
    case .home, .character("g"): selected = 0
    case .end, .character("G"): selected = count - 1
    default: return nil
    }
    selected = min(max(0, selected), max(0, count - 1))
    let scroll = list.scroll(revealing: selected, viewRows: layout.listRows, from: cursor.scroll)
    return ListCursor(selected: selected, scroll: scroll)
  }

  mutating func handleResults(_ key: Key, cursor: ListCursor) {
    let matches = search?.matches ?? []
    if let moved = movedCursor(cursor, key: key, count: matches.count, list: resultsList) {
      mode = .searchResults(moved)
      return
    }
    switch key {
    case .escape: mode = .guide
    case .character("q"): isFinished = true
    case .enter:
      if matches.indices.contains(cursor.selected) {
        openDetailsFromList(matches[cursor.selected])
        message = "Match \(cursor.selected + 1) of \(matches.count): n/N for the next/previous"
      }
    case .character("/"): openPrompt()
    case .character("r"):
      if matches.indices.contains(cursor.selected) { toggleReminder(matches[cursor.selected]) }
    case .character("w"), .character("W"):
      if matches.indices.contains(cursor.selected) {
        watch(matches[cursor.selected], fromStart: key == .character("W"))
      }
    case .character("?"), .function(1): mode = .help(scroll: 0)
    default: break
    }
  }

  mutating func handleChannelList(_ key: Key, row: Int, cursor: ListCursor) {
    let count = channelListItemCount(row: row)
    if let moved = movedCursor(cursor, key: key, count: count, list: channelList(row: row)) {
      mode = .channelList(row: row, moved)
      return
    }
    switch key {
    case .escape: mode = .guide
    case .character("q"): isFinished = true
    case .enter:
      if cursor.selected < count {
        openDetailsFromList(ProgrammeRef(row: row, item: cursor.selected))
      }
    case .character("r"):
      if cursor.selected < count { toggleReminder(ProgrammeRef(row: row, item: cursor.selected)) }
    case .character("w"), .character("W"):
      // A channel without programmes: the channel.
      guard guide.rows.indices.contains(row) else { return }
      let programme = guide.programme(ProgrammeRef(row: row, item: cursor.selected))
      watch(row: row, programme: programme, fromStart: key == .character("W"))
    case .left, .character("h"), .right, .character("l"):
      let step = (key == .left || key == .character("h")) ? -1 : 1
      let target = row + step
      guard guide.rows.indices.contains(target) else { return }
      let anchor =
        guide.programme(ProgrammeRef(row: row, item: cursor.selected))?.start ?? focus.start
      let index = bestItem(inRow: target, for: TimeSpan(start: anchor, end: anchor + 1)) ?? 0
      let list = channelList(row: target)
      mode = .channelList(
        row: target,
        ListCursor(
          selected: index, scroll: list.scroll(revealing: index, viewRows: layout.listRows, from: 0)
        ))
    case .character("?"), .function(1): mode = .help(scroll: 0)
    default: break
    }
  }

  mutating func handleListMouse(
    _ event: MouseEvent, cursor: ListCursor, count: Int, wrap: (ListCursor) -> Mode
  ) {
    let list: DayList
    switch mode {
    case .channelList(let row, _): list = channelList(row: row)
    case .overview(let overview, _, _): list = overviewList(overview)
    default: list = resultsList
    }
    let maxScroll = max(0, list.contentRows - layout.listRows)
    switch event.action {
    case .wheelUp:
      mode = wrap(ListCursor(selected: cursor.selected, scroll: max(0, cursor.scroll - 3)))
    case .wheelDown:
      mode = wrap(ListCursor(selected: cursor.selected, scroll: min(maxScroll, cursor.scroll + 3)))
    case .wheelLeft, .wheelRight: break
    case .press, .doublePress:
      // A double click is a click on the item the first one selected.
      let row = event.y - layout.listTop + cursor.scroll
      guard event.y >= layout.listTop, let index = list.item(atRow: row), index < count else {
        return
      }
      if index == cursor.selected {
        apply(.key(.enter))
      } else {
        mode = wrap(ListCursor(selected: index, scroll: cursor.scroll))
      }
    }
  }

  /// Keeps list cursors valid after a resize.
  mutating func clampListCursor() {
    switch mode {
    case .searchResults(let cursor):
      let list = resultsList
      mode = .searchResults(
        ListCursor(
          selected: cursor.selected,
          scroll: list.scroll(
            revealing: cursor.selected, viewRows: layout.listRows, from: cursor.scroll)))
    case .channelList(let row, let cursor):
      let list = channelList(row: row)
      mode = .channelList(
        row: row,
        ListCursor(
          selected: cursor.selected,
          scroll: list.scroll(
            revealing: cursor.selected, viewRows: layout.listRows, from: cursor.scroll)))
    case .reminderList(let cursor):
      let selected = min(cursor.selected, max(0, reminders.reminders.count - 1))
      mode = .reminderList(
        ListCursor(
          selected: selected,
          scroll: reminderListLayout.scroll(
            revealing: selected, viewRows: layout.listRows, from: cursor.scroll)))
    case .savedSearches(let items, let cursor):
      mode = .savedSearches(
        items,
        ListCursor(
          selected: cursor.selected,
          scroll: savedSearchList(items).scroll(
            revealing: cursor.selected, viewRows: layout.listRows, from: cursor.scroll)))
    case .overview(let overview, let cursor, let column):
      let list = overviewList(overview)
      let selected = min(cursor.selected, max(0, guide.rows.count - 1))
      mode = .overview(
        overview,
        ListCursor(
          selected: selected,
          scroll: list.scroll(revealing: selected, viewRows: layout.listRows, from: cursor.scroll)),
        column: column)
    default: break
    }
  }
}
