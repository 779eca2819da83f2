import EPGFrontEnd
import EPGNcurses
import EPGPlatform
import EPGRaster
import EPGSchedule
import Foundation

/// `tvgrid render [FILE]`: prints the screen the interactive guide shows at
/// start-up, made by the same composition function (`AppState.render()`).
///
///     tvgrid render [FILE] [--size COLUMNSxROWS] [--now TIME] [--at TIME]
///                   [--color auto|always|never] and every option of `tvgrid [FILE]`
///
/// `--at` scrolls the view so that TIME (rounded down to a whole column) is
/// at the left edge of the grid area, as paging through time would.
///
/// Plain text, unless `--color always` (ANSI escape sequences), or `auto`
/// with standard output a terminal. The size defaults to the terminal's
/// (`COLUMNS`/`LINES`, then the window size), else 80x24.
enum RenderCommand {
  /// Runs `render` with the words after the subcommand; returns the exit
  /// status.
  static func run(arguments: [String]) -> Int32 {
    let utf8 = TerminalLocale.prepare()
    let options: GuideOptions
    switch GuideCommand.parse(arguments, extraOptions: ["--size", "--at"], utf8: utf8) {
    case .success(let resolved): options = resolved
    case .failure(let error):
      printError("tvgrid render: \(error.description)")
      printError("Try 'tvgrid --help'.")
      return 2
    }
    guard let loaded = options.loadReportingErrors(prefix: "tvgrid render: ") else { return 1 }
    KeptUntilExit.keep(loaded)
    let schedule = loaded.schedule
    options.printConfigProblems(prefix: "tvgrid render: ", schedule: schedule)
    let size = options.size ?? terminalSize() ?? CellSize(columns: 80, rows: 24)
    let now = options.fixedNow ?? SystemClock().now()
    var state = options.initialState(
      schedule: schedule, playlist: loaded.joined, size: size, now: now)
    if let instant = options.viewAt { state.scrollView(toStart: instant) }
    // The status line at the start, as in the guide.
    if let notice = options.configNotice(schedule: schedule) {
      state.apply(.notice([state.message, notice].compactMap { $0 }.joined(separator: "; ")))
    }
    let grid = state.render()
    let ansi = options.forceColour || (options.colour && isatty(1) == 1)
    print(ansi ? grid.ansiText() : grid.plainText())
    return 0
  }

  /// `COLUMNS` × `LINES`, else the window size of standard output.
  static func terminalSize() -> CellSize? {
    let environment = ProcessInfo.processInfo.environment
    if let columns = environment["COLUMNS"].flatMap(Int.init),
      let rows = environment["LINES"].flatMap(Int.init), columns > 0, rows > 0
    {
      return CellSize(columns: columns, rows: rows)
    }
    var window = winsize()
    guard isatty(1) == 1, ioctl(1, UInt(TIOCGWINSZ), &window) == 0, window.ws_col > 0,
      window.ws_row > 0
    else { return nil }
    return CellSize(columns: Int(window.ws_col), rows: Int(window.ws_row))
  }
}
