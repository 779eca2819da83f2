import EPGRaster

// Scrolling the full-screen text views (details and help), in lines from
// the top of their text.
extension AppState {
  /// The furthest the open text view scrolls: its last line on the last
  /// row (0 when it fits, and in every other mode).
  var textScrollLimit: Int {
    let lines: Int
    switch mode {
    case .details(let ref, _): lines = DetailsView.lineCount(state: self, ref: ref)
    case .channelDetails(let row, _):
      lines = DetailsView.lineCount(
        state: self, ref: ProgrammeRef(row: row, item: 0), channelOnly: true)
    case .help:
      lines = HelpView.lines(width: size.columns, measure: glyphs.sanitizer.width(of:)).count
    case .legend:
      let theme = settings.theme == .color ? Theme.colour : Theme.monochrome
      lines =
        LegendView.lines(
          theme: theme, unicode: settings.unicode, width: size.columns,
          measure: glyphs.sanitizer.width(of:)
        ).count
    default: return 0
    }
    return max(0, lines - layout.textRows)
  }

  /// Scrolls the open text view so that line `line` is at the top, within
  /// its text (so that scrolling back moves at once).
  mutating func scrollText(to line: Int) {
    let clamped = min(max(0, line), textScrollLimit)
    switch mode {
    case .details(let ref, _): mode = .details(ref, scroll: clamped)
    case .channelDetails(let row, _): mode = .channelDetails(row: row, scroll: clamped)
    case .help: mode = .help(scroll: clamped)
    case .legend: mode = .legend(scroll: clamped)
    default: break
    }
  }

  /// Scrolls the open text view by `delta` lines; 0 re-clamps after a
  /// resize.
  mutating func scrollText(by delta: Int) {
    switch mode {
    case .details(_, let scroll), .channelDetails(_, let scroll), .help(let scroll),
      .legend(let scroll):
      scrollText(to: scroll + delta)
    default: break
    }
  }

  /// A scrolling key in a text view: a line (Up/Down, k/j), a page (PgUp,
  /// PgDn, Space) or either end (Home/End, g/G). Returns false for other
  /// keys.
  mutating func scrollText(_ key: Key) -> Bool {
    let page = layout.textRows
    switch key {
    case .down, .character("j"): scrollText(by: 1)
    case .up, .character("k"): scrollText(by: -1)
    case .pageDown, .character(" "): scrollText(by: page)
    case .pageUp: scrollText(by: -page)
    case .home, .character("g"): scrollText(to: 0)
    case .end, .character("G"): scrollText(to: textScrollLimit)
    default: return false
    }
    return true
  }
}
