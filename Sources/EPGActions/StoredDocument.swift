import Foundation

/// One of tvgrid's own files that two tvgrids may change at once (two
/// guides open, a guide and `tvgrid remind` from cron): `reminders.json`,
/// `favourites.json`, `search-history`. `StoredFile.load` reads one (a
/// damaged file reported and set aside, its readable parts kept) and
/// `StoredFile.update` changes one: under the file's lock it reads the
/// file as it is now, applies only this tvgrid's change
/// (`apply(changeFrom:to:)`) and writes the result atomically, so nothing
/// another tvgrid wrote meanwhile is lost.
public protocol StoredDocument: Equatable, Sendable {
  /// The document of a file that does not exist.
  init()
  /// Reads the file's bytes. Parts that cannot be read are left out, each
  /// with a problem `NAME:LINE: message` (`name` is the file's name).
  static func decode(_ data: Data, name: String) -> StoredDecoding<Self>
  /// The file's bytes.
  func encoded() -> Data
  /// Applies the change from `old` to `new` (what one tvgrid did to its
  /// copy) to this document (the file as it is now): what `old` had and
  /// `new` lacks is removed, what `new` added is added; what only this
  /// document has is kept.
  mutating func apply(changeFrom old: Self, to new: Self)
}

/// What `StoredDocument.decode` read.
public struct StoredDecoding<Document: StoredDocument>: Sendable {
  /// What could be read (the empty document when nothing could).
  public var document: Document
  /// One `NAME:LINE: message` per part left out, or for the whole file.
  public var problems: [String]
  /// The format version, when it is newer than this tvgrid writes: the
  /// file is read but never written over.
  public var newerVersion: Int?

  public init(document: Document, problems: [String] = [], newerVersion: Int? = nil) {
    self.document = document
    self.problems = problems
    self.newerVersion = newerVersion
  }
}
