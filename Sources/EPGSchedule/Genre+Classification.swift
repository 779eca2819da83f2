import EPGCore

/// Classifying XMLTV categories into genres, once per programme at load.
///
/// `Genre.classify(_:userKeywords:)` matches XMLTV `<category>` texts,
/// case-insensitively, against the user's keywords first, then the built-in
/// ones below; the first category that matches decides, and within one
/// category the first genre in this table whose keyword occurs in the text
/// wins (so "Kinderfilm" is kids and "Spielfilm" a movie). A keyword
/// matches anywhere in the text, or, written `=word`, only as a whole word
/// ("=arts" matches "Arts / Culture" but not "Darts"). Besides English the
/// keywords cover the usual German, French, Spanish, Italian and Dutch
/// category names of European grabbers.
///
/// | genre         | keywords (substring match)                                      |
/// |---------------|-----------------------------------------------------------------|
/// | news          | news, current affairs, weather, politic, social, economics, nachrichten, information, actualit, noticia, notizi, nieuws, wetter, météo, meteo |
/// | sports        | sport, football, soccer, tennis, golf, racing, olympic, match, fußball, fussball, deporte, calcio, martial arts, darts |
/// | kids          | kid, child, youth, animation, cartoon, anime, famil, kinder, jeunesse, enfant, infantil, bambin, jeugd, zeichentrick |
/// | movie         | movie, film, cinema, thriller, western, horror, sci-fi, science fiction, romance, película, pelicula |
/// | documentary   | document, dokument, =doku, nature, =natur, history, histoire, science, wissen, education, factual, travel, reise, wildlife |
/// | series        | series, serie, série, drama, soap, sitcom, crime, krimi, detective, episode, telenovela |
/// | music         | music, musik, musique, música, musica, concert, konzert, ballet, dance, =opera, =oper, =arts, culture, kultur |
/// | entertainment | entertain, unterhaltung, divertissement, comedy, comédie, komödie, comedia, humor, show, quiz, game, spiel, reality, talk, variety, leisure, hobb, cooking, lifestyle, magazin |
/// | religion      | religi, church, kirche, église, faith                            |
/// | adult         | adult, erotic, erotik                                           |
///
/// ETSI's "Movie / Drama" is a movie; "Arts / Culture (without music)" is
/// music and arts; "Children's / Youth programmes" is kids.
extension Genre {
  /// Lower-case keywords; a category containing one of them has this genre.
  public var keywords: [String] {
    switch self {
    case .news:
      [
        "news", "current affairs", "weather", "politic", "social", "economics", "nachrichten",
        "information", "actualit", "noticia", "notizi", "nieuws", "wetter", "météo", "meteo",
      ]
    case .sports:
      [
        "sport", "football", "soccer", "tennis", "golf", "racing", "olympic", "match", "fußball",
        "fussball", "deporte", "calcio", "martial arts", "darts",
      ]
    case .kids:
      [
        "kid", "child", "youth", "animation", "cartoon", "anime", "famil", "kinder", "jeunesse",
        "enfant", "infantil", "bambin", "jeugd", "zeichentrick",
      ]
    case .movie:
      [
        "movie", "film", "cinema", "thriller", "western", "horror", "sci-fi", "science fiction",
        "romance", "película", "pelicula",
      ]
    case .documentary:
      [
        "document", "dokument", "=doku", "nature", "=natur", "history", "histoire", "science",
        "wissen", "education", "factual", "travel", "reise", "wildlife",
      ]
    case .series:
      [
        "series", "serie", "série", "drama", "soap", "sitcom", "crime", "krimi", "detective",
        "episode", "telenovela",
      ]
    case .music:
      [
        "music", "musik", "musique", "música", "musica", "concert", "konzert", "ballet", "dance",
        "=opera", "=oper", "=arts", "culture", "kultur",
      ]
    case .entertainment:
      [
        "entertain", "unterhaltung", "divertissement", "comedy", "comédie", "komödie", "comedia",
        "humor", "show", "quiz", "game", "spiel", "reality", "talk", "variety", "leisure", "hobb",
        "cooking", "lifestyle", "magazin",
      ]
    case .religion: ["religi", "church", "kirche", "église", "faith"]
    case .adult: ["adult", "erotic", "erotik"]
    }
  }

  /// The genre of the first category that matches a keyword (the user's
  /// first, then the built-in ones), or nil. Call it once per programme
  /// (at load), not per frame.
  public static func classify(
    _ categories: [String], userKeywords: [GenreKeyword] = []
  ) -> Genre? {
    for category in categories {
      let text = category.lowercased()
      for user in userKeywords where matches(text, user.keyword) { return user.genre }
      for genre in allCases where genre.keywords.contains(where: { matches(text, $0) }) {
        return genre
      }
    }
    return nil
  }

  /// Whether lower-case `text` contains `keyword`: anywhere, or for
  /// `=word` as a whole word (not next to a letter).
  static func matches(_ text: String, _ keyword: String) -> Bool {
    guard keyword.hasPrefix("=") else { return text.contains(keyword) }
    let word = keyword.dropFirst()
    guard !word.isEmpty else { return false }
    var searchStart = text.startIndex
    while let found = text[searchStart...].firstRange(of: word) {
      let before =
        found.lowerBound == text.startIndex ? nil : text[text.index(before: found.lowerBound)]
      let after = found.upperBound == text.endIndex ? nil : text[found.upperBound]
      if before?.isLetter != true && after?.isLetter != true { return true }
      searchStart = text.index(after: found.lowerBound)
    }
    return false
  }
}
