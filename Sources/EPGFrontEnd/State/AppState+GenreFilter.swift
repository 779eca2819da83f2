import EPGRaster

extension AppState {
  /// The next (`+1`) or previous (`-1`) genre of the guide to single out,
  /// after the last (or before the first) none.
  mutating func stepGenreFilter(_ step: Int) {
    let genres = guide.genresPresent
    guard !genres.isEmpty else {
      message = "No programme has a genre (from its <category>)"
      return
    }
    // Positions 0..<count are genres, count is "none".
    let current = genreFilter.flatMap { genres.firstIndex(of: $0) } ?? genres.count
    let next = ((current + step) % (genres.count + 1) + genres.count + 1) % (genres.count + 1)
    genreFilter = next < genres.count ? genres[next] : nil
    reselectAfterFilterChange()
    if let genre = genreFilter {
      message = "Genre: \(genre.displayName)  (f: next, F: previous, Esc: every genre)"
    } else {
      message = "Every genre"
    }
  }
}
