import EPGActions

extension AppState {
  /// Shows the next (`+1`, `g`) or previous (`-1`, `G`) playlist group:
  /// All, then each group in playlist order, then All again. The selected
  /// channel stays when it is in the group shown, else the first one is
  /// selected; the time in view stays.
  mutating func stepGroup(_ step: Int) {
    let groups = fullGuide.groups
    guard !groups.isEmpty else {
      message =
        fullGuide.isPlaylist
        ? "The playlist has no groups (group-title)" : "Groups come with a playlist (group-title)"
      return
    }
    // Position 0 is All, 1... the groups.
    let current = group.flatMap { groups.firstIndex(of: $0) }.map { $0 + 1 } ?? 0
    let count = groups.count + 1
    let next = ((current + step) % count + count) % count
    showGroup(next == 0 ? nil : groups[next - 1], fallbackToFirst: true)
    let shown = guide.rows.count
    message =
      (group.map { "Group \($0)" } ?? "All channels") + ": \(shown) channel"
      + (shown == 1 ? "" : "s")
  }

  /// Shows the rows of `fullGuide` in group `name` (all of them for nil;
  /// only the favourites with `favouritesOnly`; without the channels that
  /// have nothing in the guide with `hidesEmptyChannels`, unless that
  /// would leave none), keeping the selected channel when it is among them
  /// (else the first row with `fallbackToFirst`, the same row number
  /// without). An active search goes on in the rows shown.
  mutating func showGroup(_ name: String?, fallbackToFirst: Bool) {
    group = name
    let favouritesOnly = favouritesOnly
    let inView = { (row: GuideModel.Row) in
      (name.map { row.playlist?.entry.groups.contains($0) == true } ?? true)
        && (!favouritesOnly || row.isFavourite)
    }
    var rows =
      name == nil && !favouritesOnly ? fullGuide : GuideModel(rowsOf: fullGuide, where: inView)
    if settings.hidesEmptyChannels, rows.rows.contains(where: \.hasListings),
      rows.rows.contains(where: { !$0.hasListings })
    {
      rows = GuideModel(rowsOf: fullGuide) { inView($0) && $0.hasListings }
    }
    let previousSearch = search
    replaceRows(rows, fallbackToFirst: fallbackToFirst)
    if let previousSearch, let query = try? ProgrammeQuery(previousSearch.query) {
      let matches = matches(of: query, includeDetails: previousSearch.includeDetails)
      if !matches.isEmpty {
        search = SearchState(
          query: previousSearch.query, includeDetails: previousSearch.includeDetails,
          matches: matches)
      }
    }
  }
}
