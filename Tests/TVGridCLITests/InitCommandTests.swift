import EPGPlatform
import Foundation
import Testing

/// `tvgrid init` (issue 24, item 16): a commented config file in
/// `$XDG_CONFIG_HOME/tvgrid/config`, with the guide, playlist, player and
/// time zone given; never over an existing file; read back by every
/// command as it was meant.
@Suite struct InitCommandTests {
  /// A fresh folder for `XDG_CONFIG_HOME` (nothing in it yet), with a
  /// guide file beside it.
  static func folder() throws -> (environment: [String: String], folder: String, guide: String) {
    let folder = NSTemporaryDirectory() + "tvgrid-init-\(UUID().uuidString)"
    try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
    let guide = folder + "/guide.xml"
    try Data(ConfigFileCommandTests.guide.utf8).write(to: URL(fileURLWithPath: guide))
    return (["XDG_CONFIG_HOME": folder + "/config", "TZ": "UTC"], folder, guide)
  }

  @Test func initWritesACommentedConfigThatEveryCommandReads() throws {
    let (environment, folder, guide) = try Self.folder()
    defer { try? FileManager.default.removeItem(atPath: folder) }
    let result = try TVGridProcess.run(
      [
        "init", "--guide", guide, "--player", "mpv --force-window", "--time-zone",
        "Asia/Kolkata",
      ], environment: environment)
    #expect(result.status == 0, "\(result.stderr)")
    let path = folder + "/config/tvgrid/config"
    #expect(result.stdout.hasPrefix("Wrote \(path)\n"), "\(result.stdout)")
    let text = try String(contentsOfFile: path, encoding: .utf8)
    let set = text.split(separator: "\n").filter { !$0.hasPrefix("#") && !$0.isEmpty }
    #expect(
      set == ["guide = \(guide)", "player = mpv --force-window", "time_zone = Asia/Kolkata"],
      "\(text)")
    // Each line set is explained by a comment, and the rest are examples.
    #expect(text.contains("# player = ") == false)
    #expect(text.contains("# hide_empty = no"), "\(text)")
    #expect(text.contains("# channel_width = "), "\(text)")
    // Private to its owner, as tvgrid's other files.
    var info = stat()
    #expect(stat(path, &info) == 0)
    #expect(info.st_mode & 0o777 == 0o600)
    // Read back: the guide opens without FILE, in Kolkata time (11:00–12:30
    // UTC is 16:30–18:00 at +05:30), with no problem reported.
    let now = try TVGridProcess.run(
      ["now", "--now", "2026-11-30T11:30Z"], environment: environment)
    #expect(now.status == 0, "\(now.stderr)")
    #expect(now.stdout.contains("16:30–18:00  Morning"), "\(now.stdout)")
    #expect(now.stderr.isEmpty, "\(now.stderr)")
  }

  @Test func initRefusesToReplaceAConfigFile() throws {
    let (environment, folder, guide) = try Self.folder()
    defer { try? FileManager.default.removeItem(atPath: folder) }
    let path = folder + "/config/tvgrid/config"
    try FileManager.default.createDirectory(
      atPath: folder + "/config/tvgrid", withIntermediateDirectories: true)
    let mine = Data("theme = monochrome   # mine\n".utf8)
    try mine.write(to: URL(fileURLWithPath: path))
    let result = try TVGridProcess.run(["init", "--guide", guide], environment: environment)
    #expect(result.status == 1)
    #expect(
      result.stderr.hasPrefix("tvgrid init: \(path) already exists; left as it is"),
      "\(result.stderr)")
    #expect(FileManager.default.contents(atPath: path) == mine)
    // Nothing else is left in the folder (no temporary file).
    #expect(
      try FileManager.default.contentsOfDirectory(atPath: folder + "/config/tvgrid") == ["config"])
  }

  @Test func aPlaylistGoesFirstAndRelativePathsBecomeAbsolute() throws {
    let (environment, folder, _) = try Self.folder()
    defer { try? FileManager.default.removeItem(atPath: folder) }
    let result = try TVGridProcess.run(
      ["init", "--print", "--playlist", "tv/list.m3u", "--guide", "tv/extra.xml"],
      environment: environment)
    #expect(result.status == 0, "\(result.stderr)")
    let cwd = FileManager.default.currentDirectoryPath
    #expect(
      result.stdout.contains("\nguide = \(cwd)/tv/list.m3u, \(cwd)/tv/extra.xml\n"),
      "\(result.stdout)")
    // --print writes nothing.
    #expect(!FileManager.default.fileExists(atPath: folder + "/config"))
  }

  /// Without values the file is all comments: the demo guide until
  /// `guide =` is set, and it says so; the system's zone is named.
  @Test func initWithoutValuesWritesOnlyComments() throws {
    let (environment, folder, _) = try Self.folder()
    defer { try? FileManager.default.removeItem(atPath: folder) }
    var env = environment
    env["TZ"] = "Europe/Berlin"
    let result = try TVGridProcess.run(["init"], environment: env)
    #expect(result.status == 0, "\(result.stderr)")
    #expect(result.stdout.contains("tvgrid opens the demo guide until guide = names yours"))
    let text = try String(contentsOfFile: folder + "/config/tvgrid/config", encoding: .utf8)
    #expect(text.split(separator: "\n").allSatisfy { $0.hasPrefix("#") }, "\(text)")
    #expect(text.contains("(default: TZ, else the system's, Europe/Berlin)"), "\(text)")
    #expect(text.contains("\n# time_zone = Europe/Berlin\n"), "\(text)")
  }

  /// Values that tvgrid could not use, or that the file's syntax would
  /// change, are refused with a usage error, and nothing is written.
  @Test(arguments: [
    (["--time-zone", "Mars/Olympus"], "--time-zone: unknown time zone 'Mars/Olympus'"),
    (["--playlist", "/tv/guide.xml"], "--playlist: '/tv/guide.xml' is not an M3U playlist"),
    (["--guide", "/tv/a,b.xml"], "'/tv/a,b.xml': a guide or playlist with a comma"),
    (["--guide", "/tv/my #1.xml"], "the guide list would be read back as '/tv/my'"),
    (["--player", "mpv 'unclosed"], "--player: "),
    (["guide.xml"], "unexpected argument 'guide.xml' (a guide is given with --guide)"),
  ])
  func badValuesAreRefused(arguments: [String], message: String) throws {
    let (environment, folder, _) = try Self.folder()
    defer { try? FileManager.default.removeItem(atPath: folder) }
    let result = try TVGridProcess.run(["init"] + arguments, environment: environment)
    #expect(result.status == 2, "\(result.stderr)")
    #expect(result.stderr.hasPrefix("tvgrid init: " + message), "\(result.stderr)")
    #expect(!FileManager.default.fileExists(atPath: folder + "/config"))
  }

  @Test func initHelpPrintsItsUsage() throws {
    let result = try TVGridProcess.run(["init", "--help"])
    #expect(result.status == 0)
    #expect(result.stdout.hasPrefix("Usage: tvgrid init [--guide FILE|URL]..."), "\(result.stdout)")
    #expect(result.stdout.contains("never replaced"), "\(result.stdout)")
    let general = try TVGridProcess.run(["--help"])
    #expect(general.stdout.contains("tvgrid init [--guide FILE|URL]"), "\(general.stdout)")
  }
}
