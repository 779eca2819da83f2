import EPGActions
import EPGLayout
import EPGRaster
import EPGRemote
import EPGSchedule

/// Everything the interactive guide shows, as one value. Keys, mouse,
/// resizes and clock ticks change it through `apply(_:)` (a pure reducer);
/// the screen is a function of it (`AppState.render()`).
///
/// The guide viewport is kept in time and rows, not points: `viewStart` is
/// the instant at the left edge of the grid area (a column boundary, so
/// cells never shift while scrolling) and `topRow` the first channel row
/// shown. `viewport` maps it to columns and the layout's points.
public struct AppState: Sendable {
  /// What fills the screen.
  public enum Mode: Hashable, Sendable {
    case guide
    /// The details of a programme, scrolled down by `scroll` lines.
    case details(ProgrammeRef, scroll: Int)
    /// The details of a playlist row that has no programmes (its entry,
    /// and why it has no listings), scrolled down by `scroll` lines.
    case channelDetails(row: Int, scroll: Int)
    /// The keys, scrolled down by `scroll` lines.
    case help(scroll: Int)
    /// Typing a search.
    case searchPrompt
    /// Typing a day and time to go to (`:`, `JumpTime`).
    case jumpPrompt
    /// The matches of the active search as a list.
    case searchResults(ListCursor)
    /// One channel's schedule as a list, days separated.
    case channelList(row: Int, ListCursor)
    /// The user's commands for a programme (`|`), over the guide; the
    /// index of the highlighted one.
    case commandMenu(ProgrammeRef, selected: Int)
    /// The reminders as a list, soonest first (`a`).
    case reminderList(ListCursor)
    /// The saved searches' upcoming matches, grouped by search (`S`).
    case savedSearches([SavedMatch], ListCursor)
    /// One line per channel: now and next (`o`) or tonight (`e`); `column`
    /// picks a programme of the selected line (Left/Right).
    case overview(ChannelOverview, ListCursor, column: Int = 0)
    /// What the genre colours and the grid's marks mean (`=`), scrolled
    /// down by `scroll` lines.
    case legend(scroll: Int)
    /// The filter menu (`y`), its line `selected` chosen.
    case filterMenu(selected: Int)
  }

  /// The rows shown: `fullGuide`, or the rows of `group`.
  public internal(set) var guide: GuideModel
  /// Every row, whatever the group (`g`/`G` pick rows from it): the
  /// loaded guide (`configuredGuide`) with `channelChoices` applied.
  public internal(set) var fullGuide: GuideModel
  /// The guide as loaded, arranged by the config file's `favourites` and
  /// `hidden` only.
  public internal(set) var configuredGuide: GuideModel
  /// Favourites and hidden channels chosen in the guide (`*`, `x`).
  public internal(set) var channelChoices = ChannelChoices()
  /// The choices before each change, latest last (`u` goes back one).
  public internal(set) var channelChoicesHistory: [ChannelChoices] = []
  /// Only favourite channels are shown (`c`).
  public internal(set) var favouritesOnly = false
  /// The playlist group shown (`g`/`G`); nil shows every channel.
  public internal(set) var group: String?
  public internal(set) var settings: GuideSettings
  public internal(set) var format: TimeFormat
  public internal(set) var size: CellSize
  public internal(set) var now: EpochSeconds
  /// Instant at the left edge of the grid area.
  public internal(set) var viewStart: EpochSeconds
  /// First channel row on screen.
  public internal(set) var topRow: Int
  /// The selected channel row.
  public internal(set) var selectedRow: Int
  /// The selected programme in `selectedRow`, nil when the row has none in
  /// reach.
  public internal(set) var selectedItem: Int?
  /// The time range up/down keep (Android TV's focus range).
  public internal(set) var focus: TimeSpan
  public internal(set) var mode: Mode = .guide
  /// The text being typed at the search prompt (and the `:` prompt).
  public internal(set) var prompt = SearchPrompt()
  /// The active search (after Enter at the prompt), until Esc clears it.
  public internal(set) var search: SearchState?
  /// Only programmes of this genre stand out; the others are muted (`f`).
  public internal(set) var genreFilter: Genre?
  /// The filter menu's filters (`y`); set with `setFilters(_:)`, which
  /// keeps `filterQuery` in step.
  public internal(set) var filters = ProgrammeFilters()
  /// `filters` as a query, parsed once (nil when none is on).
  var filterQuery: ProgrammeQuery?
  /// The channel number being typed, if any (guide mode).
  public internal(set) var channelEntry: ChannelEntry?
  /// Where `p` last went: the prime time and the view start it left, so
  /// that `p` again goes on to the next evening.
  var lastPrimeTime: (target: EpochSeconds, view: EpochSeconds)?
  /// A one-off message for the status line (cleared by the next key).
  public internal(set) var message: String?
  /// Why the changed guide file did not load (live reload); shown in the
  /// status line until a new guide arrives.
  public internal(set) var reloadProblem: String?
  /// The list the open details came from (Enter on a list row); Esc goes
  /// back to it, Enter to the guide.
  public internal(set) var detailsReturn: Mode?
  /// The other airing chosen in the details (Tab), an index into
  /// `otherAirings(of:)`; Enter goes to it.
  public internal(set) var airingPick: Int?
  /// Searches run at `/`, oldest first (Up at the prompt goes back through
  /// them); kept across runs by the run loop (`Effect.saveSearchHistory`).
  public internal(set) var searchHistory: [String] = []
  /// Set by `q`; the app loop ends.
  public internal(set) var isFinished = false
  /// The guide is the built-in demo (no FILE and no `guide =`): the top
  /// bar says so and how to open one's own.
  public var isDemoGuide = false
  /// tvheadend's scheduled and running recordings, marked in the grid;
  /// nil when the guide is not a tvheadend server's (`R` then explains).
  public internal(set) var recordings: [TvheadendRecording]?
  /// What the reducer asks the run loop to do (start a player, write the
  /// reminders, run a command, ring the bell, ask tvheadend); the loop
  /// takes them (`takeEffects()`) after each action and reports back with
  /// actions. Kept here so the reducer stays pure and tests can see them.
  public internal(set) var effects: [Effect] = []
  /// Reminders, commands and saved searches from the config.
  public internal(set) var actions = ActionSettings()
  /// The reminders (the file's, as last read or written), soonest first.
  public internal(set) var reminders = ReminderList() {
    didSet { reminderMarks = reminders.marks }
  }
  /// Which programmes have a reminder (for drawing).
  public internal(set) var reminderMarks = ReminderList().marks
  /// Reminders that fired and whose notice is open (the first is shown,
  /// over whatever the screen shows; its keys come first).
  public internal(set) var alerts: [Reminder] = []

  /// The guide at start-up: the programme on now on the first channel is
  /// selected, the view starts at the half hour before `now`; with
  /// `hidesEmptyChannels`, channels with nothing in the guide are left out.
  public init(
    guide: GuideModel, settings: GuideSettings = GuideSettings(), zone: UTCOffsetTable = .utc,
    size: CellSize, now: EpochSeconds
  ) {
    self.guide = guide
    self.fullGuide = guide
    self.configuredGuide = guide
    var settings = settings
    settings.columnsPerHour = GuideSettings.nearestZoom(settings.columnsPerHour)
    self.settings = settings
    self.format = TimeFormat(zone: zone, twelveHour: settings.twelveHourClock)
    self.size = size
    self.now = now
    self.viewStart = now
    self.topRow = 0
    self.selectedRow = 0
    self.selectedItem = nil
    self.focus = TimeSpan(start: now, end: now + 1)
    if settings.hidesEmptyChannels { showGroup(nil, fallbackToFirst: true) }
    openNearNow()
  }

  /// The state at start-up with `choices` (from `favourites.json`)
  /// applied to `guide` (see `init(guide:settings:zone:size:now:)`).
  public init(
    guide: GuideModel, choices: ChannelChoices, settings: GuideSettings = GuideSettings(),
    zone: UTCOffsetTable = .utc, size: CellSize, now: EpochSeconds
  ) {
    self.init(guide: guide, settings: settings, zone: zone, size: size, now: now)
    guard !choices.isEmpty else { return }
    channelChoices = choices
    fullGuide = arrangedGuide()
    showGroup(nil, fallbackToFirst: true)
    openNearNow()
  }

  // MARK: Geometry

  public var layout: ScreenLayout { ScreenLayout(size: size, channelWidth: settings.channelWidth) }
  /// Seconds one column stands for (`viewport`).
  public var secondsPerColumn: EpochSeconds { viewport.secondsPerColumn }
  /// Time the grid area shows (`viewport`).
  public var viewDuration: EpochSeconds { viewport.duration }
  public var viewEnd: EpochSeconds { viewport.end }
  public var visibleSpan: TimeSpan { viewport.span }

  /// The selected programme, if any.
  public var selection: ProgrammeRef? {
    selectedItem.map { ProgrammeRef(row: selectedRow, item: $0) }
  }

  public var selectedProgramme: Programme? { selection.flatMap { guide.programme($0) } }

  /// Hands the pending effects to the caller (the run loop) and forgets
  /// them.
  public mutating func takeEffects() -> [Effect] {
    defer { effects = [] }
    return effects
  }

  /// The local day in view (a day number of `format`'s zone): today while
  /// now is on screen, else the day of the grid's left edge. The day bar
  /// marks it and `p` goes to its prime time.
  public var dayInView: Int64 {
    format.local(visibleSpan.contains(now) ? now : viewStart).dayNumber
  }
}

/// A selection and scroll position in a list view (rows from the top of the
/// list content).
public struct ListCursor: Hashable, Sendable {
  /// Index of the selected item.
  public var selected: Int
  /// First content row on screen.
  public var scroll: Int

  public init(selected: Int = 0, scroll: Int = 0) {
    self.selected = selected
    self.scroll = scroll
  }
}

/// One row of the saved searches' list: a match of the search at
/// `search` (an index into `ActionSettings.searches`).
public struct SavedMatch: Hashable, Sendable {
  public var search: Int
  public var ref: ProgrammeRef
}

/// The search being typed. Its matches follow the text (`liveSearch`,
/// once typing pauses) into `AppState.search`.
public struct SearchPrompt: Hashable, Sendable {
  public var text = ""
  /// Also search sub-titles, descriptions and credits, not only titles.
  public var includeDetails = false
  /// The text or the toggle changed since the matches were last found.
  public var isStale = false
  /// The query's mistake, while the text has one.
  public var error: String?
  /// The search active when the prompt opened; Esc brings it back.
  var previous: SearchState?
  /// Where Up/Down are in the search history (an index into it), nil
  /// while not browsing it.
  var historyIndex: Int?
  /// The text typed before browsing the history (Down past the newest
  /// entry brings it back).
  var draft = ""
  public init() {}
}

/// An active search: the query and its matches in time order.
public struct SearchState: Hashable, Sendable {
  public var query: String
  /// Sub-titles, descriptions and credits were searched too.
  public var includeDetails: Bool
  /// Matches ordered by start, then row.
  public var matches: [ProgrammeRef]
  /// The matches as a set, for marking them in the grid.
  public var matchSet: Set<ProgrammeRef>

  public init(query: String, includeDetails: Bool, matches: [ProgrammeRef]) {
    self.query = query
    self.includeDetails = includeDetails
    self.matches = matches
    self.matchSet = Set(matches)
  }
}
