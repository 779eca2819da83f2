/// The text of `tvgrid --help` and `tvgrid --version`.
enum HelpText {
  static let version = "tvgrid 0.1.0"

  static let usage = """
    tvgrid — a TV guide for the terminal (XMLTV and JSON schedules)

    Usage:
      tvgrid [FILE] [options]             open the guide (no FILE: the built-in demo guide)
      tvgrid render [FILE] [options]      print the start-up screen
      tvgrid now [FILE] [--now TIME] [--json]
                                          what is on at TIME on each channel, and next
      tvgrid check FILE                   validate a guide and report what was repaired
      tvgrid layout [FILE] --now TIME --viewport WxH [--offset X,Y] [--set NAME=VALUE ...]
                                          the layout's elements as JSON lines (debugging)
      tvgrid demo [--channels N] [--days N] [--seed S] [--start TIME]
                                          write a generated XMLTV guide to stdout
      tvgrid reminders [FILE] [--json | --ics]
                                          the reminders (--ics: iCalendar)
      tvgrid remind [FILE] --due [--within 5m] [--run NAME]
                                          print and notify the reminders due, once each (cron)
      tvgrid remind [FILE] --add CHANNEL_ID --start TIME
                                          set a reminder
      tvgrid search QUERY [FILE] [--days N] [--json]
      tvgrid search --saved [NAME] [FILE] programmes matching a query or saved searches

    FILE is XMLTV (.xml, .xml.gz) or tvgrid JSON (.json); - reads stdin.
    TIME is an XMLTV timestamp (20261130201500 +0000) or ISO 8601 (2026-11-30T20:15Z).

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

    Options of now, check, layout, reminders, remind and search: --now TIME, --time-zone ZONE, --lang LANGS,
    --shift ±HH:MM; check also --limit N (findings listed, default 200).

    Other:
      -h, --help            this text          --version     the version

    Keys in the guide: press ? or F1. Manual: man tvgrid.
    """
}
