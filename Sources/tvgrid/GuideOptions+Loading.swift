import EPGFrontEnd
import EPGLayout
import EPGSchedule
import Foundation

#if canImport(Glibc)
  import Glibc
#endif

/// Loading the guide the options name, the same way for every command.
extension GuideOptions {
  /// The instant the command works at: `--now`, else the system clock.
  var now: EpochSeconds { fixedNow ?? SystemClock().now() }

  /// Loads the source: the guides and the playlist it names, or the demo
  /// guide from today's midnight in the display zone. With
  /// `showProgress`, a load longer than half a second reports its progress
  /// on standard error. The error names the file and where it was named.
  ///
  /// Guide files go through the snapshot cache (`loadGuideFile`); a
  /// snapshot that could not be used is noted on standard error unless
  /// `quiet` (a live reload runs under curses).
  func loadGuide(showProgress: Bool = false, quiet: Bool = false) -> Result<
    LoadedGuide, LoadFailure
  > {
    guard !source.isDemo else {
      let now = self.now
      let zone = offsetTable(covering: TimeSpan(start: now - 86_400, end: now + 86_400))
      let today = LocalTime.startOfDay(LocalTime(now, in: zone).dayNumber, in: zone)
      let demo = DemoGuide.schedule(start: today, options: loadOptions)
      return .success(
        LoadedGuide(
          playlist: nil, guides: [], merge: ScheduleMerge([demo]), joined: nil, matcher: nil,
          snapshots: []))
    }
    let loadOptions = self.loadOptions
    return LoadedGuide.load(
      source, overrides: settings.mapOverrides, allChannels: allChannels,
      defaultPastDays: Self.defaultPastDays
    ) { (file: String, pastDays: Int) throws(LoadError) -> Schedule in
      var options = loadOptions
      let reporter = LoadProgress(name: file)
      if showProgress { options.progress = { reporter.report(read: $0, total: $1) } }
      defer { reporter.finish() }
      return try loadGuideFile(file, options: options, pastDays: pastDays) { message in
        if !quiet { printError("tvgrid: " + message) }
      }
    }
  }

  /// The schedule to show (see `loadGuide`).
  func loadSchedule(showProgress: Bool = false) -> Result<Schedule, LoadFailure> {
    loadGuide(showProgress: showProgress).map(\.schedule)
  }

  /// `loadGuide()`, or nil after printing the error to standard error as
  /// `prefix` + `FILE:LINE:COLUMN: message` (with the config file's line
  /// when the file came from its `guide`); the caller exits with status 1.
  func loadReportingErrors(prefix: String = "", showProgress: Bool = false) -> LoadedGuide? {
    switch loadGuide(showProgress: showProgress) {
    case .success(let loaded): return loaded
    case .failure(let error):
      printError(prefix + error.description)
      return nil
    }
  }

  /// Config file problems on standard error, each after `prefix`: its
  /// warnings, and favourites or hidden channels that name no channel of
  /// `schedule`.
  func printConfigProblems(prefix: String, schedule: Schedule?) {
    var problems = warnings
    if let schedule {
      problems += settings.channelArrangement.problems(in: schedule.channels)
    }
    for problem in problems { printError(prefix + problem) }
  }

  /// Seconds east of UTC in the display zone at `instant`.
  func utcOffset(at instant: EpochSeconds) -> Int {
    timeZone.secondsFromGMT(for: Date(timeIntervalSince1970: TimeInterval(instant)))
  }
}
