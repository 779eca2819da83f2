import EPGLayout
import EPGRaster
import EPGSchedule

extension AppState {
  /// Line glyphs, marks and ellipsis: Unicode, or ASCII when the locale is
  /// not UTF-8.
  var glyphs: GlyphSet { settings.unicode ? .unicode : .ascii }

  /// The whole screen for this state: the one composition function both the
  /// interactive guide and `tvgrid render` use.
  public func render() -> Grid {
    let glyphs = self.glyphs
    var canvas = Canvas(size: size, glyphs: glyphs)
    let palette = settings.theme == .color ? Palette.colour : Palette.monochrome
    let theme = settings.theme == .color ? Theme.colour : Theme.monochrome
    if layout.isTooSmall {
      canvas.write("Terminal too small", x: 0, y: 0, style: palette.message)
      canvas.write("q quits", x: 0, y: 1, style: palette.text)
      return canvas.grid
    }
    drawTopBar(into: &canvas, palette: palette)
    switch mode {
    case .guide, .searchPrompt, .commandMenu, .jumpPrompt:
      drawDayBar(into: &canvas, palette: palette)
      if guide.isEmpty {
        canvas.write(
          "The guide has no channels.", x: 1, y: layout.guideTop, style: palette.message)
      } else {
        GuideRasterView(state: self, theme: theme, glyphs: glyphs).draw(into: &canvas)
      }
      drawInfoLine(into: &canvas, palette: palette)
      drawStatusLine(into: &canvas, palette: palette)
    case .details(let ref, let scroll):
      DetailsView(state: self, ref: ref, scroll: scroll, palette: palette).draw(into: &canvas)
    case .channelDetails(let row, let scroll):
      DetailsView(
        state: self, ref: ProgrammeRef(row: row, item: 0), scroll: scroll, palette: palette,
        channelOnly: true
      ).draw(into: &canvas)
    case .help(let scroll):
      HelpView(state: self, scroll: scroll, palette: palette).draw(into: &canvas)
    case .searchResults(let cursor):
      ListView(state: self, palette: palette).drawResults(cursor: cursor, into: &canvas)
    case .channelList(let row, let cursor):
      ListView(state: self, palette: palette).drawChannel(row: row, cursor: cursor, into: &canvas)
    case .reminderList(let cursor):
      ListView(state: self, palette: palette).drawReminders(cursor: cursor, into: &canvas)
    case .savedSearches(let items, let cursor):
      ListView(state: self, palette: palette).drawSavedSearches(
        items, cursor: cursor, into: &canvas)
    case .overview(let overview, let cursor, let column):
      ListView(state: self, palette: palette).drawOverview(
        overview, cursor: cursor, column: column, into: &canvas)
    case .legend(let scroll):
      LegendView(state: self, scroll: scroll, palette: palette, theme: theme).draw(into: &canvas)
    case .filterMenu(let selected):
      drawFilterMenu(selected: selected, into: &canvas, palette: palette)
    }
    let overlay = OverlayView(state: self, palette: palette)
    if case .commandMenu(let ref, let selected) = mode {
      overlay.drawCommandMenu(ref: ref, selected: selected, into: &canvas)
    }
    if !alerts.isEmpty { overlay.drawAlert(into: &canvas) }
    return canvas.grid
  }

  func drawTopBar(into canvas: inout Canvas, palette: Palette) {
    let y = layout.topBarRow
    canvas.fill(row: y, style: palette.bar)
    let x = canvas.write(" tvgrid ", x: 0, y: y, style: palette.barTitle)
    let separator = settings.unicode ? "│" : "|"
    let clock = " Now " + format.clock(now) + " "
    let right = canvas.width - canvas.measure(clock)
    // Today's date, next to the clock; the day in view is on the day bar
    // and in the grid's corner.
    let date = separator + " " + format.date(now)
    var rest = ""
    if !fullGuide.groups.isEmpty { rest += " " + separator + " " + (group ?? "All channels") }
    if let genre = genreFilter { rest += " " + separator + " only " + genre.displayName }
    if favouritesOnly { rest += " " + separator + " favourites" }
    let filterWords = filters.summary(unicode: settings.unicode)
    if !filterWords.isEmpty { rest += " " + separator + " " + filterWords.joined(separator: ", ") }
    // The demo guide says so, and how to open one's own; the date gives
    // way to that on a narrow screen.
    var titles = [date + rest]
    if isDemoGuide {
      titles = AppState.demoNotices.map { notice, withDate in
        (withDate ? date + " " : "") + separator + " " + notice + rest
      }
    }
    let room = max(0, right - x - 1)
    let title = titles.first { canvas.measure($0) <= room } ?? titles[titles.count - 1]
    canvas.write(title, x: x, y: y, maxWidth: max(0, right - x), style: palette.bar)
    canvas.writeRight(clock, end: canvas.width, y: y, style: palette.barTitle)
  }

  /// What the top bar says of the built-in demo guide, longest first, and
  /// whether today's date goes before it: the first that fits is shown.
  static let demoNotices: [(text: String, withDate: Bool)] = [
    ("Built-in demo guide: tvgrid FILE opens yours, tvgrid init sets one up", true),
    ("Demo guide: tvgrid FILE opens yours, tvgrid init sets one up", true),
    ("Demo guide: open yours with tvgrid FILE or tvgrid init", false),
    ("Demo guide (tvgrid init sets up yours)", true),
    ("Demo guide (tvgrid init sets up yours)", false),
    ("Demo guide", true),
    ("Demo guide", false),
    ("Demo", false),
  ]

  func drawDayBar(into canvas: inout Canvas, palette: Palette) {
    let y = layout.dayBarRow
    let bar = DayBar(state: self, measure: canvas.measure)
    for (index, frame) in bar.frames.enumerated()
    where frame.x + frame.width > 0 && frame.x < canvas.width {
      let style = index == bar.current ? palette.currentDay : palette.day
      if frame.x >= 0 {
        canvas.write(bar.labels[index], x: frame.x, y: y, maxWidth: frame.width, style: style)
      }
    }
  }

  /// The selected programme in one line: time, channel, title, episode.
  func drawInfoLine(into canvas: inout Canvas, palette: Palette) {
    let y = layout.infoRow
    guard let programme = selectedProgramme else {
      if guide.rows.indices.contains(selectedRow) {
        let row = guide.rows[selectedRow]
        var text = " " + row.channel.name + ": "
        if let playlist = row.playlist, playlist.match.channel == nil {
          text +=
            "no listings (" + DetailsView.matchText(playlist, unicode: settings.unicode)
            + "); w plays the stream"
        } else if isFiltering {
          text += nothingKept + " in view"
        } else {
          text += "nothing scheduled here"
        }
        canvas.write(text, x: 0, y: y, style: palette.dim)
      }
      return
    }
    let dash = settings.unicode ? "–" : "-"
    var title = programme.title
    if let sub = programme.subTitle { title += ": " + sub }
    if let episode = programme.episode.map(DetailsView.episodeText), !episode.isEmpty {
      title += "  " + episode
    }
    var text = " "
    // A programme starting on another day than today names its day.
    if format.local(programme.start).dayNumber != format.local(now).dayNumber {
      text += format.dayName(programme.start) + " "
    }
    text += format.clock(programme.start) + dash + format.clock(programme.stop) + " "
    // The channel (also in its row's column) gives way to the title.
    let channel = guide.rows[selectedRow].channel.name + "  "
    if canvas.width - canvas.measure(text + channel) >= min(canvas.measure(title), 12) {
      text += channel
    }
    let x = canvas.write(text, x: 0, y: y, style: palette.text)
    var tail = "  " + TimeFormat.duration(programme.stop - programme.start)
    if programme.start <= now && now < programme.stop {
      let percent = (now - programme.start) * 100 / max(1, programme.stop - programme.start)
      tail = "  on now, \(percent)%"
    }
    // The title comes first: the tail only when the title keeps its width
    // (or 20 columns of it).
    let titleRoom = canvas.width - x - canvas.measure(tail)
    let showsTail = titleRoom >= min(canvas.measure(title), 20)
    canvas.write(
      title, x: x, y: y, maxWidth: max(0, showsTail ? titleRoom : canvas.width - x),
      style: palette.info)
    if showsTail { canvas.writeRight(tail, end: canvas.width, y: y, style: palette.dim) }
  }

  func drawStatusLine(into canvas: inout Canvas, palette: Palette) {
    let y = layout.statusRow
    if case .searchPrompt = mode {
      let scope = prompt.includeDetails ? "titles, descriptions, credits" : "titles"
      let x = canvas.write("/", x: 0, y: y, style: palette.statusKey)
      let end = canvas.write(prompt.text, x: x, y: y, style: palette.text)
      canvas.set(end, y, "_", style: palette.selected)
      // The query's mistake after the text; else the matches so far, then
      // the keys, at the right.
      if let error = prompt.error {
        canvas.write(
          " " + error, x: end + 1, y: y, maxWidth: max(0, canvas.width - end - 1),
          style: palette.message)
        return
      }
      var found = ""
      if let search, !prompt.isStale {
        found = "\(search.matches.count) match" + (search.matches.count == 1 ? "" : "es")
      }
      // The keys go first when it does not all fit, then the scope; the
      // count stays.
      let counted = (found.isEmpty ? "" : found + " ") + "in " + scope
      let hints = [
        " \(counted)  Tab toggles  Enter list  Esc cancel ",
        " \(counted)  Tab toggles  Esc cancel ", " \(counted)  Esc cancel ", " \(counted) ",
        " \(found) ",
      ]
      for hint in hints where end + 2 + canvas.measure(hint) <= canvas.width {
        canvas.writeRight(hint, end: canvas.width, y: y, style: palette.dim)
        break
      }
      return
    }
    if case .jumpPrompt = mode {
      let x = canvas.write(":", x: 0, y: y, style: palette.statusKey)
      let end = canvas.write(prompt.text, x: x, y: y, style: palette.text)
      canvas.set(end, y, "_", style: palette.selected)
      let hint = " 21:00  fri 9pm  tomorrow 8pm  2026-12-24 20:15  +2h  Enter go  Esc cancel "
      let short = " 21:00  fri 9pm  +2h  Enter go  Esc cancel "
      for text in [hint, short] where end + 2 + canvas.measure(text) <= canvas.width {
        canvas.writeRight(text, end: canvas.width, y: y, style: palette.dim)
        break
      }
      return
    }
    if let message = message ?? reloadProblem {
      canvas.write(" " + message, x: 0, y: y, style: palette.message)
      return
    }
    if let search {
      let text = " \"\(search.query)\": \(search.matches.count) matches"
      let x = canvas.write(text, x: 0, y: y, style: palette.message)
      drawHints(
        [("n/N", "next/prev"), ("v", "list"), ("Esc", "clear")], x: x + 2, y: y,
        into: &canvas, palette: palette)
      return
    }
    let arrows = settings.unicode ? "←→↑↓" : "arrows"
    // A playlist's own keys come after the moves.
    let playlistHints: [(key: String, action: String)] =
      fullGuide.isPlaylist
      ? [("w", "watch")] + (fullGuide.groups.isEmpty ? [] : [("g", "group")]) : []
    drawHints(
      [(arrows, "move")] + playlistHints + [
        ("Enter", "details"), ("/", "search"), ("s", "schedule"),
        ("[ ]", "day"), ("n", "now"), ("+ -", "zoom"), ("o", "now/next"), ("?", "help"),
        ("q", "quit"),
      ],
      x: 1, y: y, into: &canvas, palette: palette)
  }

  /// Where a scrolled text view is (details, help, legend), at the right
  /// of the status line: the lines shown of how many (`12-33/70`), after
  /// the section they start in when there is room for it and the keys
  /// (`Views 12-33/70`). Nothing when the text fits on the screen.
  /// Returns the column where it starts (the hints' end).
  func drawPosition(
    first: Int, visible: Int, count: Int, section: String? = nil, into canvas: inout Canvas,
    palette: Palette
  ) -> Int {
    guard count > visible else { return canvas.width }
    let lines = " \(first + 1)-\(min(count, first + visible))/\(count) "
    var text = lines
    // The section gives way first: "Esc back  q quit" keeps its room.
    if let section, canvas.width - canvas.measure(" " + section + lines) >= 18 {
      text = " " + section + lines
    }
    canvas.writeRight(text, end: canvas.width, y: layout.statusRow, style: palette.dim)
    return canvas.width - min(canvas.measure(text), canvas.width)
  }

  /// Writes key hints ("key action") from column `x` up to `end` (the
  /// right edge when nil). When they do not all fit, hints are left out
  /// from the right, those for the keys in `keeping` (help, quit, back)
  /// last; then they are written while they fit.
  func drawHints(
    _ hints: [(key: String, action: String)], x: Int, y: Int, end: Int? = nil,
    keeping: Set<String> = ["?", "q", "Esc"], into canvas: inout Canvas, palette: Palette
  ) {
    let end = end ?? canvas.width
    let widths = hints.map { canvas.measure($0.key) + 1 + canvas.measure($0.action) }
    var shown = Array(hints.indices)
    var total = widths.reduce(0) { $0 + $1 + 2 } - 2
    while x + total > end,
      let drop = shown.lastIndex(where: { !keeping.contains(hints[$0].key) })
    {
      total -= widths[shown[drop]] + 2
      shown.remove(at: drop)
    }
    var column = x
    for index in shown {
      guard column + widths[index] <= end else { break }
      column = canvas.write(hints[index].key, x: column, y: y, style: palette.statusKey)
      column = canvas.write(
        " " + hints[index].action, x: column, y: y, maxWidth: end - column, style: palette.status)
      column = min(end, column + 2)
    }
  }
}
