import Foundation
import Testing

@testable import EPGSchedule

/// Issue 25, item 4: a guide larger than `max_guide_size` once
/// decompressed is refused, saying which limit: a plain file at once (its
/// size), gzip by its inflated bytes, bytes in memory alike. (Files, gzip,
/// standard input and URL bodies end to end are
/// `TVGridCLITests.GuideLoadingCommandTests`'.)
@Suite struct GuideSizeLimitTests {
  static func programme(_ inner: String) -> String {
    "<programme start=\"20261130200000 +0000\" channel=\"c\">\(inner)</programme>"
  }

  @Test func aGuideLargerThanTheLimitIsRefused() throws {
    let body = (0..<200).map { _ in Self.programme("<title>T</title>") }.joined(separator: "\n")
    let xml = Support.xmltv(body)
    var options = LoadOptions()
    options.maxGuideBytes = 4_096
    let path = Support.temporaryFile(xml)
    defer { try? FileManager.default.removeItem(atPath: path) }
    for fromFile in [true, false] {
      do throws(LoadError) {
        _ =
          fromFile
          ? try ScheduleLoader.load(path: path, options: options)
          : try ScheduleLoader.load(bytes: Array(xml.utf8), name: "mem", options: options)
        Issue.record("loaded")
      } catch {
        #expect(error.kind == .tooLarge)
        #expect(
          error.message
            == "the guide is larger than max_guide_size (4 KiB, counted after decompression); raise max_guide_size in the config to load it"
        )
      }
    }
    options.maxGuideBytes = Int64(xml.utf8.count)
    #expect(try ScheduleLoader.load(path: path, options: options).programmes.count == 1)
    #expect(LoadOptions().maxGuideBytes == 2 << 30)
  }

  /// The limit counts the inflated bytes of gzip: 100 KiB of spaces in a
  /// few hundred bytes.
  @Test func gzipCountsItsInflatedBytes() throws {
    let gzip = try #require(Support.executable("gzip"), "gzip is needed for this test")
    let xml = "<tv>" + String(repeating: " ", count: 100_000) + "</tv>\n"
    let plain = Support.temporaryFile(xml)
    defer { try? FileManager.default.removeItem(atPath: plain) }
    let (status, compressed, _) = try Support.run(gzip, ["-c", plain])
    #expect(status == 0)
    #expect(compressed.count < 1_000)
    var options = LoadOptions()
    options.maxGuideBytes = 50_000
    #expect(throws: LoadError.self) {
      try ScheduleLoader.load(bytes: Array(compressed), name: "g.xml.gz", options: options)
    }
    options.maxGuideBytes = 200_000
    #expect(
      try ScheduleLoader.load(bytes: Array(compressed), name: "g", options: options).channels
        .isEmpty)
  }
}
