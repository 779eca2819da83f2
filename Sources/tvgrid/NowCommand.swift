import EPGFrontEnd
import EPGRaster
import EPGSchedule

/// `tvgrid now [FILE] [--now TIME] [--json]`: per channel, the programme on
/// at TIME and the next one.
enum NowCommand {
  /// Runs the subcommand with the words after it; returns the exit status.
  static func run(arguments: [String]) -> Int32 {
    let options: GuideOptions
    let json: Bool
    do {
      let args = try Arguments(
        arguments, flags: ["--json"], options: GuideOptions.inputOptionNames)
      options = try GuideOptions.resolve(args, localeIsUTF8: true)
      json = args.flag("--json")
    } catch {
      return reportUsage(error, command: "now")
    }
    guard let loaded = options.loadReportingErrors() else { return 1 }
    options.printConfigProblems(prefix: "tvgrid now: ", schedule: loaded)
    let schedule = options.settings.channelArrangement.arrange(loaded)
    let listing = NowListing(schedule: schedule, at: options.now)
    if json {
      print(listing.json(), terminator: "")
    } else {
      // Guide text is data: control characters and bidi overrides become
      // visible placeholders, and columns are padded by display width.
      let sanitizer = TerminalLocale.prepare() ? TextSanitizer.unicode : TextSanitizer.ascii
      let table = listing.text(
        offset: options.utcOffset(at:), clean: { sanitizer.sanitize($0) },
        width: { TextWidth.of($0) })
      print(table, terminator: "")
    }
    return 0
  }
}
