import EPGFrontEnd
import EPGPlaylist
import Foundation

/// The command line's part in `GuideOptions`: which options each command
/// accepts, and reading them. Every command resolves its options here, so
/// `--lang`, `--time-zone`, the config file's `guide`, `hidden`, … mean the
/// same everywhere.
extension GuideOptions {
  /// What every command that reads a guide accepts.
  static let inputOptionNames: Set<String> = [
    "--now", "--time-zone", "--lang", "--shift", "--guide", "--tvheadend",
  ]
  /// Flags of every command that reads a guide (`--no-cache` is also
  /// `cacheFlagNames`).
  static let inputSwitchNames: Set<String> = ["--offline", "--no-cache"]
  /// What every command that shows a guide's channels accepts.
  static let inputFlagNames: Set<String> = ["--all-channels"]
  /// The snapshot cache's flag (`tvgrid cache` takes it too).
  static let cacheFlagNames: Set<String> = ["--no-cache"]
  /// The look of the guide (the guide and `render`).
  static let viewFlagNames: Set<String> = ["--no-color", "--ascii", "--no-mouse"]
  static let viewOptionNames: Set<String> = ["--theme", "--color", "--zoom", "--clock"]

  /// Resolves what `args` says (its positionals are FILEs) with the
  /// environment and the config file. `args` was parsed with the names its
  /// command accepts, so the others are simply absent.
  static func resolve(_ args: Arguments, localeIsUTF8: Bool) throws(UsageError) -> GuideOptions {
    try resolve(args, files: args.positionals, localeIsUTF8: localeIsUTF8)
  }

  /// `resolve(_:localeIsUTF8:)` for a command whose positionals are not
  /// just FILEs (`search QUERY [FILE]...`): `files` are the FILEs. The
  /// first is a guide or a playlist; the others are guides merged after
  /// it in order, as `--guide` ones are (before those), or the
  /// playlist's guides.
  static func resolve(_ args: Arguments, files: [String], localeIsUTF8: Bool) throws(UsageError)
    -> GuideOptions
  {
    for file in files.dropFirst() where GuideOptions.isPlaylist(SourceLocation(argument: file)) {
      throw UsageError(
        "\(file) is a playlist: it goes first, and the files after it are its guides "
          + "(tvgrid \(file) GUIDE...)")
    }
    if files.filter({ $0 == "-" }).count > 1 {
      throw UsageError("standard input (-) can be read once")
    }
    var flags = Flags()
    flags.file = files.first
    flags.guides = Array(files.dropFirst()) + args.allValues("--guide")
    flags.allChannels = args.flag("--all-channels")
    flags.zoom = try args.integer("--zoom", in: 1...1000)
    flags.now = args.value("--now")
    flags.timeZone = args.value("--time-zone")
    flags.theme = args.value("--theme")
    flags.color = args.value("--color")
    flags.noColor = args.flag("--no-color")
    flags.clock = args.value("--clock")
    flags.ascii = args.flag("--ascii")
    flags.noMouse = args.flag("--no-mouse")
    flags.languages = args.value("--lang")
    flags.shift = args.value("--shift")
    flags.size = args.value("--size")
    flags.at = args.value("--at")
    flags.offline = args.flag("--offline")
    flags.tvheadend = args.value("--tvheadend")
    flags.noCache = args.flag("--no-cache")
    let environment = ProcessInfo.processInfo.environment
    switch resolve(
      flags, environment: environment, config: ConfigFile.load(environment: environment),
      localeIsUTF8: localeIsUTF8)
    {
    case .success(let options): return options
    case .failure(let error): throw UsageError(error.description)
    }
  }
}
