import EPGActions

// The search prompt as you type: matches follow the text once typing
// pauses (the run loop sends `.liveSearch`), the grid marks them, and Up
// and Down go through the searches run before (`searchHistory`).
extension AppState {
  /// Milliseconds of no typing at the prompt before the matches follow
  /// the text.
  public static let liveSearchDelay = 120

  /// How many searches the history keeps.
  public static let searchHistoryLimit = SearchHistory.limit

  /// Whether the run loop should send `.liveSearch` when typing pauses.
  public var wantsLiveSearch: Bool {
    if case .searchPrompt = mode { return prompt.isStale }
    return false
  }

  /// Opens the prompt, empty, keeping the scope of the active search.
  mutating func openPrompt() {
    prompt = SearchPrompt()
    prompt.includeDetails = search?.includeDetails ?? false
    prompt.previous = search
    mode = .searchPrompt
  }

  /// The shortest text the matches follow (one letter matches most of a
  /// guide, and says little).
  public static let liveSearchMinimum = 2

  /// The matches of the text typed so far become the active search (none
  /// while the text is shorter than `liveSearchMinimum` or has a mistake,
  /// which the prompt shows). Typing more of plain words only narrows
  /// them, so then only the last matches are searched again.
  mutating func runLiveSearch() {
    prompt.isStale = false
    prompt.error = nil
    let text = prompt.text.trimmingWhitespace()
    guard text.count >= Self.liveSearchMinimum else {
      search = prompt.previous
      return
    }
    let query: ProgrammeQuery
    do {
      query = try ProgrammeQuery(text)
    } catch {
      prompt.error = error.description
      search = nil
      return
    }
    var candidates: [ProgrammeRef]?
    if let last = search, last != prompt.previous, last.includeDetails == prompt.includeDetails,
      text.hasPrefix(last.query), query.isPlain, (try? ProgrammeQuery(last.query))?.isPlain == true
    {
      candidates = last.matches
    }
    search = SearchState(
      query: text, includeDetails: prompt.includeDetails,
      matches: matches(of: query, includeDetails: prompt.includeDetails, among: candidates))
  }

  /// Up (`-1`, older) or Down (`+1`, newer) through the search history;
  /// Down past the newest entry brings back what was typed.
  mutating func browseHistory(_ step: Int) {
    guard !searchHistory.isEmpty else { return }
    let current = prompt.historyIndex ?? searchHistory.count
    if prompt.historyIndex == nil { prompt.draft = prompt.text }
    let next = min(max(0, current + step), searchHistory.count)
    prompt.historyIndex = next < searchHistory.count ? next : nil
    prompt.text = next < searchHistory.count ? searchHistory[next] : prompt.draft
  }

  /// Adds `query` as the newest search (an earlier copy is dropped) and
  /// asks the run loop to keep the history.
  mutating func remember(_ query: String) {
    let previous = searchHistory
    searchHistory.removeAll { $0 == query }
    searchHistory.append(query)
    if searchHistory.count > Self.searchHistoryLimit {
      searchHistory.removeFirst(searchHistory.count - Self.searchHistoryLimit)
    }
    effects.append(.saveSearchHistory(from: previous, to: searchHistory))
  }

  /// The history read at start-up (oldest first); blank lines and copies
  /// are dropped, the newest `searchHistoryLimit` kept.
  public mutating func loadSearchHistory(_ entries: [String]) {
    var kept: [String] = []
    for entry in entries.map({ $0.trimmingWhitespace() }) where !entry.isEmpty {
      kept.removeAll { $0 == entry }
      kept.append(entry)
    }
    searchHistory = Array(kept.suffix(Self.searchHistoryLimit))
  }
}
