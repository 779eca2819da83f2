import EPGFrontEnd
import EPGNcurses
import EPGPlaylist
import EPGRaster
import EPGRemote
import EPGSchedule
import Foundation

/// `tvgrid check [FILE] [--guide FILE]… [--limit N] [--suggest-map]`: a report in the
/// spirit of tv_validate_file. Exit status 0 when everything loads
/// (repairs of the data are reported, not fatal), 1 when something does
/// not (the error on stderr, as `FILE:LINE:COLUMN: message`), when one of
/// several guides does not (it is listed as `not loaded: …`), or when a
/// guide's XML needed mistakes made good (a bare `&`, say: listed as
/// `xmlRepaired` findings), so that scripts notice.
///
/// For a playlist: the match report first (`MatchReport`), then the
/// playlist's own problems (`FILE:LINE: message`), then, for several
/// guides, what each added to the merge, then each guide's own report.
/// With `--suggest-map`, only `map =` lines for the unmatched entries
/// that have one closest guide channel (`MatchReport.suggestedMap`).
enum CheckCommand {
  /// Runs the subcommand with the words after it; returns the exit status.
  static func run(arguments: [String]) -> Int32 {
    let options: GuideOptions
    let limit: Int
    let suggestMap: Bool
    do throws(UsageError) {
      let args = try Arguments(
        arguments, flags: GuideOptions.inputSwitchNames.union(["--suggest-map"]),
        options: GuideOptions.inputOptionNames.union(["--limit"]))
      options = try GuideOptions.resolve(args, localeIsUTF8: true)
      limit = try args.integer("--limit", in: 0...1_000_000) ?? 200
      suggestMap = args.flag("--suggest-map")
      if suggestMap && options.source.playlist == nil {
        throw UsageError("--suggest-map needs a playlist (tvgrid check list.m3u --suggest-map)")
      }
    } catch {
      return reportUsage(error, command: "check")
    }
    if options.source.isDemo || options.file != nil {
      return checkOneGuide(options, limit: limit)
    }
    options.printConfigProblems(prefix: "tvgrid check: ", schedule: nil)
    guard let loaded = options.loadReportingErrors() else { return 1 }
    KeptUntilExit.keep(loaded)
    let sanitizer: TextSanitizer = TerminalLocale.prepare() ? .unicode : .ascii
    if suggestMap, let playlist = loaded.playlist, let joined = loaded.joined,
      let matcher = loaded.matcher
    {
      // Only the config lines (and comments): ready to append to the config.
      let report = MatchReport(
        playlist: playlist, matches: joined.matches, matcher: matcher,
        path: playlist.location.shown)
      print(
        report.suggestedMap(for: playlist, matcher: matcher, clean: { sanitizer.sanitize($0) }),
        terminator: "")
      return loaded.failedGuides.isEmpty ? 0 : 1
    }
    var sections: [String] = []
    if let playlist = loaded.playlist, let joined = loaded.joined, let matcher = loaded.matcher {
      let path = playlist.location.shown
      let report = MatchReport(
        playlist: playlist, matches: joined.matches, matcher: matcher, path: path)
      sections.append(report.text(limit: limit, clean: { sanitizer.sanitize($0) }))
      sections.append(diagnosticsText(playlist, limit: limit, sanitizer: sanitizer))
      if loaded.guides.isEmpty, loaded.failedGuides.isEmpty {
        sections.append("\(path): no guide (the header names none; try --guide FILE)\n")
      }
    }
    if loaded.guides.count > 1 || !loaded.remoteSources.isEmpty || !loaded.failedGuides.isEmpty {
      sections.append(mergeText(loaded, timeZone: options.timeZone))
    }
    var repaired = false
    for guide in loaded.guides {
      let report = CheckReport(schedule: guide.schedule, path: guide.reference.location.shown)
      sections.append(report.text(limit: limit))
      repaired = repaired || report.hasRepairs
    }
    print(sections.filter { !$0.isEmpty }.joined(separator: "\n"), terminator: "")
    return loaded.failedGuides.isEmpty && !repaired ? 0 : 1
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
        KeptUntilExit.keep(schedule)
        report = CheckReport(schedule: schedule, path: file)
      } catch {
        report = CheckReport(path: file, loadError: error)
      }
    } else {
      guard let demo = options.loadReportingErrors() else { return 1 }
      KeptUntilExit.keep(demo)
      report = CheckReport(schedule: demo.schedule, path: "demo")
    }
    options.printConfigProblems(prefix: "tvgrid check: ", schedule: nil)
    if let error = report.loadError {
      printError(options.source.explaining(error.description))
      return 1
    }
    print(report.text(limit: limit), terminator: "")
    return report.hasRepairs ? 1 : 0
  }

  /// The playlist's problems as `FILE:LINE: message`, at most `limit`.
  static func diagnosticsText(_ playlist: Playlist, limit: Int, sanitizer: TextSanitizer)
    -> String
  {
    let all = playlist.diagnostics.count + playlist.suppressedDiagnosticCount
    guard all > 0 else { return "" }
    var lines = ["\(playlist.location.shown): \(all) problem\(all == 1 ? "" : "s")"]
    for diagnostic in playlist.diagnostics.prefix(limit) {
      lines.append(sanitizer.sanitize(diagnostic.description))
    }
    if all > limit { lines.append("… and \(all - min(limit, playlist.diagnostics.count)) more") }
    return lines.joined(separator: "\n") + "\n"
  }

  /// What each guide added to the merge, in priority order: what it
  /// has, what it gave the merged guide, and for a URL which copy was used
  /// (with its notice). The playlist's copy first, when it is a URL.
  static func mergeText(_ loaded: LoadedGuide, timeZone: TimeZone) -> String {
    let now = SystemClock().now()
    func copy(_ remote: LoadedGuide.RemoteState) -> [String] {
      var lines = [
        "   copy: "
          + remote.origin.describe(fetchedAt: remote.fetchedAt, now: now, timeZone: timeZone)
      ]
      if let notice = remote.notice { lines.append("   " + notice) }
      return lines
    }
    var lines: [String] = []
    if let playlist = loaded.playlist, let remote = loaded.playlistRemote {
      lines.append("playlist \(playlist.location.shown): \(playlist.entries.count) entries")
      lines += copy(remote)
    }
    if !loaded.guides.isEmpty {
      lines.append(
        loaded.guides.count > 1
          ? "guides merged in this order (the first with a listing wins):" : "guide:")
    }
    for (number, (guide, part)) in zip(loaded.guides, loaded.merge.contributions).enumerated() {
      var line = "\(number + 1). \(guide.reference.location.shown): "
      if number == 0 {
        line += "\(part.newChannels) channels, \(part.programmes) programmes"
      } else {
        line +=
          "\(part.newChannels) new channels, \(part.programmes) programmes "
          + "(\(part.gapsFilled) filling gaps), \(part.overruled) left out (an earlier guide "
          + "lists that time)"
      }
      lines.append(line)
      if number > 0 {
        let schedule = guide.schedule
        lines.append(
          "   it has \(schedule.channels.count) channels, \(schedule.programmeCount) programmes;"
            + " \(part.programmes) of them are in the merged guide")
        if !part.disagreements.isEmpty {
          // Left out where an earlier guide lists something else.
          let shown = part.disagreements.prefix(10).map { "\($0.channel) (\($0.programmes))" }
          let more = part.disagreements.count > 10 ? ", …" : ""
          lines.append(
            "   disagrees with an earlier guide on \(part.disagreements.count) channel"
              + (part.disagreements.count == 1 ? "" : "s") + ": "
              + shown.joined(separator: ", ") + more)
        }
      }
      if let remote = guide.remote { lines += copy(remote) }
    }
    for failed in loaded.failedGuides { lines.append("not loaded: " + failed.error) }
    return lines.joined(separator: "\n") + "\n"
  }
}
