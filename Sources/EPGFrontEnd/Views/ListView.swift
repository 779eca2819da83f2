import EPGActions
import EPGLayout
import EPGRaster
import EPGSchedule

/// The list views (search results, one channel's schedule, the overviews): a title row,
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
    let keys = query?.markedKeys ?? []
    drawList(state.resultsList, cursor: cursor, into: &canvas) { index in
      guard let ref = search?.matches[index], let programme = state.guide.programme(ref) else {
        return nil
      }
      let name = state.guide.rows[ref.row].channel.name
      // Where it matched, unless only the title (what a plain search is).
      let fields = query?.matchedFields(programme, context: context) ?? []
      var row = Row(programme, row: ref.row, name: name, nameWidth: nameWidth, state: state)
      row.note = fields == [.title] || fields.isEmpty ? nil : "in " + Self.fieldWords(fields)
      row.marks = keys.flatMap { $0.ranges(in: row.title) }
      return row
    }
    state.drawViewStatus(
      [("Enter", "details")] + watchHint
        + [("Esc", "back"), ("/", "new search"), ("r", "remind"), ("q", "quit")],
      x: 1,
      y: state.layout.statusRow, into: &canvas, palette: palette)
  }

  func drawChannel(row: Int, cursor: ListCursor, into canvas: inout Canvas) {
    guard state.guide.rows.indices.contains(row) else { return }
    let channel = state.guide.rows[row].channel
    canvas.write(" Schedule: " + channel.name, x: 0, y: 1, style: palette.heading)
    drawList(state.channelList(row: row), cursor: cursor, into: &canvas) { index in
      let programmes = state.guide.rows[row].programmes
      guard programmes.indices.contains(index) else { return nil }
      return Row(programmes[index], row: row, name: nil, nameWidth: 0, state: state)
    }
    let arrows = state.settings.unicode ? "←/→" : "h/l"
    state.drawViewStatus(
      [("Enter", "details")] + watchHint + [
        (arrows, "other channel"), ("Esc", "back"), ("q", "quit"),
      ], x: 1,
      y: state.layout.statusRow, into: &canvas, palette: palette)
  }

  /// `w watch` in a playlist's lists (a guide alone has no streams).
  var watchHint: [(key: String, action: String)] {
    state.fullGuide.isPlaylist ? [("w", "watch")] : []
  }

  /// One line of a list: times, an optional channel name (in a column
  /// `nameWidth` wide) and the title, marked when it has a reminder.
  struct Row {
    var start: EpochSeconds
    var stop: EpochSeconds
    var name: String?
    var nameWidth: Int
    var title: String
    /// Said after the title, dim (where a search matched).
    var note: String?
    /// Parts of `title` underlined (a search's words where they are).
    var marks: [Range<String.Index>] = []

    init(
      start: EpochSeconds, stop: EpochSeconds, name: String?, nameWidth: Int, title: String
    ) {
      self.start = start
      self.stop = stop
      self.name = name
      self.nameWidth = nameWidth
      self.title = title
    }

    /// `programme` of guide row `row`.
    init(_ programme: Programme, row: Int, name: String?, nameWidth: Int, state: AppState) {
      var title = programme.title
      if let sub = programme.subTitle { title += ": " + sub }
      if state.hasReminder(programme, row: row) {
        title = OverlayView.reminderMark(unicode: state.settings.unicode) + title
      }
      self.init(
        start: programme.start, stop: programme.stop, name: name, nameWidth: nameWidth,
        title: title)
    }
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

  /// Draws the visible rows of `list`; `item` gives each row.
  func drawList(
    _ list: DayList, cursor: ListCursor, into canvas: inout Canvas,
    headingText: ((Int64) -> String)? = nil, item: (Int) -> Row?
  ) {
    let layout = state.layout
    let top = layout.listTop
    let rows = layout.listRows
    let dash = state.settings.unicode ? "–" : "-"
    drawHeadings(list, cursor: cursor, into: &canvas, text: headingText)
    var index = list.item(atRow: cursor.scroll) ?? firstItem(in: list, from: cursor.scroll)
    while index < list.itemRows.count, list.itemRows[index] < cursor.scroll + rows {
      defer { index += 1 }
      guard let programme = item(index) else { continue }
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
      if let name = programme.name {
        canvas.write(name, x: x, y: y, maxWidth: programme.nameWidth, style: style)
        x += programme.nameWidth + 1
      }
      x = writeMarked(
        programme.title, marks: programme.marks, x: x, y: y, style: style, into: &canvas)
      if let note = programme.note {
        var noteStyle = style
        noteStyle.attributes.formUnion(.dim)
        canvas.write("  (" + note + ")", x: x, y: y, style: noteStyle)
      }
    }
  }

  /// Writes `text` with the parts in `marks` underlined; returns the
  /// column after it.
  func writeMarked(
    _ text: String, marks: [Range<String.Index>], x: Int, y: Int, style: Style,
    into canvas: inout Canvas
  ) -> Int {
    var marked = style
    marked.attributes.formUnion(.underline)
    var x = x
    var at = text.startIndex
    for mark in marks.sorted(by: { $0.lowerBound < $1.lowerBound }) where mark.upperBound > at {
      let start = max(mark.lowerBound, at)
      x = canvas.write(String(text[at..<start]), x: x, y: y, style: style)
      x = canvas.write(String(text[start..<mark.upperBound]), x: x, y: y, style: marked)
      at = mark.upperBound
    }
    return canvas.write(String(text[at...]), x: x, y: y, style: style)
  }

  /// The reminders (`a`), soonest first; one whose programme is gone is
  /// flagged.
  func drawReminders(cursor: ListCursor, into canvas: inout Canvas) {
    let reminders = state.reminders.reminders
    canvas.write(
      " Reminders: \(reminders.count), fired \(TimeFormat.duration(state.actions.remindBefore)) before the start",
      x: 0, y: 1, style: palette.heading)
    let nameWidth = min(16, max(6, canvas.width / 6))
    drawList(state.reminderListLayout, cursor: cursor, into: &canvas) { index in
      guard reminders.indices.contains(index) else { return nil }
      let reminder = reminders[index]
      var title = reminder.title
      if let sub = reminder.subtitle { title += ": " + sub }
      if reminder.isMissing { title += "  (not in the guide)" }
      return Row(
        start: reminder.start, stop: reminder.stop, name: reminder.channelName,
        nameWidth: nameWidth, title: title)
    }
    state.drawViewStatus(
      [("Enter", "go to")] + watchHint + [("r", "remove"), ("Esc", "back"), ("q", "quit")], x: 1,
      y: state.layout.statusRow, into: &canvas, palette: palette)
  }

  /// The saved searches' upcoming matches, a heading per search; each row
  /// names its day.
  func drawSavedSearches(_ items: [SavedMatch], cursor: ListCursor, into canvas: inout Canvas) {
    let searches = state.actions.searches
    canvas.write(
      " Saved searches: \(items.count) upcoming match" + (items.count == 1 ? "" : "es"), x: 0,
      y: 1, style: palette.heading)
    let list = state.savedSearchList(items)
    let nameWidth = min(16, max(6, canvas.width / 6))
    let heading = { (key: Int64) -> String in
      let index = Int(key)
      guard searches.indices.contains(index) else { return "" }
      return searches[index].name + (searches[index].setsReminders ? "  (sets reminders)" : "")
    }
    let row = { (index: Int) -> Row? in
      guard items.indices.contains(index), let programme = state.guide.programme(items[index].ref)
      else { return nil }
      let ref = items[index].ref
      var row = Row(
        programme, row: ref.row, name: state.guide.rows[ref.row].channel.name,
        nameWidth: nameWidth, state: state)
      row.title = state.format.shortDate(programme.start) + "  " + row.title
      return row
    }
    drawList(list, cursor: cursor, into: &canvas, headingText: heading, item: row)
    state.drawViewStatus(
      [("Enter", "go to")] + watchHint + [("r", "remind"), ("Esc", "back"), ("q", "quit")], x: 1,
      y: state.layout.statusRow, into: &canvas, palette: palette)
  }

  /// Draws the day headings of `list` that are in view; `text` names a
  /// heading's key (default: the key is a day number, shown as its date).
  func drawHeadings(
    _ list: DayList, cursor: ListCursor, into canvas: inout Canvas,
    text: ((Int64) -> String)? = nil
  ) {
    let top = state.layout.listTop
    let rows = state.layout.listRows
    for heading in list.headings
    where heading.row >= cursor.scroll && heading.row < cursor.scroll + rows {
      let label =
        text?(heading.day)
        ?? state.format.date(LocalTime.startOfDay(heading.day, in: state.format.zone) + 43_200)
      canvas.write(
        " " + label, x: 0, y: top + heading.row - cursor.scroll, style: palette.heading)
    }
  }

  func firstItem(in list: DayList, from row: Int) -> Int {
    list.itemRows.firstIndex { $0 >= row } ?? list.itemRows.count
  }
}
