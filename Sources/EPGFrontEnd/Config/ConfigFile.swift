import EPGPlaylist
import EPGRaster
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
///     prime_time = 20:15       # where p goes (default 20:00)
///     wrap = yes               # Up/Down wrap around the channel list
///     genres = Ratgeber: documentary, =Talk: news   # before the built-in keywords
///     guide = ~/tv/guide.xml.gz   # opened when no FILE is given (a playlist,
///                                 # or guides: a comma list, merged in order)
///     map = BBC One +1: bbc1.uk shift +1   # playlist entry: guide channel (repeatable)
///     player = mpv --force-window  # plays a stream (`w`); default mpv
///     player_terminal = no        # yes: the player gets the terminal
///     time_zone = Europe/Berlin   # display zone (default: TZ, else the system's)
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
  /// Warnings: "config line 3: unknown key 'colour'".
  public var warnings: [String] = []

  public init() {}

  /// Where the config file lives for `environment` (XDG rules: an empty or
  /// relative `XDG_CONFIG_HOME` is ignored).
  public static func path(environment: [String: String]) -> String? {
    if let xdg = environment["XDG_CONFIG_HOME"], xdg.hasPrefix("/") {
      return xdg + "/tvgrid/config"
    }
    guard let home = environment["HOME"], !home.isEmpty else { return nil }
    return home + "/.config/tvgrid/config"
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
      var line = Substring(rawLine)
      if let hash = line.firstIndex(of: "#") { line = line[..<hash] }
      let content = String(line).trimmingWhitespace()
      if content.isEmpty { continue }
      guard let equals = content.firstIndex(of: "=") else {
        warnings.append("config line \(index + 1): expected 'key = value'")
        continue
      }
      let key = String(content[..<equals]).trimmingWhitespace().lowercased()
      let value = String(content[content.index(after: equals)...]).trimmingWhitespace()
      if let problem = apply(key: key, value: value, line: index + 1, home: home) {
        warnings.append("config line \(index + 1): \(problem)")
      }
    }
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
      let parts = value.split(separator: ":")
      guard parts.count == 2, let hour = Int(parts[0]), let minute = Int(parts[1]),
        (0...23).contains(hour), (0...59).contains(minute)
      else { return "prime_time must be HH:MM (e.g. 20:00), not '\(value)'" }
      settings.primeTime = hour * 60 + minute
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
    case "player_terminal", "player-terminal":
      switch value.lowercased() {
      case "yes", "true", "on": settings.playerTerminal = true
      case "no", "false", "off": settings.playerTerminal = false
      default: return "player_terminal must be yes or no, not '\(value)'"
      }
    case "time_zone", "timezone", "time-zone":
      let name = value.hasPrefix(":") ? String(value.dropFirst()) : value
      guard TimeZone(identifier: name) ?? TimeZone(abbreviation: name) != nil else {
        return "unknown time zone '\(value)'"
      }
      timeZone = name
    default:
      return "unknown key '\(key)'"
    }
    return nil
  }
}
