/// tvgrid's own folders, by the XDG Base Directory rules: each is
/// `$XDG_…_HOME/tvgrid` when that variable is an absolute path (an empty or
/// relative one is ignored), else the XDG default below `$HOME`; nil when
/// neither is usable (no absolute `HOME`).
///
/// | folder   | variable          | default              | holds                 |
/// |----------|-------------------|----------------------|-----------------------|
/// | `config` | `XDG_CONFIG_HOME` | `~/.config/tvgrid`   | `config`              |
/// | `data`   | `XDG_DATA_HOME`   | `~/.local/share/tvgrid` | `reminders.json`, `favourites.json`, `search-history` |
/// | `state`  | `XDG_STATE_HOME`  | `~/.local/state/tvgrid` | logs (`player.log`, `commands.log`) |
/// | `cache`  | `XDG_CACHE_HOME`  | `~/.cache/tvgrid`    | downloads (later)     |
/// | `runtime` | `XDG_RUNTIME_DIR` | none (callers use `state`) | a player's secret headers while it starts |
public struct TVGridPaths: Hashable, Sendable {
  public var config: String?
  public var data: String?
  public var state: String?
  public var cache: String?
  public var runtime: String?

  public init(environment: [String: String]) {
    func folder(_ variable: String, _ fallback: String) -> String? {
      if let base = environment[variable], base.hasPrefix("/") { return base + "/tvgrid" }
      guard let home = environment["HOME"], home.hasPrefix("/") else { return nil }
      return home + "/" + fallback + "/tvgrid"
    }
    config = folder("XDG_CONFIG_HOME", ".config")
    data = folder("XDG_DATA_HOME", ".local/share")
    state = folder("XDG_STATE_HOME", ".local/state")
    cache = folder("XDG_CACHE_HOME", ".cache")
    if let base = environment["XDG_RUNTIME_DIR"], base.hasPrefix("/") {
      runtime = base + "/tvgrid"
    }
  }

  /// The config file, `config/config`.
  public var configFile: String? { config.map { $0 + "/config" } }
  /// The reminders, `data/reminders.json`.
  public var remindersFile: String? { data.map { $0 + "/reminders.json" } }
  /// The searches run at `/`, `data/search-history`.
  public var searchHistoryFile: String? { data.map { $0 + "/search-history" } }
  /// The favourites and hidden channels chosen in the guide,
  /// `data/favourites.json`.
  public var channelChoicesFile: String? { data.map { $0 + "/favourites.json" } }
}
