import EPGActions
import EPGLayout

// Filters that narrow what is shown and where the selection goes: the
// genre filter (`f`) and the filter menu's (`y`). Programmes left out are
// drawn muted, and navigation skips them (`bestItem`, `moveInRow`,
// `adjacentRow`).
extension AppState {
  /// Whether any filter is on.
  public var isFiltering: Bool { genreFilter != nil || filterQuery != nil }

  /// Whether the programme at `ref` passes every filter (true when none is
  /// on).
  public func passesFilters(_ ref: ProgrammeRef) -> Bool {
    if let genre = genreFilter, guide.genres[ref.row][ref.item] != genre { return false }
    guard let query = filterQuery else { return true }
    guard let programme = guide.programme(ref) else { return false }
    let zone = format.zone
    let context = ProgrammeQuery.Context(
      utcOffset: { Int(zone.offset(at: $0)) }, genreKeywords: settings.genreKeywords)
    return query.matches(
      programme, on: guide.rows[ref.row].channel, context: context,
      genre: guide.genres[ref.row][ref.item])
  }

  /// Replaces the filter menu's filters; a selection they leave out moves
  /// to one they keep in view (or none).
  mutating func setFilters(_ newFilters: ProgrammeFilters) {
    filters = newFilters
    filterQuery = newFilters.query
    reselectAfterFilterChange()
  }

  /// Clears the genre filter and the menu's filters; a row left without
  /// a selection by them gets one at once.
  mutating func clearFilters() {
    genreFilter = nil
    filters = ProgrammeFilters()
    filterQuery = nil
    reselectAfterFilterChange()
  }

  /// After a filter changed: a selected programme it leaves out gives way
  /// to the best one it keeps in view on the same row (the Up/Down rule),
  /// and so does no selection (the row had nothing the filter kept).
  mutating func reselectAfterFilterChange() {
    if selection.map(passesFilters) != true { moveToRow(selectedRow) }
  }

  /// What the status line says when Left or Right (`step`) finds nothing
  /// more that the filters keep on the selected row: "No sport on Télé 24
  /// from here".
  func nothingFilteredMessage(_ step: Int) -> String {
    let channel =
      guide.rows.indices.contains(selectedRow) ? guide.rows[selectedRow].channel.name : ""
    let what = nothingKept
    return what.prefix(1).uppercased() + what.dropFirst() + " on " + channel
      + (step > 0 ? " from here" : " before here")
  }

  /// What the filters keep, none of: "no sport", "no films the filters
  /// keep", "nothing the filters keep".
  var nothingKept: String {
    guard let genre = genreFilter else { return "nothing the filters keep" }
    return "no " + genre.displayName + (filterQuery == nil ? "" : " the filters keep")
  }

  /// The filter menu's lines: (label, state text).
  var filterMenuLines: [(label: String, value: String)] {
    [
      ("New or premiere only", filters.newOnly ? "[x]" : "[ ]"),
      ("Hide repeats", filters.hideRepeats ? "[x]" : "[ ]"),
      ("Age rating at most", filters.maxAge.map { "[\($0)]" } ?? "[off]"),
      ("Subtitles", filters.subtitles ? "[x]" : "[ ]"),
      ("Audio description", filters.audioDescription ? "[x]" : "[ ]"),
    ]
  }

  /// Keys in the filter menu: Up/Down choose a line, Enter or Space
  /// toggles it (the age limit steps 6, 12, 16, 18, off), `c` clears the
  /// menu's filters, Esc or `y` goes back to the guide.
  mutating func handleFilterMenu(_ key: Key, selected: Int) {
    let count = filterMenuLines.count
    switch key {
    case .up, .character("k"): mode = .filterMenu(selected: max(0, selected - 1))
    case .down, .character("j"): mode = .filterMenu(selected: min(count - 1, selected + 1))
    case .enter, .character(" "):
      var changed = filters
      switch selected {
      case 0: changed.newOnly.toggle()
      case 1: changed.hideRepeats.toggle()
      case 2: changed.stepAge()
      case 3: changed.subtitles.toggle()
      default: changed.audioDescription.toggle()
      }
      setFilters(changed)
    case .character("c"): setFilters(ProgrammeFilters())
    case .escape, .character("y"), .backspace: mode = .guide
    case .character("q"): isFinished = true
    case .character("?"), .function(1): mode = .help(scroll: 0)
    default: break
    }
  }
}
