/// An episode number as shown to a person.
///
/// XMLTV's `xmltv_ns` system is zero-based ("season . episode . part", each
/// optionally "X/Y"); it is stored one-based here. `onscreen` text is kept
/// verbatim.
public struct EpisodeNumber: Hashable, Sendable {
  /// One-based season, if given.
  public var season: Int?
  /// Number of seasons, if given.
  public var seasonCount: Int?
  /// One-based episode, if given.
  public var episode: Int?
  /// Number of episodes in the season, if given.
  public var episodeCount: Int?
  /// One-based part, if given.
  public var part: Int?
  /// Number of parts, if given.
  public var partCount: Int?
  /// The `onscreen` form verbatim, if the file had one.
  public var onscreen: String?

  public init(
    season: Int? = nil, seasonCount: Int? = nil, episode: Int? = nil,
    episodeCount: Int? = nil, part: Int? = nil, partCount: Int? = nil, onscreen: String? = nil
  ) {
    self.season = season
    self.seasonCount = seasonCount
    self.episode = episode
    self.episodeCount = episodeCount
    self.part = part
    self.partCount = partCount
    self.onscreen = onscreen
  }
}
