import EPGLayout
import Foundation
import Testing

@testable import EPGSchedule

/// Every XMLTV sample loads to the expected number of channels and
/// programmes, each channel's list sorted and without overlaps.
///
/// Expected counts are worked by hand from each file and the documented
/// rules: a channel per id; clumps (`clumpidx`) merged into one programme;
/// then one programme per distinct (channel, start), since of programmes
/// sharing a start only one is kept.
@Suite("XMLTV samples")
struct CorpusTests {
  /// The project's own cases, `Fixtures/xmltv-cases`.
  static let expectedCases: [String: (channels: Int, programmes: Int)] = [
    "clump-pair.xml": (2, 2), "clump-three.xml": (1, 1), "contained.xml": (1, 8),
    "duplicates.xml": (2, 4), "empty-elements.xml": (1, 1), "empty.xml": (0, 0),
    "entities.xml": (2, 2), "equal-starts.xml": (2, 3), "extra-attributes.xml": (1, 1),
    "full-programme.xml": (2, 1), "intervals.xml": (1, 3), "latin1-pound.xml": (1, 1),
    "length.xml": (3, 3), "overlap-same-start.xml": (2, 5), "overlap.xml": (3, 5),
    "simple.xml": (2, 2), "sort.xml": (3, 4), "unknown-elements.xml": (2, 2),
    "whitespace.xml": (1, 1), "zero-length.xml": (1, 2),
  ]

  /// The XMLTV project's `t/data` files (`XMLTV_CORPUS=DIR`).
  static let expectedCorpus: [String: (channels: Int, programmes: Int)] = [
    "amp.xml": (2, 2), "attrs.xml": (1, 1), "clump.xml": (1, 1), "clump_extract.xml": (1, 1),
    "clump_extract_1.xml": (1, 1), "dups.xml": (2, 4), "empty.xml": (0, 0),
    "intervals.xml": (1, 3), "length.xml": (1, 1), "overlap.xml": (5, 7), "simple.xml": (2, 2),
    "sort.xml": (3, 4), "sort1.xml": (1, 2), "sort2.xml": (1, 1), "test.xml": (2, 1),
    "test_empty.xml": (1, 1), "test_livre.xml": (1, 1), "test_remove_some_overlapping.xml": (1, 8),
    "test_sort_by_channel.xml": (1, 2), "whitespace.xml": (1, 1), "x-whatever.xml": (2, 2),
  ]

  @Test func everyCaseHasAnExpectation() {
    let names = Set(Support.caseFiles().map(\.lastPathComponent))
    #expect(names == Set(Self.expectedCases.keys))
  }

  @Test(.enabled(if: Support.corpus != nil, "XMLTV_CORPUS is not set"))
  func corpusIsFound() {
    #expect(
      Set(Support.corpusFiles().map(\.lastPathComponent)).isSuperset(
        of: Self.expectedCorpus.keys),
      "XMLTV_CORPUS=\(Support.corpus?.path ?? "") lacks the XMLTV sample files")
  }

  @Test(arguments: Support.caseFiles())
  func caseLoads(_ file: URL) throws {
    try Self.check(file, Self.expectedCases)
  }

  @Test(arguments: Support.corpusFiles())
  func corpusFileLoads(_ file: URL) throws {
    try Self.check(file, Self.expectedCorpus)
  }

  /// What some cases are about, worked by hand from the files.
  @Test func caseContents() throws {
    let full = try ScheduleLoader.load(
      path: Support.xmltvCase("full-programme.xml"),
      options: LoadOptions(preferredLanguages: ["en"]))
    #expect(full.channels.map(\.name) == ["Second German TV", "Arte"])
    let programme = try #require(full.programmes.first?.first)
    #expect(programme.title == "The Case")
    #expect(programme.otherTitles == ["Der Fall"])
    #expect(programme.start == Support.utc("2026-03-21T19:30:00Z"))
    #expect(programme.episode?.label == "S02E05")
    #expect(programme.date == "19870321")
    #expect(programme.ratings == ["FSK: 12"])
    #expect(programme.starRatings == ["4/5"])
    #expect(programme.flags == [.lastChance])
    #expect(programme.length == 5400)
    #expect(programme.stop == programme.start + 5400)  // the last one: from <length>
    #expect(
      programme.credits.map { "\($0.role.rawValue):\($0.name):\($0.character ?? "")" } == [
        "director:Dora Direktor:", "actor:Anna Eins:", "actor:Berta Zwei:Kommissarin",
        "actor:Carl Drei:", "actor:Dieter Vier:Zeuge", "writer:Wanda Schreiber:",
      ])

    let pound = try ScheduleLoader.load(path: Support.xmltvCase("latin1-pound.xml"))
    #expect(pound.programmes.first?.first?.title == "£")
    #expect(pound.report.invalidByteCount == 0)

    let length = try ScheduleLoader.load(path: Support.xmltvCase("length.xml"))
    #expect(length.programmes.map { $0.first.map { $0.stop - $0.start } } == [1800, 7200, 900])

    let hollow = try ScheduleLoader.load(path: Support.xmltvCase("empty-elements.xml"))
    let nothing = try #require(hollow.programmes.first?.first)
    #expect(nothing.subTitle == nil && nothing.description == nil)
    #expect(nothing.categories.isEmpty && nothing.credits.isEmpty)

    let sort = try ScheduleLoader.load(path: Support.xmltvCase("sort.xml"))
    #expect(sort.programmes[0].map(\.title) == ["Late show", "After midnight"])
    #expect(sort.programmes[0][0].start == Support.utc("2026-04-11T03:30:00Z"))
  }

  static func check(_ file: URL, _ table: [String: (channels: Int, programmes: Int)]) throws {
    let schedule = try ScheduleLoader.load(path: file.path)
    let expected = try #require(
      table[file.lastPathComponent], "no expectation for \(file.lastPathComponent)")
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
