// Scrolling the full-screen text views (details and help), in lines from
// the top of their text.
extension AppState {
  /// The furthest the open text view scrolls: its last line on the last
  /// row (0 when it fits, and in every other mode).
  var textScrollLimit: Int {
    let lines: Int
    switch mode {
    case .details(let ref, _): lines = DetailsView.lineCount(state: self, ref: ref)
    case .help: lines = HelpView.entries.count
    default: return 0
    }
    return max(0, lines - layout.textRows)
  }

  /// Scrolls the open text view by `delta` lines, staying within its text
  /// (so that scrolling back moves at once); 0 re-clamps after a resize.
  mutating func scrollText(by delta: Int) {
    switch mode {
    case .details(let ref, let scroll):
      mode = .details(ref, scroll: min(max(0, scroll + delta), textScrollLimit))
    case .help(let scroll):
      mode = .help(scroll: min(max(0, scroll + delta), textScrollLimit))
    default: break
    }
  }

  /// A scrolling key in a text view: a line (Up/Down, k/j), a page (PgUp,
  /// PgDn, Space) or either end (Home/End, g/G). Returns false for other
  /// keys.
  mutating func scrollText(_ key: Key) -> Bool {
    let page = layout.textRows
    let limit = textScrollLimit
    switch key {
    case .down, .character("j"): scrollText(by: 1)
    case .up, .character("k"): scrollText(by: -1)
    case .pageDown, .character(" "): scrollText(by: page)
    case .pageUp: scrollText(by: -page)
    case .home, .character("g"): scrollText(by: -limit - 1_000_000)
    case .end, .character("G"): scrollText(by: limit + 1_000_000)
    default: return false
    }
    return true
  }
}
