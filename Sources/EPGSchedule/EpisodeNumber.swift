/// An episode number as shown to a person.
///
/// XMLTV's `xmltv_ns` system is zero-based ("season . episode . part", each
/// optionally "X/Y"); it is stored one-based here. `onscreen` text is kept
/// verbatim.
///
/// Stored compactly (32-bit fields, 0 meaning absent) because a large guide
/// holds hundreds of thousands of them; numbers above 2³¹ − 1 are clamped.
public struct EpisodeNumber: Hashable, Sendable {
  private var storedSeason: Int32 = 0
  private var storedSeasonCount: Int32 = 0
  private var storedEpisode: Int32 = 0
  private var storedEpisodeCount: Int32 = 0
  private var storedPart: Int32 = 0
  private var storedPartCount: Int32 = 0
  /// The `onscreen` form verbatim, if the file had one.
  public var onscreen: String?

  /// One-based season, if given.
  public var season: Int? {
    get { Self.value(storedSeason) }
    set { storedSeason = Self.stored(newValue) }
  }
  /// Number of seasons, if given (and above 0).
  public var seasonCount: Int? {
    get { Self.value(storedSeasonCount) }
    set { storedSeasonCount = Self.stored(newValue) }
  }
  /// One-based episode, if given.
  public var episode: Int? {
    get { Self.value(storedEpisode) }
    set { storedEpisode = Self.stored(newValue) }
  }
  /// Number of episodes in the season, if given (and above 0).
  public var episodeCount: Int? {
    get { Self.value(storedEpisodeCount) }
    set { storedEpisodeCount = Self.stored(newValue) }
  }
  /// One-based part, if given.
  public var part: Int? {
    get { Self.value(storedPart) }
    set { storedPart = Self.stored(newValue) }
  }
  /// Number of parts, if given (and above 0).
  public var partCount: Int? {
    get { Self.value(storedPartCount) }
    set { storedPartCount = Self.stored(newValue) }
  }

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

  private static func value(_ stored: Int32) -> Int? { stored > 0 ? Int(stored) : nil }
  private static func stored(_ value: Int?) -> Int32 {
    guard let value, value > 0 else { return 0 }
    return Int32(clamping: value)
  }
}
