import EPGPlaylist

/// Where a command's guide comes from, and who said so (for messages):
/// the built-in demo guide, one or more guides (merged in the order given
/// by `ScheduleMerge`), or a playlist with its guides.
///
/// Locations are `SourceLocation`s, so a URL can stand wherever a file
/// can (fetched through the cache by the command line tool).
public struct GuideSource: Hashable, Sendable {
  /// Who named a source.
  public enum Origin: Hashable, Sendable {
    /// FILE on the command line.
    case commandLine
    /// `--guide` on the command line.
    case guideOption
    /// `guide =` in the config file at `path`, on `line` (from 1).
    case configFile(path: String, line: Int)
    /// The `x-tvg-url` / `url-tvg` of the playlist at `path`.
    case playlistHeader(path: String)
  }

  /// One named source.
  public struct Reference: Hashable, Sendable {
    public var location: SourceLocation
    public var origin: Origin

    public init(_ location: SourceLocation, origin: Origin) {
      self.location = location
      self.origin = origin
    }

    /// The local path; nil for a URL.
    public var path: String? {
      guard case .file(let path) = location else { return nil }
      return path
    }

    /// `message` (about loading this source, usually `FILE:…: text`) with
    /// where the source was named, when that was the config file:
    /// `CONFIG:LINE: guide = FILE:…: text`.
    public func explaining(_ message: String) -> String {
      let name = CredentialMask.masked(location.description)
      let located = message.hasPrefix(name + ":") ? message : "\(name): \(message)"
      switch origin {
      case .commandLine, .guideOption: return message
      case .configFile(let config, let line): return "\(config):\(line): guide = \(located)"
      case .playlistHeader(let playlist): return "\(playlist): x-tvg-url: \(located)"
      }
    }
  }

  /// The playlist, if one was named.
  public var playlist: Reference?
  /// The guides in priority order. With a playlist and no guides, the
  /// playlist header's are used, else `defaultGuides`; with neither a
  /// playlist nor guides, the demo guide.
  public var guides: [Reference]
  /// A playlist's guides when neither `guides` nor its header names any
  /// (the config file's `guide` list).
  public var defaultGuides: [Reference]

  public init(
    playlist: Reference? = nil, guides: [Reference] = [], defaultGuides: [Reference] = []
  ) {
    self.playlist = playlist
    self.guides = guides
    self.defaultGuides = defaultGuides
  }

  /// The guides for `playlist` as loaded: `guides`, else its header's,
  /// else `defaultGuides`.
  public func guides(for playlist: Playlist) -> [Reference] {
    guard self.playlist != nil, guides.isEmpty else { return guides }
    let header = playlist.header.guideSources.map {
      Reference($0, origin: .playlistHeader(path: playlist.location.shown))
    }
    return header.isEmpty ? defaultGuides : header
  }

  /// The built-in demo guide (no FILE, no `guide =`).
  public static let demo = GuideSource()

  /// One guide file named by `origin`.
  public static func file(_ path: String, origin: Origin) -> GuideSource {
    GuideSource(guides: [Reference(.file(path), origin: origin)])
  }

  /// Whether this is the demo guide.
  public var isDemo: Bool { playlist == nil && guides.isEmpty }

  /// The path of the one local guide file, when the source is exactly
  /// that (no playlist, not several guides); nil otherwise.
  public var path: String? {
    guard playlist == nil, guides.count == 1 else { return nil }
    return guides[0].path
  }

  /// Every local file behind the guide (the playlist, then the guides),
  /// for live reload; standard input and URLs are left out.
  public var localFiles: [String] {
    ([playlist].compactMap { $0 } + guides).compactMap(\.path).filter { $0 != "-" }
  }

  /// `message` about loading one of the sources, with where it was named
  /// (see `Reference.explaining`); unchanged when no source's name starts
  /// it.
  public func explaining(_ message: String) -> String {
    for reference in [playlist].compactMap({ $0 }) + guides
    where message.hasPrefix(CredentialMask.masked(reference.location.description) + ":") {
      return reference.explaining(message)
    }
    if playlist == nil, guides.count == 1 { return guides[0].explaining(message) }
    return message
  }
}
