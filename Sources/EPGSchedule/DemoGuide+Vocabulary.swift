extension DemoGuide {
  /// Word lists for plausible channel names, titles and descriptions.
  /// Plain text without XML specials except the escaped `&amp;`.
  enum Vocabulary {
    static let channelStems = [
      "Nova", "Polar", "Atlas", "Metro", "Aurora", "Delta", "Vista", "Orbit", "Kanal", "Télé",
      "Star", "Prime", "Nord", "Süd", "Globo", "Zen", "Pulse", "Horizon", "Lumen", "Canal",
      "Alto", "Riviera", "Boreal", "Cosmo", "Fjord",
    ]

    /// Channel kinds: suffix and genre.
    static let channelKinds: [(suffix: String, genre: Genre)] = [
      (" One", .general), (" Two", .general), (" News", .news), (" Sport", .sport),
      (" Kids", .kids), (" Cinema", .film), (" Docs", .documentary), (" Music", .music),
      (" Plus", .general), (" 24", .news), (" Family", .general), (" Comedy", .series),
      (" Drama", .series), (" Travel", .documentary), (" Food", .lifestyle),
      (" History", .documentary), (" Science", .documentary), (" Classic", .film),
      (" Arena", .sport), (" Life", .lifestyle),
    ]

    enum Genre: CaseIterable {
      case general, news, sport, kids, film, documentary, music, series, lifestyle
    }

    static let adjectives = [
      "Silent", "Golden", "Hidden", "Last", "Wild", "Northern", "Broken", "Secret", "Little",
      "Bright", "Lost", "Midnight", "Crimson", "Endless", "Distant", "Frozen", "Burning",
      "Electric", "Velvet", "Iron",
    ]
    static let nouns = [
      "River", "Harbour", "Kingdom", "Garden", "Station", "Frontier", "Island", "Empire",
      "Summer", "Road", "Valley", "Lighthouse", "Circus", "Orchard", "Academy", "Bridge",
      "Canyon", "Hotel", "Market", "Observatory",
    ]
    static let seriesForms = [
      "The %A %N", "%N Street", "%A Hearts", "Inside the %N", "%N Detectives", "Life at the %N",
      "%A Justice", "Tales from the %N",
    ]
    static let accentedTitles = [
      "Café Crème", "Les Misérables", "Tatort: Zürich", "Señor Ñandú", "Smörgåsbord",
      "Crème brûlée à la française", "Über den Wolken", "Façade", "São Paulo Nights",
      "L'Été indien", "Ærøskøbing", "Dvořák in Prague",
    ]
    static let wideTitles = [
      "東京の夜", "料理の鉄人", "ニュース７", "北京故事", "서울의 봄", "天気予報", "日本の旅",
      "中華料理", "アニメ劇場", "音楽の時間",
    ]
    static let newsTitles = [
      "News", "World News", "Evening News", "Morning Briefing", "Headlines", "Business Today",
      "Weather", "Regional News", "News &amp; Weather", "Late Edition",
    ]
    static let sportTitles = [
      "Football Live", "Match of the Week", "Tennis Highlights", "Cycling: Stage Report",
      "Motorsport Weekly", "Athletics", "Rugby Tonight", "Sports Desk", "Golf Round-Up",
      "Winter Sports",
    ]
    /// The sports titles broadcast live (`<live />`).
    static let liveSportTitles: Set = ["Football Live", "Match of the Week", "Rugby Tonight"]
    static let kidsTitles = [
      "Pip and Pop", "The Bouncing Bears", "Rocket Rabbit", "Tiny Trains", "Dino Dig",
      "Sunny Street", "Captain Whisker", "Moon Buddies",
    ]
    static let musicTitles = [
      "Top 40", "Classic Hits", "Live at the Hall", "Jazz Nights", "Chart Show",
      "Unplugged", "Concert: Vienna Philharmonic", "Indie Hour",
    ]
    static let lifestyleTitles = [
      "Kitchen Rescue", "Grand Designs Abroad", "Garden Makeover", "Bake Off", "Market Kitchen",
      "Home Swap", "Street Food Stories", "Wine &amp; Dine",
    ]
    static let documentaryForms = [
      "Secrets of the %N", "The %A Planet", "Wonders of the %N", "Ancient %N", "%N Revealed",
      "Inside the %A %N",
    ]
    static let episodeForms = [
      "The %A %N", "Return to the %N", "A %A Night", "The %N Affair", "Part of the %N",
      "Welcome to the %N", "The %A Truth", "Under the %N",
    ]
    static let sentenceOpeners = [
      "A stranger arrives at the %N with a %A secret.",
      "Old rivals meet again when the %N is threatened.",
      "The team investigates a %A discovery near the %N.",
      "Presenters travel to the %N to meet the people who live there.",
      "An unexpected visitor changes everything at the %N.",
      "A %A storm cuts the town off from the %N.",
      "Experts explore the history of the %N and its %A past.",
      "Live coverage and analysis of the day's events.",
    ]
    static let sentenceFollowers = [
      "Meanwhile, an old friend asks for help.",
      "Tempers flare as the deadline approaches.",
      "Featuring interviews with local experts.",
      "Nobody expects what happens next.",
      "The final decision will change their lives.",
      "With music from the %A %N orchestra.",
      "Last in the series.",
      "Contains some strong language.",
    ]
    static let categories: [Genre: [String]] = [
      .general: ["Entertainment", "Talk", "Game show", "Reality"],
      .news: ["News", "Current affairs", "Weather"],
      .sport: ["Sport", "Football", "Tennis", "Motorsport"],
      .kids: ["Children", "Animation"],
      .film: ["Film", "Drama", "Thriller", "Comedy", "Science fiction"],
      .documentary: ["Documentary", "History", "Nature", "Science"],
      .music: ["Music", "Concert"],
      .series: ["Drama", "Comedy", "Crime", "Soap"],
      .lifestyle: ["Lifestyle", "Cookery", "Travel", "Home &amp; Garden"],
    ]
    static let givenNames = [
      "Anna", "Ben", "Chloé", "David", "Elena", "Farid", "Greta", "Hiro", "Ingrid", "João",
      "Kemal", "Lucía", "Mads", "Nora", "Oskar", "Priya", "Quentin", "Rosa", "Sven", "Yuki",
    ]
    static let familyNames = [
      "Andersen", "Bianchi", "Dubois", "Eriksson", "García", "Hoffmann", "Ivanova", "Jensen",
      "Kowalski", "Lambert", "Moreau", "Novák", "O'Brien", "Petrov", "Rossi", "Schmidt",
      "Tanaka", "Weber", "Yılmaz", "Zhang",
    ]
    static let ratings = [
      ("BBFC", "PG"), ("BBFC", "12"), ("BBFC", "15"), ("MPAA", "PG-13"), ("FSK", "12"),
    ]
  }
}
