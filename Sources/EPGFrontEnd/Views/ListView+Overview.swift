import EPGLayout
import EPGRaster
import EPGSchedule

// The overview lists (`o`, `e`): one line per channel row.
//
//      On now and next, 14:05
//      Mon 30 Nov 2026
//      1 BBC One     13:15 Afternoon Live    █████░░░  66%  14:30 News at Half Two
//        Film Four   13:40 The Big Sleep     █░░░░░░░  19%  15:50 Shorts
//
// Columns, in cells: the channel (number and name) in `nameWidth`, then the
// programme on now in 3/5 of the rest (its progress bar and percentage at
// its right end), then the next. Tonight lists the evening's programmes
// one after another, each in an equal share of what is left of the line
// (at least its time and 12 cells of title; the rest are left out).
extension ListView {
  /// Cells of the progress bar (its percentage follows).
  static let progressCells = 8

  /// Draws an overview; `column` is the programme picked on the selected
  /// line (underlined).
  func drawOverview(
    _ overview: ChannelOverview, cursor: ListCursor, column: Int, into canvas: inout Canvas
  ) {
    let instant = state.overviewInstant(overview)
    let title: String
    switch overview {
    case .nowNext: title = " On now and next, " + state.format.clock(instant)
    case .tonight: title = " Tonight from " + state.format.clock(instant)
    }
    canvas.write(title, x: 0, y: 1, style: palette.heading)
    let list = state.overviewList(overview)
    drawHeadings(list, cursor: cursor, into: &canvas)
    let top = state.layout.listTop
    let rows = state.layout.listRows
    var index = list.item(atRow: cursor.scroll) ?? firstItem(in: list, from: cursor.scroll)
    while index < list.itemRows.count, list.itemRows[index] < cursor.scroll + rows {
      let y = top + list.itemRows[index] - cursor.scroll
      let selected = index == cursor.selected
      if selected { canvas.fill(row: y, style: palette.selected) }
      // The picked programme of the selected line, as an item index.
      let items = selected ? state.overviewItems(overview, row: index) : []
      let picked = items.isEmpty ? nil : items[min(max(0, column), items.count - 1)]
      switch overview {
      case .nowNext:
        drawNowNext(row: index, y: y, selected: selected, picked: picked, into: &canvas)
      case .tonight:
        drawTonight(
          overview, row: index, y: y, selected: selected, picked: picked, into: &canvas)
      }
      index += 1
    }
    let other: (key: String, action: String) =
      overview == .nowNext ? ("e", "tonight") : ("o", "now/next")
    state.drawViewStatus(
      [
        ("Enter", "details"), (state.settings.unicode ? "←/→" : "h/l", "pick"),
      ] + watchHint + [other, ("Esc", "back"), ("q", "quit")], x: 1,
      y: state.layout.statusRow, into: &canvas, palette: palette)
  }

  /// Width of the channel column of an overview line, in cells.
  func overviewNameWidth(_ canvas: Canvas) -> Int { min(16, max(6, canvas.width / 6)) }

  /// Writes the channel of `row` (its number first, when it has one) and
  /// returns the column where the programmes begin.
  func drawOverviewChannel(row: Int, y: Int, style: Style, into canvas: inout Canvas) -> Int {
    let width = overviewNameWidth(canvas)
    canvas.write(state.guide.channelLabel(row: row), x: 1, y: y, maxWidth: width, style: style)
    return 2 + width
  }

  /// The style of programme `item` of `row`: muted when a genre is singled
  /// out (`f`) and it is of another; reversed on the selected line, and
  /// underlined when it is the one Enter opens (`picked`).
  func overviewStyle(row: Int, item: Int, selected: Bool, picked: Int?) -> Style {
    var style = palette.text
    if let genre = state.genreFilter, state.guide.genres[row][item] != genre { style = palette.dim }
    if selected { style.attributes.formUnion(.reverse) }
    if selected, item == picked { style.attributes.formUnion(.underline) }
    return style
  }

  func drawNowNext(row: Int, y: Int, selected: Bool, picked: Int?, into canvas: inout Canvas) {
    var base = palette.text
    if selected { base.attributes.formUnion(.reverse) }
    let x = drawOverviewChannel(row: row, y: y, style: base, into: &canvas)
    let programmes = state.guide.rows[row].programmes
    var items = state.overviewItems(.nowNext, row: row)
    let nowWidth = max(0, canvas.width - x) * 3 / 5
    let now = state.now
    if let first = items.first, programmes[first].start <= now {
      items.removeFirst()
      let programme = programmes[first]
      let style = overviewStyle(row: row, item: first, selected: selected, picked: picked)
      let duration = max(1, programme.stop - programme.start)
      let percent = Int((now - programme.start) * 100 / duration)
      let filled = Int((now - programme.start) * Int64(Self.progressCells) / duration)
      let (full, empty): (Character, Character) = state.settings.unicode ? ("█", "░") : ("#", "-")
      let bar =
        String(repeating: full, count: filled)
        + String(repeating: empty, count: Self.progressCells - filled)
      let figure = String(repeating: " ", count: max(0, 4 - "\(percent)%".count)) + "\(percent)%"
      let tail = bar + " " + figure
      let showsBar = nowWidth >= 2 * (canvas.measure(tail) + 1)
      let titleEnd = x + nowWidth - (showsBar ? canvas.measure(tail) + 3 : 2)
      let start = canvas.write(
        state.format.clock(programme.start) + " ", x: x, y: y, maxWidth: max(0, titleEnd - x),
        style: style)
      canvas.write(
        programme.title, x: start, y: y, maxWidth: max(0, titleEnd - start), style: style)
      if showsBar { canvas.write(tail, x: titleEnd + 1, y: y, style: style) }
    } else {
      canvas.write(state.settings.unicode ? "—" : "-", x: x, y: y, style: base)
    }
    guard let next = items.first else { return }
    let programme = programmes[next]
    var when = state.format.clock(programme.start)
    if state.format.local(programme.start).dayNumber != state.format.local(now).dayNumber {
      when = state.format.dayName(programme.start) + " " + when
    }
    canvas.write(
      when + " " + programme.title, x: x + nowWidth, y: y,
      style: overviewStyle(row: row, item: next, selected: selected, picked: picked))
  }

  func drawTonight(
    _ overview: ChannelOverview, row: Int, y: Int, selected: Bool, picked: Int?,
    into canvas: inout Canvas
  ) {
    var base = palette.text
    if selected { base.attributes.formUnion(.reverse) }
    var x = drawOverviewChannel(row: row, y: y, style: base, into: &canvas)
    let programmes = state.guide.rows[row].programmes
    let items = state.overviewItems(overview, row: row)
    guard !items.isEmpty else {
      canvas.write(state.settings.unicode ? "—" : "-", x: x, y: y, style: base)
      return
    }
    // Each programme shows at least its time and 12 cells of its title.
    let least = canvas.measure(state.format.clock(hour: 10, minute: 30)) + 1 + 12
    for (offset, item) in items.enumerated() {
      let room = canvas.width - x
      // An equal share of what is left for each programme still to come,
      // but no less than `least` (those that do not fit are left out).
      let share = max(least + 2, room / (items.count - offset))
      guard room >= least else { break }
      let programme = programmes[item]
      let end = canvas.write(
        state.format.clock(programme.start) + " " + programme.title, x: x, y: y,
        maxWidth: share - 2,
        style: overviewStyle(row: row, item: item, selected: selected, picked: picked))
      x = end + 2
    }
  }
}
