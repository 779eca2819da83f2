import EPGFrontEnd
import EPGLayout
import EPGNcurses
import EPGPlatform
import EPGPlaylist
import EPGRaster
import EPGSchedule
import Foundation

/// `tvgrid now [FILE] [--now TIME] [--json]`: per channel (for a playlist,
/// per entry, its shift applied), the programme on at TIME and the next
/// one. Exit status 1 (with the reason on stderr) when
/// nothing at all is on at TIME: the guide has ended, not begun, or is empty.
enum NowCommand {
  /// Runs the subcommand with the words after it; returns the exit status.
  static func run(arguments: [String]) -> Int32 {
    let options: GuideOptions
    let json: Bool
    do {
      let args = try Arguments(
        arguments,
        flags: GuideOptions.inputFlagNames.union(GuideOptions.inputSwitchNames).union(["--json"]),
        options: GuideOptions.inputOptionNames)
      options = try GuideOptions.resolve(args, localeIsUTF8: true)
      json = args.flag("--json")
    } catch {
      return reportUsage(error, command: "now")
    }
    guard let loaded = options.loadReportingErrors(prefix: "tvgrid now: ") else { return 1 }
    KeptUntilExit.keep(loaded)
    options.printConfigProblems(prefix: "tvgrid now: ", schedule: loaded.schedule)
    let schedule = options.settings.channelArrangement.arrange(loaded.schedule)
    let instant = options.now
    let listing = NowListing(schedule: schedule, at: instant)
    var span = TimeSpan(start: instant, end: instant)
    for programmes in schedule.programmes where !programmes.isEmpty {
      span.start = min(span.start, programmes.span(at: 0).start)
      span.end = max(span.end, programmes.listedStop(at: programmes.count - 1))
    }
    let format = TimeFormat(zone: options.offsetTable(covering: span))
    // Guide text is data: control characters and bidi overrides become
    // visible placeholders, and columns are padded by display width.
    let utf8 = TerminalLocale.prepare()
    let table = NowTable(
      listing: listing, format: format, unicode: utf8, sanitizer: utf8 ? .unicode : .ascii)
    if json {
      let rows = loaded.joined?.rows ?? [:]
      print(
        listing.json { channel in
          rows[channel.id].map { playlistFields($0).merging(["key": channel.key.text]) { $1 } }
            ?? [:]
        }, terminator: "")
    } else {
      print(table.text(width: terminalColumns()), terminator: "")
    }
    guard table.isEmpty else { return 0 }
    printError("tvgrid now: \(nothingOnMessage(schedule, at: instant, format: format))")
    return 1
  }

  /// A playlist row's fields in `--json`: `group` (the first group, or
  /// null), `groups`, `guideChannel` (the guide's channel id, or null),
  /// `match` (`id`, `case`, `suffix`, `name`, `override`, `ambiguous`,
  /// `none`) and `shift` (seconds added to the guide's times); the caller
  /// adds `key` (`ChannelKey.text`, what reminders and favourites keep).
  static func playlistFields(_ row: PlaylistRow) -> [String: Any] {
    [
      "group": row.entry.groups.first ?? NSNull(), "groups": row.entry.groups,
      "guideChannel": row.guideChannelID ?? NSNull(), "match": row.match.label,
      "shift": row.shift,
    ]
  }

  /// Why nothing is on at `instant`: "nothing on at Mon 30 Nov 2026 11:30:
  /// the guide ended Sun 29 Nov 2026 06:00".
  static func nothingOnMessage(_ schedule: Schedule, at instant: EpochSeconds, format: TimeFormat)
    -> String
  {
    let at = "nothing on at \(format.date(instant)) \(format.clock(instant))"
    let listed = schedule.programmes.filter { !$0.isEmpty }
    let starts = listed.map { $0.span(at: 0).start }
    let stops = listed.map { $0.listedStop(at: $0.count - 1) }
    guard let first = starts.min(), let last = stops.max() else {
      return at + ": the guide has no programmes"
    }
    if instant >= last {
      return at + ": the guide ended \(format.date(last)) \(format.clock(last))"
    }
    if instant < first {
      return at + ": the guide starts \(format.date(first)) \(format.clock(first))"
    }
    return at + " on any channel"
  }

  /// The width of the terminal standard output is (`COLUMNS`, else the
  /// window size), or nil when it is not a terminal.
  static func terminalColumns() -> Int? {
    guard isatty(1) == 1 else { return nil }
    if let columns = ProcessInfo.processInfo.environment["COLUMNS"].flatMap(Int.init), columns > 0 {
      return columns
    }
    var window = winsize()
    guard ioctl(1, UInt(TIOCGWINSZ), &window) == 0, window.ws_col > 0 else { return nil }
    return Int(window.ws_col)
  }
}
