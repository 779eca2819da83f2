import EPGLayout
import Foundation
import Testing

@testable import EPGSchedule

/// Damaged input of every kind either loads or throws a `LoadError`; it
/// never crashes or hangs.
@Suite("Robustness")
struct RobustnessTests {
  static let guide = DemoGuide.xmltv(
    channels: 3, days: 1, seed: 11, start: 1_796_069_700)

  @Test func everyTruncationLoadsOrFailsCleanly() {
    let bytes = Self.guide
    var failures = 0
    for cut in stride(from: 1, to: bytes.count, by: max(1, bytes.count / 97)) {
      do {
        _ = try ScheduleLoader.load(bytes: Array(bytes.prefix(cut)), name: "cut")
      } catch {
        failures += 1
        #expect(error.description.hasPrefix("cut"))
      }
    }
    #expect(failures > 90)  // a cut XML document is not well-formed
  }

  @Test func randomByteDamageNeverCrashes() {
    var rng = SplitMix64(seed: 99)
    for _ in 0..<60 {
      var bytes = Self.guide
      for _ in 0..<(1 + rng.below(20)) {
        bytes[rng.below(bytes.count)] = UInt8(truncatingIfNeeded: rng.next())
      }
      do {
        let schedule = try ScheduleLoader.load(bytes: bytes, name: "damaged")
        for list in schedule.programmes {
          for (a, b) in zip(list, list.dropFirst()) { #expect(a.stop <= b.start) }
        }
      } catch {
        #expect(!error.message.isEmpty)
      }
    }
  }

  @Test func garbageOfEveryShape() {
    let inputs: [[UInt8]] = [
      [0x1F, 0x8B], [0x1F, 0x8B, 0, 0, 0], Array("{".utf8), Array("{\"channels\": [".utf8),
      Array("<".utf8), Array("<tv".utf8), [0xFF, 0xFE, 0x3C, 0x00], [0xEF, 0xBB, 0xBF],
      Array(repeating: 0, count: 100), Array(String(repeating: "<a>", count: 5000).utf8),
      Array("<?xml version=\"1.0\" encoding=\"x-unknown\"?><tv/>".utf8),
      Array("<?xml version=\"1.0\" encoding=\"UTF-16\"?><tv/>".utf8),
      Array("<tv><programme start=\"\" stop=\"\" channel=\"\"><title/></programme></tv>".utf8),
      Array(
        "<tv><programme start=\"99999999999999 +9999\" channel=\"c\"><title>x</title></programme></tv>"
          .utf8),
    ]
    for input in inputs {
      do {
        _ = try ScheduleLoader.load(bytes: input, name: "garbage")
      } catch {
        #expect(error.description.hasPrefix("garbage"))
      }
    }
  }

  @Test func deepNestingIsRefused() {
    let depth = 5000
    let text =
      "<tv>" + String(repeating: "<x>", count: depth) + String(repeating: "</x>", count: depth)
      + "</tv>"
    #expect(throws: LoadError.self) {
      try ScheduleLoader.load(bytes: Array(text.utf8), name: "deep")
    }
  }

  /// A 2 MB description is kept to its first 64 KiB (issue 25: a text is
  /// cut while it is read), ending before the space the cut falls after.
  @Test func hugeTextStaysBounded() throws {
    let long = String(repeating: "word ", count: 400_000)
    let text = Support.xmltv(
      "<programme start=\"20261130200000\" channel=\"c\"><title>T</title><desc>\(long)</desc></programme>"
    )
    let schedule = try ScheduleLoader.load(bytes: Array(text.utf8), name: "long")
    // 65,536 bytes of "word word …" end with "wor" (65,536 = 5 × 13,107 + 1:
    // the last whole word's space is byte 65,535, then "w").
    let kept = String(long.prefix(65_536))
    #expect(schedule.programmes.first?.first?.description == kept)
    #expect(schedule.report.count(of: .textCut) == 1)
  }
}
