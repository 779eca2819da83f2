import Foundation
import Testing

/// What `now` and `render` write under different locales: UTF-8 unless the
/// character set is known to be something else.
@Suite struct LocaleTests {
  static let guide = """
    {"channels": [{"id": "zdf", "name": "ZDF Köln"}],
     "programmes": [
       {"channel": "zdf", "start": "2026-11-30T11:00:00Z", "stop": "2026-11-30T12:30:00Z", "title": "Café Müller"}]}
    """

  /// `tvgrid now` at 11:30 with exactly `variables` in the environment
  /// (`env -i`, so no LANG or LC_* from the test's own environment).
  static func now(_ variables: [String]) throws -> TVGridProcess {
    let path = try SubcommandTests.temporaryFile(guide, named: "umlaut.json")
    defer { try? FileManager.default.removeItem(atPath: path) }
    return try TVGridProcess.run(
      ["-i", "TZ=UTC"] + variables + [
        TVGridProcess.binary, "now", path, "--now", "2026-11-30T11:30Z",
      ],
      via: "/usr/bin/env")
  }

  /// No locale at all (cron), or one that is not installed but says UTF-8:
  /// UTF-8 text and tvgrid's own en dash.
  @Test(arguments: [[], ["LANG=xx_YY.UTF-8"], ["LC_ALL=xx_YY.utf8", "LANG=C"]])
  func unsetOrUninstalledUTF8WritesUTF8(variables: [String]) throws {
    let result = try Self.now(variables)
    #expect(result.status == 0, "\(result.stderr)")
    #expect(result.stdout.contains("ZDF Köln  11:00–12:30  Café Müller"), "\(result.stdout)")
  }

  /// A character set known not to be UTF-8: ASCII only, `-` for the dash.
  @Test(arguments: [["LC_ALL=C"], ["LANG=en_US.ISO-8859-1"], ["LANG=POSIX"]])
  func knownOtherCharsetWritesASCII(variables: [String]) throws {
    let result = try Self.now(variables)
    #expect(result.status == 0, "\(result.stderr)")
    #expect(result.stdout.contains("ZDF K?ln  11:00-12:30  Caf? M?ller"), "\(result.stdout)")
    let ascii = result.stdout.unicodeScalars.allSatisfy { $0.isASCII }
    #expect(ascii, "\(result.stdout)")
  }

  /// `render` follows the same rule: box drawing under cron.
  @Test func renderUnderCronIsUnicode() throws {
    let path = try SubcommandTests.temporaryFile(Self.guide, named: "umlaut.json")
    defer { try? FileManager.default.removeItem(atPath: path) }
    let result = try TVGridProcess.run(
      [
        "-i", "TZ=UTC", TVGridProcess.binary, "render", path, "--now", "2026-11-30T11:30Z",
        "--size", "80x10",
      ], via: "/usr/bin/env")
    #expect(result.status == 0, "\(result.stderr)")
    #expect(result.stdout.contains("│"), "\(result.stdout)")
    #expect(result.stdout.contains("Café Müller"), "\(result.stdout)")
  }
}
