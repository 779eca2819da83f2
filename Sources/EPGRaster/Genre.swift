/// A programme genre, for colouring programmes by category (as Kodi colours
/// its guide by ETSI EN 300 468 genre type).
///
/// `Genre.classify(_:)` matches XMLTV `<category>` texts, case-insensitively,
/// against the keywords below; the first category that matches decides, and
/// within one category the first genre in this table whose keyword occurs
/// in the text wins.
///
/// | genre         | keywords (substring match)                                      |
/// |---------------|-----------------------------------------------------------------|
/// | news          | news, current affairs, weather, politic, social, economics      |
/// | sports        | sport, football, soccer, tennis, golf, racing, olympic, match   |
/// | kids          | kid, child, youth, animation, cartoon, anime, famil             |
/// | movie         | movie, film, cinema, thriller, western, horror, sci-fi, romance |
/// | documentary   | document, nature, history, science, education, factual, travel, wildlife |
/// | series        | series, drama, soap, sitcom, crime, detective, episode          |
/// | music         | music, concert, ballet, dance, opera, arts, culture             |
/// | entertainment | entertain, comedy, show, quiz, game, reality, talk, variety, leisure, hobb, cooking, lifestyle |
/// | religion      | religio, church, faith                                          |
/// | adult         | adult, erotic                                                   |
///
/// ETSI's "Movie / Drama" is a movie; "Arts / Culture (without music)" is
/// music and arts; "Children's / Youth programmes" is kids.
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
  var ordinal: Int {
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

  /// Lower-case keywords; a category containing one of them has this genre.
  public var keywords: [String] {
    switch self {
    case .news: ["news", "current affairs", "weather", "politic", "social", "economics"]
    case .sports:
      ["sport", "football", "soccer", "tennis", "golf", "racing", "olympic", "match"]
    case .kids: ["kid", "child", "youth", "animation", "cartoon", "anime", "famil"]
    case .movie:
      ["movie", "film", "cinema", "thriller", "western", "horror", "sci-fi", "romance"]
    case .documentary:
      [
        "document", "nature", "history", "science", "education", "factual", "travel",
        "wildlife",
      ]
    case .series: ["series", "drama", "soap", "sitcom", "crime", "detective", "episode"]
    case .music: ["music", "concert", "ballet", "dance", "opera", "arts", "culture"]
    case .entertainment:
      [
        "entertain", "comedy", "show", "quiz", "game", "reality", "talk", "variety", "leisure",
        "hobb", "cooking", "lifestyle",
      ]
    case .religion: ["religio", "church", "faith"]
    case .adult: ["adult", "erotic"]
    }
  }

  /// The genre of the first category that matches a keyword, or nil.
  /// Call it once per programme (at load), not per frame.
  public static func classify(_ categories: [String]) -> Genre? {
    for category in categories {
      let text = category.lowercased()
      for genre in allCases where genre.keywords.contains(where: { text.contains($0) }) {
        return genre
      }
    }
    return nil
  }
}
