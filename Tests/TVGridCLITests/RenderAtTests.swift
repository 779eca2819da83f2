import Foundation
import Testing

/// `tvgrid render --at TIME`: the start-up screen scrolled so that TIME
/// (rounded down to a whole column) is at the left edge of the grid area.
struct RenderAtTests {
  /// A new file per call: tests run in parallel, and one rewriting a shared
  /// file while another's tvgrid reads it made that read fail.
  static func guideFile() throws -> String {
    let path = NSTemporaryDirectory() + "tvgrid-render-at-\(UUID().uuidString).xml"
    try Data(InteractiveGuideTests.guide.utf8).write(to: URL(fileURLWithPath: path))
    return path
  }

  /// The rendered 80 × 16 screen with `extra` arguments, one string per row.
  static func render(_ extra: [String]) throws -> [String] {
    let file = try guideFile()
    defer { try? FileManager.default.removeItem(atPath: file) }
    let result = try TVGridProcess.run(
      ["render", "--size", "80x16", "--now", "2026-11-30T14:05Z"] + extra + [file],
      environment: ["LANG": "C.UTF-8"])
    #expect(result.status == 0, "\(result.stderr)")
    return result.stdout.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
  }

  /// The time header (third row) from the grid's left edge (after `│`).
  static func header(_ screen: [String]) -> Substring {
    guard screen.count > 2, let edge = screen[2].firstIndex(of: "│") else { return "" }
    return screen[2][screen[2].index(after: edge)...]
  }

  @Test(arguments: [("2026-11-30T16:00Z", "16:00"), ("2026-11-30T14:30Z", "14:30")])
  func theFirstHourLabelIsTheAtTime(at: String, label: String) throws {
    let screen = try Self.render(["--at", at])
    #expect(Self.header(screen).hasPrefix(label), "\(screen.joined(separator: "\n"))")
  }

  @Test func anAtBetweenLabelsSnapsToAWholeColumn() throws {
    // 24 columns an hour: 15:10 is a column edge, 15:30 eight columns on.
    let header = Self.header(try Self.render(["--at", "2026-11-30T15:10Z"]))
    let label = try #require(header.range(of: "15:30"))
    #expect(header.distance(from: header.startIndex, to: label.lowerBound) == 8)
    // 15:11 rounds down to the same column.
    #expect(Self.header(try Self.render(["--at", "2026-11-30T15:11Z"])) == header)
  }

  @Test func atTheStartUpViewIsTheDefaultScreen() throws {
    let plain = try Self.render([])
    #expect(Self.header(plain).hasPrefix("14:00"))
    #expect(try Self.render(["--at", "2026-11-30T14:00Z"]) == plain)
    #expect(try Self.render(["--at", "2026-11-30T16:00Z"]) != plain)
  }

  @Test func anUnreadableAtIsAUsageError() throws {
    let file = try Self.guideFile()
    defer { try? FileManager.default.removeItem(atPath: file) }
    let result = try TVGridProcess.run(
      ["render", "--at", "teatime", file], environment: ["LANG": "C.UTF-8"])
    #expect(result.status == 2)
    #expect(result.stderr.contains("--at"))
  }

  @Test func theTopBarDateIsTodayOnAWideScreenInTheEvening() throws {
    // The built-in demo guide (no config: XDG_CONFIG_HOME names an empty
    // folder). 300 columns show about 12 hours from 19:00: the middle of the
    // view is Tuesday, but today (next to "Now 19:00") is Monday 30 November.
    let empty = NSTemporaryDirectory() + "tvgrid-no-config-\(UUID().uuidString)"
    let result = try TVGridProcess.run(
      ["render", "--now", "2026-11-30T19:00Z", "--size", "300x10"],
      environment: ["LANG": "C.UTF-8", "XDG_CONFIG_HOME": empty])
    #expect(result.status == 0, "\(result.stderr)")
    let top = result.stdout.prefix { $0 != "\n" }
    #expect(top.contains("│ Mon 30 Nov 2026"), "\(top)")
    #expect(top.contains("Now 19:00"))
  }
}
