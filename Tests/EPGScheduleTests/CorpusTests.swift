import EPGLayout
import Foundation
import Testing

@testable import EPGSchedule

@Suite("XMLTV corpus")
struct CorpusTests {
  @Test func corpusIsFound() {
    #expect(Support.corpus != nil, "xmltv-corpus not found at /work/shared or ../shared")
    #expect(Support.corpusFiles().count >= 20)
  }

  /// Expected (channels, programmes after normalisation) per corpus file.
  static let expected: [String: (channels: Int, programmes: Int)] = [
    "amp.xml": (2, 2), "attrs.xml": (1, 1), "clump.xml": (1, 1), "clump_extract.xml": (1, 1),
    "clump_extract_1.xml": (1, 1), "dups.xml": (2, 4), "empty.xml": (0, 0),
    "intervals.xml": (1, 3), "length.xml": (1, 1), "overlap.xml": (5, 7), "simple.xml": (2, 2),
    "sort.xml": (3, 4), "sort1.xml": (1, 2), "sort2.xml": (1, 1), "test.xml": (2, 1),
    "test_empty.xml": (1, 1), "test_livre.xml": (1, 1), "test_remove_some_overlapping.xml": (1, 8),
    "test_sort_by_channel.xml": (1, 2), "whitespace.xml": (1, 1), "x-whatever.xml": (2, 2),
  ]

  @Test(arguments: Support.corpusFiles())
  func loads(_ file: URL) throws {
    let schedule = try ScheduleLoader.load(path: file.path)
    let expected = try #require(
      Self.expected[file.lastPathComponent], "no expectation for \(file.lastPathComponent)")
    #expect(schedule.channels.count == expected.channels, "\(file.lastPathComponent) channels")
    #expect(schedule.programmeCount == expected.programmes, "\(file.lastPathComponent) programmes")
    for list in schedule.programmes {
      for (a, b) in zip(list, list.dropFirst()) {
        #expect(a.start < b.start)
        #expect(a.stop <= b.start)
      }
    }
  }
}
