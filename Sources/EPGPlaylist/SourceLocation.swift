import Foundation

/// Where a playlist or a guide comes from: a local file or an http(s) URL.
///
/// Guide references in a playlist header (`x-tvg-url`) are resolved against
/// the playlist's own location: a relative path against the playlist's
/// folder, a relative reference against the playlist's URL. URLs are
/// fetched by `EPGRemote` (through the cache); messages name them with
/// `shown` (credentials masked), never `description`.
public enum SourceLocation: Hashable, Sendable, CustomStringConvertible {
  /// A path as it can be opened (absolute, or relative to the working
  /// directory). "-" is standard input.
  case file(String)
  /// An absolute `http` or `https` URL, as written (not normalised).
  case url(String)

  /// A location named on the command line or in the config file: an
  /// `http`/`https` URL (any case) when `text` starts with one, else a
  /// path as written.
  public init(argument text: String) {
    if let scheme = Self.scheme(of: text), Self.urlSchemes.contains(scheme) {
      self = .url(text)
    } else {
      self = .file(text)
    }
  }

  /// Schemes a guide URL may use.
  public static let urlSchemes: Set<String> = ["http", "https"]

  /// The path, or the URL with its credentials masked (`CredentialMask`):
  /// what messages name.
  public var shown: String {
    switch self {
    case .file(let path): return path
    case .url(let url): return CredentialMask.masked(url)
    }
  }

  /// The path or URL.
  public var description: String {
    switch self {
    case .file(let path): return path
    case .url(let url): return url
    }
  }

  /// Resolves one reference from a playlist (an `x-tvg-url` item) against
  /// the playlist's location `base`. Returns nil for a reference that is
  /// empty or names another scheme (`ftp:`, `javascript:`, `file:` …):
  /// only http(s) URLs and plain paths are accepted. A path is taken as
  /// written (no `~` expansion: the playlist is data, not a shell).
  public static func resolve(_ reference: String, against base: SourceLocation) -> SourceLocation? {
    let trimmed = reference.trimmingCharacters(in: .whitespaces)
    guard !trimmed.isEmpty, !trimmed.unicodeScalars.contains(where: { $0.value < 0x20 }) else {
      return nil
    }
    if let scheme = scheme(of: trimmed) {
      return urlSchemes.contains(scheme) ? .url(trimmed) : nil
    }
    switch base {
    case .url(let baseURL):
      guard let url = URL(string: trimmed, relativeTo: URL(string: baseURL)) else { return nil }
      let absolute = url.absoluteString
      guard let scheme = scheme(of: absolute), urlSchemes.contains(scheme) else { return nil }
      return .url(absolute)
    case .file(let playlistPath):
      if trimmed.hasPrefix("/") { return .file(trimmed) }
      // Relative to the playlist's folder ("-": the working directory).
      guard playlistPath != "-", let slash = playlistPath.lastIndex(of: "/") else {
        return .file(trimmed)
      }
      return .file(String(playlistPath[...slash]) + trimmed)
    }
  }

  /// The lowercased scheme of `text` when it starts `scheme:` with a
  /// scheme of two or more characters (so `C:\…` is not one), else nil.
  static func scheme(of text: String) -> String? {
    guard let colon = text.firstIndex(of: ":") else { return nil }
    let name = text[..<colon]
    guard name.count >= 2, let first = name.unicodeScalars.first,
      CharacterSet.letters.contains(first), first.isASCII,
      name.unicodeScalars.allSatisfy({
        $0.isASCII && (CharacterSet.alphanumerics.contains($0) || "+-.".unicodeScalars.contains($0))
      })
    else { return nil }
    return name.lowercased()
  }
}
