/// A programme genre, for colouring programmes by category (as Kodi colours
/// its guide by ETSI EN 300 468 genre type). The schedule classifies
/// categories into genres (`Genre.classify`, in EPGSchedule); the raster
/// colours by them.
public enum Genre: String, CaseIterable, Hashable, Sendable {
  case news
  case sports
  case kids
  case movie
  case documentary
  case series
  case music
  case entertainment
  case religion
  case adult

  /// The position in `allCases`.
  package var ordinal: Int {
    switch self {
    case .news: 0
    case .sports: 1
    case .kids: 2
    case .movie: 3
    case .documentary: 4
    case .series: 5
    case .music: 6
    case .entertainment: 7
    case .religion: 8
    case .adult: 9
    }
  }
}
