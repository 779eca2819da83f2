import Foundation
import Testing

/// The config file as every command reads it: one resolution of the
/// command line, the environment and the config file for all of them.
@Suite struct ConfigFileCommandTests {
  /// Two channels; "one" has its title in English first, then German.
  static let guide = """
    <?xml version="1.0" encoding="UTF-8"?>
    <tv>
      <channel id="zero"><display-name>Zero TV</display-name><lcn>7</lcn></channel>
      <channel id="one"><display-name>One TV</display-name></channel>
      <programme channel="zero" start="20261130100000 +0000" stop="20261130120000 +0000">
        <title>Zero Show</title></programme>
      <programme channel="one" start="20261130110000 +0000" stop="20261130123000 +0000">
        <title lang="en">Morning</title><title lang="de">Morgen</title></programme>
    </tv>
    """

  /// A config folder (for `XDG_CONFIG_HOME`) holding `config` with `text`,
  /// and the guide beside it; `{guide}` in `text` is the guide's path.
  static func setUp(config text: String) throws -> (environment: [String: String], guide: String) {
    let folder = FileManager.default.temporaryDirectory
      .appendingPathComponent("tvgrid-config-\(UUID().uuidString)")
    try FileManager.default.createDirectory(
      at: folder.appendingPathComponent("tvgrid"), withIntermediateDirectories: true)
    let guide = folder.appendingPathComponent("guide.xml")
    try Data(Self.guide.utf8).write(to: guide)
    let config = text.replacingOccurrences(of: "{guide}", with: guide.path)
    try Data(config.utf8).write(to: folder.appendingPathComponent("tvgrid/config"))
    return (["XDG_CONFIG_HOME": folder.path], guide.path)
  }

  static func remove(_ environment: [String: String]) {
    if let folder = environment["XDG_CONFIG_HOME"] {
      try? FileManager.default.removeItem(atPath: folder)
    }
  }

  @Test func nowReadsGuideHiddenLanguagesAndZoneFromTheConfig() throws {
    let (environment, _) = try Self.setUp(
      config: "guide = {guide}\nhidden = zero\nlanguages = de\ntime_zone = Asia/Kolkata\n")
    defer { Self.remove(environment) }
    let result = try TVGridProcess.run(
      ["now", "--now", "2026-11-30T11:30Z"], environment: environment)
    #expect(result.status == 0, "\(result.stderr)")
    #expect(!result.stdout.contains("Zero"), "\(result.stdout)")
    // 11:00–12:30 UTC is 16:30–18:00 in Kolkata (UTC+05:30).
    #expect(result.stdout.contains("16:30–18:00  Morgen"), "\(result.stdout)")
    let json = try TVGridProcess.run(
      ["now", "--now", "2026-11-30T11:30Z", "--json"], environment: environment)
    #expect(!json.stdout.contains("zero"), "\(json.stdout)")
  }

  @Test func checkOpensTheConfigGuide() throws {
    let (environment, _) = try Self.setUp(config: "guide = {guide}\n")
    defer { Self.remove(environment) }
    let result = try TVGridProcess.run(["check"], environment: environment)
    #expect(result.status == 0, "\(result.stderr)")
    #expect(result.stdout.contains("2 channels"), "\(result.stdout)")
    #expect(result.stdout.contains("guide.xml"), "\(result.stdout)")
  }

  /// `--lang "fr, de"`: the space after the comma is not part of the tag,
  /// for `now` as for `render` (German is chosen, French being absent).
  @Test func langListIsTrimmedTheSameEverywhere() throws {
    let (environment, guide) = try Self.setUp(config: "")
    defer { Self.remove(environment) }
    let now = try TVGridProcess.run(
      ["now", guide, "--now", "2026-11-30T11:30Z", "--lang", "fr, de"], environment: environment)
    #expect(now.stdout.contains("Morgen"), "\(now.stdout)")
    let render = try TVGridProcess.run(
      ["render", guide, "--now", "2026-11-30T11:30Z", "--lang", "fr, de", "--size", "100x12"],
      environment: environment)
    #expect(render.stdout.contains("Morgen"), "\(render.stdout)")
  }

  @Test func flagsWinOverTheConfig() throws {
    let (environment, guide) = try Self.setUp(config: "time_zone = Asia/Kolkata\nlanguages = de\n")
    defer { Self.remove(environment) }
    let result = try TVGridProcess.run(
      ["now", guide, "--now", "2026-11-30T11:30Z", "--time-zone", "UTC", "--lang", "en"],
      environment: environment)
    #expect(result.stdout.contains("11:00–12:30  Morning"), "\(result.stdout)")
  }

  /// `hidden = 7` hides the channel numbered 7 (`<lcn>7</lcn>`), as the
  /// README's `hidden = shop.tv, 18` implies; a favourite that names no
  /// channel is reported, the others still come first.
  @Test func hiddenTakesNumbersAndUnknownNamesAreReported() throws {
    let (environment, guide) = try Self.setUp(
      config: "hidden = 7\nfavourites = Nonexistent Channel, One TV\n")
    defer { Self.remove(environment) }
    let now = try TVGridProcess.run(
      ["now", guide, "--now", "2026-11-30T11:30Z"], environment: environment)
    #expect(now.status == 0, "\(now.stderr)")
    #expect(!now.stdout.contains("Zero"), "\(now.stdout)")
    #expect(now.stderr.contains("favourites: no channel 'Nonexistent Channel'"), "\(now.stderr)")
    #expect(!now.stderr.contains("'One TV'"), "\(now.stderr)")
    let render = try TVGridProcess.run(
      ["render", guide, "--now", "2026-11-30T11:30Z", "--size", "100x12"], environment: environment)
    #expect(!render.stdout.contains("Zero"), "\(render.stdout)")
    #expect(
      render.stderr.contains("favourites: no channel 'Nonexistent Channel'"), "\(render.stderr)")
  }

  @Test func renderReportsConfigProblems() throws {
    let (environment, guide) = try Self.setUp(config: "theme = plaid\n")
    defer { Self.remove(environment) }
    let result = try TVGridProcess.run(
      ["render", guide, "--now", "2026-11-30T11:30Z", "--size", "100x12"], environment: environment)
    #expect(result.status == 0, "\(result.stderr)")
    #expect(
      result.stderr.contains("config line 1: theme must be color or monochrome, not 'plaid'"),
      "\(result.stderr)")
  }

  /// A `guide =` that cannot be opened: the message names the config file
  /// and the line that gave it, for every command.
  @Test(arguments: [["now"], ["check"], ["render", "--size", "80x10"]])
  func badGuidePathNamesTheConfigLine(arguments: [String]) throws {
    let (environment, _) = try Self.setUp(config: "# my guide\nguide = /nonexistent/guide.xml\n")
    defer { Self.remove(environment) }
    let config = try #require(environment["XDG_CONFIG_HOME"]) + "/tvgrid/config"
    let result = try TVGridProcess.run(arguments, environment: environment)
    #expect(result.status == 1)
    #expect(
      result.stderr.contains("\(config):2: guide = /nonexistent/guide.xml: "), "\(result.stderr)")
    // The path once, as in FILE:LINE:COLUMN messages.
    #expect(!result.stderr.contains("guide.xml: /nonexistent"), "\(result.stderr)")
  }
}
