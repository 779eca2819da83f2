import EPGLayout
import EPGSchedule

// Moving the selection and the viewport in the guide. Everything here is in
// time (epoch seconds) and rows; `viewport` maps it to columns and points.
extension AppState {
  // MARK: Alignment

  /// `instant` rounded down to a local half hour (:00 or :30 in the display
  /// zone, so zones such as +05:45 get clean labels).
  func halfHourFloor(_ instant: EpochSeconds) -> EpochSeconds {
    let offset = EpochSeconds(format.zone.offset(at: instant))
    let local = instant + offset
    let floored = local - ((local % 1800) + 1800) % 1800
    return floored - offset
  }

  /// `instant` rounded down to a column boundary (`viewport`).
  func columnFloor(_ instant: EpochSeconds) -> EpochSeconds {
    viewport.boundary(atOrBefore: instant)
  }

  /// Keeps `viewStart` on a column boundary and within reach of the guide.
  /// A resize passes `keepingEnd: false`: a wider screen may show time past
  /// the guide's end rather than move the view, so that resizing back
  /// gives the same screen.
  mutating func clampView(keepingEnd: Bool = true) {
    let earliest = halfHourFloor(min(guide.span.start, now))
    let latest = max(earliest, columnFloor(max(guide.span.end, now) - viewDuration / 2))
    viewStart = max(columnFloor(viewStart), earliest)
    if keepingEnd { viewStart = min(viewStart, latest) }
  }

  /// Keeps `topRow` valid and the selected row on screen.
  mutating func clampRows() {
    let count = guide.rows.count
    selectedRow = min(max(0, selectedRow), max(0, count - 1))
    let visible = layout.guideRows
    if selectedRow < topRow { topRow = selectedRow }
    if selectedRow >= topRow + visible { topRow = selectedRow - visible + 1 }
    topRow = min(max(0, topRow), max(0, count - visible))
  }

  // MARK: Choosing a programme

  /// The programme of `row` that best matches `range`, by the Android TV
  /// rule (one containing the whole range, else the widest one inside it,
  /// else the one overlapping it most; when none overlaps, the nearest):
  /// the layout's `programme(inSection:bestMatching:)`, asked of the layout
  /// on screen (`guideLayout`). Model rows are the layout's sections and
  /// programme indices its items. With `window`, only the programmes
  /// overlapping it take part (the layout's timeline narrowed to it).
  func bestItem(inRow row: Int, for range: TimeSpan, within window: TimeSpan? = nil) -> Int? {
    var layout = guideLayout
    if let window {
      layout.data.timelineStart = window.start
      layout.data.timelineEnd = window.end
    }
    guard isFiltering else { return layout.programme(inSection: row, bestMatching: range)?.item }
    // Filters narrow it to the programmes they keep.
    return layout.programme(inSection: row, bestMatching: range) { path in
      passesFilters(ProgrammeRef(row: path.section, item: path.item))
    }?.item
  }

  /// Selects `item` of `row` and makes its time range the focus.
  mutating func select(row: Int, item: Int?) {
    selectedRow = row
    selectedItem = item
    if let programme = selectedProgramme { focus = programme.span }
  }

  /// Scrolls so that `span` shows: when less than a quarter of the view (or
  /// of the programme, if shorter) is visible, the view moves to start at
  /// the half hour before it.
  mutating func reveal(_ span: TimeSpan) {
    let overlap = min(span.end, viewEnd) - max(span.start, viewStart)
    let needed = max(1, min(span.duration, viewDuration / 4))
    if overlap < needed {
      viewStart = halfHourFloor(span.start)
      clampView()
    }
  }

  mutating func revealSelection() {
    clampRows()
    if let programme = selectedProgramme { reveal(programme.span) }
  }

  // MARK: Moves

  /// The previous (`-1`) or next (`+1`) programme in the row.
  mutating func moveInRow(_ step: Int) {
    guard guide.rows.indices.contains(selectedRow) else { return }
    let count = guide.rows[selectedRow].programmes.count
    guard count > 0 else { return }
    var target: Int
    if let item = selectedItem {
      target = item + step
    } else {
      let next = guide.firstItem(endingAfter: focus.start, inRow: selectedRow)
      target = step > 0 ? next : next - 1
    }
    // Filters: past the programmes they leave out.
    var skipped = false
    while isFiltering, (0..<count).contains(target),
      !passesFilters(ProgrammeRef(row: selectedRow, item: target))
    {
      target += step
      skipped = true
    }
    guard (0..<count).contains(target) else {
      if skipped {
        message = nothingFilteredMessage(step)
      } else {
        message =
          step > 0 ? "End of the guide for this channel" : "Start of the guide for this channel"
      }
      return
    }
    select(row: selectedRow, item: target)
    revealSelection()
  }

  /// The row above (`-1`) or below (`+1`); past either end of the list, the
  /// other end when `settings.wrapsChannels`, else the row past the end
  /// (which `moveToRow` clamps).
  /// While filters are on, rows with nothing they keep in view are passed
  /// over; when no row has, the selected row.
  func adjacentRow(_ step: Int) -> Int {
    var target = selectedRow
    for _ in 0..<max(1, guide.rows.count) {
      target += step
      if settings.wrapsChannels, !guide.rows.isEmpty {
        if target < 0 { target = guide.rows.count - 1 }
        if target >= guide.rows.count { target = 0 }
      }
      guard isFiltering else { return target }
      guard guide.rows.indices.contains(target), target != selectedRow else { break }
      if bestItem(inRow: target, for: visibleSpan, within: visibleSpan) != nil { return target }
    }
    return isFiltering ? selectedRow : target
  }

  /// Another channel row, keeping the focus range (clipped to the view).
  /// The view never moves in time: the best match among the programmes in
  /// view is selected (the nearest one when none overlaps the range, though
  /// one off screen be nearer); a row with nothing in view gets no
  /// selection.
  mutating func moveToRow(_ row: Int) {
    guard !guide.rows.isEmpty else { return }
    let target = min(max(0, row), guide.rows.count - 1)
    var range = focus
    if range.overlaps(visibleSpan) {
      range = TimeSpan(start: max(range.start, viewStart), end: min(range.end, viewEnd))
    } else {
      range = TimeSpan(start: viewStart, end: viewStart + secondsPerColumn)
    }
    selectedRow = target
    // Nothing in view: select nothing rather than scroll the whole guide
    // in time to the row's nearest programme, and keep the range for the
    // next row.
    selectedItem = bestItem(inRow: target, for: range, within: visibleSpan)
    if let span = selectedProgramme?.span {
      let narrowed = TimeSpan(start: max(span.start, range.start), end: min(span.end, range.end))
      focus = narrowed.start < narrowed.end ? narrowed : span
    } else {
      focus = range
    }
    // Rows only: the selection is in view, if partly (its title floats).
    clampRows()
  }

  /// A screen of channels up (`-1`) or down (`+1`).
  mutating func pageRows(_ direction: Int) {
    let page = layout.guideRows
    topRow = min(max(0, topRow + direction * page), max(0, guide.rows.count - page))
    moveToRow(selectedRow + direction * page)
  }

  /// Moves the view by `delta` seconds and selects, in the same row, the
  /// programme on at the same place in the view.
  /// Scrolls so that `instant`, rounded down to a column boundary, is at
  /// the left edge of the grid area (within reach of the guide); the
  /// selection follows as for a page of time (`tvgrid render --at`).
  public mutating func scrollView(toStart instant: EpochSeconds) {
    shiftTime(by: columnFloor(instant) - viewStart)
  }

  /// A row with nothing in the new view selects nothing (rather than a
  /// programme off screen).
  mutating func shiftTime(by delta: EpochSeconds) {
    let anchor = min(max(selectedProgramme?.start ?? focus.start, viewStart), viewEnd - 1)
    viewStart += delta
    clampView()
    let target = min(max(anchor + delta, viewStart), viewEnd - 1)
    selectTime(target)
    if let span = selectedProgramme?.span, !span.overlaps(visibleSpan) {
      selectedItem = nil
      focus = TimeSpan(start: target, end: target + 1)
    }
  }

  /// Selects the programme of the selected row on at `instant` (or the
  /// nearest), without scrolling away from the view.
  mutating func selectTime(_ instant: EpochSeconds) {
    let item = bestItem(inRow: selectedRow, for: TimeSpan(start: instant, end: instant + 1))
    select(row: selectedRow, item: item)
    if selectedProgramme == nil { focus = TimeSpan(start: instant, end: instant + 1) }
  }

  /// A screen of time earlier (`-1`) or later (`+1`).
  mutating func pageTime(_ direction: Int) {
    let step = max(secondsPerColumn, viewDuration - viewDuration % 1800)
    shiftTime(by: EpochSeconds(direction) * step)
  }

  /// The local days of the guide, as local day numbers: from the day of
  /// its first programme (or today, if earlier) to that of its last (or
  /// today, if later). The day bar shows them.
  var guideDays: ClosedRange<Int64> {
    let span = guide.span
    let first = format.local(min(span.start, now)).dayNumber
    return first...max(first, format.local(max(span.end - 1, now)).dayNumber)
  }

  /// The same time of day on the previous (`-1`) or next (`+1`) day; past
  /// the guide's first or last day (or when the view cannot move further)
  /// the view stays and the status line says so.
  mutating func moveDay(_ direction: Int) {
    let today = format.local(viewStart).dayNumber
    let days = guideDays
    let before = viewStart
    if days.contains(today + Int64(direction)) {
      let startOfToday = LocalTime.startOfDay(today, in: format.zone)
      let target = LocalTime.startOfDay(today + Int64(direction), in: format.zone)
      shiftTime(by: target + (viewStart - startOfToday) - viewStart)
    }
    guard viewStart == before else { return }
    message = guideEdge(direction)
  }

  /// Back to now: the view starts at the half hour before now and the
  /// programme on now in the selected row is selected.
  /// A row with nothing near now selects nothing (rather than a programme
  /// off screen).
  mutating func goToNow() {
    viewStart = halfHourFloor(now)
    clampView()
    clampRows()
    selectTime(now)
    if let programme = selectedProgramme {
      if programme.span.overlaps(visibleSpan) || programme.start == now {
        focus = programme.span
      } else {
        selectedItem = nil
        focus = TimeSpan(start: now, end: now + 1)
      }
    }
  }

  /// Where the guide opens: at now, or, when the guide has nothing at now
  /// (it ended before now, or starts after it, as a guide whose grabber
  /// stopped running does), at its programmes nearest to now, saying so;
  /// `n` still goes to now.
  mutating func openNearNow() {
    goToNow()
    let span = guide.span
    guard span.end > span.start, !span.contains(now) else { return }
    let edge: EpochSeconds
    if span.end <= now {
      edge = span.end - 1
      viewStart = halfHourFloor(span.end - viewDuration * 3 / 4)
      message =
        "Nothing on now: the guide ended \(format.date(span.end)) \(format.clock(span.end))"
        + " (n: now)"
    } else {
      edge = span.start
      viewStart = halfHourFloor(span.start)
      message =
        "Nothing on now: the guide starts \(format.date(span.start)) \(format.clock(span.start))"
        + " (n: now)"
    }
    clampView()
    selectTime(edge)
    if let programme = selectedProgramme, !programme.span.overlaps(visibleSpan) {
      selectedItem = nil
      focus = TimeSpan(start: edge, end: edge + 1)
    }
  }

  /// Puts `target` at the grid's left edge (the half hour before it, as
  /// far as the guide reaches) and selects the programme on then in the
  /// selected row; a row with nothing in view selects nothing. `p` and the
  /// `:` prompt go to an instant this way.
  mutating func showInstant(_ target: EpochSeconds) {
    viewStart = halfHourFloor(target)
    clampView()
    selectTime(target)
    if let programme = selectedProgramme, !programme.span.overlaps(visibleSpan) {
      selectedItem = nil
      focus = TimeSpan(start: target, end: target + 1)
    }
  }

  /// Prime time (`settings.primeTime`, local) of the day in view
  /// (`dayInView`) at the grid's left edge, the programme on then selected;
  /// when `p` put the view there last, the next day's.
  mutating func goToPrimeTime() {
    var day = dayInView
    if let last = lastPrimeTime, last.view == viewStart {
      day = format.local(last.target).dayNumber + 1
    }
    var target = LocalTime.instant(day, minute: settings.primeTime, in: format.zone)
    viewStart = halfHourFloor(target)
    clampView()
    if viewStart > halfHourFloor(target) {
      // Before the guide begins (one that starts this evening): tomorrow's.
      target = LocalTime.instant(day + 1, minute: settings.primeTime, in: format.zone)
      viewStart = halfHourFloor(target)
      clampView()
    }
    showInstant(target)
    lastPrimeTime = (target, viewStart)
    let when = format.shortDate(target) + " " + format.clock(target)
    if visibleSpan.contains(target) {
      message = "Prime time: " + when
    } else {
      // The view could not go there (past the guide's end): start again
      // from the day in view next time.
      lastPrimeTime = nil
      message = "Prime time " + when + " is past the end of the guide (" + guideRuns + ")"
    }
  }

  /// Zoom in (`+1`: more columns per hour) or out (`-1`), keeping the
  /// selection in view.
  mutating func zoom(_ direction: Int) {
    let levels = GuideSettings.zoomLevels
    let index = levels.firstIndex(of: settings.columnsPerHour) ?? 3
    let next = min(max(0, index + direction), levels.count - 1)
    guard next != index else {
      message = direction > 0 ? "Zoomed in as far as it goes" : "Zoomed out as far as it goes"
      return
    }
    settings.columnsPerHour = levels[next]
    clampView()
    revealSelection()
    message = "Zoom: \(levels[next]) columns per hour"
  }

  /// Scrolls the channel rows by `delta` (mouse wheel), keeping the
  /// selected row on screen.
  mutating func scrollRows(_ delta: Int) {
    let visible = layout.guideRows
    topRow = min(max(0, topRow + delta), max(0, guide.rows.count - visible))
    if selectedRow < topRow {
      moveToRow(topRow)
    } else if selectedRow >= topRow + visible {
      moveToRow(topRow + visible - 1)
    }
  }
}
