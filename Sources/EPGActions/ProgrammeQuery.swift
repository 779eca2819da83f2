import EPGCore
import EPGSchedule

/// A search in tvgrid's query language (`/` in the guide, `tvgrid search`,
/// `search NAME = QUERY` in the config). Terms are separated by spaces and
/// all must match; `-` before a term negates it.
///
/// | term              | matches                                                    |
/// |-------------------|------------------------------------------------------------|
/// | `word`            | titles containing it (accents, case and width ignored: `SearchKey`); with details on (Tab at `/`), also sub-title, description and cast |
/// | `"exact phrase"`  | the same, spaces included                                  |
/// | `title:` `subtitle:` `desc:` `cast:` | that field containing the value (quoted or not) |
/// | `genre:film`      | the genre tvgrid colours it by (news sports kids movie documentary series music entertainment religion adult; `film`, `sport`, `doc` … also work); another word matches the categories' text |
/// | `channel:X`       | the channel with id X, number X, or a name containing X    |
/// | `new`, `repeat`   | marked new (or premiere) / previously shown in the guide   |
/// | `after:20:00`, `before:23:00` | starting at or after / before that local time (together, `after:22:00 before:02:00` spans midnight) |
/// | `rating<=12`      | a rating whose number compares so (`<` `<=` `=` `>=` `>`); unrated programmes do not match |
/// | `has:subtitles` `has:signed` `has:ad` `has:hd` | subtitles (on request or on screen), sign language, audio description, HD or UHD (`ContentFlags`) |
///
/// To search for a word that is a keyword (`new`) or has a colon, quote it.
public struct ProgrammeQuery: Hashable, Sendable {
  /// The query as written.
  public var text: String
  public var clauses: [Clause]

  /// One term, maybe negated.
  public struct Clause: Hashable, Sendable {
    public var term: Term
    public var negated: Bool
  }

  /// What a term tests.
  public enum Term: Hashable, Sendable {
    /// Text in a field.
    case text(SearchKey, Field)
    case genre(Genre)
    /// Text in the categories.
    case category(SearchKey)
    /// A channel's id or number, or part of its name.
    case channel(SearchKey)
    case new
    case repeated
    /// Start time of day in minutes after local midnight: at or after
    /// `after`, before `before` (either may be absent).
    case startsBetween(after: Int?, before: Int?)
    case rating(Comparison, Int)
    /// Has any of these content flags (`has:`).
    case content(ContentFlags)
  }

  public enum Field: String, Hashable, Sendable {
    /// Titles (and the details when the search includes them).
    case words
    case title
    case subtitle
    case desc
    case cast
  }

  public enum Comparison: String, Hashable, Sendable, CaseIterable {
    case less = "<"
    case lessOrEqual = "<="
    case equal = "="
    case greaterOrEqual = ">="
    case greater = ">"

    func holds(_ a: Int, _ b: Int) -> Bool {
      switch self {
      case .less: a < b
      case .lessOrEqual: a <= b
      case .equal: a == b
      case .greaterOrEqual: a >= b
      case .greater: a > b
      }
    }
  }

  /// A mistake in a query; `description` is `column N: message`.
  public struct ParseError: Error, Hashable, Sendable, CustomStringConvertible {
    public var message: String
    /// 1-based, in characters.
    public var column: Int
    public var description: String { "column \(column): \(message)" }
  }

  /// The values of `has:`.
  static let contentNames: [String: ContentFlags] = [
    "subtitles": ContentFlags.anySubtitles, "subs": ContentFlags.anySubtitles,
    "signed": .signed, "ad": .audioDescribed, "audio-description": .audioDescribed,
    "hd": [.hd, .uhd], "uhd": .uhd,
  ]

  /// Genre names besides `Genre`'s own.
  static let genreAliases: [String: Genre] = [
    "film": .movie, "films": .movie, "movies": .movie, "sport": .sports, "doc": .documentary,
    "docs": .documentary, "documentaries": .documentary, "kid": .kids, "children": .kids,
    "serie": .series, "show": .entertainment, "shows": .entertainment,
  ]

  /// Parses `text`.
  public init(_ text: String) throws(ParseError) {
    self.text = text
    clauses = []
    var after: (minutes: Int, negated: Bool)?
    var before: (minutes: Int, negated: Bool)?
    for token in try Self.tokens(text) {
      var body = token.text
      var negated = false
      var column = token.column
      if body.hasPrefix("-") && body.count > 1 && !token.quotedFromStart {
        negated = true
        body.removeFirst()
        column += 1
      }
      if token.quotedFromStart || (token.quoted && !body.contains(":")) {
        clauses.append(Clause(term: .text(SearchKey(body), .words), negated: negated))
        continue
      }
      if let comparison = Self.ratingComparison(body) {
        clauses.append(Clause(term: comparison, negated: negated))
        continue
      }
      if body.lowercased().hasPrefix("rating"),
        let next = body.dropFirst("rating".count).first, "<>=".contains(next)
      {
        throw ParseError(message: "rating wants a comparison like rating<=12", column: column)
      }
      if let colon = body.firstIndex(of: ":"), colon != body.startIndex {
        let field = body[..<colon].lowercased()
        let value = String(body[body.index(after: colon)...])
        let valueColumn = column + field.count + 1
        if field == "after" || field == "before" {
          guard let minutes = Self.timeOfDay(value) else {
            throw ParseError(
              message: "\(field): wants a time like 20:00, not '\(value)'", column: valueColumn)
          }
          if field == "after" { after = (minutes, negated) } else { before = (minutes, negated) }
          continue
        }
        if field == "has" {
          guard let flags = Self.contentNames[value.lowercased()] else {
            throw ParseError(
              message: "has: wants subtitles, signed, ad or hd, not '\(value)'", column: valueColumn
            )
          }
          clauses.append(Clause(term: .content(flags), negated: negated))
          continue
        }
        let known = ["title", "subtitle", "sub", "desc", "description", "cast", "genre", "channel"]
        guard known.contains(field) else {
          if value.isEmpty {  // "CSI:" is a word
            clauses.append(Clause(term: .text(SearchKey(body), .words), negated: negated))
            continue
          }
          throw ParseError(
            message:
              "unknown field '\(field):' (fields: title subtitle desc cast genre channel after before has; quote text with a colon)",
            column: column)
        }
        guard !value.isEmpty else {
          throw ParseError(message: "\(field): needs a value", column: valueColumn)
        }
        let key = SearchKey(value)
        let term: Term
        switch field {
        case "title": term = .text(key, .title)
        case "subtitle", "sub": term = .text(key, .subtitle)
        case "desc", "description": term = .text(key, .desc)
        case "cast": term = .text(key, .cast)
        case "genre":
          if let genre = Genre(rawValue: key.folded) ?? Self.genreAliases[key.folded] {
            term = .genre(genre)
          } else {
            term = .category(key)
          }
        default: term = .channel(key)
        }
        clauses.append(Clause(term: term, negated: negated))
        continue
      }
      switch body.lowercased() {
      case "new": clauses.append(Clause(term: .new, negated: negated))
      case "repeat", "repeats": clauses.append(Clause(term: .repeated, negated: negated))
      default: clauses.append(Clause(term: .text(SearchKey(body), .words), negated: negated))
      }
    }
    switch (after, before) {
    case let (a?, b?) where a.negated == b.negated:
      clauses.append(
        Clause(term: .startsBetween(after: a.minutes, before: b.minutes), negated: a.negated))
    default:
      if let a = after {
        clauses.append(
          Clause(term: .startsBetween(after: a.minutes, before: nil), negated: a.negated))
      }
      if let b = before {
        clauses.append(
          Clause(term: .startsBetween(after: nil, before: b.minutes), negated: b.negated))
      }
    }
    if clauses.isEmpty { throw ParseError(message: "the query is empty", column: 1) }
  }

  /// Whether every word term is in titles only (what `/` says in its
  /// heading).
  public var isPlain: Bool {
    clauses.allSatisfy {
      if case .text(_, .words) = $0.term { return !$0.negated }
      return false
    }
  }

  struct Token {
    var text: String
    /// 1-based column of its first character.
    var column: Int
    /// It had quotes somewhere.
    var quoted: Bool
    /// It began with a quote (a phrase, not a field or option).
    var quotedFromStart: Bool
  }

  /// Splits at spaces outside double quotes; quotes are removed.
  static func tokens(_ text: String) throws(ParseError) -> [Token] {
    var tokens: [Token] = []
    var current: Token?
    var inQuote = false
    var quoteColumn = 0
    for (offset, character) in text.enumerated() {
      let column = offset + 1
      if character == "\"" {
        if current == nil {
          current = Token(text: "", column: column, quoted: true, quotedFromStart: true)
        }
        current!.quoted = true
        inQuote.toggle()
        quoteColumn = column
      } else if character.isWhitespace && !inQuote {
        if let token = current { tokens.append(token) }
        current = nil
      } else {
        if current == nil {
          current = Token(text: "", column: column, quoted: false, quotedFromStart: false)
        }
        current!.text.append(character)
      }
    }
    if inQuote { throw ParseError(message: "this quote is never closed", column: quoteColumn) }
    if let token = current { tokens.append(token) }
    return tokens.filter { !$0.text.isEmpty || $0.quoted }
  }

  /// `rating<=12` and the like, or nil.
  static func ratingComparison(_ body: String) -> Term? {
    let lower = body.lowercased()
    guard lower.hasPrefix("rating") else { return nil }
    let rest = lower.dropFirst("rating".count)
    for comparison in [Comparison.lessOrEqual, .greaterOrEqual, .less, .greater, .equal]
    where rest.hasPrefix(comparison.rawValue) {
      guard let number = Int(rest.dropFirst(comparison.rawValue.count)) else { return nil }
      return .rating(comparison, number)
    }
    return nil
  }

  /// `20:00`, `8:30` or `20` as minutes after midnight.
  static func timeOfDay(_ text: String) -> Int? {
    let parts = text.split(separator: ":", omittingEmptySubsequences: false)
    guard (1...2).contains(parts.count), let hour = Int(parts[0]), (0...24).contains(hour)
    else { return nil }
    let minute = parts.count == 2 ? Int(parts[1]) : 0
    guard let minute, (0...59).contains(minute), hour * 60 + minute <= 1440 else { return nil }
    return hour * 60 + minute
  }
}
