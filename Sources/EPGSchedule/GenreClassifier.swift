import EPGCore

/// Gives programmes their genre (`Genre.classify`), classifying each
/// distinct list of categories once: a guide repeats a few hundred lists
/// over hundreds of thousands of programmes. A programme read from a
/// mapped snapshot is looked up by its categories' string ids, without
/// decoding it.
public struct GenreClassifier {
  /// The user's keywords (`genres =` in the config), tried before the
  /// built-in ones.
  public let userKeywords: [GenreKeyword]
  private var byCategories: [[String]: Genre?] = [:]
  /// By snapshot and the string ids of its categories.
  private var byStringIDs: [StringIDs: Genre?] = [:]

  private struct StringIDs: Hashable {
    var snapshot: ObjectIdentifier
    var ids: MappedSnapshot.FewIDs
  }

  public init(userKeywords: [GenreKeyword] = []) {
    self.userKeywords = userKeywords
  }

  /// The genres given so far (a programme with none is not counted).
  public var present: Set<Genre> {
    Set(byCategories.values.compactMap { $0 }).union(byStringIDs.values.compactMap { $0 })
  }

  /// The genre of a programme with `categories`.
  public mutating func genre(of categories: [String]) -> Genre? {
    if let known = byCategories[categories] { return known }
    let genre = Genre.classify(categories, userKeywords: userKeywords)
    byCategories[categories] = .some(genre)
    return genre
  }

  /// The genre of each programme of `column`, in order.
  public mutating func genres(of column: ProgrammeColumn) -> [Genre?] {
    switch column.storage {
    case .array(let programmes):
      return programmes.map { genre(of: $0.categories) }
    case .mapped(let snapshot, let first, let count, _):
      let identity = ObjectIdentifier(snapshot)
      // Neighbours often share their categories: the last ones are kept.
      var last: (ids: MappedSnapshot.FewIDs, genre: Genre?)?
      return (first..<first + count).map { record in
        guard let ids = snapshot.categoryIDs(ofRecord: record) else {
          return genre(of: snapshot.programme(ofRecord: record).categories)
        }
        if let last, last.ids == ids { return last.genre }
        let key = StringIDs(snapshot: identity, ids: ids)
        let genre: Genre?
        if let known = byStringIDs[key] {
          genre = known
        } else {
          genre = self.genre(of: snapshot.programme(ofRecord: record).categories)
          byStringIDs[key] = .some(genre)
        }
        last = (ids, genre)
        return genre
      }
    }
  }
}
