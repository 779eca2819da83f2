import EPGActions
import EPGFrontEnd
import EPGPlaylist
import Foundation

/// `tvgrid init`: writes a commented config file (`ConfigTemplate`) to
/// `$XDG_CONFIG_HOME/tvgrid/config` (else `~/.config/tvgrid/config`), with
/// the guide, playlist, player and time zone given; never over an existing
/// one. `--print` writes it to standard output instead.
///
///     tvgrid init [--guide FILE|URL]... [--playlist FILE|URL] [--player COMMAND]
///                 [--time-zone ZONE] [--print]
enum InitCommand {
  static func run(arguments: [String]) -> Int32 {
    var template = ConfigTemplate()
    let printOnly: Bool
    let environment = ProcessInfo.processInfo.environment
    do throws(UsageError) {
      let args = try Arguments(
        arguments, flags: ["--print"],
        options: ["--guide", "--playlist", "--player", "--time-zone"])
      guard args.positionals.isEmpty else {
        throw UsageError(
          "unexpected argument '\(args.positionals[0])' (a guide is given with --guide)")
      }
      printOnly = args.flag("--print")
      template.guides = args.allValues("--guide").map(absolute)
      template.playlist = args.value("--playlist").map(absolute)
      if let playlist = template.playlist,
        !GuideOptions.isPlaylist(SourceLocation(argument: playlist))
      {
        throw UsageError(
          "--playlist: '\(playlist)' is not an M3U playlist (a .m3u or .m3u8 name, or a file starting with #EXTM3U)"
        )
      }
      if let player = args.value("--player") {
        do {
          _ = try PlayerCommand(template: player)
        } catch {
          throw UsageError("--player: \(error.description)")
        }
        template.player = player
      }
      if let zone = args.value("--time-zone") {
        guard TimeZone(identifier: zone) != nil else {
          throw UsageError("--time-zone: unknown time zone '\(zone)' (e.g. Europe/Berlin)")
        }
        template.timeZone = zone
      }
    } catch {
      return reportUsage(error, command: "init")
    }
    template.systemZone = systemZone(environment: environment)
    let problems = template.problems
    guard problems.isEmpty else {
      for problem in problems { printError("tvgrid init: \(problem)") }
      return 2
    }
    if printOnly {
      print(template.text, terminator: "")
      return 0
    }
    guard let path = TVGridPaths(environment: environment).configFile else {
      printError(
        "tvgrid init: no config folder (set HOME or XDG_CONFIG_HOME); --print shows the file")
      return 1
    }
    do throws(StoredFile.CreateError) {
      try StoredFile.create(Data(template.text.utf8), at: path)
    } catch {
      switch error {
      case .exists:
        printError(
          "tvgrid init: \(path) already exists; left as it is (edit it, or move it away and run tvgrid init again; tvgrid init --print shows a new one)"
        )
      case .cannotWrite(let message):
        printError("tvgrid init: \(message)")
      }
      return 1
    }
    print("Wrote \(path)")
    for item in template.guideList where !item.contains("://") {
      let expanded = item.hasPrefix("~/") ? (environment["HOME"] ?? "~") + item.dropFirst() : item
      if !FileManager.default.fileExists(atPath: expanded) {
        print("Note: \(item) does not exist yet; tvgrid opens it once it does.")
      }
    }
    print(
      template.guideList.isEmpty
        ? "No guide is set yet: tvgrid opens the demo guide until guide = names yours (or run tvgrid FILE)."
        : "tvgrid opens your guide now; man tvgrid explains the rest of the file.")
    return 0
  }

  /// A relative path made absolute (the config is read from anywhere); URLs,
  /// `~/` paths and absolute paths as given.
  static func absolute(_ item: String) -> String {
    if item.contains("://") || item.hasPrefix("/") || item.hasPrefix("~/") { return item }
    return URL(fileURLWithPath: item).standardizedFileURL.path
  }

  /// The system's zone name (for the comment of `time_zone`): `TZ` when
  /// it names a zone, else the system's.
  static func systemZone(environment: [String: String]) -> String? {
    if let name = environment["TZ"].map({ $0.hasPrefix(":") ? String($0.dropFirst()) : $0 }),
      TimeZone(identifier: name) != nil
    {
      return name
    }
    return TimeZone.current.identifier
  }
}
