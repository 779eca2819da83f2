import EPGLayout
import EPGSchedule

extension AppState {
  /// Runs the search typed at the prompt: case-insensitive substring match
  /// on titles (and sub-titles and descriptions when the toggle is on).
  mutating func runSearch() {
    let query = prompt.text.trimmingWhitespace()
    guard !query.isEmpty else {
      mode = .guide
      return
    }
    let matches = matches(of: query, includeDetails: prompt.includeDetails)
    guard !matches.isEmpty else {
      mode = .guide
      search = nil
      message = "No match for \"\(query)\""
      return
    }
    search = SearchState(query: query, includeDetails: prompt.includeDetails, matches: matches)
    openResults()
  }

  /// The programmes of the guide shown that match `query`, by start, then
  /// row.
  func matches(of query: String, includeDetails: Bool) -> [ProgrammeRef] {
    let needle = query.lowercased()
    var matches: [(start: EpochSeconds, ref: ProgrammeRef)] = []
    for (row, channelRow) in guide.rows.enumerated() {
      for (item, programme) in channelRow.programmes.enumerated()
      where AppState.matches(programme, needle, details: includeDetails) {
        matches.append((programme.start, ProgrammeRef(row: row, item: item)))
      }
    }
    matches.sort { ($0.start, $0.ref) < ($1.start, $1.ref) }
    return matches.map(\.ref)
  }

  static func matches(_ programme: Programme, _ needle: String, details: Bool) -> Bool {
    if programme.title.lowercased().contains(needle) { return true }
    if programme.otherTitles.contains(where: { $0.lowercased().contains(needle) }) { return true }
    guard details else { return false }
    if let sub = programme.subTitle, sub.lowercased().contains(needle) { return true }
    if let text = programme.description, text.lowercased().contains(needle) { return true }
    return programme.credits.contains { credit in
      credit.name.lowercased().contains(needle)
        || credit.character?.lowercased().contains(needle) == true
    }
  }

  /// The index in the matches of the first one at or after the selection
  /// (or after now when nothing is selected).
  func matchIndexNearSelection() -> Int {
    guard let search else { return 0 }
    let key: (EpochSeconds, ProgrammeRef)
    if let ref = selection, let programme = guide.programme(ref) {
      key = (programme.start, ref)
    } else {
      key = (now, ProgrammeRef(row: 0, item: 0))
    }
    let index = search.matches.firstIndex { ref in
      guard let programme = guide.programme(ref) else { return false }
      return (programme.start, ref) >= key
    }
    return index ?? max(0, search.matches.count - 1)
  }

  /// The next (`+1`) or previous (`-1`) match after the selection, wrapping
  /// around at the ends.
  mutating func stepMatch(_ direction: Int) {
    guard let search, !search.matches.isEmpty else { return }
    let count = search.matches.count
    var index: Int
    if let ref = selection, let here = search.matches.firstIndex(of: ref) {
      index = here + direction
    } else {
      let near = matchIndexNearSelection()
      index = direction > 0 ? near : near - 1
    }
    var wrapped = false
    if index >= count {
      index = 0
      wrapped = true
    } else if index < 0 {
      index = count - 1
      wrapped = true
    }
    goTo(search.matches[index])
    message =
      "Match \(index + 1) of \(count) for \"\(search.query)\"" + (wrapped ? " (wrapped)" : "")
  }

  /// Selects `ref` in the guide and scrolls it into view.
  mutating func goTo(_ ref: ProgrammeRef) {
    guard guide.programme(ref) != nil else { return }
    select(row: ref.row, item: ref.item)
    revealSelection()
    mode = .guide
  }
}

extension String {
  /// The string without leading and trailing spaces, tabs and newlines.
  func trimmingWhitespace() -> String {
    var scalars = Substring(self)
    while let first = scalars.first, first.isWhitespace { scalars.removeFirst() }
    while let last = scalars.last, last.isWhitespace { scalars.removeLast() }
    return String(scalars)
  }
}
