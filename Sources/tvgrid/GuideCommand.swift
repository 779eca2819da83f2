import EPGActions
import EPGFrontEnd
import EPGLayout
import EPGNcurses
import EPGPlatform
import EPGPlaylist
import EPGRaster
import EPGRemote
import EPGSchedule
import Foundation

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
    .union(GuideOptions.inputSwitchNames)
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
      let loaded = options.loadReportingErrors(
        prefix: "tvgrid: ", showProgress: isatty(2) == 1, printNotices: false)
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
    let environment = ProcessInfo.processInfo.environment
    if let fixed = options.fixedNow, let rate = RunningClock.rate(environment: environment) {
      // For tests: the clock runs from --now, `rate` times as fast.
      runLoop(
        options, loaded: loaded, screen: &screen, clock: RunningClock(start: fixed, rate: rate),
        reload: reload)
    } else if let fixed = options.fixedNow {
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
    // tvgrid's own files: favourites and hidden channels chosen in the
    // guide (`*`, `x`), the search history, the reminders.
    var actionSession = ActionSession(environment: ProcessInfo.processInfo.environment)
    var stored = actionSession.loadChannelChoices(now: clock.now())
    var reminders = actionSession.loadReminders(now: clock.now())
    // Rows kept by position by older versions (`m3u:3`) follow their
    // channel from now on (written at once, and said).
    if let joined = loaded.joined, let playlist = loaded.playlist {
      let name = ActionsSupport.name(of: playlist)
      let choices = stored.choices.migratingRowKeys(with: joined)
      if !choices.migration.moved.isEmpty {
        _ = actionSession.perform(
          .saveChannelChoices(from: stored.choices, to: choices.choices), now: clock.now())
        stored.choices = choices.choices
      }
      let list = joined.migratingRowKeys(of: reminders.list)
      if !list.migration.moved.isEmpty {
        _ = actionSession.perform(
          .saveReminders(from: reminders.list, to: list.list), now: clock.now())
        reminders.list = list.list
      }
      // Names come from the playlist and the files: shown, never run.
      let sanitizer: TextSanitizer = options.settings.unicode ? .unicode : .ascii
      stored.problems += choices.migration.messages(file: "favourites.json", playlist: name).map {
        sanitizer.sanitize($0)
      }
      reminders.problems += list.migration.messages(file: "reminders.json", playlist: name).map {
        sanitizer.sanitize($0)
      }
    }
    var state = options.initialState(
      schedule: loaded.schedule, playlist: loaded.joined, size: screen.backend.size,
      now: clock.now(), choices: stored.choices)
    // What the status line says at the start, in one line: the start-up
    // state's own message (a guide with nothing on now), the config file's
    // problems, a URL source's old or offline copy, the problems of
    // tvgrid's own files (favourites, reminders).
    var notices = [state.message, options.configNotice(schedule: loaded.schedule)]
      .compactMap { $0 }
    notices += loaded.notices
    state.loadSearchHistory(actionSession.loadSearchHistory(now: clock.now()))
    var reload = reload
    var players = PlayerSession(environment: ProcessInfo.processInfo.environment)
    state.apply(.remindersRead(reminders.list))
    let problems = stored.problems + reminders.problems
    // On the status line now, and after the session (stderr is kept).
    notices += problems
    for problem in problems { printError("tvgrid: \(problem)") }
    if !notices.isEmpty { state.apply(.notice(notices.joined(separator: "; "))) }
    // With a tvheadend server: its recordings, marked in the grid (`R`).
    let tvheadend = TvheadendSession(options)
    if let tvheadend {
      // `R` works at once; the marks come when the server has answered.
      state.apply(.recordingsChanged([]))
      tvheadend.start()
    }
    var writing = false
    GuideApp.run(
      state: state, screen: &screen, clock: clock,
      idle: {
        (reload?.poll(at: ProcessInfo.processInfo.systemUptime) ?? []) + players.poll()
          + actionSession.poll()
          + (tvheadend?.poll() ?? [])
      },
      wake: {
        // First asked just after the first frame: snapshots of what was
        // parsed are written from then on, in the background.
        if !writing {
          writing = true
          SnapshotWrites.shared.startInBackground()
        }
        return [
          reload?.wakeInterval, players.wakeInterval, actionSession.wakeInterval,
          tvheadend?.wakeInterval,
        ].compactMap { $0 }.min()
      },
      perform: { effect, screen in
        if let reported = actionSession.perform(effect, now: clock.now()) { return reported }
        switch effect {
        case .play(let request):
          let backend = screen.backend
          let actions = players.start(request, now: clock.now()) { run in
            backend.outsideCurses(run)
          }
          // After the terminal was handed over, every cell is drawn again.
          if request.inTerminal { screen.invalidate() }
          return actions
        case .record, .cancelRecording:
          return tvheadend?.perform(effect, now: clock.now()) ?? []
        case .bell:
          screen.backend.bell()
          return []
        default:
          return []
        }
      })
    players.finish()
  }

  /// Live reload of the files behind the guide (not standard input, not
  /// the demo guide): the guide file, or a playlist and the local guides
  /// it was loaded with. When any of them changes, all are loaded again,
  /// in the background. The files watched are those of the first load (a
  /// playlist whose header comes to name other guides needs a restart).
  /// URL sources are looked at every `remoteLookInterval`: when one is due
  /// (`RemoteCache.isDue`), the guide is loaded again, which asks the
  /// server.
  static func liveReload(_ options: GuideOptions, loaded: LoadedGuide) -> LiveReload? {
    let files = loaded.snapshots
    let remotes = loaded.remoteSources
    guard !files.isEmpty || !remotes.isEmpty else { return nil }
    var check: LiveReload.RemoteCheck?
    if !remotes.isEmpty {
      let watched = remotes.compactMap { remote -> WatchedURL? in
        guard
          let settings = try? options.remoteOptions(
            for: remote.source, playlistRefresh: remote.playlistRefresh)
        else { return nil }
        return WatchedURL(
          directory: settings.cacheDirectory, url: remote.source,
          credentials: settings.http.resolvedCredentials(for: remote.source),
          refresh: settings.refreshInterval, fetchedAt: remote.fetchedAt)
      }
      let offline = options.remote.offline
      check = LiveReload.RemoteCheck(
        interval: remoteLookInterval(refresh: watched.map(\.refresh).min() ?? 0),
        isDue: {
          let now = SystemClock().now()
          return !offline && watched.contains { $0.isDue(now: now) }
        })
    }
    let name =
      files.first.map { $0.path }
      ?? remotes.first.map { CredentialMask.host(of: $0.source) ?? $0.url }
    return LiveReload(files: files, remote: check, name: files.isEmpty ? name : nil) {
      switch options.loadGuide(quiet: true) {
      case .success(let reloaded):
        SnapshotWrites.shared.startInBackground()
        return .success(
          ReloadedGuide(
            model: options.guideModel(schedule: reloaded.schedule, playlist: reloaded.joined),
            changed: reloaded.hasNewDownload || !files.isEmpty, notices: reloaded.notices))
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

  /// Seconds between looks at whether a URL source is due: its refresh
  /// interval, at least 5 s and at most 5 minutes (with `refresh = 0`, 5
  /// minutes: "every start" does not mean every few seconds).
  static func remoteLookInterval(refresh: Int64) -> Double {
    refresh == 0 ? 300 : Double(min(max(refresh, 5), 300))
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
