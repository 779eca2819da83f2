import EPGFrontEnd
import EPGPlaylist
import EPGRaster
import EPGSchedule

/// `tvgrid check [FILE] [--guide FILE]… [--limit N]`: a report in the
/// spirit of tv_validate_file. Exit status 0 when everything loads
/// (repairs are reported, not fatal), 1 when something does not (the
/// error on stderr, as `FILE:LINE:COLUMN: message`).
///
/// For a playlist: the match report first (`MatchReport`), then the
/// playlist's own problems (`FILE:LINE: message`), then, for several
/// guides, what each added to the merge, then each guide's own report.
enum CheckCommand {
  /// Runs the subcommand with the words after it; returns the exit status.
  static func run(arguments: [String]) -> Int32 {
    let options: GuideOptions
    let limit: Int
    do throws(UsageError) {
      let args = try Arguments(
        arguments, flags: GuideOptions.cacheFlagNames,
        options: GuideOptions.inputOptionNames.union(["--limit"]))
      options = try GuideOptions.resolve(args, localeIsUTF8: true)
      limit = try args.integer("--limit", in: 0...1_000_000) ?? 200
    } catch {
      return reportUsage(error, command: "check")
    }
    if options.source.isDemo || options.file != nil {
      return checkOneGuide(options, limit: limit)
    }
    options.printConfigProblems(prefix: "tvgrid check: ", schedule: nil)
    guard let loaded = options.loadReportingErrors() else { return 1 }
    let sanitizer: TextSanitizer = TerminalLocale.prepare() ? .unicode : .ascii
    var sections: [String] = []
    if let playlist = loaded.playlist, let joined = loaded.joined, let matcher = loaded.matcher {
      let path = playlist.location.description
      let report = MatchReport(
        playlist: playlist, matches: joined.matches, matcher: matcher, path: path)
      sections.append(report.text(limit: limit, clean: { sanitizer.sanitize($0) }))
      sections.append(diagnosticsText(playlist, limit: limit, sanitizer: sanitizer))
      if loaded.guides.isEmpty {
        sections.append("\(path): no guide (the header names none; try --guide FILE)\n")
      }
    }
    if loaded.guides.count > 1 { sections.append(mergeText(loaded)) }
    for guide in loaded.guides {
      let report = CheckReport(schedule: guide.schedule, path: guide.reference.location.description)
      sections.append(report.text(limit: limit))
    }
    print(sections.filter { !$0.isEmpty }.joined(separator: "\n"), terminator: "")
    return 0
  }

  /// One guide file (or the demo guide): its own report.
  static func checkOneGuide(_ options: GuideOptions, limit: Int) -> Int32 {
    let report: CheckReport
    if let file = options.file {
      // Through the snapshot cache: a snapshot keeps the load's report.
      do {
        let schedule = try options.loadGuideFile(
          file, options: options.loadOptions, pastDays: GuideOptions.defaultPastDays
        ) { printError("tvgrid check: " + $0) }
        report = CheckReport(schedule: schedule, path: file)
      } catch {
        report = CheckReport(path: file, loadError: error)
      }
    } else {
      guard let demo = options.loadReportingErrors() else { return 1 }
      report = CheckReport(schedule: demo.schedule, path: "demo")
    }
    options.printConfigProblems(prefix: "tvgrid check: ", schedule: nil)
    if let error = report.loadError {
      printError(options.source.explaining(error.description))
      return 1
    }
    print(report.text(limit: limit), terminator: "")
    return 0
  }

  /// The playlist's problems as `FILE:LINE: message`, at most `limit`.
  static func diagnosticsText(_ playlist: Playlist, limit: Int, sanitizer: TextSanitizer)
    -> String
  {
    let all = playlist.diagnostics.count + playlist.suppressedDiagnosticCount
    guard all > 0 else { return "" }
    var lines = ["\(playlist.location.description): \(all) problem\(all == 1 ? "" : "s")"]
    for diagnostic in playlist.diagnostics.prefix(limit) {
      lines.append(sanitizer.sanitize(diagnostic.description))
    }
    if all > limit { lines.append("… and \(all - min(limit, playlist.diagnostics.count)) more") }
    return lines.joined(separator: "\n") + "\n"
  }

  /// What each guide added to the merge, in priority order.
  static func mergeText(_ loaded: LoadedGuide) -> String {
    var lines = ["guides merged in this order (the first with a listing wins):"]
    for (number, (guide, part)) in zip(loaded.guides, loaded.merge.contributions).enumerated() {
      var line = "\(number + 1). \(guide.reference.location.description): "
      if number == 0 {
        line += "\(part.newChannels) channels, \(part.programmes) programmes"
      } else {
        line +=
          "\(part.newChannels) new channels, \(part.programmes) programmes "
          + "(\(part.gapsFilled) filling gaps), \(part.overruled) left out (an earlier guide "
          + "lists that time)"
      }
      lines.append(line)
    }
    return lines.joined(separator: "\n") + "\n"
  }
}
