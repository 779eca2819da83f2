import EPGActions

/// The filters of the filter menu (`y`): new only, no repeats, an age
/// rating limit, subtitles, audio description. They combine with each
/// other and with the genre filter (`f`); Esc in the guide clears them all.
/// They are a `ProgrammeQuery` underneath (`queryText`), so they mean what
/// the same terms mean in a search.
public struct ProgrammeFilters: Hashable, Sendable {
  /// New or premiere only (`new`).
  public var newOnly = false
  /// Leave out programmes marked previously shown (`-repeat`).
  public var hideRepeats = false
  /// Only programmes rated at most this age (`rating<=N`, the first number
  /// of a rating); unrated programmes are left out while it is set.
  public var maxAge: Int?
  /// Only programmes with subtitles (`has:subtitles`).
  public var subtitles = false
  /// Only programmes with audio description (`has:ad`).
  public var audioDescription = false

  public init() {}

  /// The age limits the menu steps through (then off again).
  static let ageSteps = [6, 12, 16, 18]

  /// Whether any filter is on.
  public var isActive: Bool { queryText != nil }

  /// The filters in the query language, nil when none is on.
  public var queryText: String? {
    var terms: [String] = []
    if newOnly { terms.append("new") }
    if hideRepeats { terms.append("-repeat") }
    if let maxAge { terms.append("rating<=\(maxAge)") }
    if subtitles { terms.append("has:subtitles") }
    if audioDescription { terms.append("has:ad") }
    return terms.isEmpty ? nil : terms.joined(separator: " ")
  }

  /// The filters as a query, nil when none is on.
  var query: ProgrammeQuery? { queryText.flatMap { try? ProgrammeQuery($0) } }

  /// Short words for the top bar ("new, no repeats, age ≤ 12").
  func summary(unicode: Bool) -> [String] {
    var words: [String] = []
    if newOnly { words.append("new") }
    if hideRepeats { words.append("no repeats") }
    if let maxAge { words.append("age " + (unicode ? "≤ " : "<= ") + "\(maxAge)") }
    if subtitles { words.append("subtitles") }
    if audioDescription { words.append("AD") }
    return words
  }

  /// The next age limit after `maxAge` (off after the last).
  mutating func stepAge() {
    guard let maxAge else {
      self.maxAge = Self.ageSteps.first
      return
    }
    self.maxAge = Self.ageSteps.first { $0 > maxAge }
  }
}
