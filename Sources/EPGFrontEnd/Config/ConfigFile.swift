import EPGActions
import EPGPlaylist
import EPGRaster
import EPGSchedule
import Foundation

/// The config file: `$XDG_CONFIG_HOME/tvgrid/config`, else
/// `~/.config/tvgrid/config`. One `key = value` per line; `#` starts a
/// comment; lists are comma-separated. Unknown keys and bad values are
/// reported (as warnings) and ignored; command-line flags win over it.
///
///     # ~/.config/tvgrid/config
///     theme = color            # color | monochrome
///     zoom = 24                # columns per hour: 6 12 18 24 36 48 72 120
///     clock = 24               # 24 | 12
///     languages = en, de       # preferred languages for titles and names
///     favourites = bbc1.uk, Das Erste
///     hidden = shop.tv, 18
///     prime_time = 20:15       # where p goes (default 20:00; 8pm, 21 too)
///     wrap = yes               # Up/Down wrap around the channel list
///     hide_empty = yes         # leave out channels with nothing in the guide (X)
///     channel_width = 24       # columns of the channel column (< >)
///     genres = Ratgeber: documentary, =Talk: news   # before the built-in keywords
///     guide = ~/tv/guide.xml.gz   # opened when no FILE is given (a playlist,
///                                 # or guides: a comma list, merged in order)
///     map = BBC One +1: bbc1.uk shift +1   # playlist entry: guide channel (repeatable)
///     player = mpv --force-window  # plays a stream (`w`); default mpv
///     player_terminal = no        # yes: the player gets the terminal
///     time_zone = Europe/Berlin   # display zone (default: TZ, else the system's)
///     remind_before = 2        # minutes before the start a reminder fires
///     bell = yes               # ring the terminal bell when one fires
///     notify_command = notify-send {title} {channel}
///     command record = ffmpeg -i {url} -t {duration} -c copy /srv/tv/{start}.ts
///     search films = genre:film after:20:00 -repeat
///     search_remind = films    # these saved searches set reminders themselves
///     refresh = 12h            # URL sources: ask again after (0: every start)
///     download_timeout = 10m   # a download may take this long in all
///     offline = no             # yes: cached copies of URL sources only
///     user_agent = tvgrid/0.1.0   # the User-Agent sent with downloads
///     ca_file = ~/tv/home-ca.pem  # trust this CA as well (never: no checking)
///     tvheadend = http://tvbox:9981   # the server's playlist and guide
///     tvheadend_user = me      # and tvheadend_password, else ~/.netrc
///     tvheadend_auth = CODE    # tvheadend's persistent auth code (streaming only)
///     cache_size = 2G             # snapshots of parsed guides (K, M, G; 0: none)
///     max_guide_size = 2G         # largest guide, decompressed (K, M, G; 0: no limit)
///
/// `#` starts a comment at the start of a line or after a space or tab
/// (so `https://x/#{title}` in a command stays whole). Commands are
/// `CommandTemplate`s, searches `ProgrammeQuery`s; a bad one is reported
/// with its line and left out.
public struct ConfigFile: Hashable, Sendable {
  public var settings = GuideSettings()
  /// Where the file was read from; nil for defaults or parsed text.
  public var path: String?
  /// The default guides or playlist (`guide`, a comma list), `~`
  /// expanded, in the order written.
  public var guidePaths: [String] = []
  /// The first of `guidePaths`.
  public var guidePath: String? { guidePaths.first }
  /// The line (from 1) of `guide`, for messages about that file.
  public var guideLine: Int?
  /// The display zone (`time_zone`), a zone this system knows.
  public var timeZone: String?
  /// How long before its start a reminder fires, in seconds
  /// (`remind_before`, given in minutes; default 2 minutes).
  public var remindBefore: Int64 = ReminderList.defaultLead
  /// Ring the terminal bell when a reminder fires (`bell`, default yes).
  public var bell = true
  /// `cache_size`: bytes the snapshots of parsed guides may take
  /// (`SnapshotCache.sizeLimit`).
  public var cacheSize = SnapshotCache.defaultSizeLimit
  /// `max_guide_size`: the most bytes a guide may hold once decompressed
  /// (`LoadOptions.maxGuideBytes`, and the largest download); 0: no limit.
  public var maxGuideSize = LoadOptions.defaultMaxGuideBytes
  /// Run for each reminder that fires (`notify_command`).
  public var notifyCommand: CommandTemplate?
  /// The user's commands (`command NAME = TEMPLATE`), in file order.
  public var commands: [NamedCommand] = []
  /// Saved searches (`search NAME = QUERY`), in file order.
  public var searches: [SavedSearch] = []
  /// `search_remind = NAME, …`: the saved searches that set reminders for
  /// their matches by themselves (their `setsReminders`), and its line.
  var searchRemindNames: [String] = []
  var searchRemindLine = 0
  /// URL sources and tvheadend (`refresh`, `download_timeout`, `offline`,
  /// `user_agent`, `ca_file`, `tvheadend…`).
  public var remote = RemoteSettings()
  /// Warnings: "config line 3: unknown key 'colour'".
  public var warnings: [String] = []

  public init() {}

  /// Where the config file lives for `environment` (XDG rules: an empty or
  /// relative `XDG_CONFIG_HOME` is ignored).
  public static func path(environment: [String: String]) -> String? {
    TVGridPaths(environment: environment).configFile
  }

  /// The user's command called `name` (names compare ignoring case).
  public func command(named name: String) -> CommandTemplate? {
    commands.first { $0.name.caseInsensitiveCompare(name) == .orderedSame }?.template
  }

  /// Reads the config file for `environment`; a missing file gives the
  /// defaults.
  public static func load(environment: [String: String]) -> ConfigFile {
    guard let path = path(environment: environment),
      let data = FileManager.default.contents(atPath: path)
    else { return ConfigFile() }
    var config = ConfigFile(
      parsing: String(decoding: data, as: UTF8.self), home: environment["HOME"])
    config.path = path
    return config
  }

  /// Parses config text.
  public init(parsing text: String, home: String? = nil) {
    for (index, rawLine) in text.split(separator: "\n", omittingEmptySubsequences: false)
      .enumerated()
    {
      let content = Self.withoutComment(rawLine).trimmingWhitespace()
      if content.isEmpty { continue }
      guard let equals = content.firstIndex(of: "=") else {
        warnings.append("config line \(index + 1): expected 'key = value'")
        continue
      }
      let rawKey = String(content[..<equals]).trimmingWhitespace()
      let value = String(content[content.index(after: equals)...]).trimmingWhitespace()
      let keyWords = rawKey.split(whereSeparator: { $0 == " " || $0 == "\t" })
      if keyWords.count >= 2, ["command", "search"].contains(keyWords[0].lowercased()) {
        let name = keyWords.dropFirst().joined(separator: " ")
        if let problem = applyNamed(
          kind: keyWords[0].lowercased(), name: name, value: value)
        {
          warnings.append("config line \(index + 1): \(problem)")
        }
        continue
      }
      let key = rawKey.lowercased()
      if let problem = apply(key: key, value: value, line: index + 1, home: home) {
        warnings.append("config line \(index + 1): \(problem)")
      }
    }
    applySearchRemind()
  }

  /// Marks the searches `search_remind` names (the searches may come
  /// after it in the file); an unknown name is reported.
  private mutating func applySearchRemind() {
    for name in searchRemindNames {
      guard
        let index = searches.firstIndex(where: {
          $0.name.caseInsensitiveCompare(name) == .orderedSame
        })
      else {
        warnings.append(
          "config line \(searchRemindLine): search_remind: no saved search '\(name)'")
        continue
      }
      searches[index].setsReminders = true
    }
  }

  /// `line` without its comment: from a `#` at the start or after a
  /// space or tab.
  static func withoutComment(_ line: Substring) -> String {
    var previous: Character = " "
    for index in line.indices {
      if line[index] == "#" && (previous == " " || previous == "\t") {
        return String(line[..<index])
      }
      previous = line[index]
    }
    return String(line)
  }

  /// Applies `command NAME = …` or `search NAME = …`; returns a problem
  /// description or nil.
  private mutating func applyNamed(kind: String, name: String, value: String) -> String? {
    if kind == "command" {
      let template: CommandTemplate
      do {
        template = try CommandTemplate(value)
      } catch {
        return "command '\(name)': \(error.message)"
      }
      commands.removeAll { $0.name.caseInsensitiveCompare(name) == .orderedSame }
      commands.append(NamedCommand(name: name, template: template))
    } else {
      let query: ProgrammeQuery
      do {
        query = try ProgrammeQuery(value)
      } catch {
        return "search '\(name)': \(error.description)"
      }
      searches.removeAll { $0.name.caseInsensitiveCompare(name) == .orderedSame }
      searches.append(SavedSearch(name: name, query: query))
    }
    return nil
  }

  /// Applies one setting; returns a problem description or nil.
  private mutating func apply(key: String, value: String, line: Int, home: String?) -> String? {
    let list = value.split(separator: ",").map { String($0).trimmingWhitespace() }.filter {
      !$0.isEmpty
    }
    switch key {
    case "theme":
      switch value.lowercased() {
      case "color", "colour": settings.theme = .color
      case "monochrome", "mono": settings.theme = .monochrome
      default: return "theme must be color or monochrome, not '\(value)'"
      }
    case "zoom":
      guard let columns = Int(value), (1...1000).contains(columns) else {
        return "zoom must be columns per hour (e.g. 24), not '\(value)'"
      }
      settings.columnsPerHour = GuideSettings.nearestZoom(columns)
    case "clock":
      switch value.lowercased() {
      case "24", "24h": settings.twelveHourClock = false
      case "12", "12h": settings.twelveHourClock = true
      default: return "clock must be 12 or 24, not '\(value)'"
      }
    case "languages", "language": settings.languages = list
    case "favourites", "favorites", "favourite", "favorite": settings.favourites = list
    case "hidden", "hide": settings.hidden = list
    case "wrap":
      switch value.lowercased() {
      case "yes", "true", "on": settings.wrapsChannels = true
      case "no", "false", "off": settings.wrapsChannels = false
      default: return "wrap must be yes or no, not '\(value)'"
      }
    case "genres", "genre":
      var keywords: [GenreKeyword] = []
      for item in list {
        let parts = item.split(separator: ":", maxSplits: 1).map {
          String($0).trimmingWhitespace()
        }
        guard parts.count == 2, !parts[0].isEmpty,
          let genre = Genre(rawValue: parts[1].lowercased())
        else {
          let names = Genre.allCases.map(\.rawValue).joined(separator: ", ")
          return "genres wants 'keyword: genre' pairs (genres: \(names)), not '\(item)'"
        }
        keywords.append(GenreKeyword(keyword: parts[0], genre: genre))
      }
      settings.genreKeywords = keywords
    case "prime_time", "primetime", "prime-time":
      switch JumpTime.minuteOfDay(value) {
      case .success(let minute): settings.primeTime = minute
      case .failure(let error): return "prime_time must be \(error)"
      }
    case "number_timeout", "number-timeout":
      guard let seconds = Double(value), seconds.isFinite, (0...10).contains(seconds) else {
        return "number_timeout must be seconds (0 to 10, e.g. 1.5), not '\(value)'"
      }
      settings.numberTimeout = seconds
    case "remind_before", "remind-before":
      guard let minutes = Int(value), (0...10_080).contains(minutes) else {
        return "remind_before must be minutes (0 to 10080), not '\(value)'"
      }
      remindBefore = Int64(minutes) * 60
    case "bell":
      switch value.lowercased() {
      case "yes", "true", "on": bell = true
      case "no", "false", "off": bell = false
      default: return "bell must be yes or no, not '\(value)'"
      }
    case "notify_command", "notify-command":
      do {
        notifyCommand = try CommandTemplate(value)
      } catch {
        return "notify_command: \(error.message)"
      }
    case "search_remind", "search-remind":
      searchRemindNames = list
      searchRemindLine = line
    case "command", "search":
      return "\(key) needs a name: '\(key) NAME = …'"
    case "guide", "file", "guides":
      guidePaths = list.map { item in
        if item.hasPrefix("~/"), let home { return home + item.dropFirst() }
        return item
      }
      guideLine = line
    case "map":
      do {
        settings.mapOverrides.append(try MapOverride(parsing: value))
      } catch {
        return "map: \(error.description), not '\(value)'"
      }
    case "player":
      do {
        settings.player = try PlayerCommand(template: value)
      } catch {
        return "player: \(error.description)"
      }
    case "hide_empty", "hide-empty":
      switch value.lowercased() {
      case "yes", "true", "on": settings.hidesEmptyChannels = true
      case "no", "false", "off": settings.hidesEmptyChannels = false
      default: return "hide_empty must be yes or no, not '\(value)'"
      }
    case "channel_width", "channel-width":
      let widths = GuideSettings.channelWidths
      guard let columns = Int(value), widths.contains(columns) else {
        return
          "channel_width must be columns (\(widths.lowerBound) to \(widths.upperBound)), not '\(value)'"
      }
      settings.channelWidth = columns
    case "player_terminal", "player-terminal":
      switch value.lowercased() {
      case "yes", "true", "on": settings.playerTerminal = true
      case "no", "false", "off": settings.playerTerminal = false
      default: return "player_terminal must be yes or no, not '\(value)'"
      }
    case "cache_size", "cache-size":
      guard let size = SnapshotCache.parseSize(value) else {
        return "cache_size must be a size like 2G or 500M, not '\(value)'"
      }
      cacheSize = size
    case "max_guide_size", "max-guide-size":
      guard let size = SnapshotCache.parseSize(value) else {
        return "max_guide_size must be a size like 2G or 500M, not '\(value)'"
      }
      maxGuideSize = size
    case "time_zone", "timezone", "time-zone":
      let name = value.hasPrefix(":") ? String(value.dropFirst()) : value
      guard TimeZone(identifier: name) ?? TimeZone(abbreviation: name) != nil else {
        return "unknown time zone '\(value)'"
      }
      timeZone = name
    default:
      return applyRemote(key: key, value: value, home: home)
    }
    return nil
  }

  /// Applies a key of `RemoteSettings`; returns a problem description or
  /// nil (also "unknown key" for any other key).
  private mutating func applyRemote(key: String, value: String, home: String?) -> String? {
    let name = key.replacingOccurrences(of: "-", with: "_")
    switch name {
    case "refresh":
      guard let seconds = RemoteSettings.parseInterval(value) else {
        return "refresh must be 0 or a time such as 30m, 12h or 2d, not '\(value)'"
      }
      remote.refreshInterval = seconds
    case "download_timeout":
      guard let seconds = RemoteSettings.parseInterval(value), seconds > 0 else {
        return "download_timeout must be a time such as 10m or 1h, not '\(value)'"
      }
      remote.downloadTimeout = seconds
    case "offline":
      switch value.lowercased() {
      case "yes", "true", "on": remote.offline = true
      case "no", "false", "off": remote.offline = false
      default: return "offline must be yes or no, not '\(value)'"
      }
    case "user_agent", "useragent":
      guard !value.isEmpty, !value.unicodeScalars.contains(where: { $0.value < 0x20 }) else {
        return "user_agent must be one line of text"
      }
      remote.userAgent = value
    case "ca_file", "cafile":
      if value.hasPrefix("~/"), let home {
        remote.caFile = home + value.dropFirst()
      } else {
        remote.caFile = value
      }
    case "tvheadend":
      guard let scheme = value.split(separator: ":").first?.lowercased(),
        ["http", "https"].contains(scheme)
      else { return "tvheadend must be an http:// or https:// URL" }
      remote.tvheadend = value
    case "tvheadend_user": remote.tvheadendUser = value
    case "tvheadend_password": remote.tvheadendPassword = value
    case "tvheadend_auth", "auth": remote.tvheadendAuth = value
    default:
      return "unknown key '\(key)'"
    }
    return nil
  }
}
