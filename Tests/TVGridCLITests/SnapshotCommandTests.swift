import Foundation
import Testing

/// Snapshots of parsed guides end to end (issue 17): every run here has
/// its own `XDG_CACHE_HOME` and `XDG_CONFIG_HOME` in a temporary folder.
@Suite struct SnapshotCommandTests {
  static let guide = """
    <?xml version="1.0" encoding="UTF-8"?>
    <tv>
      <channel id="one"><display-name>One TV</display-name></channel>
      <programme channel="one" start="20261130100000 +0000" stop="20261130110000 +0000">
        <title>Morning Show</title></programme>
      <programme channel="one" start="20261130110000 +0000" stop="20261130120000 +0000">
        <title>Noon News</title></programme>
    </tv>
    """

  /// The same channel from 11:00 only: a provider's refreshed copy.
  static let laterGuide = """
    <?xml version="1.0" encoding="UTF-8"?>
    <tv>
      <channel id="one"><display-name>One TV</display-name></channel>
      <programme channel="one" start="20261130110000 +0000" stop="20261130120000 +0000">
        <title>Noon News</title></programme>
      <programme channel="one" start="20261130120000 +0000" stop="20261130130000 +0000">
        <title>Lunch</title></programme>
    </tv>
    """

  /// A scratch folder: `guide.xml`, `cache/`, `config/tvgrid/config`.
  struct Home {
    let folder: String
    var guide: String { folder + "/guide.xml" }
    var snapshots: String { folder + "/cache/tvgrid/snapshots" }
    var environment: [String: String] {
      ["XDG_CACHE_HOME": folder + "/cache", "XDG_CONFIG_HOME": folder + "/config"]
    }

    init(config: String = "") throws {
      folder = NSTemporaryDirectory() + "tvgrid-snapshot-\(UUID().uuidString)"
      try FileManager.default.createDirectory(
        atPath: folder + "/config/tvgrid", withIntermediateDirectories: true)
      try Data(config.utf8).write(to: URL(fileURLWithPath: folder + "/config/tvgrid/config"))
      try write(SnapshotCommandTests.guide)
    }

    func write(_ text: String) throws {
      try Data(text.utf8).write(to: URL(fileURLWithPath: guide))
    }

    func remove() { try? FileManager.default.removeItem(atPath: folder) }

    func snapshotFiles() -> [String] {
      ((try? FileManager.default.contentsOfDirectory(atPath: snapshots)) ?? []).filter {
        $0.hasSuffix(".tvgsnap")
      }
    }

    func run(_ arguments: [String]) throws -> TVGridProcess {
      try TVGridProcess.run(arguments, environment: environment)
    }
  }

  @Test func secondRunReadsTheSnapshotAndAgrees() throws {
    let home = try Home()
    defer { home.remove() }
    for command in [["now", "--now", "2026-11-30T10:30Z"], ["check"], ["search", "title:news"]] {
      let words =
        command.count > 1 && command[0] == "search"
        ? command + [home.guide, "--now", "2026-11-30T09:00Z"] : command + [home.guide]
      let parsed = try home.run(words + ["--no-cache"])
      let first = try home.run(words)
      let second = try home.run(words)
      #expect(parsed.status == 0, "\(parsed.stderr)")
      #expect(first.stdout == parsed.stdout)
      #expect(second.stdout == parsed.stdout)
      #expect(second.stderr.isEmpty, "\(second.stderr)")
    }
    #expect(home.snapshotFiles().count == 1)
  }

  @Test func noCacheWritesNothing() throws {
    let home = try Home()
    defer { home.remove() }
    let result = try home.run(["now", home.guide, "--now", "2026-11-30T10:30Z", "--no-cache"])
    #expect(result.status == 0, "\(result.stderr)")
    #expect(!FileManager.default.fileExists(atPath: home.folder + "/cache"))
  }

  @Test func everyGuideCommandAcceptsNoCache() throws {
    let home = try Home()
    defer { home.remove() }
    for words in [
      ["render", home.guide, "--now", "2026-11-30T10:30Z", "--size", "60x10"],
      ["now", home.guide, "--now", "2026-11-30T10:30Z"], ["check", home.guide],
      ["search", "title:news", home.guide, "--now", "2026-11-30T09:00Z"],
      ["layout", home.guide, "--now", "2026-11-30T10:30Z", "--viewport", "400x200"],
      ["reminders", home.guide], ["cache"],
    ] {
      let result = try home.run(words + ["--no-cache"])
      #expect(result.status == 0, "\(words[0]): \(result.stderr)")
    }
    #expect(home.snapshotFiles().isEmpty)
  }

  @Test func damagedSnapshotIsNotedAndRebuilt() throws {
    let home = try Home()
    defer { home.remove() }
    let words = ["now", home.guide, "--now", "2026-11-30T10:30Z"]
    let good = try home.run(words)
    let name = try #require(home.snapshotFiles().first)
    let path = home.snapshots + "/" + name
    var bytes = try [UInt8](Data(contentsOf: URL(fileURLWithPath: path)))
    bytes[100] ^= 0x40  // inside the index: the checksum no longer matches
    try Data(bytes).write(to: URL(fileURLWithPath: path))
    let damaged = try home.run(words)
    #expect(damaged.stdout == good.stdout)
    #expect(
      damaged.stderr.contains("snapshot of \(home.guide) ignored (checksum"), "\(damaged.stderr)")
    let rebuilt = try home.run(words)
    #expect(rebuilt.stderr.isEmpty, "\(rebuilt.stderr)")
    #expect(rebuilt.stdout == good.stdout)
  }

  @Test func cacheListsAndClears() throws {
    let home = try Home()
    defer { home.remove() }
    _ = try home.run(["now", home.guide, "--now", "2026-11-30T10:30Z"])
    let list = try home.run(["cache"])
    #expect(list.status == 0, "\(list.stderr)")
    #expect(list.stdout.contains("1 snapshot,"), "\(list.stdout)")
    #expect(list.stdout.contains(home.guide), "\(list.stdout)")
    FileManager.default.createFile(atPath: home.snapshots + "/keep.txt", contents: Data())
    let clear = try home.run(["cache", "clear"])
    #expect(clear.stdout.hasPrefix("removed 1 snapshot "), "\(clear.stdout)")
    #expect(home.snapshotFiles().isEmpty)
    #expect(FileManager.default.fileExists(atPath: home.snapshots + "/keep.txt"))
    #expect(try home.run(["cache", "wipe"]).status == 2)
    let help = try home.run(["cache", "--help"])
    #expect(help.status == 0 && help.stdout.hasPrefix("Usage: tvgrid cache"), "\(help.stdout)")
  }

  @Test func cacheSizeZeroKeepsNothing() throws {
    let home = try Home(config: "cache_size = 0\n")
    defer { home.remove() }
    let result = try home.run(["now", home.guide, "--now", "2026-11-30T10:30Z"])
    #expect(result.status == 0, "\(result.stderr)")
    #expect(home.snapshotFiles().isEmpty)
    let bad = try Home(config: "cache_size = huge\n")
    defer { bad.remove() }
    #expect(try bad.run(["check", bad.guide]).stderr.contains("cache_size must be"))
  }

  /// The interactive guide writes its snapshot after the first frame (in
  /// the background), and opens the same screen from it the next time.
  @Test func interactiveGuideWritesAfterTheFirstFrameAndReopens() throws {
    guard TmuxPane.available() else { throw TmuxMissing() }
    let home = try Home()
    defer { home.remove() }
    let command =
      "env TZ=UTC LANG=C.UTF-8 NO_COLOR= TERM=screen XDG_CACHE_HOME='\(home.folder)/cache'"
      + " XDG_CONFIG_HOME='\(home.folder)/config' '\(TVGridProcess.binary)'"
      + " --now 2026-11-30T10:30Z '\(home.guide)'; sleep 60"
    var screens: [[String]] = []
    for run in 0..<2 {
      let session = try TmuxPane.start(
        command: command, columns: 80, rows: 12, label: "snapshot\(run)")
      defer { session.stop() }
      let screen = session.waitForScreen(seconds: 20) {
        $0.contains { $0.contains("Morning Show") }
      }
      #expect(screen.contains { $0.contains("Morning Show") }, "\(screen)")
      screens.append(screen)
      #expect(TmuxPane.waitFor(timeout: 20) { home.snapshotFiles().count == 1 })
      session.sendKeys("q")
    }
    #expect(screens[0] == screens[1])
  }

  @Test func refreshedGuideKeepsThePastListings() throws {
    let home = try Home()
    defer { home.remove() }
    let words = ["now", home.guide, "--now", "2026-11-30T10:30Z"]
    #expect(try home.run(words).stdout.contains("Morning Show"))
    try home.write(Self.laterGuide)
    let refreshed = try home.run(words)
    #expect(refreshed.stdout.contains("Morning Show"), "\(refreshed.stdout)")
    #expect(home.snapshotFiles().count == 1, "the older copy is replaced")
    // Read from the new snapshot: still there; the file alone has no 10:30.
    #expect(try home.run(words).stdout.contains("Morning Show"))
    #expect(!(try home.run(words + ["--no-cache"]).stdout.contains("Morning Show")))
    let check = try home.run(["check", home.guide])
    #expect(check.stdout.contains("kept 1 past programmes"), "\(check.stdout)")
  }
}
