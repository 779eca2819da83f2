import Foundation
import Testing

/// Issue 24, item 9: in playlist mode a reminder is kept by its channel
/// (the guide channel's id and the row's shift), not by the row's
/// position, so a reordered playlist or the guide file alone still finds
/// it; files written by older versions (`m3u:N`) are migrated. The
/// playlist and guide are `PlaylistCommandTests`'s: BBC One HD, BBC One
/// SD, BBC One +1 (bbc1.uk shifted an hour), ITV, Foo Channel CA, Sport,
/// Film 4; BBC One has News 18:00–19:00 and Quiz 19:00–20:00 (UTC).
@Suite struct PlaylistReminderTests {
  static func reminders(_ folder: String) throws -> [[String: Any]] {
    let data = try Data(contentsOf: URL(fileURLWithPath: folder + "/data/tvgrid/reminders.json"))
    let object = try JSONSerialization.jsonObject(with: data) as? [String: Any]
    return object?["reminders"] as? [[String: Any]] ?? []
  }

  static func environment(_ folder: String, _ base: [String: String]) -> [String: String] {
    base.merging(["XDG_DATA_HOME": folder + "/data", "HOME": folder]) { $1 }
  }

  @Test func aReminderOnThePlusOneRowFollowsItsChannel() throws {
    let (folder, base) = try PlaylistCommandTests.setUp()
    defer { try? FileManager.default.removeItem(atPath: folder) }
    let environment = Self.environment(folder, base)
    // News on BBC One +1 starts at 19:00 (18:00 + 1 h); the row is m3u:3.
    let add = try TVGridProcess.run(
      ["remind", folder + "/list.m3u", "--add", "m3u:3", "--start", "2026-11-30T19:00Z"],
      environment: environment)
    #expect(add.status == 0, "\(add.stderr)")
    let stored = try Self.reminders(folder)
    #expect(stored.count == 1)
    #expect(stored.first?["channel"] as? String == "bbc1.uk")
    #expect(stored.first?["shift"] as? Int == 3600)
    #expect(stored.first?["channelName"] as? String == "BBC One +1")
    #expect(stored.first?["start"] as? String == "2026-11-30T19:00:00Z")
    // The guide file alone: BBC One's News at 18:00, an hour later on +1.
    let alone = try TVGridProcess.run(
      ["reminders", folder + "/guide.xml", "--now", "2026-11-30T12:00Z"],
      environment: environment)
    #expect(alone.stdout == "2026-11-30 19:00–20:00  BBC One +1  News\n", "\(alone.stderr)")
    // The playlist reordered (+1 first): the reminder is still on its row.
    let reordered =
      [
        "#EXTM3U x-tvg-url=\"guide.xml\"",
        "#EXTINF:-1 tvg-id=\"bbc1.uk\" tvg-shift=\"1\" group-title=\"UK\",BBC One +1",
        "http://p.example/bbc1p1",
        "#EXTINF:-1 tvg-id=\"bbc1.uk\" tvg-chno=\"101\" group-title=\"UK;News\",BBC One HD",
        "http://p.example/bbc1hd",
      ].joined(separator: "\n") + "\n"
    try Data(reordered.utf8).write(to: URL(fileURLWithPath: folder + "/list.m3u"))
    let listed = try TVGridProcess.run(
      ["reminders", folder + "/list.m3u", "--now", "2026-11-30T12:00Z"],
      environment: environment)
    #expect(listed.stdout == "2026-11-30 19:00–20:00  BBC One +1  News\n", "\(listed.stderr)")
    // The same programme on the unshifted row (18:00) has no reminder:
    // setting one there is a second reminder.
    let other = try TVGridProcess.run(
      ["remind", folder + "/list.m3u", "--add", "bbc1.uk", "--start", "2026-11-30T18:00Z"],
      environment: environment)
    #expect(other.status == 0, "\(other.stderr)")
    #expect(try Self.reminders(folder).compactMap { $0["shift"] as? Int } == [3600])
    #expect(
      try Self.reminders(folder).map { $0["start"] as? String } == [
        "2026-11-30T18:00:00Z", "2026-11-30T19:00:00Z",
      ])
  }

  @Test func rowKeysOfAnOlderVersionAreMigratedAndSaid() throws {
    let (folder, base) = try PlaylistCommandTests.setUp()
    defer { try? FileManager.default.removeItem(atPath: folder) }
    let environment = Self.environment(folder, base)
    try FileManager.default.createDirectory(
      atPath: folder + "/data/tvgrid", withIntermediateDirectories: true)
    // Set on "BBC One +1" when it was row 3, and on a row that is gone.
    let old = """
      {"version": 1, "reminders": [
        {"channel": "m3u:3", "channelName": "BBC One +1", "title": "Quiz", "start": "2026-11-30T20:00:00Z", "stop": "2026-11-30T21:00:00Z"},
        {"channel": "m3u:9", "channelName": "Gone", "title": "Old", "start": "2026-11-30T20:00:00Z", "stop": "2026-11-30T21:00:00Z"}
      ]}
      """
    try Data(old.utf8).write(to: URL(fileURLWithPath: folder + "/data/tvgrid/reminders.json"))
    // Row 3 is now ITV: the row is found by the name kept with it.
    let reordered =
      [
        "#EXTM3U x-tvg-url=\"guide.xml\"",
        "#EXTINF:-1 tvg-id=\"bbc1.uk\" tvg-shift=\"1\" group-title=\"UK\",BBC One +1",
        "http://p.example/bbc1p1",
        "#EXTINF:-1 tvg-id=\"bbc1.uk\" tvg-chno=\"101\" group-title=\"UK;News\",BBC One HD",
        "http://p.example/bbc1hd",
        "#EXTINF:-1 TVG-ID=ITV1.UK group-title=UK,ITV",
        "http://p.example/itv",
      ].joined(separator: "\n") + "\n"
    try Data(reordered.utf8).write(to: URL(fileURLWithPath: folder + "/list.m3u"))
    let listed = try TVGridProcess.run(
      ["reminders", folder + "/list.m3u", "--now", "2026-11-30T12:00Z"],
      environment: environment)
    #expect(listed.status == 0)
    #expect(
      listed.stdout == """
        2026-11-30 20:00–21:00  BBC One +1  Quiz
        2026-11-30 20:00–21:00  Gone  Old  (not in the guide)

        """)
    #expect(
      listed.stderr == """
        tvgrid: reminders.json: kept by channel now, not by playlist row: m3u:3 (BBC One +1) → bbc1.uk shift +1
        tvgrid: reminders.json: m3u:9 (Gone) is no row of list.m3u; kept as it is

        """)
    let stored = try Self.reminders(folder)
    #expect(stored.map { $0["channel"] as? String } == ["bbc1.uk", "m3u:9"])
    // Said once: the file is migrated.
    let again = try TVGridProcess.run(
      ["reminders", folder + "/list.m3u", "--now", "2026-11-30T12:00Z"],
      environment: environment)
    #expect(
      again.stderr == "tvgrid: reminders.json: m3u:9 (Gone) is no row of list.m3u; kept as it is\n")
  }

  @Test func nowJSONGivesEachRowsKey() throws {
    let (folder, base) = try PlaylistCommandTests.setUp()
    defer { try? FileManager.default.removeItem(atPath: folder) }
    let result = try TVGridProcess.run(
      ["now", folder + "/list.m3u", "--now", "2026-11-30T18:30Z", "--json"], environment: base)
    let channels = try PlaylistCommandTests.channels(result.stdout)
    // The id stays the row's (by position); the key is what files keep:
    // the guide channel and shift, else the tvg-id (Foo.ca), else the
    // normalised name (Sport is ambiguous, without a tvg-id).
    #expect(
      channels.map { $0["id"] as? String } == [
        "m3u:1", "m3u:2", "m3u:3", "m3u:4", "m3u:5", "m3u:6", "m3u:7",
      ])
    #expect(
      channels.map { $0["key"] as? String } == [
        "bbc1.uk", "bbc1.uk", "bbc1.uk shift +1", "itv1.uk", "Foo.ca", "sport", "film4.uk",
      ])
  }

  /// The guide migrates favourites.json and reminders.json kept by row,
  /// writes them at once and says so on the status line.
  @Test func theGuideMigratesRowKeysAndSaysSo() throws {
    guard TmuxPane.available() else { return }
    let (folder, base) = try PlaylistCommandTests.setUp()
    defer { try? FileManager.default.removeItem(atPath: folder) }
    try FileManager.default.createDirectory(
      atPath: folder + "/data/tvgrid", withIntermediateDirectories: true)
    try Data(#"{"version": 1, "hidden": ["m3u:3"]}"#.utf8).write(
      to: URL(fileURLWithPath: folder + "/data/tvgrid/favourites.json"))
    let command =
      "env TZ=UTC LANG=C.UTF-8 NO_COLOR= TERM=screen XDG_DATA_HOME='\(folder)/data' "
      + "XDG_CONFIG_HOME='\(base["XDG_CONFIG_HOME"] ?? "")' '\(TVGridProcess.binary)' "
      + "--now 2026-11-30T18:05Z '\(folder)/list.m3u'; echo \"exit status $?\"; sleep 60"
    let pane = try TmuxPane.start(command: command, columns: 100, rows: 16, label: "migrate")
    defer { pane.stop() }
    let screen = pane.waitForScreen { $0.contains { $0.contains("kept by channel now") } }
    #expect(
      screen.contains { $0.contains("favourites.json: kept by channel now, not by playlist row") },
      "\(screen)")
    // The rows: BBC One +1 is hidden, BBC One SD is not.
    #expect(!screen.contains { $0.contains("BBC One +1 │") }, "\(screen)")
    #expect(screen.contains { $0.hasPrefix("102 BBC One SD │") }, "\(screen)")
    let text = try String(contentsOfFile: folder + "/data/tvgrid/favourites.json", encoding: .utf8)
    #expect(text.contains("\"bbc1.uk shift +1\""), "\(text)")
    pane.sendKeys("q")
    pane.waitForScreen { $0.contains("exit status 0") }
  }
}
