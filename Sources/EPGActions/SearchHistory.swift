import Foundation

/// The searches run at the guide's `/` prompt, kept across runs in
/// `data/search-history` (`TVGridPaths.searchHistoryFile`): UTF-8, one
/// query a line, oldest first, at most `limit`. A `StoredDocument`: two
/// guides open at once each add their own searches to the file
/// (`StoredFile.update`), neither undoing the other's.
public struct SearchHistory: StoredDocument {
  /// The queries, oldest first, without copies.
  public private(set) var queries: [String]

  /// How many searches are kept (the oldest go first).
  public static let limit = 100

  public init() { queries = [] }

  /// `queries` (oldest first) without blank ones and earlier copies, the
  /// newest `limit` kept; a line break inside a query becomes a space.
  public init(_ queries: [String]) {
    var kept: [String] = []
    for query in queries {
      let line = String(query.map { $0.isNewline ? " " : $0 }).trimmingCharacters(
        in: .whitespaces)
      guard !line.isEmpty else { continue }
      kept.removeAll { $0 == line }
      kept.append(line)
    }
    self.queries = Array(kept.suffix(Self.limit))
  }

  /// The file's lines; bytes that are not UTF-8 become U+FFFD. Nothing in
  /// it can be wrong: every line is a query.
  public static func decode(_ data: Data, name: String) -> StoredDecoding<SearchHistory> {
    let text = String(decoding: data, as: UTF8.self)
    return StoredDecoding(
      document: SearchHistory(text.split(whereSeparator: \.isNewline).map(String.init)))
  }

  public func encoded() -> Data {
    Data((queries.isEmpty ? "" : queries.joined(separator: "\n") + "\n").utf8)
  }

  /// The searches `new` ran that `old` had not (or ran again: moved to
  /// the end) go to the end of this history, then the newest `limit` are
  /// kept. Nothing is removed otherwise: a search another guide ran stays
  /// even when this one let it fall off its own list.
  public mutating func apply(changeFrom old: SearchHistory, to new: SearchHistory) {
    // `new` is `old` with some queries moved or added to the end and the
    // oldest dropped: its longest start that keeps `old`'s order is
    // unchanged, the rest was run.
    var position = old.queries.startIndex
    var unchanged = 0
    for query in new.queries {
      guard let found = old.queries[position...].firstIndex(of: query) else { break }
      position = found + 1
      unchanged += 1
    }
    self = SearchHistory(queries + new.queries[unchanged...])
  }
}
