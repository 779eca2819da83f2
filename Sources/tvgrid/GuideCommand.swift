import EPGFrontEnd
import EPGLayout
import EPGSchedule
import Foundation

#if canImport(Glibc)
  import Glibc
#endif

/// `tvgrid [FILE]`: the interactive guide (issue 6).
///
///     tvgrid [FILE] [--now TIME] [--time-zone ZONE] [--theme color|monochrome]
///            [--color auto|always|never] [--no-color] [--zoom N] [--clock 12|24]
///            [--ascii] [--no-mouse] [--lang LIST] [--shift ±hh:mm]
///
/// Without FILE it opens the `guide` of the config file, else the built-in
/// demo guide (3 days from today).
enum GuideCommand {
  /// Flags shared with `render`.
  static let flagNames = GuideOptions.viewFlagNames.union(GuideOptions.inputFlagNames)
    .union(GuideOptions.cacheFlagNames)
  /// Options shared with `render`.
  static let optionNames = GuideOptions.inputOptionNames.union(GuideOptions.viewOptionNames)

  /// Runs the interactive guide with the words after `tvgrid`; returns the
  /// exit status.
  static func run(arguments: [String]) -> Int32 {
    let utf8 = TerminalLocale.prepare()
    let options: GuideOptions
    switch parse(arguments, extraOptions: [], utf8: utf8) {
    case .success(let resolved): options = resolved
    case .failure(let error): return usageFailure(error.description)
    }
    guard
      let loaded = options.loadReportingErrors(prefix: "tvgrid: ", showProgress: isatty(2) == 1)
    else { return 1 }
    let schedule = loaded.schedule
    // Before curses starts: the terminal's normal screen keeps them, so
    // they are visible again after exit, however the session ends.
    options.printConfigProblems(prefix: "tvgrid: ", schedule: schedule)
    let backend: NcursesBackend
    switch NcursesBackend.open(colour: options.colour, mouse: options.mouse) {
    case .success(let opened): backend = opened
    case .failure(let error):
      let hint =
        error.description.contains("tvgrid render")
        ? "" : " (use 'tvgrid render' for a text picture)"
      printError("tvgrid: \(error.description)\(hint)")
      return 1
    }
    var screen = Screen(backend: backend)
    let reload = liveReload(options, loaded: loaded)
    if let fixed = options.fixedNow {
      runLoop(options, loaded: loaded, screen: &screen, clock: FixedClock(fixed), reload: reload)
    } else {
      runLoop(options, loaded: loaded, screen: &screen, clock: SystemClock(), reload: reload)
    }
    backend.close()
    return 0
  }

  static func runLoop(
    _ options: GuideOptions, loaded: LoadedGuide, screen: inout Screen<NcursesBackend>,
    clock: some Clock, reload: LiveReload?
  ) {
    let state = options.initialState(
      schedule: loaded.schedule, playlist: loaded.joined, size: screen.backend.size,
      now: clock.now())
    var reload = reload
    var players = PlayerSession(environment: ProcessInfo.processInfo.environment)
    var writing = false
    GuideApp.run(
      state: state, screen: &screen, clock: clock,
      idle: {
        (reload?.poll(at: ProcessInfo.processInfo.systemUptime) ?? []) + players.poll()
      },
      wake: {
        // First asked just after the first frame: snapshots of what was
        // parsed are written from then on, in the background.
        if !writing {
          writing = true
          SnapshotWrites.shared.startInBackground()
        }
        return [reload?.wakeInterval, players.wakeInterval].compactMap { $0 }.min()
      },
      perform: { effect, screen in
        switch effect {
        case .play(let request):
          let backend = screen.backend
          let actions = players.start(request, now: clock.now()) { run in
            backend.outsideCurses(run)
          }
          // After the terminal was handed over, every cell is drawn again.
          if request.inTerminal { screen.invalidate() }
          return actions
        }
      })
  }

  /// Live reload of the files behind the guide (not standard input, not
  /// the demo guide): the guide file, or a playlist and the local guides
  /// it was loaded with. When any of them changes, all are loaded again,
  /// in the background. The files watched are those of the first load (a
  /// playlist whose header comes to name other guides needs a restart).
  static func liveReload(_ options: GuideOptions, loaded: LoadedGuide) -> LiveReload? {
    let files = loaded.snapshots
    guard !files.isEmpty else { return nil }
    return LiveReload(files: files) {
      switch options.loadGuide(quiet: true) {
      case .success(let reloaded):
        SnapshotWrites.shared.startInBackground()
        return .success(
          options.guideModel(schedule: reloaded.schedule, playlist: reloaded.joined))
      case .failure(let failure):
        // File names, not whole paths: the status line is short.
        var text = failure.description
        for (path, _) in files where path.contains("/") {
          let name = path.split(separator: "/").last.map(String.init) ?? path
          text = text.replacingOccurrences(of: path + ":", with: name + ":")
        }
        return .failure(LoadFailure(text))
      }
    }
  }

  // MARK: Shared with render

  /// Parses the command line words and resolves them with the environment
  /// and the config file.
  static func parse(_ words: [String], extraOptions: Set<String>, utf8: Bool) -> Result<
    GuideOptions, UsageError
  > {
    do throws(UsageError) {
      let args = try Arguments(words, flags: flagNames, options: optionNames.union(extraOptions))
      return .success(try GuideOptions.resolve(args, localeIsUTF8: utf8))
    } catch {
      return .failure(error)
    }
  }

  static func usageFailure(_ message: String) -> Int32 {
    printError("tvgrid: \(message)")
    printError("Try 'tvgrid --help'.")
    return 2
  }
}
