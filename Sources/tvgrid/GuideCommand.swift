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
  static let flagNames: Set<String> = ["--no-color", "--ascii", "--no-mouse"]
  /// Options shared with `render`.
  static let optionNames: Set<String> = [
    "--now", "--time-zone", "--theme", "--color", "--zoom", "--clock", "--lang", "--shift",
  ]

  /// Runs the interactive guide with the words after `tvgrid`; returns the
  /// exit status.
  static func run(arguments: [String]) -> Int32 {
    let utf8 = TerminalLocale.prepare()
    let options: GuideOptions
    switch parse(arguments, extraOptions: [], utf8: utf8) {
    case .success(let resolved): options = resolved
    case .failure(let error): return usageFailure(error.description)
    }
    // Stat'ed before the load, so a change during it is reloaded later.
    let watched = options.file.flatMap { $0 == "-" ? nil : FileSnapshot.of(path: $0) }
    let schedule: Schedule
    switch loadSchedule(options, showProgress: isatty(2) == 1) {
    case .success(let loaded): schedule = loaded
    case .failure(let error):
      printError("tvgrid: \(error.description)")
      return 1
    }
    // Before curses starts: the terminal's normal screen keeps them, so
    // they are visible again after exit, however the session ends.
    for warning in options.warnings { printError("tvgrid: \(warning)") }
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
    let reload = liveReload(options, watched: watched)
    if let fixed = options.fixedNow {
      runLoop(
        options, schedule: schedule, screen: &screen, clock: FixedClock(fixed), reload: reload)
    } else {
      runLoop(options, schedule: schedule, screen: &screen, clock: SystemClock(), reload: reload)
    }
    backend.close()
    return 0
  }

  static func runLoop(
    _ options: GuideOptions, schedule: Schedule, screen: inout Screen<NcursesBackend>,
    clock: some Clock, reload: LiveReload?
  ) {
    let state = options.initialState(
      schedule: schedule, size: screen.backend.size, now: clock.now())
    guard var reload else {
      GuideApp.run(state: state, screen: &screen, clock: clock)
      return
    }
    GuideApp.run(
      state: state, screen: &screen, clock: clock,
      idle: { reload.poll(at: ProcessInfo.processInfo.systemUptime) },
      wake: { reload.wakeInterval })
  }

  /// Live reload of FILE (not standard input, not the demo guide): the
  /// file is loaded again, in the background, when it changes.
  static func liveReload(_ options: GuideOptions, watched: FileSnapshot?) -> LiveReload? {
    guard let file = options.file, file != "-" else { return nil }
    let loadOptions = options.loadOptions
    let settings = options.settings
    let name = file.split(separator: "/").last.map(String.init) ?? file
    return LiveReload(path: file, loaded: watched) {
      do {
        let schedule = try ScheduleLoader.load(path: file, options: loadOptions)
        return .success(
          GuideModel(
            schedule: schedule, favourites: settings.favourites, hidden: settings.hidden,
            genreKeywords: settings.genreKeywords))
      } catch {
        // The file's name, not its whole path: the status line is short.
        var text = String(describing: error)
        if text.hasPrefix(file + ":") { text = name + text.dropFirst(file.count) }
        return .failure(LoadFailure(text))
      }
    }
  }

  // MARK: Shared with render

  /// Parses the command line words and resolves them with the environment
  /// and the config file.
  static func parse(_ words: [String], extraOptions: Set<String>, utf8: Bool) -> Result<
    GuideOptions, TerminalError
  > {
    let args: Arguments
    do {
      args = try Arguments(words, flags: flagNames, options: optionNames.union(extraOptions))
    } catch {
      return .failure(TerminalError(error.description))
    }
    var flags = GuideOptions.Flags()
    do {
      flags.file = try args.optionalPositional()
      flags.zoom = try args.integer("--zoom", in: 1...1000)
    } catch {
      return .failure(TerminalError(error.description))
    }
    flags.now = args.value("--now")
    flags.timeZone = args.value("--time-zone")
    flags.theme = args.value("--theme")
    flags.color = args.value("--color")
    flags.noColor = args.flag("--no-color")
    flags.clock = args.value("--clock")
    flags.ascii = args.flag("--ascii")
    flags.noMouse = args.flag("--no-mouse")
    flags.languages = args.value("--lang")
    flags.shift = args.value("--shift")
    flags.size = args.value("--size")
    flags.at = args.value("--at")
    let environment = ProcessInfo.processInfo.environment
    return GuideOptions.resolve(
      flags, environment: environment, config: ConfigFile.load(environment: environment),
      localeIsUTF8: utf8)
  }

  /// Loads FILE, or the demo guide when there is none. With `showProgress`,
  /// a load longer than half a second reports its progress on standard
  /// error (the terminal is not in curses mode yet).
  static func loadSchedule(_ options: GuideOptions, showProgress: Bool) -> Result<
    Schedule, LoadError
  > {
    guard let file = options.file else {
      let now = options.fixedNow ?? SystemClock().now()
      let zone = options.offsetTable(covering: TimeSpan(start: now - 86_400, end: now + 86_400))
      let today = LocalTime.startOfDay(LocalTime(now, in: zone).dayNumber, in: zone)
      return .success(DemoGuide.schedule(start: today, options: options.loadOptions))
    }
    var loadOptions = options.loadOptions
    let reporter = LoadProgress(name: file)
    if showProgress { loadOptions.progress = { reporter.report(read: $0, total: $1) } }
    defer { reporter.finish() }
    do {
      return .success(try ScheduleLoader.load(path: file, options: loadOptions))
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

/// Shows "loading FILE… 42%" on standard error once a load has taken more
/// than half a second. A class (with `@unchecked Sendable`) because the
/// loader's progress callback must share it: it is only called on the
/// loading thread, one call at a time.
final class LoadProgress: @unchecked Sendable {
  private let name: String
  private let started = Date()
  private var shown = false

  init(name: String) {
    self.name = name
  }

  /// Called by the loader; always lets the load go on.
  func report(read: Int64, total: Int64) -> Bool {
    guard Date().timeIntervalSince(started) > 0.5 else { return true }
    shown = true
    let amount =
      total > 0 ? "\(read * 100 / total)%" : "\(read / 1_048_576) MB"
    FileHandle.standardError.write(Data("\rtvgrid: loading \(name)… \(amount)\u{1B}[K".utf8))
    return true
  }

  /// Clears the progress line, if one was shown.
  func finish() {
    if shown { FileHandle.standardError.write(Data("\r\u{1B}[K".utf8)) }
  }
}
