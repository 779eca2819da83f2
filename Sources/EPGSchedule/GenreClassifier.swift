import EPGCore

/// Gives programmes their genre (`Genre.classify`), classifying each
/// distinct list of categories once: a guide repeats a few hundred lists
/// over hundreds of thousands of programmes. A programme read from a
/// mapped snapshot is looked up by the number of its list of categories
/// in the snapshot, without decoding it.
public struct GenreClassifier {
  /// The user's keywords (`genres =` in the config), tried before the
  /// built-in ones.
  public let userKeywords: [GenreKeyword]
  private var byCategories: [[String]: Genre?] = [:]
  /// By snapshot, then by the number of the category list
  /// (`MappedSnapshot.categoryList`; nil: not classified yet).
  private var byCategoryList: [ObjectIdentifier: [Genre??]] = [:]

  public init(userKeywords: [GenreKeyword] = []) {
    self.userKeywords = userKeywords
  }

  /// The genres given so far (a programme with none is not counted).
  public var present: Set<Genre> {
    Set(byCategories.values.compactMap { $0 }).union(
      byCategoryList.values.joined().compactMap { $0 ?? nil })
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
      var known =
        byCategoryList.removeValue(forKey: identity)
        ?? Array(repeating: nil, count: snapshot.categoryListCount)
      defer { byCategoryList[identity] = known }
      return (first..<first + count).map { record in
        guard let list = snapshot.categoryList(ofRecord: record) else {
          return genre(of: snapshot.programme(ofRecord: record).categories)
        }
        if let genre = known[list] { return genre }
        let genre = self.genre(of: snapshot.programme(ofRecord: record).categories)
        known[list] = .some(genre)
        return genre
      }
    }
  }
}
