/// An extended M3U playlist, read as IPTV players read it: the header's
/// guide sources and defaults, the entries in file order, and what could
/// not be read (`diagnostics`; readable entries are kept).
///
/// Built by `Playlist(parsing:location:)` or `Playlist.load(path:)`.
public struct Playlist: Hashable, Sendable {
  /// Where the playlist came from (relative guide paths are resolved
  /// against it).
  public var location: SourceLocation
  public var header: Header
  public var entries: [PlaylistEntry]
  /// Problems, in line order, at most `Playlist.diagnosticLimit`.
  public var diagnostics: [PlaylistDiagnostic]
  /// Problems beyond `diagnosticLimit` that were counted, not kept.
  public var suppressedDiagnosticCount: Int

  /// The `#EXTM3U` line's attributes.
  public struct Header: Hashable, Sendable {
    /// `x-tvg-url` then `url-tvg` items, resolved, duplicates removed.
    public var guideSources: [SourceLocation]
    /// Default `tvg-shift` for every entry, in seconds.
    public var shift: Int64?
    /// Default catch-up attributes.
    public var catchup: CatchupSettings
    /// `refresh`: how often the playlist wants to be re-read, in seconds.
    public var refresh: Int?

    public init(
      guideSources: [SourceLocation] = [], shift: Int64? = nil,
      catchup: CatchupSettings = CatchupSettings(), refresh: Int? = nil
    ) {
      self.guideSources = guideSources
      self.shift = shift
      self.catchup = catchup
      self.refresh = refresh
    }
  }

  public init(
    location: SourceLocation, header: Header = Header(), entries: [PlaylistEntry] = [],
    diagnostics: [PlaylistDiagnostic] = [], suppressedDiagnosticCount: Int = 0
  ) {
    self.location = location
    self.header = header
    self.entries = entries
    self.diagnostics = diagnostics
    self.suppressedDiagnosticCount = suppressedDiagnosticCount
  }

  /// Diagnostics kept per playlist; the rest are only counted.
  public static let diagnosticLimit = 1000

  /// The entry's catch-up settings with the header's defaults filled in.
  public func catchup(for entry: PlaylistEntry) -> CatchupSettings {
    entry.catchup.resolved(over: header.catchup)
  }

  /// Groups in order of first appearance (for cycling: All, then these).
  public var groups: [String] {
    var seen = Set<String>()
    var result: [String] = []
    for entry in entries {
      for group in entry.groups where seen.insert(group).inserted { result.append(group) }
    }
    return result
  }
}
