import EPGCore
import EPGSchedule
import Testing

/// Categories to genres, as the loader classifies them (the expected genres
/// are the ETSI EN 300 468 types and the grabbers' category names, by hand).
@Suite struct GenreClassificationTests {
  @Test(arguments: [
    (["Movie / Drama"], Genre.movie), (["News / Current affairs"], .news),
    (["Sports"], .sports), (["FOOTBALL"], .sports), (["Children's / Youth programmes"], .kids),
    (["Arts / Culture (without music)"], .music), (["Documentary"], .documentary),
    (["Soap"], .series), (["Comedy"], .entertainment), (["Game show"], .entertainment),
    (["Religion"], .religion), (["Unknown", "Nature"], .documentary),
    // German, French, Spanish, Italian and Dutch grabbers' categories.
    (["Nachrichten"], .news), (["Spielfilm"], .movie), (["Kinderfilm"], .kids),
    (["Krimiserie"], .series), (["Dokumentation"], .documentary), (["Musik"], .music),
    (["Unterhaltung"], .entertainment), (["Série"], .series), (["Jeunesse"], .kids),
    (["Comédie"], .entertainment), (["Deportes"], .sports), (["Película"], .movie),
    (["Notiziario"], .news), (["Jeugd"], .kids), (["Fußball"], .sports),
    // Whole words and the order of the table keep English right.
    (["Darts"], .sports), (["Martial arts"], .sports), (["Science fiction"], .movie),
    (["Supernatural drama"], .series), (["Opera"], .music), (["Oper"], .music),
    (["Arts / Culture"], .music), (["Natur und Umwelt"], .documentary), (["Doku"], .documentary),
    (["Reisen"], .documentary), (["Soap opera"], .series),
  ])
  func genresFromCategories(categories: [String], genre: Genre) {
    #expect(Genre.classify(categories) == genre)
  }

  @Test func theUsersKeywordsComeFirst() {
    let keywords = [
      GenreKeyword(keyword: "Magazin", genre: .news), GenreKeyword(keyword: "xyz", genre: .adult),
    ]
    #expect(Genre.classify(["Magazin"]) == .entertainment)
    #expect(Genre.classify(["Politmagazin"], userKeywords: keywords) == .news)
    #expect(Genre.classify(["Sonstiges", "XYZ"], userKeywords: keywords) == .adult)
    // The first category that matches anything decides.
    #expect(Genre.classify(["Film", "Magazin"], userKeywords: keywords) == .movie)
  }

  @Test func unknownCategoriesHaveNoGenre() {
    #expect(Genre.classify([]) == nil)
    #expect(Genre.classify(["Sonstiges", "xyz"]) == nil)
    // Short stems inside longer English words are not keywords.
    for category in ["Property", "Developer", "Operation", "Cooperation", "Sudoku", "Supernatural"]
    {
      #expect(Genre.classify([category]) == nil, "\(category)")
    }
  }
}
