import EPGFrontEnd
import EPGSchedule

/// `tvgrid check [FILE] [--limit N]`: a report in the spirit of
/// tv_validate_file. Exit status 0 when the file loads (repairs are
/// reported, not fatal), 1 when it does not (the error on stderr, as
/// `FILE:LINE:COLUMN: message`).
enum CheckCommand {
  /// Runs the subcommand with the words after it; returns the exit status.
  static func run(arguments: [String]) -> Int32 {
    let options: GuideOptions
    let limit: Int
    do throws(UsageError) {
      let args = try Arguments(
        arguments, flags: [], options: GuideOptions.inputOptionNames.union(["--limit"]))
      options = try GuideOptions.resolve(args, localeIsUTF8: true)
      limit = try args.integer("--limit", in: 0...1_000_000) ?? 200
    } catch {
      return reportUsage(error, command: "check")
    }
    let report: CheckReport
    if let file = options.file {
      report = CheckReport(path: file, options: options.loadOptions)
    } else {
      guard let demo = options.loadReportingErrors() else { return 1 }
      report = CheckReport(schedule: demo, path: "demo")
    }
    options.printConfigProblems(prefix: "tvgrid check: ", schedule: nil)
    if let error = report.loadError {
      printError(options.source.explaining(error.description))
      return 1
    }
    print(report.text(limit: limit), terminator: "")
    return 0
  }
}
