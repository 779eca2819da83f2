import EPGLayout
import EPGPlaylist
import EPGRemote
import EPGSchedule
import Foundation

/// The options of every command (`tvgrid [FILE]`, `render`, `now`,
/// `check`, `layout`), resolved from the command line, the environment and
/// the config file in this one place (flags win over the config file, which
/// wins over the environment and the defaults). A command reads the ones it
/// needs; those it does not accept stay at their defaults.
public struct GuideOptions: Sendable {
  /// What the command line said, before resolution (nil: not given).
  public struct Flags: Sendable {
    /// FILE: a guide or a playlist.
    public var file: String?
    /// `--guide FILE`, in order (repeatable).
    public var guides: [String] = []
    /// `--all-channels`: a playlist's guide also shows the guide channels
    /// no entry uses.
    public var allChannels = false
    public var now: String?
    public var timeZone: String?
    public var theme: String?
    /// `auto`, `always` or `never`.
    public var color: String?
    public var noColor = false
    public var zoom: Int?
    /// `12` or `24`.
    public var clock: String?
    public var ascii = false
    public var noMouse = false
    public var languages: String?
    public var shift: String?
    /// `COLUMNSxROWS` (render only).
    public var size: String?
    /// `--at TIME` (render only): the instant at the grid's left edge.
    public var at: String?
    /// `--offline`: cached copies of URL sources only.
    public var offline = false
    /// `--tvheadend URL`: the server's playlist and guide.
    public var tvheadend: String?
    /// `--no-cache`: neither read nor write snapshots of parsed guides.
    public var noCache = false

    public init() {}
  }

  /// Where the guide comes from: FILE (a guide or a playlist) and
  /// `--guide`, else the config's `guide`, else the demo guide.
  public var source: GuideSource
  /// The one guide file, when the source is exactly that; nil for the
  /// demo guide, a playlist or several guides.
  public var file: String? { source.path }
  /// `--all-channels`.
  public var allChannels = false
  /// Snapshots of parsed guides are read and written (not `--no-cache`).
  public var usesCache = true
  /// A fixed clock (`--now`), or nil for the system clock.
  public var fixedNow: EpochSeconds?
  public var timeZone: TimeZone
  public var settings: GuideSettings
  /// Colour allowed at all (`NO_COLOR`, `--no-color`, `--color never` say
  /// no); the interactive guide also needs a terminal with colours.
  public var colour: Bool
  /// `--color always` (render writes ANSI).
  public var forceColour: Bool
  public var mouse: Bool
  public var shift: Int64
  /// `--size` (render).
  public var size: CellSize?
  /// `--at` (render): the instant to scroll to the grid's left edge.
  public var viewAt: EpochSeconds?
  /// Config file warnings, to show after the session.
  public var warnings: [String]
  /// The config file the options were resolved with (reminders, commands
  /// and saved searches are read from it).
  public var config = ConfigFile()
  /// URL sources and tvheadend: the config's, with `--offline` and
  /// `--tvheadend` laid over them.
  public var remote = RemoteSettings()

  /// Resolves `flags` against `environment` and `config`; the error text
  /// is a usage message.
  public static func resolve(
    _ flags: Flags, environment: [String: String], config: ConfigFile, localeIsUTF8: Bool
  ) -> Result<GuideOptions, TerminalError> {
    var settings = config.settings
    guard
      let zone = DisplayZone.resolve(
        flag: flags.timeZone ?? config.timeZone, environment: environment)
    else {
      let name = flags.timeZone ?? environment["TZ"] ?? ""
      return .failure(TerminalError("unknown time zone '\(name)'"))
    }
    var fixedNow: EpochSeconds?
    let realNow = SystemClock().now()
    if let text = flags.now {
      // Relative forms (21:00, fri 9pm, +2h) from the real clock.
      switch TimeParsing.instant(text, now: realNow, zone: zone) {
      case .success(let instant): fixedNow = instant
      case .failure(let error): return .failure(TerminalError(TimeParsing.message("--now", error)))
      }
    }
    if let theme = flags.theme {
      guard let value = GuideSettings.Theme(rawValue: theme == "colour" ? "color" : theme) else {
        return .failure(TerminalError("--theme must be color or monochrome"))
      }
      settings.theme = value
    }
    var colour = true
    var forceColour = false
    switch flags.color {
    case nil, "auto": break
    case "always": forceColour = true
    case "never": colour = false
    case let other?:
      return .failure(TerminalError("--color must be auto, always or never, not '\(other)'"))
    }
    if flags.noColor { colour = false }
    if let noColor = environment["NO_COLOR"], !noColor.isEmpty, !forceColour { colour = false }
    if !colour { settings.theme = .monochrome }
    if let zoom = flags.zoom { settings.columnsPerHour = GuideSettings.nearestZoom(zoom) }
    switch flags.clock {
    case nil: break
    case "12": settings.twelveHourClock = true
    case "24": settings.twelveHourClock = false
    case let other?: return .failure(TerminalError("--clock must be 12 or 24, not '\(other)'"))
    }
    settings.unicode = localeIsUTF8 && !flags.ascii
    if let languages = flags.languages {
      settings.languages = languages.split(separator: ",").map {
        String($0).trimmingWhitespace()
      }.filter { !$0.isEmpty }
    }
    if settings.languages.isEmpty {
      settings.languages = LoadOptions.languages(fromEnvironment: environment)
    }
    var shift: Int64 = 0
    if let text = flags.shift {
      guard let value = LoadOptions.parseShift(text) else {
        return .failure(TerminalError("--shift must look like +01:00 or -30m, not '\(text)'"))
      }
      shift = value
    }
    var viewAt: EpochSeconds?
    if let text = flags.at {
      // Relative forms from now (--now, else the real clock).
      switch TimeParsing.instant(text, now: fixedNow ?? realNow, zone: zone) {
      case .success(let instant): viewAt = instant
      case .failure(let error): return .failure(TerminalError(TimeParsing.message("--at", error)))
      }
    }
    var size: CellSize?
    if let text = flags.size {
      guard let parsed = CellSize(parsing: text) else {
        return .failure(TerminalError("--size must look like 100x30, not '\(text)'"))
      }
      size = parsed
    }
    var remote = config.remote
    if flags.offline { remote.offline = true }
    if let server = flags.tvheadend {
      guard case .url = SourceLocation(argument: server) else {
        return .failure(TerminalError("--tvheadend must be an http:// or https:// URL"))
      }
      guard flags.file == nil else {
        return .failure(TerminalError("give FILE or --tvheadend, not both"))
      }
      remote.tvheadend = server
    }
    let source = resolveSource(flags, config: config, remote: remote)
    var options = GuideOptions(
      source: source, fixedNow: fixedNow, timeZone: zone,
      settings: settings, colour: colour || forceColour, forceColour: forceColour,
      mouse: !flags.noMouse, shift: shift, size: size, warnings: config.warnings)
    options.viewAt = viewAt
    options.allChannels = flags.allChannels
    options.usesCache = !flags.noCache
    options.config = config
    options.remote = remote
    return .success(options)
  }

  /// Where the guide comes from. FILE is a playlist when
  /// `Playlist.isPlaylist` says so (its extension or `#EXTM3U`); its guides
  /// are the `--guide` files, else (when loaded) the playlist header's,
  /// else the config's `guide` list. A guide FILE is merged with the
  /// `--guide` files after it. Without FILE, the config's `guide` list
  /// (one item may be a playlist) is used unless `--guide` is given.
  /// `--tvheadend` (or, without FILE and `--guide`, the config's
  /// `tvheadend`) gives the server's playlist with its guide, then the
  /// `--guide` ones.
  static func resolveSource(
    _ flags: Flags, config: ConfigFile, remote: RemoteSettings = RemoteSettings()
  ) -> GuideSource {
    let configOrigin =
      config.path.map { GuideSource.Origin.configFile(path: $0, line: config.guideLine ?? 0) }
      ?? .commandLine
    let options = flags.guides.map {
      GuideSource.Reference(SourceLocation(argument: $0), origin: .guideOption)
    }
    var configGuides: [GuideSource.Reference] = []
    var configPlaylist: GuideSource.Reference?
    for path in config.guidePaths {
      let reference = GuideSource.Reference(SourceLocation(argument: path), origin: configOrigin)
      if configPlaylist == nil, isPlaylist(reference.location) {
        configPlaylist = reference
      } else {
        configGuides.append(reference)
      }
    }
    if let base = remote.tvheadend,
      flags.tvheadend != nil || (flags.file == nil && options.isEmpty)
    {
      let server = TvheadendServer(baseURL: base, authCode: remote.tvheadendAuth)
      return GuideSource(
        playlist: GuideSource.Reference(.url(server.playlistURL), origin: .commandLine),
        guides: [GuideSource.Reference(.url(server.guideURL), origin: .commandLine)] + options)
    }
    if let file = flags.file {
      let reference = GuideSource.Reference(SourceLocation(argument: file), origin: .commandLine)
      if isPlaylist(reference.location) {
        return GuideSource(playlist: reference, guides: options, defaultGuides: configGuides)
      }
      return GuideSource(guides: [reference] + options)
    }
    if !options.isEmpty {
      return GuideSource(playlist: configPlaylist, guides: options, defaultGuides: configGuides)
    }
    return GuideSource(
      playlist: configPlaylist, guides: configPlaylist == nil ? configGuides : [],
      defaultGuides: configPlaylist == nil ? [] : configGuides)
  }

  /// Whether `location` is a playlist: a file by `Playlist.isPlaylist`, a
  /// URL by its extension.
  public static func isPlaylist(_ location: SourceLocation) -> Bool {
    switch location {
    case .file(let path): return Playlist.isPlaylist(path: path)
    case .url(let url):
      let path = url.split(separator: "?", maxSplits: 1).first.map(String.init) ?? url
      return Playlist.hasPlaylistExtension(path)
    }
  }

  /// The display zone as the layout sees it, over `span`.
  public func offsetTable(covering span: TimeSpan) -> UTCOffsetTable {
    UTCOffsetTable(zone: timeZone, covering: span)
  }

  /// The guide model of `schedule`, or of `playlist` (a playlist joined
  /// to its guide: its rows carry the entries, and it has groups), with
  /// the favourites, hidden channels and genre keywords of the settings.
  public func guideModel(schedule: Schedule, playlist: PlaylistGuide? = nil) -> GuideModel {
    if let playlist {
      return GuideModel(
        playlist: playlist, favourites: settings.favourites, hidden: settings.hidden,
        genreKeywords: settings.genreKeywords)
    }
    return GuideModel(
      schedule: schedule, favourites: settings.favourites, hidden: settings.hidden,
      genreKeywords: settings.genreKeywords)
  }

  /// The start-up state for `schedule` (or `playlist`, see `guideModel`)
  /// on a screen of `size` at `now`, with the favourites and hidden
  /// channels chosen in the guide (`choices`, from `favourites.json`).
  public func initialState(
    schedule: Schedule, playlist: PlaylistGuide? = nil, size: CellSize, now: EpochSeconds,
    choices: ChannelChoices = ChannelChoices()
  ) -> AppState {
    let model = guideModel(schedule: schedule, playlist: playlist)
    let span = TimeSpan(start: min(model.span.start, now), end: max(model.span.end, now))
    var state = AppState(
      guide: model, choices: choices, settings: settings, zone: offsetTable(covering: span),
      size: size, now: now)
    state.actions = ActionSettings(config: config)
    state.isDemoGuide = source.isDemo
    return state
  }

  /// The config file's problems in one line for the status line when the
  /// guide opens (they are also listed on standard error, which stays on
  /// the terminal after quitting): the first in full, then how many more.
  /// `schedule` adds favourites and hidden channels that name no channel
  /// of it. Nil when there are none.
  ///
  ///     Config line 3: unknown key 'colour' (ignored; 1 more listed on quitting)
  public func configNotice(schedule: Schedule?) -> String? {
    var problems = warnings
    if let schedule { problems += settings.channelArrangement.problems(in: schedule.channels) }
    guard let first = problems.first else { return nil }
    var text = first.hasPrefix("config ") ? "Config " + first.dropFirst(7) : "Config: " + first
    text +=
      problems.count == 1
      ? " (ignored)" : " (ignored; \(problems.count - 1) more listed on quitting)"
    return text
  }

  /// Load options for the schedule loader.
  public var loadOptions: LoadOptions {
    var options = LoadOptions(preferredLanguages: settings.languages, shift: shift)
    options.maxGuideBytes = config.maxGuideSize
    return options
  }
}

/// Reading the command line's times (`--now`, `--at`, `--start`) with
/// `JumpTime`, the one reader of typed times, in a `TimeZone`.
public enum TimeParsing {
  /// `text` as ISO 8601, XMLTV or `@SECONDS`; times without a zone are
  /// local time in `zone` (its offset at that instant, from Foundation).
  public static func instant(_ text: String, zone: TimeZone) -> EpochSeconds? {
    // First read as UTC to find the instant roughly, then use the zone's
    // offset at that instant for floating times.
    guard let rough = TimestampParser.parse(text, floatingOffset: 0) else { return nil }
    let offset = zone.secondsFromGMT(for: Date(timeIntervalSince1970: TimeInterval(rough)))
    return TimestampParser.parse(text, floatingOffset: offset)
  }

  /// `text` as a timestamp (above), else as the `:` prompt reads it,
  /// relative to `now` (`JumpTime.instant`: `21:00`, `fri 9pm`,
  /// `tomorrow`, `+2h`, `now`), in `zone`.
  public static func instant(_ text: String, now: EpochSeconds, zone: TimeZone) -> Result<
    EpochSeconds, JumpTime.ParseError
  > {
    if let stamp = instant(text, zone: zone) { return .success(stamp) }
    // The zone's offsets over the week either side of now (weekdays,
    // tomorrow, moves); a date further away (within two years) is read
    // again with the offsets from now to it.
    let week: EpochSeconds = 8 * 86_400
    let near = TimeSpan(start: now - week, end: now + week)
    let read = JumpTime.instant(text, now: now, zone: UTCOffsetTable(zone: zone, covering: near))
    guard case .success(let instant) = read, !near.contains(instant) else { return read }
    let around = TimeSpan(start: min(instant, now) - week, end: max(instant, now) + week)
    guard around.end - around.start < 800 * 86_400 else { return read }
    return JumpTime.instant(text, now: now, zone: UTCOffsetTable(zone: zone, covering: around))
  }

  /// The usage message for `option`'s `error`: `--now: cannot read
  /// 'soon': try 21:00, …`.
  public static func message(_ option: String, _ error: JumpTime.ParseError) -> String {
    let text = error.description
    return option + ": " + text.prefix(1).lowercased() + text.dropFirst()
  }
}
