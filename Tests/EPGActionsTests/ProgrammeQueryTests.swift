import EPGLayout
import EPGRaster
import EPGSchedule
import Testing

@testable import EPGActions

@Suite struct ProgrammeQueryTests {
  static let bbc = Channel(id: "bbc1.uk", name: "BBC One HD", number: "101")
  static let arte = Channel(id: "arte.fr", name: "ARTE", otherNames: ["Arte Deutsch"])

  static let film = Support.programme(
    "Casablanca", 20.25, 22, subTitle: "A Classic", description: "Rick runs a café.",
    categories: ["Spielfilm"],
    credits: [
      Credit(role: .actor, name: "Humphrey Bogart", character: "Rick Blaine")
    ], ratings: ["FSK: 12"], flags: [.previouslyShown])
  static let news = Support.programme(
    "Evening News", 18, 18.5, categories: ["News"], ratings: ["FSK: 0"], flags: [.new])
  static let late = Support.programme(
    "New Tricks", 23.5, 24.5, categories: ["Krimi"], ratings: ["FSK: 16"])
  static let untitledRating = Support.programme("Quiz", 19, 19.5, ratings: ["TV-MA"])

  /// Which of the four (on BBC One, the film also on ARTE) match `text`.
  func titles(_ text: String, details: Bool = false, offset: Int = 0) throws -> [String] {
    let query = try ProgrammeQuery(text)
    let context = ProgrammeQuery.Context(
      utcOffset: { _ in offset }, wordsInDetails: details)
    var found: [String] = []
    for programme in [Self.news, Self.untitledRating, Self.film, Self.late]
    where query.matches(programme, on: Self.bbc, context: context) {
      found.append(programme.title)
    }
    return found
  }

  /// Accents, case and width never hide a match (issue 24, item 7): the
  /// expectations are the words and the scripts' own rules (German
  /// ß is ss, Greek drops accents in capitals, Japanese voicing marks and
  /// Russian й are letters of their own).
  @Test func accentsCaseAndWidthNeverHideAMatch() throws {
    let programmes = [
      Support.programme("Híradó", 18, 18.5),
      Support.programme(
        "Tatort: Zürich", 20, 21.5, description: "Un café à Paris", categories: ["Komödie"],
        credits: [Credit(role: .actor, name: "Lucía García", character: "Frau Müller")]),
      Support.programme("Die Straße", 21.5, 22),
      Support.programme("Pokémon", 7, 7.5),
      Support.programme("NHK ニュース", 8, 8.5),
      Support.programme("Œuvres complètes", 9, 9.5),
      Support.programme("İstanbul'da Bir Gece", 10, 11),
      Support.programme("ΕΙΔΗΣΕΙΣ", 11, 12),
      Support.programme("Новости", 12, 13),
      Support.programme("Йошкар-Ола", 13, 14),
      Support.programme("ガンダム", 14, 15),
      Support.programme("ﬁlm club", 15, 16),
    ]
    let tele = Channel(id: "tele24.fr", name: "Télé 24")
    func titles(_ text: String) throws -> [String] {
      let query = try ProgrammeQuery(text)
      return programmes.filter { query.matches($0, on: tele, context: .init()) }.map(\.title)
    }
    #expect(try titles("hirado") == ["Híradó"])
    #expect(try titles("HÍRADÓ") == ["Híradó"])
    #expect(try titles("zurich") == ["Tatort: Zürich"])
    #expect(try titles("ZÜRICH") == ["Tatort: Zürich"])
    #expect(try titles("strasse") == ["Die Straße"])
    #expect(try titles("STRAẞE") == ["Die Straße"])
    #expect(try titles("pokemon") == ["Pokémon"])
    // Fullwidth Latin finds ASCII.
    #expect(try titles("ＮＨＫ") == ["NHK ニュース"])
    #expect(try titles("ｐｏｋéｍｏｎ") == ["Pokémon"])
    #expect(try titles("oeuvres complete") == ["Œuvres complètes"])
    #expect(try titles("film") == ["ﬁlm club"])
    // Turkish dotted and dotless i both fold to i.
    #expect(try titles("istanbul") == ["İstanbul'da Bir Gece"])
    #expect(try titles("ıstanbul") == ["İstanbul'da Bir Gece"])
    // Greek capitals carry no accents; final sigma is sigma.
    #expect(try titles("ειδήσεις") == ["ΕΙΔΗΣΕΙΣ"])
    #expect(try titles("Ειδησεις") == ["ΕΙΔΗΣΕΙΣ"])
    // Cyrillic and Japanese as before: case only.
    #expect(try titles("НОВОСТИ") == ["Новости"])
    #expect(try titles("йошкар") == ["Йошкар-Ола"])
    #expect(try titles("иошкар").isEmpty)
    #expect(try titles("ガンダム") == ["ガンダム"])
    #expect(try titles("カンダム").isEmpty)
    // The query language's field clauses fold the same way.
    #expect(try titles("title:zurich") == ["Tatort: Zürich"])
    #expect(try titles("-zurich").count == programmes.count - 1)
    #expect(try titles("desc:cafe") == ["Tatort: Zürich"])
    #expect(try titles("cast:garcia") == ["Tatort: Zürich"])
    #expect(try titles("cast:\"frau muller\"") == ["Tatort: Zürich"])
    #expect(try titles("genre:komodie") == ["Tatort: Zürich"])
    #expect(try titles("channel:tele hirado") == ["Híradó"])
    #expect(try titles("channel:TELE24.FR hirado") == ["Híradó"])
    // Saved searches are the same queries.
    let schedule = Schedule(
      channels: [tele], programmes: [programmes.sorted { $0.start < $1.start }])
    let groups = SavedSearch.upcoming(
      [SavedSearch(name: "swiss", query: try ProgrammeQuery("zurich"))], in: schedule,
      during: TimeSpan(start: Support.at(0), end: Support.at(24)), context: .init())
    #expect(groups.first?.matches.count == 1)
  }

  @Test func hasTestsContentFlags() throws {
    var subtitled = Support.programme("Subtitled", 18, 19)
    subtitled.content = [.onscreenSubtitles, .hd]
    var described = Support.programme("Described", 19, 20)
    described.content = [.audioDescribed, .signed, .uhd]
    let plain = Support.programme("Plain", 20, 21)
    func titles(_ text: String) throws -> [String] {
      let query = try ProgrammeQuery(text)
      return [subtitled, described, plain].filter {
        query.matches($0, on: Self.bbc, context: ProgrammeQuery.Context())
      }.map(\.title)
    }
    #expect(try titles("has:subtitles") == ["Subtitled"])
    #expect(try titles("has:ad") == ["Described"])
    #expect(try titles("has:signed") == ["Described"])
    // HD includes UHD.
    #expect(try titles("has:hd") == ["Subtitled", "Described"])
    #expect(try titles("has:uhd") == ["Described"])
    #expect(try titles("-has:subtitles -has:ad") == ["Plain"])
    #expect {
      try ProgrammeQuery("has:colour")
    } throws: { error in
      (error as? ProgrammeQuery.ParseError)?.description
        == "column 5: has: wants subtitles, signed, ad or hd, not 'colour'"
    }
  }

  @Test func plainWordsAreTitleSubstrings() throws {
    #expect(try titles("news") == ["Evening News"])
    #expect(try titles("ca") == ["Casablanca"])
    #expect(try titles("bogart").isEmpty)
    #expect(try titles("bogart", details: true) == ["Casablanca"])
    #expect(try titles("café", details: true) == ["Casablanca"])
    // Several words: all of them.
    #expect(try titles("evening news") == ["Evening News"])
    #expect(try titles("news tricks").isEmpty)
  }

  @Test func phrasesAndFields() throws {
    #expect(try titles("\"g n\"") == ["Evening News"])
    #expect(try titles("\"news evening\"").isEmpty)
    #expect(try titles("title:tricks") == ["New Tricks"])
    #expect(try titles("desc:café") == ["Casablanca"])
    #expect(try titles("cast:\"rick blaine\"") == ["Casablanca"])
    #expect(try titles("subtitle:classic") == ["Casablanca"])
    #expect(try titles("\"new\"") == ["Evening News", "New Tricks"])
    #expect(try titles("CSI:") == [])
  }

  @Test func flagsGenresChannelsAndNegation() throws {
    #expect(try titles("new") == ["Evening News"])
    #expect(try titles("-repeat") == ["Evening News", "Quiz", "New Tricks"])
    #expect(try titles("repeat") == ["Casablanca"])
    // "Spielfilm" is a movie, "Krimi" a series (Genre's table).
    #expect(try titles("genre:film") == ["Casablanca"])
    #expect(try titles("genre:movie") == ["Casablanca"])
    #expect(try titles("genre:series") == ["New Tricks"])
    #expect(try titles("-genre:news -genre:series") == ["Quiz", "Casablanca"])
    #expect(try titles("genre:krim") == ["New Tricks"])
    #expect(try titles("channel:bbc1.uk").count == 4)
    #expect(try titles("channel:101").count == 4)
    #expect(try titles("channel:\"one hd\"").count == 4)
    #expect(try titles("channel:bbc1").isEmpty)
    #expect(try titles("-news") == ["Quiz", "Casablanca", "New Tricks"])
  }

  @Test func timesOfDay() throws {
    #expect(try titles("after:20:00") == ["Casablanca", "New Tricks"])
    #expect(try titles("after:20:15") == ["Casablanca", "New Tricks"])
    #expect(try titles("after:20:16") == ["New Tricks"])
    #expect(try titles("before:19:00") == ["Evening News"])
    #expect(try titles("after:19 before:23") == ["Quiz", "Casablanca"])
    // Spanning midnight: from 23:00 to 19:00.
    #expect(try titles("after:23:00 before:19:00") == ["Evening News", "New Tricks"])
    // In a zone one hour east, the film starts at 21:15 local, New Tricks
    // at 00:30.
    #expect(try titles("after:21:00", offset: 3600) == ["Casablanca"])
    #expect(try titles("-after:20:00") == ["Evening News", "Quiz"])
  }

  @Test func ratings() throws {
    #expect(try titles("rating<=12") == ["Evening News", "Casablanca"])
    #expect(try titles("rating<12") == ["Evening News"])
    #expect(try titles("rating>12") == ["New Tricks"])
    #expect(try titles("rating=0") == ["Evening News"])
    #expect(try titles("rating>=16") == ["New Tricks"])
    // No number: not rated for the comparison.
    #expect(try titles("-rating<=12") == ["Quiz", "New Tricks"])
    #expect(ProgrammeQuery.ratingNumber("MPAA: PG-13") == 13)
    #expect(ProgrammeQuery.ratingNumber("TV-MA") == nil)
    // "ratings" is a word.
    #expect(try titles("ratings").isEmpty)
  }

  @Test func errorsSayWhere() {
    let cases: [(String, String)] = [
      ("", "column 1: the query is empty"),
      ("news \"open", "column 6: this quote is never closed"),
      (
        "  titel:x",
        "column 3: unknown field 'titel:' (fields: title subtitle desc cast genre channel after before has; quote text with a colon)"
      ),
      ("after:25:00", "column 7: after: wants a time like 20:00, not '25:00'"),
      ("-before:x", "column 9: before: wants a time like 20:00, not 'x'"),
      ("rating<=x", "column 1: rating wants a comparison like rating<=12"),
      ("news cast:", "column 11: cast: needs a value"),
    ]
    for (text, message) in cases {
      #expect {
        try ProgrammeQuery(text)
      } throws: { error in
        (error as? ProgrammeQuery.ParseError)?.description == message
      }
    }
  }

  @Test func scheduleMatchesAndSavedSearchesCollapseRepeats() throws {
    let repeatFilm = Support.programme("Casablanca", 26, 28, categories: ["Film"])
    let schedule = Schedule(
      channels: [Self.bbc, Self.arte],
      programmes: [[Self.news, Self.film, Self.late], [Self.untitledRating, repeatFilm]])
    let query = try ProgrammeQuery("genre:film")
    let span = TimeSpan(start: Support.at(19), end: Support.at(48))
    #expect(
      query.matches(in: schedule, during: span, context: .init()) == [
        .init(channel: 0, item: 1), .init(channel: 1, item: 1),
      ])
    let groups = SavedSearch.upcoming(
      [
        SavedSearch(name: "films", query: query),
        SavedSearch(name: "arte", query: try ProgrammeQuery("channel:deutsch")),
      ],
      in: schedule, during: span, context: .init())
    #expect(groups.map(\.name) == ["films", "arte"])
    // The second Casablanca (no sub-title, no episode) is a different
    // showing by start; only same title and episode collapse.
    #expect(groups[0].matches.count == 2)
    #expect(groups[1].matches == [.init(channel: 1, item: 0), .init(channel: 1, item: 1)])
  }
}
