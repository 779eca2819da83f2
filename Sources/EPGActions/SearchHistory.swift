import Foundation

/// The searches run at the guide's `/` prompt, kept across runs in
/// `data/search-history` (`TVGridPaths.searchHistoryFile`): UTF-8, one
/// query a line, oldest first. Written whole and atomically (`StoredFile`).
public enum SearchHistory {
  /// The queries in the file at `path`, oldest first; none when it is
  /// missing. Blank lines are skipped; bytes that are not UTF-8 become
  /// U+FFFD.
  public static func read(path: String) -> [String] {
    guard let data = StoredFile.read(path) else { return [] }
    let text = String(decoding: data, as: UTF8.self)
    return text.split(whereSeparator: \.isNewline).map(String.init).filter {
      !$0.allSatisfy(\.isWhitespace)
    }
  }

  /// Writes `queries` (oldest first) to `path`; a line break inside a
  /// query becomes a space.
  public static func write(_ queries: [String], to path: String) throws(StoredFile.WriteError) {
    let lines = queries.map { query in
      String(query.map { $0.isNewline ? " " : $0 })
    }
    let text = lines.isEmpty ? "" : lines.joined(separator: "\n") + "\n"
    try StoredFile.write(Data(text.utf8), to: path)
  }
}
