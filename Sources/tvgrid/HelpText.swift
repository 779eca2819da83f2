import EPGActions

/// The text of `tvgrid --help` and `tvgrid --version`.
enum HelpText {
  static let version = "tvgrid \(TVGridVersion.number) (MIT licence: see LICENSE)"

  static let usage = """
    tvgrid — a TV guide for the terminal (XMLTV and JSON schedules)

    Usage:
      tvgrid [FILE]... [options]          open the guide (no FILE: the config's guide, else the
                                          built-in demo guide; tvgrid init sets yours)
      tvgrid render [FILE]... [options]   print the start-up screen
      tvgrid now [FILE]... [--now TIME] [--json]
                                          what is on at TIME on each channel, and next
      tvgrid check FILE... [--suggest-map]
                                          validate a guide and report what was repaired
      tvgrid PLAYLIST.m3u [GUIDE]... [--guide GUIDE]... [--all-channels]
                                          a playlist's entries with their guides (also
                                          render, now, check: the match report first)
      tvgrid layout [FILE] --now TIME --viewport WxH [--offset X,Y] [--set NAME=VALUE ...]
                                          the layout's elements as JSON lines (debugging)
      tvgrid demo [--channels N] [--days N] [--seed S] [--start TIME]
                                          write a generated XMLTV guide to stdout
      tvgrid reminders [FILE]... [--json | --ics]
                                          the reminders (--ics: iCalendar)
      tvgrid remind [FILE]... --due [--within 5m] [--run NAME]
                                          print and notify the reminders due, once each (cron)
      tvgrid remind [FILE]... --add CHANNEL --start TIME
                                          set a reminder
      tvgrid search QUERY [FILE]... [--days N] [--json]
      tvgrid search --saved [NAME] [FILE]...
                                          programmes matching a query or saved searches
                                          (words ignore accents, case and width: hirado
                                          finds Híradó; the query language: man tvgrid)
      tvgrid cache [clear]                snapshots of parsed guides and downloads; clear: remove
      tvgrid init [--guide FILE|URL]... [--playlist FILE|URL] [--player CMD] [--time-zone ZONE]
                                          write a commented config file (never over one)

    FILE is XMLTV (.xml, .xml.gz) or tvgrid JSON (.json); - reads stdin; or an M3U playlist
    (.m3u, .m3u8, #EXTM3U), whose guides are the FILEs after it and --guide, else its
    x-tvg-url, else the config's. Every command takes several FILEs: tvgrid a.xml b.xml
    merges them in order, as tvgrid a.xml --guide b.xml does; a playlist comes first.
    FILE and GUIDE may be http:// or https:// URLs (cached; see refresh in the manual).
    TIME is an XMLTV timestamp (20261130201500 +0000), ISO 8601 (2026-11-30T20:15Z), or what
    the : key reads: 21:00, 9pm, fri 21:00, tomorrow 8pm, +2h, now (from the real clock for
    --now, from --now for --at and --start).

    Options of the guide and render:
      --now TIME            fix the clock (reproducible screens)
      --time-zone ZONE      display zone, e.g. Europe/Berlin (default: TZ, else the system's)
      --shift ±HH:MM        correct a guide that writes local time as UTC
      --lang LANGS          preferred languages, e.g. de,en (default: LANG)
      --theme color|monochrome    --zoom N (columns per hour)    --clock 12|24
      --color auto|always|never   --no-color (also when NO_COLOR is set)
      --ascii               ASCII gridlines (default when the locale is not UTF-8)
      --no-mouse            leave the mouse to the terminal
      --size COLSxROWS      (render) the screen size (default: the terminal's, else 80x24)
      --at TIME             (render) scroll TIME to the left edge of the grid
      --guide GUIDE         a playlist's guide, or a guide merged after the FILEs (repeatable)
      --all-channels        with a playlist, also the guide channels no entry uses
      --offline             URL sources from the cache only (with their age)
      --tvheadend URL       a tvheadend server's playlist and guide (R records on it)

    Options of now, check, layout, reminders, remind and search: --now TIME,
    --time-zone ZONE, --lang LANGS, --shift ±HH:MM, --guide GUIDE, --offline,
    --tvheadend URL; now also --all-channels; check also --limit N (findings listed,
    default 200). Every command that loads a guide: --no-cache (parse the files; neither
    read nor write snapshots of parsed guides).

    Other:
      -h, --help            this text          --version     the version
      tvgrid COMMAND --help, tvgrid help COMMAND   the usage and options of one subcommand

    Keys in the guide: press ? or F1. Manual: man tvgrid.
    """

  /// The help of one subcommand (`tvgrid now --help`), or nil for a word
  /// that is not a subcommand.
  static func usage(of command: String) -> String? {
    switch command {
    case "render":
      return """
        Usage: tvgrid render [FILE]... [--size COLSxROWS] [--at TIME] [options of the guide]

        Prints the screen the interactive guide shows at start-up: plain text, or ANSI
        colours with --color always (or auto when stdout is a terminal).

          --size COLSxROWS      screen size (default: COLUMNS/LINES, the terminal's, else 80x24)
          --at TIME             scroll TIME to the left edge of the grid
          --now TIME, --time-zone ZONE, --shift ±HH:MM, --lang LANGS, --theme color|monochrome,
          --zoom N, --clock 12|24, --color auto|always|never, --no-color, --ascii,
          --guide GUIDE, --all-channels, --offline, --tvheadend URL
                                as for the guide (tvgrid --help)

        FILE is XMLTV or tvgrid JSON; - reads stdin; none: the config's guide, else the demo.
        """
    case "now":
      return """
        Usage: tvgrid now [FILE]... [--now TIME] [--json] [--time-zone ZONE] [--lang LANGS]
                          [--shift ±HH:MM]

        For every channel, the programme on at TIME (start <= TIME < stop) and the next one.
        Exit 1 (the reason on stderr) when nothing is on at TIME on any channel.

          --now TIME            the instant (default: now)
          --json                JSON instead of the table
          --time-zone ZONE      zone of the times shown (default: TZ, else the system's)
          --lang LANGS          preferred languages, e.g. de,en (default: LANG)
          --shift ±HH:MM        correct a guide that writes local time as UTC
          --guide GUIDE         a playlist's guide, or a guide merged after FILE (repeatable)
          --all-channels        with a playlist, also the guide channels no entry uses
          --offline             URL sources from the cache only
          --tvheadend URL       a tvheadend server's playlist and guide

        FILE is XMLTV, tvgrid JSON or an M3U playlist (one object per entry in --json, with
        group, guideChannel, match, shift and key); - reads stdin; several FILEs are merged
        in order; none: the config's guide, else the demo.
        """
    case "check":
      return """
        Usage: tvgrid check [FILE]... [--limit N] [--suggest-map] [--time-zone ZONE] [--lang LANGS]
                            [--shift ±HH:MM]

        Loads FILE and reports what was repaired, each finding as FILE:LINE:COLUMN: kind:
        message. Exit 0 when the file loads, 1 when it does not or when mistakes in its XML
        (a bare &, an unknown entity, an end tag naming another element) were made good to
        load it (xmlRepaired findings).

          --limit N             findings listed (default 200)
          --suggest-map         (a playlist) only map = lines for the unmatched entries with
                                one closest guide channel, to paste into the config file
          --guide GUIDE         a playlist's guide, or a guide merged after FILE (repeatable)
          --offline             URL sources from the cache only
          --tvheadend URL       a tvheadend server's playlist and guide

        FILE is XMLTV, tvgrid JSON or an M3U playlist (the match report first, then the
        playlist's problems, what each source gave the merge and which copy of a URL was
        used, and each guide's report); - reads stdin; none: the config's guide, else the
        demo. FILE and GUIDE may be URLs.
        """
    case "layout":
      return """
        Usage: tvgrid layout [FILE] --now TIME --viewport WxH [--offset X,Y] [--set NAME=VALUE ...]

        Every element of the program-guide layout in the viewport, one JSON object per line
        (points, content coordinates). For debugging the layout.

          --now TIME            the current time (required)
          --viewport WxH        viewport size in points (required)
          --offset X,Y          content offset of the viewport in points (default 0,0)
          --set NAME=VALUE      set a layout property (repeatable)
          --time-zone ZONE, --lang LANGS, --shift ±HH:MM   as for now
        """
    case "demo":
      return """
        Usage: tvgrid demo [--channels N] [--days N] [--seed S] [--start TIME]

        Writes a generated XMLTV guide to stdout; the same options give the same bytes.

          --channels N          number of channels (default 40)
          --days N              days of programmes (default 3)
          --seed S              random seed (default 1)
          --start TIME          first day (default: today's midnight, UTC)
        """
    case "init":
      return """
        Usage: tvgrid init [--guide FILE|URL]... [--playlist FILE|URL] [--player COMMAND]
                           [--time-zone ZONE] [--print]

        Writes a config file with every common setting explained in a comment to
        $XDG_CONFIG_HOME/tvgrid/config (else ~/.config/tvgrid/config), written to a
        temporary name and moved into place; an existing config file is never replaced
        (exit 1). The values given are set, the others left commented out.

          --guide FILE|URL      a guide tvgrid opens without FILE (repeatable: merged in order)
          --playlist FILE|URL   an M3U playlist to open (its own guides first, else --guide's)
          --player COMMAND      the player of streams (w), e.g. 'mpv --force-window'
          --time-zone ZONE      the zone times are shown in, e.g. Europe/Berlin
          --print               print the file instead of writing it

        Relative paths are made absolute. Then plain tvgrid opens your guide.
        """
    case "search":
      return """
        Usage: tvgrid search QUERY [FILE]... [--days N] [--json] [options]
               tvgrid search --saved [NAME] [FILE]... [--days N] [--json] [options]

        Prints the programmes matching QUERY that are not over yet, soonest first; with
        --saved, each saved search's upcoming matches (search NAME = QUERY in the config),
        repeats of a title and episode left out. Exit 2 when the query cannot be read (the
        column is named).

          --days N              only the next N days (default: to the guide's end)
          --json                JSON instead of lines
          --saved [NAME]        the saved searches (NAME: only that one; one word after
                                --saved is a search's name when there is one, else FILE)
          --now TIME, --time-zone ZONE, --lang LANGS, --shift ±HH:MM, --guide GUIDE,
          --offline, --tvheadend URL, --no-cache   as for now

        QUERY: words (titles containing them), "exact phrases", title: subtitle: desc:
        cast: genre: channel: fields, new, repeat, after:20:00, before:23:00, rating<=12,
        has:subtitles|signed|ad|hd; - before a term negates it (man tvgrid: Searches).
        """
    case "reminders":
      return """
        Usage: tvgrid reminders [FILE]... [--json | --ics] [options]

        Lists the reminders ($XDG_DATA_HOME/tvgrid/reminders.json) matched against the
        guide, soonest first: a programme that moved shows its new time, one that left the
        guide is flagged (not in the guide). Reads only.

          --json                JSON instead of lines
          --ics                 an iCalendar file (RFC 5545, UTC times) for any calendar
          --now TIME, --time-zone ZONE, --lang LANGS, --shift ±HH:MM, --guide GUIDE,
          --offline, --tvheadend URL, --no-cache   as for now
        """
    case "remind":
      return """
        Usage: tvgrid remind [FILE]... --due [--within DURATION] [--run NAME] [options]
               tvgrid remind [FILE]... --add CHANNEL_ID --start TIME [options]

        --due prints the reminders due now (their programme starts within remind_before
        minutes, plus DURATION) and runs notify_command (and command NAME) for each, once
        each: for cron or a systemd timer (* * * * * tvgrid remind --due --within 1m).
        --add sets a reminder for the programme on CHANNEL_ID at TIME.

          --due                 fire the reminders due now
          --within DURATION     also those due within DURATION (5m, 90s, 1h)
          --run NAME            also run the config's command NAME for each
          --add CHANNEL_ID      set a reminder (with --start TIME)
          --start TIME          the programme's start (any time it is on also finds it)
          --now TIME, --time-zone ZONE, --lang LANGS, --shift ±HH:MM, --guide GUIDE,
          --offline, --tvheadend URL, --no-cache   as for now
        """
    case "cache":
      return """
        Usage: tvgrid cache [clear [--downloads | --snapshots]]

        The snapshots of parsed guides in $XDG_CACHE_HOME/tvgrid/snapshots (else
        ~/.cache/tvgrid/snapshots): one line each with its size, age and guide file, and the
        total against cache_size (config, default 2G); then the downloads of URL sources in
        $XDG_CACHE_HOME/tvgrid (size, age, URL with its secrets masked). clear removes both
        (only tvgrid's own files; a download another tvgrid is refreshing is left);
        --downloads or --snapshots only those. Any command that loads a guide takes
        --no-cache to parse it instead.
        """
    default:
      return nil
    }
  }
}
