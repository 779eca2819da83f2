/// A programme's texts as a search reads them: as UTF-8 bytes, so that a
/// programme in a mapped snapshot is tested where its text lies
/// (`ProgrammeColumn.anyText`) and one in memory without a copy.
extension Programme {
  /// The texts a search can read.
  public enum Text: Sendable, Hashable {
    case title, otherTitles, subTitle, description, creditNames, creditCharacters
  }

  /// Whether `test` holds for one of `programme`'s texts of kind `kind`,
  /// given its UTF-8 bytes (read through a pointer: no copy of the
  /// programme, which would retain each of its strings and arrays).
  public static func anyText(
    of programme: UnsafePointer<Programme>, _ kind: Text,
    _ test: (UnsafeBufferPointer<UInt8>) -> Bool
  ) -> Bool {
    func check(_ text: String?) -> Bool {
      guard var text else { return false }
      return text.withUTF8(test)
    }
    switch kind {
    case .title: return check(programme.pointee.title)
    case .otherTitles: return programme.pointee.otherTitles.contains { check($0) }
    case .subTitle: return check(programme.pointee.subTitle)
    case .description: return check(programme.pointee.description)
    case .creditNames: return programme.pointee.credits.contains { check($0.name) }
    case .creditCharacters: return programme.pointee.credits.contains { check($0.character) }
    }
  }
}
