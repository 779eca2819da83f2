import EPGLayout

/// The text the rasteriser puts in the layout's frames; the front end
/// implements it over its schedule. Keeping strings out of the geometry, the
/// layout needs only times and the rasteriser asks for text of the visible
/// elements only (a few hundred calls per frame).
///
/// Everything returned is sanitised by the rasteriser before it reaches a
/// grid, so implementations may return data as loaded.
public protocol GuideContent {
  /// The channel name for a section (channel row).
  func channelName(section: Int) -> String
  /// The programme of a `cell` element (item, section), or nil to leave the
  /// cell empty.
  func programme(at indexPath: IndexPath) -> ProgrammeLabel?
  /// The label of an hour or half-hour header, e.g. "20:00", for its instant;
  /// "" for none. Labels are drawn whole or not at all: one that would run
  /// into the label left of it is skipped, so at a tight zoom return labels
  /// only for the hours that have room (every second or fourth one).
  func timeLabel(for instant: EpochSeconds) -> String
  /// The name of the day that starts at `instant` ("Tue 1") when the
  /// instant is the start of a local day, else nil. The time row shows it
  /// in place of that hour's label, in the date style, as the midnight mark.
  func dayStartLabel(for instant: EpochSeconds) -> String?
  /// The date shown in the top-left corner, e.g. "Mon 30 Nov", for the
  /// instant at the left edge of the grid area.
  func dateLabel(for instant: EpochSeconds) -> String
  /// What the channel row of `section` shows where it has no programme in
  /// view (between programmes, or across the whole row): nil leaves the
  /// background and any gridlines showing through (the default); a label
  /// makes each such stretch one box, its text at the left.
  func gap(section: Int) -> GapLabel?
}

/// What a programme cell shows.
public struct ProgrammeLabel: Hashable, Sendable {
  /// Where a programme stands relative to the current time.
  public enum State: Hashable, Sendable {
    case past
    case now
    case future
  }

  public var title: String
  public var subTitle: String?
  /// The start time as text ("20:15"), shown where there is room.
  public var startLabel: String?
  /// Colours the title (see `Genre.classify(_:)`).
  public var genre: Genre?
  public var state: State
  /// For a programme on now: the elapsed fraction, 0...1.
  public var progress: Double
  public var isSelected: Bool
  /// Left out by a filter: drawn as past programmes are, without the genre
  /// colour.
  public var isMuted: Bool
  /// Singled out by a filter: bold, so it stands out from the muted ones
  /// without colours too.
  public var isEmphasised: Bool
  /// Compact content marks ("[S][AD] HD"), drawn at the right end of the
  /// title row when they fit after the title with a space between.
  public var markers: String?
  /// Short badges of what is special about this airing ("LIVE", "NEW"),
  /// drawn bold before `markers`; when both do not fit, the badges are
  /// kept and the markers left out.
  public var badges: String?

  public init(
    title: String, subTitle: String? = nil, startLabel: String? = nil, genre: Genre? = nil,
    state: State = .future, progress: Double = 0, isSelected: Bool = false,
    isMuted: Bool = false, isEmphasised: Bool = false, markers: String? = nil,
    badges: String? = nil
  ) {
    self.title = title
    self.subTitle = subTitle
    self.startLabel = startLabel
    self.genre = genre
    self.state = state
    self.progress = progress
    self.isSelected = isSelected
    self.isMuted = isMuted
    self.isEmphasised = isEmphasised
    self.markers = markers
    self.badges = badges
  }
}

extension GuideContent {
  /// No midnight marks.
  public func dayStartLabel(for instant: EpochSeconds) -> String? { nil }
  /// Gaps show the background and gridlines.
  public func gap(section: Int) -> GapLabel? { nil }
}
