import EPGActions
import EPGFrontEnd
import EPGLayout
import EPGPlaylist
import EPGSchedule
import Foundation

/// `tvgrid search QUERY [FILE]... [--days N] [--json]` and
/// `tvgrid search --saved [NAME] [FILE]... …`: the programmes matching a query
/// (`ProgrammeQuery`) or the config's saved searches, from now (not yet
/// over) for N days (default: to the guide's end), soonest first.
enum SearchCommand {
  static func run(arguments: [String]) -> Int32 {
    var options: GuideOptions
    let args: Arguments
    let json: Bool
    let saved: Bool
    let days: Int?
    let positionals: [String]
    do throws(UsageError) {
      args = try Arguments(
        arguments, flags: GuideOptions.inputSwitchNames.union(["--json", "--saved"]),
        options: GuideOptions.inputOptionNames.union(["--days"]))
      options = try GuideOptions.resolve(args, files: [], localeIsUTF8: true)
      json = args.flag("--json")
      saved = args.flag("--saved")
      days = try args.integer("--days", in: 1...366)
      positionals = args.positionals
      if !saved && positionals.isEmpty { throw UsageError("search needs a QUERY (or --saved)") }
    } catch {
      return reportUsage(error, command: "search")
    }
    let config = options.config
    var searches: [SavedSearch]
    var files: [String] = []
    if saved {
      // The first word is a saved search's name when there is one by that
      // name, or when it is not the only word and names no guide; else
      // every word is a FILE.
      var name: String?
      if let word = positionals.first {
        let isName =
          config.searches.contains { $0.name == word }
          || (positionals.count > 1 && word != "-"
            && SourceLocation(argument: word) == .file(word)
            && !FileManager.default.fileExists(atPath: word))
        name = isName ? word : nil
        files = Array(positionals.dropFirst(isName ? 1 : 0))
      }
      searches = config.searches
      if let name {
        searches = searches.filter { $0.name == name }
        if searches.isEmpty {
          printError("tvgrid search: no saved search '\(name)' in the config")
          return 2
        }
      }
    } else {
      do {
        searches = [SavedSearch(name: "", query: try ProgrammeQuery(positionals[0]))]
      } catch {
        printError("tvgrid search: \(error.description)")
        return 2
      }
      files = Array(positionals.dropFirst())
    }
    if !files.isEmpty {
      do throws(UsageError) {
        options = try GuideOptions.resolve(args, files: files, localeIsUTF8: true)
      } catch {
        return reportUsage(error, command: "search")
      }
    }
    let support = ActionsSupport(options: options)
    guard let schedule = options.loadReportingErrors(prefix: "tvgrid search: ")?.schedule else {
      return 1
    }
    KeptUntilExit.keep(schedule)
    options.printConfigProblems(prefix: "tvgrid search: ", schedule: nil)
    let end = days.map { options.now + EpochSeconds($0) * 86_400 } ?? EpochSeconds.max
    let zoneOptions = options
    let context = ProgrammeQuery.Context(
      utcOffset: { zoneOptions.utcOffset(at: $0) },
      genreKeywords: options.settings.genreKeywords)
    let span = TimeSpan(start: options.now, end: end)
    let groups: [SavedSearch.Group]
    if saved {
      groups = SavedSearch.upcoming(searches, in: schedule, during: span, context: context)
    } else {
      groups = [
        SavedSearch.Group(
          name: "",
          matches: searches[0].query.matches(in: schedule, during: span, context: context))
      ]
    }
    if json {
      print(self.json(groups, schedule: schedule, saved: saved), terminator: "")
      return 0
    }
    for group in groups {
      if saved { print("\(support.clean(group.name)):") }
      for match in group.matches {
        let channel = schedule.channels[match.channel]
        let programme = schedule.programmes[match.channel][match.item]
        print(
          (saved ? "  " : "")
            + support.line(
              channel: channel.name, title: programme.title, subtitle: programme.subTitle,
              start: programme.start, stop: programme.listedStop))
      }
    }
    return 0
  }

  static func json(_ groups: [SavedSearch.Group], schedule: Schedule, saved: Bool) -> String {
    func objects(_ group: SavedSearch.Group) -> [[String: Any]] {
      group.matches.map { match in
        let channel = schedule.channels[match.channel]
        let programme = schedule.programmes[match.channel][match.item]
        var object: [String: Any] = [
          "channel": channel.id, "channelName": channel.name, "title": programme.title,
          "start": ScheduleJSON.isoString(programme.start),
          "stop": ScheduleJSON.isoString(programme.listedStop),
        ]
        if let subTitle = programme.subTitle { object["subTitle"] = subTitle }
        if let label = programme.episode?.label { object["episode"] = label }
        return object
      }
    }
    let root: [String: Any] =
      saved
      ? ["searches": groups.map { ["name": $0.name, "matches": objects($0)] as [String: Any] }]
      : ["matches": objects(groups[0])]
    guard
      let data = try? JSONSerialization.data(
        withJSONObject: root, options: [.sortedKeys, .prettyPrinted, .withoutEscapingSlashes])
    else { return "{}\n" }
    return ScheduleJSON.escapingInvisibleScalars(String(decoding: data, as: UTF8.self)) + "\n"
  }
}
