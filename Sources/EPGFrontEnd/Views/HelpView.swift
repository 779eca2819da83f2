/// The keys, full screen below the top bar (`?` or F1).
struct HelpView {
  let state: AppState
  let scroll: Int
  let palette: Palette

  /// (keys, what they do); a nil key starts a section heading.
  static let entries: [(keys: String?, action: String)] = [
    (nil, "Guide"),
    ("Left Right   h l", "previous / next programme in the row"),
    ("Up Down      k j", "channel above / below, keeping the time"),
    ("PgUp PgDn    Shift-Up/Down", "a screen of channels"),
    ("Shift-Left Shift-Right   H L", "a screen of time (Ctrl-Left Ctrl-Right too)"),
    ("Home End", "first / last channel"),
    ("1-9 …", "a channel by number (a pause takes it; Esc: back)"),
    ("n  0", "back to now (n steps through matches while a search is active)"),
    ("[ ]          t T", "previous / next day"),
    ("p", "prime time, 20:00 unless configured (again: the next evening)"),
    ("f F", "single out a genre: the next / previous one (Esc: every genre)"),
    ("+ -", "zoom the timeline in / out"),
    ("Mouse", "wheel scrolls the channels, a click selects (a day in the day bar)"),
    (nil, "Playlists"),
    ("g G", "next / previous group: All, then each group-title in playlist order"),
    ("w", "watch the channel live; an ended programme from the archive (marked ↺, or @)"),
    ("W", "watch the programme on now from its start (archive)"),
    (nil, "Views"),
    ("Enter", "the programme's details (Left/Right: previous/next programme)"),
    ("Up Down PgUp PgDn Home End", "scroll the details and this help"),
    ("s  Tab", "the channel's schedule as a list (Left/Right: other channels)"),
    ("/", "search titles, accents ignored; Tab adds descriptions, cast"),
    ("n N", "next / previous match after a search"),
    ("v", "the search results as a list"),
    ("Esc", "close a view; in the guide, clear the search"),
    ("? F1", "this help"),
    ("q  Ctrl-C", "quit"),
    (nil, "Lists"),
    ("Up Down  k j", "move; PgUp PgDn Home End too"),
    ("Enter", "the programme's details (Esc: back to the list)"),
    ("w W", "watch, as in the guide; a programme to come: its channel live"),
    (nil, "Reminders and commands"),
    ("r", "reminder on / off (marked ⚑, or !)"),
    ("a", "the reminders as a list (r removes one)"),
    ("S", "saved searches' matches (r: reminder)"),
    ("|", "run a command of the config on it"),
    ("i", "write it as an iCalendar file"),
    ("Notice of a reminder", "Enter go to, w watch, 1-9 commands, Esc"),
    (nil, "tvheadend (--tvheadend URL)"),
    ("R", "record the programme (marked ●, or (R)); again: cancel the recording"),
    (nil, "Overviews, jumps and favourites"),
    ("o", "now and next on every channel (Left/Right pick, Enter: details)"),
    ("e", "tonight: prime time on every channel"),
    (":", "go to a day and time: 21:00, fri 9pm, tomorrow, +2h"),
    ("*", "favourite on / off (pinned to the top)"),
    ("x", "hide the channel"),
    ("u", "undo the last * or x"),
    ("c", "favourites only / all channels"),
    ("X", "hide / show the channels with nothing in the guide"),
    ("< >", "narrow / widen the channel column"),
    ("held arrow", "a screen at a time once it repeats (a tap: one step)"),
    ("Mouse: double click", "the details"),
    ("Mouse: Shift-wheel", "scroll time (a click on the time row: that time)"),
    (nil, "Filters and marks"),
    ("f F", "single out a genre; the arrows skip the other programmes"),
    ("y", "filters: new only, no repeats, age rating, subtitles, AD"),
    ("Esc", "in the guide: clear the search, then every filter"),
    ("=", "what the grid's colours, marks and badges mean (LIVE, [S], HD)"),
    ("/ then Up Down", "earlier searches; matches follow the text (» in the grid)"),
    ("Tab in details", "pick another airing of the programme; Enter goes to it"),
  ]

  /// Columns of the keys column (from the left edge, its two-space
  /// indent included) on a screen `width` columns wide: as wide as the
  /// longest keys need (30 columns) where there is room, else two fifths
  /// of the screen (at least 14), the keys wrapping inside it; what they
  /// do starts one column after.
  static func keyWidth(width: Int, measure: (String) -> Int) -> Int {
    let natural = entries.compactMap(\.keys).map { measure($0) + 2 }.max() ?? 0
    return min(natural, max(14, width * 2 / 5))
  }

  /// Below this many columns for what keys do, the keys get a line of
  /// their own and the text goes under them.
  static let minimumTextWidth = 20

  /// One screen line of the help: keys (nil on a continuation line and on
  /// a heading), the text, and whether it is a section heading.
  struct Line {
    var keys: String?
    var text: String
    var isHeading: Bool
    /// The column the text starts at.
    var textColumn = 0
  }

  /// The entries laid out for a screen `width` columns wide (`keyWidth`):
  /// keys and what they do side by side, each wrapped at spaces in its own
  /// column; when that leaves less than `minimumTextWidth` for the text,
  /// the keys on a line of their own and the text under them, indented.
  /// Nothing is cut.
  static func lines(width: Int, measure: (String) -> Int) -> [Line] {
    let keyWidth = keyWidth(width: width, measure: measure)
    let stacked = width - keyWidth - 1 < minimumTextWidth
    let textColumn = stacked ? 4 : keyWidth + 1
    let textWidth = max(10, width - textColumn)
    var result: [Line] = []
    for entry in entries {
      guard let keys = entry.keys else {
        for line in wrapText(entry.action, width: max(1, width - 1), measure: measure) {
          result.append(Line(keys: nil, text: line, isHeading: true))
        }
        continue
      }
      let text = wrapText(entry.action, width: textWidth, measure: measure)
      if stacked {
        for line in keyLines(keys, width: max(1, width - 2), measure: measure) {
          result.append(Line(keys: line, text: "", isHeading: false))
        }
        for line in text {
          result.append(Line(keys: nil, text: line, isHeading: false, textColumn: textColumn))
        }
        continue
      }
      // Keys wider than their column wrap in it.
      let keyLines =
        measure(keys) + 2 <= keyWidth
        ? [keys] : keyLines(keys, width: keyWidth - 3, measure: measure)
      for index in 0..<max(keyLines.count, text.count) {
        result.append(
          Line(
            keys: index < keyLines.count ? keyLines[index] : nil,
            text: index < text.count ? text[index] : "", isHeading: false,
            textColumn: textColumn))
      }
    }
    return result
  }

  /// `keys` in lines of at most `width` columns: its alternatives (the
  /// parts between runs of spaces, "Left Right   h l") are kept whole
  /// where they fit, two spaces apart, and wrapped at spaces where not.
  ///
  ///     width 13:   Left Right    Shift-Left
  ///                 h l           Shift-Right
  ///                               H L
  static func keyLines(_ keys: String, width: Int, measure: (String) -> Int) -> [String] {
    let alternatives = keys.split(separator: "  ").map { $0.trimmingWhitespace() }.filter {
      !$0.isEmpty
    }
    let pieces = alternatives.flatMap { part in
      measure(part) <= width ? [part] : wrapText(part, width: width, measure: measure)
    }
    var lines: [String] = []
    for piece in pieces {
      if let last = lines.last, measure(last) + 2 + measure(piece) <= width {
        lines[lines.count - 1] = last + "  " + piece
      } else {
        lines.append(piece)
      }
    }
    return lines
  }

  /// The heading of the section that line `index` of `lines` is in.
  static func section(of index: Int, in lines: [Line]) -> String? {
    guard var last = lines.prefix(index + 1).lastIndex(where: \.isHeading) else { return nil }
    // A heading wrapped on a narrow screen is one heading.
    var text = lines[last].text
    while last > 0, lines[last - 1].isHeading {
      last -= 1
      text = lines[last].text + " " + text
    }
    return text
  }

  func draw(into canvas: inout Canvas) {
    let layout = state.layout
    let lines = HelpView.lines(width: canvas.width, measure: canvas.measure)
    let visible = layout.textRows
    let first = min(scroll, max(0, lines.count - visible))
    for (offset, line) in lines.dropFirst(first).prefix(visible).enumerated() {
      let y = 1 + offset
      if line.isHeading {
        canvas.write(" " + line.text, x: 0, y: y, style: palette.heading)
        continue
      }
      if let keys = line.keys {
        canvas.write("  " + keys, x: 0, y: y, style: palette.statusKey)
      }
      canvas.write(line.text, x: line.textColumn, y: y, style: palette.text)
    }
    // Where you are: the section at the top and the lines shown, at the
    // right; the keys in the columns left of it.
    let end = state.drawPosition(
      first: first, visible: visible, count: lines.count,
      section: HelpView.section(of: first, in: lines), into: &canvas, palette: palette)
    state.drawHints(
      [("Esc", "back"), ("j/k", "scroll"), ("q", "quit")], x: 1, y: layout.statusRow, end: end,
      into: &canvas, palette: palette)
  }
}
