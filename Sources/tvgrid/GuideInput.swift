import EPGFrontEnd
import EPGLayout
import EPGSchedule
import Foundation

/// What the scripting subcommands (`now`, `check`, `layout`) share: the
/// clock, the display zone and the guide — FILE, or the built-in demo guide
/// for the three days from today when there is none.
struct GuideInput {
  /// The instant the command works at (`--now`, else the system clock).
  var now: EpochSeconds
  /// The display zone (`--time-zone`, else TZ, else the system's).
  var zone: TimeZone
  var loadOptions: LoadOptions

  /// The options every scripting subcommand accepts besides its own.
  static let optionNames: Set<String> = ["--now", "--time-zone", "--lang", "--shift"]

  /// Reads `--now`, `--time-zone`, `--lang` and `--shift` from `args`.
  init(_ args: Arguments) throws(UsageError) {
    let environment = ProcessInfo.processInfo.environment
    let zoneFlag = args.value("--time-zone")
    guard let displayZone = DisplayZone.resolve(flag: zoneFlag, environment: environment) else {
      throw UsageError("unknown time zone '\(zoneFlag ?? environment["TZ"] ?? "")'")
    }
    zone = displayZone
    if let text = args.value("--now") {
      guard let instant = TimeParsing.instant(text, zone: zone) else {
        throw UsageError(
          "cannot read the time '\(text)' (try 20261130201500 +0000 or 2026-11-30T20:15Z)")
      }
      now = instant
    } else {
      now = EpochSeconds(Date().timeIntervalSince1970)
    }
    var options = LoadOptions()
    if let languages = args.value("--lang") {
      options.preferredLanguages = languages.split(separator: ",").map(String.init)
    } else {
      options.preferredLanguages = LoadOptions.languages(fromEnvironment: environment)
    }
    if let text = args.value("--shift") {
      guard let shift = LoadOptions.parseShift(text) else {
        throw UsageError("--shift wants ±hh:mm, not '\(text)'")
      }
      options.shift = shift
    }
    loadOptions = options
  }

  /// The guide in `file`, or the demo guide starting at today's midnight in
  /// the display zone.
  func load(_ file: String?) throws(LoadError) -> Schedule {
    guard let file else {
      let table = UTCOffsetTable(
        zone: zone, covering: TimeSpan(start: now - 86_400, end: now + 86_400))
      let today = LocalTime.startOfDay(LocalTime(now, in: table).dayNumber, in: table)
      return DemoGuide.schedule(start: today, options: loadOptions)
    }
    return try ScheduleLoader.load(path: file, options: loadOptions)
  }

  /// `load(file)`, or nil after printing the error (`FILE:LINE:COLUMN:
  /// message`) to stderr; the caller exits with status 1.
  func loadReportingErrors(_ file: String?) -> Schedule? {
    do {
      return try load(file)
    } catch {
      printError(error.description)
      return nil
    }
  }

  /// Seconds east of UTC in the display zone at `instant`.
  func utcOffset(at instant: EpochSeconds) -> Int {
    zone.secondsFromGMT(for: Date(timeIntervalSince1970: TimeInterval(instant)))
  }
}
