import EPGActions
import EPGLayout
import EPGSchedule

extension AppState {
  /// Runs the search typed at the prompt, in the query language of
  /// `ProgrammeQuery` (a plain word is a case-insensitive substring of the
  /// titles, and of sub-titles, descriptions and cast when the toggle is
  /// on); a mistake in the query is shown on the status line.
  mutating func runSearch() {
    let text = prompt.text.trimmingWhitespace()
    guard !text.isEmpty else {
      mode = .guide
      return
    }
    let query: ProgrammeQuery
    do {
      query = try ProgrammeQuery(text)
    } catch {
      mode = .guide
      search = nil
      message = "Search: \(error.description)"
      return
    }
    remember(text)
    let matches = matches(of: query, includeDetails: prompt.includeDetails)
    guard !matches.isEmpty else {
      mode = .guide
      search = nil
      message = "No match for \"\(text)\""
      return
    }
    search = SearchState(query: text, includeDetails: prompt.includeDetails, matches: matches)
    openResults()
  }

  /// The programmes of the guide shown that match `query` (words also in
  /// sub-titles, descriptions and cast with `includeDetails`), by start,
  /// then row; with `among` (in that order), only those of them.
  func matches(
    of query: ProgrammeQuery, includeDetails: Bool, among candidates: [ProgrammeRef]? = nil
  ) -> [ProgrammeRef] {
    ProgrammeColumn.scanning(guide.rows.lazy.map(\.programmes)) {
      scan(for: query, includeDetails: includeDetails, among: candidates)
    }
  }

  /// `matches`, in a scan of the guide's columns.
  private func scan(
    for query: ProgrammeQuery, includeDetails: Bool, among candidates: [ProgrammeRef]?
  ) -> [ProgrammeRef] {
    let zone = format.zone
    let context = ProgrammeQuery.Context(
      utcOffset: { Int(zone.offset(at: $0)) }, genreKeywords: settings.genreKeywords,
      wordsInDetails: includeDetails)
    // A guide reopened from its snapshot decodes only what the query reads.
    let fields = query.fieldsRead(context: context)
    let fieldsBesideTexts = query.fieldsRead(context: context, textsReadElsewhere: true)
    if let candidates {
      return candidates.filter { ref in
        guard guide.rows.indices.contains(ref.row),
          guide.rows[ref.row].programmes.indices.contains(ref.item)
        else { return false }
        let column = guide.rows[ref.row].programmes
        guard column.isMapped else {
          return query.matches(
            column[ref.item], on: guide.rows[ref.row].channel, context: context,
            genre: guide.genres[ref.row][ref.item])
        }
        // Texts read where they lie in the snapshot, the rest decoded.
        return query.matches(
          column.programme(at: ref.item, reading: fieldsBesideTexts),
          on: guide.rows[ref.row].channel, context: context,
          genre: guide.genres[ref.row][ref.item], texts: (column, ref.item))
      }
    }
    var matches: [(start: EpochSeconds, ref: ProgrammeRef)] = []
    // In a guide reopened from its snapshot, the clauses on titles are
    // tested once per distinct title; the programme is decoded only when
    // the other clauses need it.
    let (titleClauses, rest) = query.splitByTitles(context: context)
    // Their texts are read where they lie in the snapshot; only the
    // other fields the clauses read are decoded.
    let restFields = rest.fieldsRead(context: context, textsReadElsewhere: true)
    var titleHolds: [ProgrammeColumn.TitleKey: Bool] = [:]
    // When the other clauses are all on texts, nothing of the programme
    // is decoded: they read only `texts`.
    let restOnlyTexts = rest.clauses.allSatisfy {
      if case .text = $0.term { true } else { false }
    }
    let nothingDecoded = Programme(start: 0, stop: 0, title: "")
    for row in guide.rows.indices {
      let channel = guide.rows[row].channel
      let genres = guide.genres[row]
      let programmes = guide.rows[row].programmes
      guard programmes.isMapped else {
        programmes.forEachInPlace(reading: fields) { item, programme in
          if query.matches(programme, on: channel, context: context, genre: genres[item]) {
            matches.append((programme.pointee.start, ProgrammeRef(row: row, item: item)))
          }
        }
        continue
      }
      for item in programmes.indices {
        let key = titleClauses.clauses.isEmpty ? nil : programmes.titleKey(at: item)
        var holds = titleClauses.clauses.isEmpty ? true : key.flatMap { titleHolds[$0] }
        if holds == false { continue }
        if holds == nil {
          let programme = programmes.programme(at: item, reading: .titles)
          holds = titleClauses.matches(programme, on: channel, context: context, genre: nil)
          if let key { titleHolds[key] = holds }
          if holds == false { continue }
        }
        guard !rest.clauses.isEmpty else {
          matches.append((programmes.span(at: item).start, ProgrammeRef(row: row, item: item)))
          continue
        }
        let programme =
          restOnlyTexts ? nothingDecoded : programmes.programme(at: item, reading: restFields)
        if rest.matches(
          programme, on: channel, context: context, genre: genres[item],
          texts: (programmes, item))
        {
          matches.append((programmes.span(at: item).start, ProgrammeRef(row: row, item: item)))
        }
      }
    }
    matches.sort { ($0.start, $0.ref) < ($1.start, $1.ref) }
    return matches.map(\.ref)
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
