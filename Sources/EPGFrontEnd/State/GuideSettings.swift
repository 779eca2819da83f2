import EPGPlaylist
import EPGRaster
import EPGSchedule

/// How the guide looks and behaves: from the config file, then command-line
/// flags. Pure value.
public struct GuideSettings: Hashable, Sendable {
  /// Colour theme.
  public enum Theme: String, Hashable, Sendable, CaseIterable {
    /// Colours on the terminal's default background.
    case color
    /// Attributes only (bold, reverse, dim); also what NO_COLOR gives.
    case monochrome
  }

  public var theme: Theme = .color
  /// Zoom: width of one hour in columns (one of `zoomLevels`).
  public var columnsPerHour = 24
  public var twelveHourClock = false
  /// Box-drawing and symbols from Unicode; false for the ASCII set (used
  /// when the locale is not UTF-8).
  public var unicode = true
  /// Preferred languages for titles and names, e.g. `["en", "de"]`.
  public var languages: [String] = []
  /// Channels (ids, names or numbers) shown first, in this order.
  public var favourites: [String] = []
  /// Channels (ids, names or numbers) left out.
  public var hidden: [String] = []
  /// `favourites` and `hidden` as one rule for the channel order.
  public var channelArrangement: ChannelArrangement {
    ChannelArrangement(favourites: favourites, hidden: hidden)
  }
  /// Prime time, in minutes after local midnight (`p` goes there): 20:00.
  public var primeTime = 20 * 60
  /// Seconds after the last digit of a channel number when the number is
  /// taken, as on a TV remote (the next digit starts a new one); 0: only
  /// Enter or another key ends it.
  public var numberTimeout = 1.5
  /// Up on the first channel goes to the last, Down on the last to the first.
  public var wrapsChannels = false
  /// Category keywords and their genres, checked before the built-in ones.
  public var genreKeywords: [GenreKeyword] = []
  /// `map =` lines: which guide channel a playlist entry shows, applied
  /// before any other matching, in the config file's order.
  public var mapOverrides: [MapOverride] = []
  /// `player =`: the command that plays a stream; nil for the default
  /// (`PlayerCommand.defaultTemplate`).
  public var player: PlayerCommand?
  /// `player_terminal = yes`: the player gets the terminal (curses ends
  /// while it runs) instead of running detached.
  public var playerTerminal = false
  /// `hide_empty = yes`: channels with nothing in the guide (no programme
  /// at all; a playlist entry without listings) are left out (`X`
  /// toggles it).
  public var hidesEmptyChannels = false
  /// `channel_width`: columns of the channel column, its line included;
  /// nil for the default (a sixth of the screen, 10 to 20). `<` and `>`
  /// change it; `ScreenLayout` keeps it to what the screen allows.
  public var channelWidth: Int?

  /// The widths `channel_width` may be set to, in columns.
  public static let channelWidths = 6...60

  public init() {}

  /// The zoom steps `+` and `-` walk through, in columns per hour. 24 means
  /// one column per 2.5 minutes.
  public static let zoomLevels = [6, 12, 18, 24, 36, 48, 72, 120]

  /// The nearest zoom level to `columns`.
  public static func nearestZoom(_ columns: Int) -> Int {
    zoomLevels.min { abs($0 - columns) < abs($1 - columns) } ?? 24
  }
}
