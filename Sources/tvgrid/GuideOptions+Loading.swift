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

  /// Loads the source: FILE, or the demo guide from today's midnight in the
  /// display zone. With `showProgress`, a load longer than half a second
  /// reports its progress on standard error.
  func loadSchedule(showProgress: Bool = false) -> Result<Schedule, LoadError> {
    guard let file else {
      let now = self.now
      let zone = offsetTable(covering: TimeSpan(start: now - 86_400, end: now + 86_400))
      let today = LocalTime.startOfDay(LocalTime(now, in: zone).dayNumber, in: zone)
      return .success(DemoGuide.schedule(start: today, options: loadOptions))
    }
    var loadOptions = self.loadOptions
    let reporter = LoadProgress(name: file)
    if showProgress { loadOptions.progress = { reporter.report(read: $0, total: $1) } }
    defer { reporter.finish() }
    do {
      return .success(try ScheduleLoader.load(path: file, options: loadOptions))
    } catch {
      return .failure(error)
    }
  }

  /// `loadSchedule()`, or nil after printing the error to standard error as
  /// `prefix` + `FILE:LINE:COLUMN: message` (with the config file's line
  /// when the file came from its `guide`); the caller exits with status 1.
  func loadReportingErrors(prefix: String = "", showProgress: Bool = false) -> Schedule? {
    switch loadSchedule(showProgress: showProgress) {
    case .success(let schedule): return schedule
    case .failure(let error):
      printError(prefix + source.explaining(error.description))
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
