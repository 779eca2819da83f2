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
    ("held arrow", "a screen at a time once it repeats (a tap: one step)"),
    ("Mouse: double click", "the details"),
    ("Mouse: Shift-wheel", "scroll time (a click on the time row: that time)"),
    (nil, "Filters and marks"),
    ("f F", "single out a genre; the arrows skip the other programmes"),
    ("y", "filters: new only, no repeats, age rating, subtitles, AD"),
    ("Esc", "in the guide: clear the search, then every filter"),
    ("=", "what the genre colours and the marks [S] [SL] [AD] HD mean"),
    ("/ then Up Down", "earlier searches; matches follow the text (» in the grid)"),
    ("Tab in details", "pick another airing of the programme; Enter goes to it"),
  ]

  /// Columns of the keys (from the left edge); what they do starts one
  /// column after.
  static let keyWidth = 30

  /// One screen line of the help: keys (nil on a continuation line and on
  /// a heading), the text, and whether it is a section heading.
  struct Line {
    var keys: String?
    var text: String
    var isHeading: Bool
  }

  /// The entries laid out for a screen `width` columns wide: what a key
  /// does is wrapped at spaces into the columns right of the keys (at
  /// least 10), so nothing is cut on a narrow terminal.
  static func lines(width: Int, measure: (String) -> Int) -> [Line] {
    let textWidth = max(10, width - keyWidth - 1)
    var result: [Line] = []
    for entry in entries {
      guard let keys = entry.keys else {
        result.append(Line(keys: nil, text: entry.action, isHeading: true))
        continue
      }
      let wrapped = wrapText(entry.action, width: textWidth, measure: measure)
      for (index, text) in wrapped.enumerated() {
        result.append(Line(keys: index == 0 ? keys : nil, text: text, isHeading: false))
      }
    }
    return result
  }

  func draw(into canvas: inout Canvas) {
    let layout = state.layout
    let lines = HelpView.lines(width: canvas.width, measure: canvas.measure)
    let visible = layout.textRows
    let first = min(scroll, max(0, lines.count - visible))
    let keyWidth = HelpView.keyWidth
    for (offset, line) in lines.dropFirst(first).prefix(visible).enumerated() {
      let y = 1 + offset
      if line.isHeading {
        canvas.write(" " + line.text, x: 0, y: y, style: palette.heading)
        continue
      }
      if let keys = line.keys {
        canvas.write("  " + keys, x: 0, y: y, maxWidth: keyWidth, style: palette.statusKey)
      }
      canvas.write(line.text, x: keyWidth + 1, y: y, style: palette.text)
    }
    state.drawHints(
      [("Esc", "back"), ("j/k", "scroll"), ("q", "quit")], x: 1, y: layout.statusRow,
      into: &canvas, palette: palette)
  }
}
