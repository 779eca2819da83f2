import Foundation
import Testing

/// Issue 24, item 11: `tvgrid a.xml b.xml` merges the guides in order, as
/// `--guide` does, for every command; a playlist may be the first FILE
/// only (the files after it are its guides).
@Suite struct SeveralFilesTests {
  /// a.xml: News 18:00–19:00 on x. b.xml: Late 19:00–20:00 on x (a gap in
  /// a.xml, so it is shown) and an earlier Clash 18:30–19:30 on x (a.xml
  /// lists that time: left out), and Film 18:00–20:00 on y (a channel
  /// a.xml lacks). All 30 Nov 2026, UTC.
  static let a = """
    <?xml version="1.0" encoding="UTF-8"?>
    <tv>
    <channel id="x"><display-name>Ex</display-name></channel>
    <programme start="20261130180000 +0000" stop="20261130190000 +0000" channel="x"><title>News</title></programme>
    </tv>

    """
  static let b = """
    <?xml version="1.0" encoding="UTF-8"?>
    <tv>
    <channel id="x"><display-name>Ex (b)</display-name></channel>
    <channel id="y"><display-name>Why</display-name></channel>
    <programme start="20261130183000 +0000" stop="20261130193000 +0000" channel="x"><title>Clash</title></programme>
    <programme start="20261130190000 +0000" stop="20261130200000 +0000" channel="x"><title>Late</title></programme>
    <programme start="20261130180000 +0000" stop="20261130200000 +0000" channel="y"><title>Film</title></programme>
    </tv>

    """

  static func folder() throws -> String {
    let folder = NSTemporaryDirectory() + "tvgrid-several-\(UUID().uuidString)"
    try FileManager.default.createDirectory(
      atPath: folder + "/config", withIntermediateDirectories: true)
    try Data(a.utf8).write(to: URL(fileURLWithPath: folder + "/a.xml"))
    try Data(b.utf8).write(to: URL(fileURLWithPath: folder + "/b.xml"))
    let playlist = "#EXTM3U\n#EXTINF:-1 tvg-id=\"y\",Why HD\nhttp://p.example/y\n"
    try Data(playlist.utf8).write(to: URL(fileURLWithPath: folder + "/list.m3u"))
    return folder
  }

  static func environment(_ folder: String) -> [String: String] {
    [
      "XDG_CONFIG_HOME": folder + "/config", "XDG_DATA_HOME": folder + "/data",
      "HOME": folder,
    ]
  }

  @Test func nowMergesTheFilesInOrderAsGuideDoes() throws {
    let folder = try Self.folder()
    defer { try? FileManager.default.removeItem(atPath: folder) }
    let env = Self.environment(folder)
    let a = folder + "/a.xml"
    let b = folder + "/b.xml"
    let several = try TVGridProcess.run(
      ["now", a, b, "--now", "2026-11-30T18:45Z", "--json"], environment: env)
    #expect(several.status == 0, "\(several.stderr)")
    let channels = try PlaylistCommandTests.channels(several.stdout)
    #expect(channels.map { $0["id"] as? String } == ["x", "y"])
    // a.xml's name and its News win; Clash is left out; Late follows.
    #expect(channels.map { $0["name"] as? String } == ["Ex", "Why"])
    #expect((channels[0]["now"] as? [String: Any])?["title"] as? String == "News")
    #expect((channels[0]["next"] as? [String: Any])?["title"] as? String == "Late")
    #expect((channels[1]["now"] as? [String: Any])?["title"] as? String == "Film")
    let option = try TVGridProcess.run(
      ["now", a, "--guide", b, "--now", "2026-11-30T18:45Z", "--json"], environment: env)
    #expect(option.stdout == several.stdout)
    // The other order: b.xml first.
    let reversed = try TVGridProcess.run(
      ["now", b, a, "--now", "2026-11-30T18:45Z", "--json"], environment: env)
    let first = try PlaylistCommandTests.channels(reversed.stdout)[0]
    #expect((first["now"] as? [String: Any])?["title"] as? String == "Clash")
  }

  @Test func everyCommandTakesSeveralFiles() throws {
    let folder = try Self.folder()
    defer { try? FileManager.default.removeItem(atPath: folder) }
    let env = Self.environment(folder)
    let a = folder + "/a.xml"
    let b = folder + "/b.xml"
    let check = try TVGridProcess.run(["check", a, b], environment: env)
    #expect(check.status == 0, "\(check.stderr)")
    #expect(check.stdout.contains("guides merged in this order (the first with a listing wins):"))
    #expect(check.stdout.contains("1. \(a): 1 channels, 1 programmes"), "\(check.stdout)")
    let render = try TVGridProcess.run(
      ["render", a, b, "--now", "2026-11-30T18:45Z", "--size", "80x10"], environment: env)
    #expect(render.status == 0, "\(render.stderr)")
    #expect(render.stdout.contains("Why"))
    let search = try TVGridProcess.run(
      ["search", "late", a, b, "--now", "2026-11-30T18:45Z"], environment: env)
    #expect(search.stdout == "2026-11-30 19:00–20:00  Ex  Late\n", "\(search.stderr)")
    let layout = try TVGridProcess.run(
      ["layout", a, b, "--now", "2026-11-30T18:45Z", "--viewport", "100x100"], environment: env)
    #expect(layout.status == 0, "\(layout.stderr)")
    let add = try TVGridProcess.run(
      ["remind", a, b, "--add", "y", "--start", "2026-11-30T18:00Z"], environment: env)
    #expect(add.status == 0, "\(add.stderr)")
    let reminders = try TVGridProcess.run(
      ["reminders", a, b, "--now", "2026-11-30T12:00Z"], environment: env)
    #expect(reminders.stdout == "2026-11-30 18:00–20:00  Why  Film\n", "\(reminders.stderr)")
  }

  @Test func aPlaylistComesFirstAndTheFilesAfterItAreItsGuides() throws {
    let folder = try Self.folder()
    defer { try? FileManager.default.removeItem(atPath: folder) }
    let env = Self.environment(folder)
    let playlist = folder + "/list.m3u"
    let now = try TVGridProcess.run(
      [
        "now", playlist, folder + "/a.xml", folder + "/b.xml", "--now", "2026-11-30T18:45Z",
        "--json",
      ],
      environment: env)
    #expect(now.status == 0, "\(now.stderr)")
    let rows = try PlaylistCommandTests.channels(now.stdout)
    #expect(rows.map { $0["name"] as? String } == ["Why HD"])
    #expect((rows[0]["now"] as? [String: Any])?["title"] as? String == "Film")
    let late = try TVGridProcess.run(["now", folder + "/a.xml", playlist], environment: env)
    #expect(late.status == 2)
    #expect(
      late.stderr.hasPrefix(
        "tvgrid now: \(playlist) is a playlist: it goes first, and the files after it are its guides"
      ), "\(late.stderr)")
    let twice = try TVGridProcess.run(["now", "-", "-"], environment: env)
    #expect(twice.status == 2)
    #expect(twice.stderr.hasPrefix("tvgrid now: standard input (-) can be read once"))
  }
}
