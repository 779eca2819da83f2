import EPGLayout
import EPGSchedule

extension ProgrammeQuery {
  /// What matching needs besides the programme.
  public struct Context: Sendable {
    /// Seconds east of UTC in the display zone at an instant (for
    /// `after:`/`before:`).
    public var utcOffset: @Sendable (EpochSeconds) -> Int
    /// The user's genre keywords (`genres =` in the config), tried first.
    public var genreKeywords: [GenreKeyword]
    /// Plain words also search sub-title, description and cast.
    public var wordsInDetails: Bool

    public init(
      utcOffset: @escaping @Sendable (EpochSeconds) -> Int = { _ in 0 },
      genreKeywords: [GenreKeyword] = [], wordsInDetails: Bool = false
    ) {
      self.utcOffset = utcOffset
      self.genreKeywords = genreKeywords
      self.wordsInDetails = wordsInDetails
    }
  }

  /// Whether `programme` on `channel` matches every clause (its genre
  /// classified here when the query asks for one).
  public func matches(_ programme: Programme, on channel: Channel, context: Context) -> Bool {
    let genre =
      asksForGenre
      ? Genre.classify(programme.categories, userKeywords: context.genreKeywords) : nil
    return matches(programme, on: channel, context: context, genre: genre)
  }

  /// The same, with the programme's genre already classified (the guide
  /// keeps it; classifying again on every keystroke of a live search would
  /// cost seconds in a large guide).
  public func matches(
    _ programme: Programme, on channel: Channel, context: Context, genre: Genre?,
    texts: TextsInColumn? = nil
  ) -> Bool {
    withUnsafePointer(to: programme) {
      matches($0, on: channel, context: context, genre: genre, texts: texts)
    }
  }

  /// The same for a programme read where it lies (a live search's scan of
  /// a guide's arrays): passing `Programme` by value copies it, retaining
  /// each of its strings and arrays, which was most of a keystroke's time.
  ///
  /// `texts`, when given, is where the text clauses read instead of the
  /// programme's strings: the same programme in its column
  /// (`ProgrammeColumn.anyText`, which reads a mapped snapshot's bytes
  /// where they lie); the programme then needs only the fields
  /// `fieldsRead(context:textsReadElsewhere: true)`.
  public func matches(
    _ programme: UnsafePointer<Programme>, on channel: Channel, context: Context, genre: Genre?,
    texts: TextsInColumn? = nil
  ) -> Bool {
    for clause in clauses {
      let holds =
        if case .genre(let wanted) = clause.term {
          genre == wanted
        } else {
          Self.holds(clause.term, programme, channel, context, texts: texts)
        }
      if holds == clause.negated { return false }
    }
    return true
  }

  /// A programme's place in its column, where its texts are read.
  public typealias TextsInColumn = (column: ProgrammeColumn, item: Int)

  /// The texts a word clause on `field` reads.
  static func texts(_ field: Field, _ context: Context) -> [Programme.Text] {
    switch field {
    case .words: context.wordsInDetails ? allTexts : titleTexts
    case .title: titleTexts
    case .subtitle: [.subTitle]
    case .desc: [.description]
    case .cast: castTexts
    }
  }

  static let titleTexts: [Programme.Text] = [.title, .otherTitles]
  static let castTexts: [Programme.Text] = [.creditNames, .creditCharacters]
  static let allTexts: [Programme.Text] = [
    .title, .otherTitles, .subTitle, .description, .creditNames, .creditCharacters,
  ]

  /// The texts and lists of a programme that matching reads (with its
  /// genre given): what a programme read from a mapped snapshot needs
  /// decoded.
  /// With `textsReadElsewhere`, the text clauses are answered by a
  /// `TextsInColumn` and need nothing decoded.
  public func fieldsRead(context: Context, textsReadElsewhere: Bool = false)
    -> ProgrammeColumn.Fields
  {
    var fields: ProgrammeColumn.Fields = []
    for clause in clauses {
      switch clause.term {
      case .text where textsReadElsewhere: break
      case .text(_, .words):
        fields.insert(.titles)
        if context.wordsInDetails { fields.insert(.details) }
      case .text(_, .title): fields.insert(.titles)
      case .text(_, .subtitle), .text(_, .desc), .text(_, .cast): fields.insert(.details)
      case .category: fields.insert(.categories)
      case .rating: fields.insert(.ratings)
      case .genre, .channel, .new, .repeated, .startsBetween, .content: break
      }
    }
    return fields
  }

  /// The query split in two: the clauses that read only a programme's
  /// titles (words, `title:`), and the rest. A programme matches when both
  /// parts hold; the first depends only on the titles, so a search can
  /// test each distinct title once (`ProgrammeColumn.titleKey`).
  public func splitByTitles(context: Context) -> (titles: ProgrammeQuery, rest: ProgrammeQuery) {
    var titles = self
    var rest = self
    titles.clauses = clauses.filter { Self.readsOnlyTitles($0.term, context) }
    rest.clauses = clauses.filter { !Self.readsOnlyTitles($0.term, context) }
    return (titles, rest)
  }

  static func readsOnlyTitles(_ term: Term, _ context: Context) -> Bool {
    switch term {
    case .text(_, .title): true
    case .text(_, .words): !context.wordsInDetails
    default: false
    }
  }

  /// Whether a clause asks for a genre (which then has to be classified).
  var asksForGenre: Bool {
    clauses.contains { if case .genre = $0.term { true } else { false } }
  }

  /// The fields where the query's words were found in `programme`, in
  /// the order title, subtitle, desc, cast (the results list says where
  /// each matched); empty when the query has no words.
  public func matchedFields(_ programme: Programme, context: Context) -> [Field] {
    func has(_ text: String?, _ needle: SearchKey) -> Bool {
      text.map { needle.isFound(in: $0) } ?? false
    }
    var found: Set<Field> = []
    for clause in clauses where !clause.negated {
      guard case .text(let needle, let field) = clause.term else { continue }
      let inTitle =
        has(programme.title, needle) || programme.otherTitles.contains { has($0, needle) }
      let inCast = programme.credits.contains { has($0.name, needle) || has($0.character, needle) }
      let details = field == .words && context.wordsInDetails
      if (field == .words || field == .title) && inTitle { found.insert(.title) }
      if (details || field == .subtitle) && has(programme.subTitle, needle) {
        found.insert(.subtitle)
      }
      if (details || field == .desc) && has(programme.description, needle) { found.insert(.desc) }
      if (details || field == .cast) && inCast { found.insert(.cast) }
    }
    return [Field.title, .subtitle, .desc, .cast].filter(found.contains)
  }

  /// The keys of the words a list of matches marks in each title and
  /// sub-title (words, `title:` and `subtitle:`, not negated).
  public var markedKeys: [SearchKey] {
    clauses.compactMap { clause in
      guard !clause.negated, case .text(let key, let field) = clause.term,
        [.words, .title, .subtitle].contains(field)
      else { return nil }
      return key
    }
  }

  /// A match in a schedule: indices into `Schedule.channels` and the
  /// channel's programmes.
  public struct Match: Hashable, Sendable {
    public var channel: Int
    public var item: Int
  }

  /// The programmes of `schedule` that match and overlap `span` (not yet
  /// over at its start, starting before its end), soonest first (then in
  /// channel order).
  public func matches(in schedule: Schedule, during span: TimeSpan, context: Context) -> [Match] {
    ProgrammeColumn.scanning(schedule.programmes) {
      scan(schedule, during: span, context: context)
    }
  }

  /// `matches(in:during:context:)`, in a scan of the schedule's columns.
  private func scan(_ schedule: Schedule, during span: TimeSpan, context: Context) -> [Match] {
    var found: [(start: EpochSeconds, match: Match)] = []
    // Genres classified once per distinct list of categories (a guide
    // repeats a few hundred lists over all its programmes; classifying
    // each programme again was most of `tvgrid search genre:…`).
    let asksForGenre = asksForGenre
    var classifier = GenreClassifier(userKeywords: context.genreKeywords)
    for (channelIndex, channel) in schedule.channels.enumerated() {
      let programmes = schedule.programmes[channelIndex]
      // Programmes outside the span are passed over by their times alone
      // (a mapped column decodes only the rest).
      var item = 0
      while item < programmes.count && programmes.listedStop(at: item) <= span.start { item += 1 }
      while item < programmes.count && programmes.span(at: item).start < span.end {
        defer { item += 1 }
        guard programmes.listedStop(at: item) > span.start else { continue }
        let programme = programmes.programme(
          at: item, reading: fieldsRead(context: context).union(asksForGenre ? .categories : []))
        let genre = asksForGenre ? classifier.genre(of: programme.categories) : nil
        if matches(programme, on: channel, context: context, genre: genre) {
          found.append((programme.start, Match(channel: channelIndex, item: item)))
        }
      }
    }
    found.sort {
      ($0.start, $0.match.channel, $0.match.item) < ($1.start, $1.match.channel, $1.match.item)
    }
    return found.map(\.match)
  }

  static func holds(
    _ term: Term, _ programme: UnsafePointer<Programme>, _ channel: Channel, _ context: Context,
    texts: TextsInColumn? = nil
  ) -> Bool {
    func has(_ text: String?, _ needle: SearchKey) -> Bool {
      text.map { needle.isFound(in: $0) } ?? false
    }
    switch term {
    case .text(let needle, let field):
      let test = { (bytes: UnsafeBufferPointer<UInt8>) in needle.isFound(in: bytes) }
      return Self.texts(field, context).contains { kind in
        if let texts { return texts.column.anyText(at: texts.item, kind, test) }
        return Programme.anyText(of: programme, kind, test)
      }
    case .genre(let genre):
      return Genre.classify(programme.pointee.categories, userKeywords: context.genreKeywords)
        == genre
    case .category(let needle): return programme.pointee.categories.contains { has($0, needle) }
    case .channel(let needle):
      return needle.isWhole(channel.id) || channel.number.map(needle.isWhole) == true
        || has(channel.name, needle) || channel.otherNames.contains { has($0, needle) }
    case .new: return !programme.pointee.flags.isDisjoint(with: [.new, .premiere])
    case .repeated: return programme.pointee.flags.contains(.previouslyShown)
    case .startsBetween(let after, let before):
      let local = programme.pointee.start + EpochSeconds(context.utcOffset(programme.pointee.start))
      let minute = Int(((local % 86_400) + 86_400) % 86_400 / 60)
      switch (after, before) {
      case let (a?, b?) where a > b: return minute >= a || minute < b
      default: return minute >= (after ?? 0) && minute < (before ?? 1440)
      }
    case .content(let flags): return !programme.pointee.content.isDisjoint(with: flags)
    case .rating(let comparison, let limit):
      return programme.pointee.ratings.contains { rating in
        Self.ratingNumber(rating).map { comparison.holds($0, limit) } ?? false
      }
    }
  }

  /// The first whole number in a rating ("FSK 12" → 12, "PG-13" → 13,
  /// "TV-MA" → nil).
  static func ratingNumber(_ rating: String) -> Int? {
    var digits = ""
    for character in rating {
      if character.isASCII, character.isNumber {
        digits.append(character)
      } else if !digits.isEmpty {
        break
      }
    }
    return digits.isEmpty ? nil : Int(digits.prefix(6))
  }
}
