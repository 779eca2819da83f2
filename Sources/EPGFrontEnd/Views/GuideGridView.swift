import EPGLayout
import EPGRaster
import EPGSchedule

/// Draws the guide area: the time row and the channel rows with their
/// programmes, in cells. Column c of the grid area shows the time
/// `viewStart + c × secondsPerColumn`; each programme covers the columns
/// from its snapped start to its snapped stop and begins with a separator.
///
///     Mon 30     │14:00          14:30          15:00 ▼
///     BBC One    │News          │Doctors       │Film: The Big Sleep
struct GuideGridView {
  let state: AppState
  let theme: Theme
  let glyphs: GlyphSet

  func draw(into canvas: inout Canvas) {
    let layout = state.layout
    let left = layout.channelColumnWidth
    let separator: Character = glyphs.isASCII ? "|" : "│"
    // Time row.
    canvas.fill(row: layout.timeRow, style: theme.hourRow)
    canvas.write(
      " " + state.format.shortDate(state.viewStart), x: 0, y: layout.timeRow, maxWidth: left - 1,
      style: theme.dateLabel)
    canvas.set(left - 1, layout.timeRow, separator, style: theme.hourRow)
    var mark = state.halfHourFloor(state.viewStart)
    while mark < state.viewEnd {
      let column = column(for: mark)
      if column >= 0 {
        let isHour = state.format.local(mark).minute == 0
        canvas.write(
          state.format.clock(mark), x: left + column, y: layout.timeRow,
          maxWidth: layout.gridColumns - column,
          style: isHour ? theme.hourLabel : theme.halfHourLabel)
      }
      mark += 1800
    }
    let nowColumn = column(for: state.now)
    if state.now >= state.viewStart, nowColumn < layout.gridColumns {
      var style = theme.hourRow
      style.foreground = theme.nowLine.foreground
      style.attributes.formUnion(theme.nowLine.attributes)
      canvas.set(left + nowColumn, layout.timeRow, glyphs.nowIndicator, style: style)
    }
    // Channel rows.
    for offset in 0..<layout.guideRows {
      let row = state.topRow + offset
      let y = layout.guideTop + offset
      guard state.guide.rows.indices.contains(row) else { break }
      drawRow(row, y: y, into: &canvas, separator: separator)
    }
  }

  /// The grid column (from the grid area's left edge) of `instant`, rounded
  /// to the nearest column edge.
  func column(for instant: EpochSeconds) -> Int {
    let spc = state.secondsPerColumn
    let delta = instant - state.viewStart
    let floored = delta >= 0 ? delta / spc : -((-delta + spc - 1) / spc)
    return Int(floored + ((delta - floored * spc) * 2 >= spc ? 1 : 0))
  }

  func drawRow(_ row: Int, y: Int, into canvas: inout Canvas, separator: Character) {
    let layout = state.layout
    let left = layout.channelColumnWidth
    let channelRow = state.guide.rows[row]
    let isSelectedRow = row == state.selectedRow
    var nameStyle = theme.channelName
    if isSelectedRow { nameStyle.attributes.formUnion(.reverse) }
    canvas.fill(row: y, from: 0, to: left - 1, style: theme.channelColumn)
    let star = channelRow.isFavourite ? (glyphs.isASCII ? "*" : "★") : " "
    canvas.fill(row: y, from: 0, to: left - 1, style: nameStyle)
    canvas.write(star + channelRow.channel.name, x: 0, y: y, maxWidth: left - 1, style: nameStyle)
    canvas.set(left - 1, y, separator, style: theme.gridline)
    let programmes = channelRow.programmes
    var index = state.guide.firstItem(endingAfter: state.viewStart, inRow: row)
    var previousEnd = 0
    while index < programmes.count, programmes[index].start < state.viewEnd {
      let programme = programmes[index]
      var start = max(0, column(for: programme.start))
      let end = min(layout.gridColumns, column(for: programme.stop))
      start = max(start, previousEnd)
      let stop = max(end, min(start + 1, layout.gridColumns))
      if start < stop {
        let label = ProgrammeLabel(
          title: programme.title, subTitle: programme.subTitle,
          genre: Genre.classify(programme.categories), state: stateOf(programme),
          isSelected: isSelectedRow && index == state.selectedItem)
        let style = theme.style(for: label)
        canvas.fill(row: y, from: left + start, to: left + stop, style: style)
        var textX = left + start
        if programme.start >= state.viewStart {
          // At column 0 the channel column's line already separates.
          if start > 0 {
            canvas.set(textX, y, separator, style: mergeGridline(style))
            textX += 1
          }
        } else {
          canvas.set(textX, y, glyphs.continuesLeft, style: style)
          textX += 1
        }
        canvas.write(
          programme.title, x: textX, y: y, maxWidth: left + stop - textX, style: style)
        if label.state == .now, programme.stop > programme.start {
          let elapsed = Double(state.now - programme.start) / Double(programme.stop - programme.start)
          let progressEnd = min(left + stop, textX + Int(Double(left + stop - textX) * elapsed))
          canvas.restyle(row: y, from: textX, to: progressEnd) {
            $0.attributes.formUnion(theme.progressAttributes)
          }
        }
      }
      previousEnd = stop
      index += 1
    }
  }

  func stateOf(_ programme: Programme) -> ProgrammeLabel.State {
    if programme.stop <= state.now { return .past }
    if programme.start <= state.now { return .now }
    return .future
  }

  func mergeGridline(_ style: Style) -> Style {
    var merged = style
    if style.attributes.contains(.reverse) { return merged }
    merged.foreground = theme.gridline.foreground
    return merged
  }
}
