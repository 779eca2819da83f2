import EPGPlaylist

/// The config file `tvgrid init` writes: the settings a new user looks for
/// first, each explained in a comment; the guide, playlist, player and time
/// zone given are set, the rest are commented out at their defaults.
///
/// `problems` reads the text back with `ConfigFile` (the one parser of the
/// file), so what is written is what the next start reads: a value that
/// would not survive the file's syntax (a comma inside a guide list item,
/// a `#` after a space, a line break) is refused, not written wrong.
public struct ConfigTemplate: Hashable, Sendable {
  /// Guide files or URLs, merged in this order (`--guide`).
  public var guides: [String] = []
  /// An M3U playlist, file or URL (`--playlist`): listed first, so the
  /// guides are its own (its `x-tvg-url`), else `guides`.
  public var playlist: String?
  /// The player command (`player =`), a command template.
  public var player: String?
  /// The display zone (`time_zone =`).
  public var timeZone: String?
  /// The system's zone, named in the comment when no zone is set.
  public var systemZone: String?

  public init() {}

  /// The `guide =` list: the playlist first, then the guides.
  public var guideList: [String] { (playlist.map { [$0] } ?? []) + guides }

  /// The file's text.
  public var text: String {
    var lines = [
      "# tvgrid's config file, written by tvgrid init. One \"key = value\" a line;",
      "# \"#\" starts a comment. Every key is explained in man tvgrid (FILES).",
      "",
      "# The guide tvgrid opens when no FILE is given: XMLTV files or http(s) URLs,",
      "# a comma list merged in order, and at most one M3U playlist, whose own",
      "# guides (its x-tvg-url) come first, else the others listed here.",
    ]
    if guideList.isEmpty {
      lines += [
        "# guide = ~/tv/guide.xml.gz",
        "# guide = https://provider.example/playlist.m3u, https://epg.example/guide.xml.gz",
      ]
    } else {
      lines.append("guide = " + guideList.joined(separator: ", "))
    }
    lines += [
      "",
      "# Plays a stream (w): a command run without a shell; {url} {title} {channel}",
      "# {start} {stop} are each one argument; the URL goes last, after --.",
      player.map { "player = " + $0 } ?? "# player = mpv --force-window",
      "",
      "# The zone times are shown in (default: TZ, else the system's"
        + (systemZone.map { ", " + $0 } ?? "") + ").",
      timeZone.map { "time_zone = " + $0 } ?? "# time_zone = " + (systemZone ?? "Europe/Berlin"),
      "",
      "# How the guide looks (defaults, or examples where there is none).",
      "# theme = color              # color | monochrome",
      "# zoom = 24                  # columns per hour: 6 12 18 24 36 48 72 120",
      "# clock = 24                 # 24 | 12",
      "# channel_width = 20         # columns of the channel column (default: a sixth",
      "#                            # of the screen, 10 to 20; < and > change it)",
      "# hide_empty = no            # yes: leave out channels with nothing in the guide (X)",
      "# languages = en, de         # preferred languages of titles and names",
      "# favourites = bbc1.uk, Das Erste   # shown first (ids, names or numbers)",
      "# hidden = shop.tv           # never shown",
      "# prime_time = 20:00         # where p goes",
      "",
      "# Reminders (r): minutes ahead, and a command run when one fires.",
      "# remind_before = 2",
      "# notify_command = notify-send {title} {channel}",
      "",
      "# Downloads of URL sources: ask again after (0: at every start).",
      "# refresh = 12h",
    ]
    return lines.joined(separator: "\n") + "\n"
  }

  /// What is wrong with the values given, read back from `text` as
  /// tvgrid will read the file; empty when they survive whole.
  public var problems: [String] {
    var problems: [String] = []
    for item in guideList {
      if item.contains(",") {
        problems.append("'\(item)': a guide or playlist with a comma cannot go in the guide list")
      }
    }
    let read = ConfigFile(parsing: text)
    problems += read.warnings.map { $0.replacingOccurrences(of: "config line ", with: "line ") }
    if problems.isEmpty, read.guidePaths != guideList {
      problems.append(
        "the guide list would be read back as "
          + read.guidePaths.map { "'\($0)'" }.joined(separator: ", "))
    }
    if let player, problems.isEmpty, read.settings.player != (try? PlayerCommand(template: player))
    {
      problems.append("player '\(player)' would not be read back whole")
    }
    if let timeZone, read.timeZone != timeZone, problems.isEmpty {
      problems.append("time_zone '\(timeZone)' would not be read back whole")
    }
    return problems
  }
}
