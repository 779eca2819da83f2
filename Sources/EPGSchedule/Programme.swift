import EPGCore

/// One programme (an XMLTV `<programme>`), normalised: times are absolute
/// instants, text is trimmed, fields are chosen by preferred language.
public struct Programme: Hashable, Sendable {
  // Stored properties are ordered (and `length`/`sourceLine` kept in 32
  // bits) to keep the struct small: large guides hold hundreds of thousands.

  /// Start, in epoch seconds.
  public var start: EpochSeconds
  /// Stop, in epoch seconds (half-open: the programme ends just before it).
  /// After loading this is the *shown* stop: never later than the next
  /// programme's start on the channel (see `OverlapResolution`).
  public var stop: EpochSeconds
  /// The stop as listed in the file (or estimated), before overlaps were
  /// trimmed; `now` uses it to tell everything that is on at an instant.
  public var listedStop: EpochSeconds
  public var title: String
  /// Titles in other languages, kept for search.
  public var otherTitles: [String]
  public var subTitle: String?
  public var description: String?
  public var categories: [String]
  public var episode: EpisodeNumber?
  /// The `<date>` element verbatim (year of production etc.).
  public var date: String?
  /// Ratings as "system: value" (or the value alone).
  public var ratings: [String]
  /// Star ratings verbatim, e.g. "3/5".
  public var starRatings: [String]
  /// The people in `<credits>`, in the file's order.
  public var credits: [Credit]
  /// Sound, picture, review, URL and image details (see `ProgrammeExtra`).
  public var extras: [ProgrammeExtra]
  private var storedLength: Int32
  private var storedSourceLine: Int32
  /// True when the file had no stop and it was inferred (from the next start
  /// on the channel, from `<length>`, or a default).
  public var stopIsEstimated: Bool
  public var flags: Flags
  /// Subtitles, signing, audio description, definition and the like.
  public var content: ContentFlags

  /// The `<length>` element in seconds, if any (0…2³¹ − 1).
  public var length: Int64? {
    get { storedLength >= 0 ? Int64(storedLength) : nil }
    set { storedLength = newValue.map { Int32(clamping: max(0, $0)) } ?? -1 }
  }

  /// Line of the `<programme>` start tag in the source file (1-based), or 0.
  public var sourceLine: Int {
    get { Int(storedSourceLine) }
    set { storedSourceLine = Int32(clamping: newValue) }
  }

  public init(
    start: EpochSeconds, stop: EpochSeconds, stopIsEstimated: Bool = false, title: String,
    otherTitles: [String] = [], subTitle: String? = nil, description: String? = nil,
    categories: [String] = [], episode: EpisodeNumber? = nil, date: String? = nil,
    ratings: [String] = [], starRatings: [String] = [], credits: [Credit] = [],
    flags: Flags = [], length: Int64? = nil, sourceLine: Int = 0,
    listedStop: EpochSeconds? = nil, content: ContentFlags = [], extras: [ProgrammeExtra] = []
  ) {
    self.start = start
    self.stop = stop
    self.listedStop = listedStop ?? stop
    self.stopIsEstimated = stopIsEstimated
    self.title = title
    self.otherTitles = otherTitles
    self.subTitle = subTitle
    self.description = description
    self.categories = categories
    self.episode = episode
    self.date = date
    self.ratings = ratings
    self.starRatings = starRatings
    self.credits = credits
    self.flags = flags
    self.content = content
    self.extras = extras
    self.storedLength = length.map { Int32(clamping: max(0, $0)) } ?? -1
    self.storedSourceLine = Int32(clamping: sourceLine)
  }

  /// The programme's time span as shown: `[start, stop)`.
  public var span: TimeSpan { TimeSpan(start: start, end: stop) }

  /// The programme's time span as listed: `[start, listedStop)`.
  public var listedSpan: TimeSpan { TimeSpan(start: start, end: listedStop) }

  /// The programme with its start, stop and listed stop moved by `shift`
  /// seconds (itself when `shift` is 0).
  public func shifted(by shift: Int64) -> Programme {
    guard shift != 0 else { return self }
    var programme = self
    programme.start += shift
    programme.stop += shift
    programme.listedStop += shift
    return programme
  }

  /// XMLTV's boolean-ish markers: `<new/>`, `<premiere>`,
  /// `<previously-shown>`, `<last-chance>` (their texts are not kept), and
  /// `<live/>`, which is not in the DTD but zap2xml and other grabbers
  /// write for a live broadcast.
  public struct Flags: OptionSet, Hashable, Sendable {
    public let rawValue: UInt8
    public init(rawValue: UInt8) { self.rawValue = rawValue }
    public static let new = Flags(rawValue: 1 << 0)
    public static let premiere = Flags(rawValue: 1 << 1)
    public static let previouslyShown = Flags(rawValue: 1 << 2)
    public static let lastChance = Flags(rawValue: 1 << 3)
    public static let live = Flags(rawValue: 1 << 4)
  }
}
