import EPGCore

/// A user's keyword for `Genre.classify(_:userKeywords:)`: a category that
/// contains `keyword` (lower case, substring match) has `genre`. From the
/// config file's `genres` (e.g. `genres = Spielfilm: movie, Magazin: news`).
public struct GenreKeyword: Hashable, Sendable {
  public var keyword: String
  public var genre: Genre

  /// `keyword` is lower-cased.
  public init(keyword: String, genre: Genre) {
    self.keyword = keyword.lowercased()
    self.genre = genre
  }
}
