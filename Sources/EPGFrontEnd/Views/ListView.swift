import EPGActions
import EPGSchedule

/// The two list views (search results, one channel's schedule): a title row,
/// then the list laid out by `DayList` (day headings between days), the
/// selected item in reverse video.
struct ListView {
  let state: AppState
  let palette: Palette

  func drawResults(cursor: ListCursor, into canvas: inout Canvas) {
    let search = state.search
    let count = search?.matches.count ?? 0
    let scope =
      (search?.includeDetails ?? false) ? "titles, descriptions, credits" : "titles"
    canvas.write(
      " Search \"\(search?.query ?? "")\" in \(scope): \(count) match" + (count == 1 ? "" : "es"),
      x: 0, y: 1, style: palette.heading)
    let nameWidth = min(16, max(6, canvas.width / 6))
    let query = search.flatMap { try? ProgrammeQuery($0.query) }
    let context = ProgrammeQuery.Context(wordsInDetails: search?.includeDetails ?? false)
    drawList(state.resultsList, cursor: cursor, into: &canvas) { index in
      guard let ref = search?.matches[index], let programme = state.guide.programme(ref) else {
        return nil
      }
      let name = state.guide.rows[ref.row].channel.name
      // Where it matched, unless only the title (what a plain search is).
      let fields = query?.matchedFields(programme, context: context) ?? []
      let note = fields == [.title] || fields.isEmpty ? nil : "in " + Self.fieldWords(fields)
      return (programme, name, nameWidth, note)
    }
    state.drawHints(
      [("Enter", "details"), ("Esc", "back"), ("/", "new search"), ("q", "quit")], x: 1,
      y: state.layout.statusRow, into: &canvas, palette: palette)
  }

  func drawChannel(row: Int, cursor: ListCursor, into canvas: inout Canvas) {
    guard state.guide.rows.indices.contains(row) else { return }
    let channel = state.guide.rows[row].channel
    canvas.write(" Schedule: " + channel.name, x: 0, y: 1, style: palette.heading)
    drawList(state.channelList(row: row), cursor: cursor, into: &canvas) { index in
      let programmes = state.guide.rows[row].programmes
      guard programmes.indices.contains(index) else { return nil }
      return (programmes[index], nil, 0, nil)
    }
    let arrows = state.settings.unicode ? "←/→" : "h/l"
    state.drawHints(
      [("Enter", "details"), (arrows, "other channel"), ("Esc", "back"), ("q", "quit")], x: 1,
      y: state.layout.statusRow, into: &canvas, palette: palette)
  }

  /// "title, cast" for the fields a search matched in.
  static func fieldWords(_ fields: [ProgrammeQuery.Field]) -> String {
    fields.map { field in
      switch field {
      case .words, .title: "title"
      case .subtitle: "sub-title"
      case .desc: "description"
      case .cast: "cast"
      }
    }.joined(separator: ", ")
  }

  /// Draws the visible rows of `list`; `item` gives the programme, an
  /// optional channel name, the width of the name column and an optional
  /// note after the title (dim: where a search matched).
  func drawList(
    _ list: DayList, cursor: ListCursor, into canvas: inout Canvas,
    item: (Int) -> (Programme, String?, Int, String?)?
  ) {
    let layout = state.layout
    let top = layout.listTop
    let rows = layout.listRows
    let dash = state.settings.unicode ? "–" : "-"
    for heading in list.headings
    where heading.row >= cursor.scroll && heading.row < cursor.scroll + rows {
      let start = LocalTime.startOfDay(heading.day, in: state.format.zone)
      canvas.write(
        " " + state.format.date(start + 43_200), x: 0, y: top + heading.row - cursor.scroll,
        style: palette.heading)
    }
    var index = list.item(atRow: cursor.scroll) ?? firstItem(in: list, from: cursor.scroll)
    while index < list.itemRows.count, list.itemRows[index] < cursor.scroll + rows {
      defer { index += 1 }
      guard let (programme, name, nameWidth, note) = item(index) else { continue }
      let y = top + list.itemRows[index] - cursor.scroll
      var style = palette.text
      let isNow = programme.start <= state.now && state.now < programme.stop
      if programme.stop <= state.now { style = palette.dim }
      if isNow { style = palette.info }
      if index == cursor.selected {
        style.attributes.formUnion(.reverse)
        canvas.fill(row: y, style: style)
      }
      let marker = isNow ? (state.settings.unicode ? "▶" : ">") : " "
      var x = canvas.write(
        " " + marker + " " + state.format.clock(programme.start) + dash
          + state.format.clock(programme.stop) + "  ", x: 0, y: y, style: style)
      if let name {
        canvas.write(name, x: x, y: y, maxWidth: nameWidth, style: style)
        x += nameWidth + 1
      }
      var title = programme.title
      if let sub = programme.subTitle { title += ": " + sub }
      x = canvas.write(title, x: x, y: y, style: style)
      if let note {
        var noteStyle = style
        noteStyle.attributes.formUnion(.dim)
        canvas.write("  (" + note + ")", x: x, y: y, style: noteStyle)
      }
    }
  }

  func firstItem(in list: DayList, from row: Int) -> Int {
    list.itemRows.firstIndex { $0 >= row } ?? list.itemRows.count
  }
}
