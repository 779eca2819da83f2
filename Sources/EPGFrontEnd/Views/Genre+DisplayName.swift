import EPGCore

extension Genre {
  /// The genre in the status line and the top bar: "films", "sport".
  var displayName: String {
    switch self {
    case .news: "news"
    case .sports: "sport"
    case .kids: "children's programmes"
    case .movie: "films"
    case .documentary: "documentaries"
    case .series: "series"
    case .music: "music and arts"
    case .entertainment: "entertainment"
    case .religion: "religion"
    case .adult: "adult programmes"
    }
  }
}
