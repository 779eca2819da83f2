import EPGLayout
import Foundation
import Testing

@testable import EPGSchedule

@Suite("What is read from channels and programmes")
struct ContentTests {
  func multilang(_ languages: [String]) throws -> Schedule {
    try ScheduleLoader.load(
      path: Support.fixture("multilang.xml"), options: LoadOptions(preferredLanguages: languages))
  }

  @Test func channelsKeepFileOrderNamesIconAndNumbers() throws {
    let schedule = try multilang([])
    #expect(schedule.channels.map(\.id) == ["ard.de", "lcn.example", "nowhere.example"])
    let ard = schedule.channels[0]
    #expect(ard.name == "Das Erste")
    #expect(ard.otherNames == ["ARD One", "101"])
    #expect(ard.number == "101")  // a bare numeric display name
    #expect(ard.iconURL == "https://example.org/ard.png")
    #expect(!ard.isImplicit)
    #expect(schedule.channels[1].number == "7")  // <lcn>
    #expect(schedule.channels[2].isImplicit)
    #expect(schedule.channels[2].name == "nowhere.example")
    #expect(schedule.report.findings.contains { $0.kind == .unknownChannel && $0.line == 39 })
  }

  @Test func languageChoice() throws {
    let english = try multilang(["en"])
    #expect(english.channels[0].name == "ARD One")
    let news = try #require(english.programmes[0].first)
    #expect(news.title == "Daily News")
    #expect(news.otherTitles == ["Tagesschau"])
    #expect(news.subTitle == "Edition")  // lang="en-GB" matches "en"
    #expect(news.description == "English description.")
    #expect(news.categories == ["News", "Current affairs"])

    let german = try multilang(["de", "en"])
    let nachrichten = try #require(german.programmes[0].first)
    #expect(nachrichten.title == "Tagesschau")
    #expect(nachrichten.subTitle == "Ausgabe")
    #expect(nachrichten.description == "Deutsche Beschreibung.")
    #expect(nachrichten.categories == ["Nachrichten"])

    // No match: the first in the file.
    let french = try multilang(["fr"])
    #expect(french.programmes[0].first?.title == "Tagesschau")
    #expect(french.programmes[0].first?.description == "English description.")
  }

  @Test func programmeDetails() throws {
    let programme = try #require(try multilang([]).programmes[0].first)
    // xmltv_ns "1 . 9/20 . 0/2" is zero-based: season 2, episode 10 of 20, part 1 of 2.
    let episode = try #require(programme.episode)
    #expect(episode.season == 2)
    #expect(episode.episode == 10)
    #expect(episode.episodeCount == 20)
    #expect(episode.part == 1)
    #expect(episode.partCount == 2)
    #expect(episode.onscreen == "S02E10")
    #expect(episode.label == "S02E10 Part 1/2")
    #expect(programme.date == "2026")
    #expect(programme.ratings == ["FSK: 12"])
    #expect(programme.starRatings == ["4/5"])
    #expect(programme.flags == [.new, .premiere, .lastChance])
    #expect(programme.length == Int64(4500))
    #expect(programme.start == Support.utc("2026-11-30T19:00:00Z"))
    #expect(programme.stop == Support.utc("2026-11-30T20:15:00Z"))
    #expect(!programme.stopIsEstimated)
    #expect(programme.sourceLine == 13)
  }

  @Test func creditsKeepEveryRoleInOrderWithoutNestedText() throws {
    // The DTD's example: an actor with a role, one with an image and a url
    // inside (their text is not part of the name), every other role.
    let schedule = try Support.load(
      Support.xmltv(
        """
        <programme start="20261130200000 +0000" stop="20261130210000 +0000" channel="a">
          <title>Programme One</title>
          <credits>
            <director>Samuel Jones</director>
            <actor role="Walter Johnson">David Thompson</actor>
            <actor role="Karl James" guest="yes">
              Ryan Lee
              <image type="person">https://example.com/xxx.jpg</image>
              <url system="moviedb">https://example.com/person/204</url>
            </actor>
            <writer>Samuel Jones</writer>
            <adapter>William Brown</adapter>
            <producer>Emily Davis</producer>
            <composer>Max Wright</composer>
            <editor>Nora Peterson</editor>
            <presenter>Amanda Johnson</presenter>
            <commentator>James Wilson</commentator>
            <guest>Lucas Martin</guest>
            <guest>  </guest>
            <stagehand>Not a credit</stagehand>
          </credits>
          <director>Not in credits</director>
          <date>1990</date>
        </programme>
        """))
    let programme = try #require(schedule.programmes.first?.first)
    #expect(
      programme.credits == [
        Credit(role: .director, name: "Samuel Jones"),
        Credit(role: .actor, name: "David Thompson", character: "Walter Johnson"),
        Credit(role: .actor, name: "Ryan Lee", character: "Karl James"),
        Credit(role: .writer, name: "Samuel Jones"),
        Credit(role: .adapter, name: "William Brown"),
        Credit(role: .producer, name: "Emily Davis"),
        Credit(role: .composer, name: "Max Wright"),
        Credit(role: .editor, name: "Nora Peterson"),
        Credit(role: .presenter, name: "Amanda Johnson"),
        Credit(role: .commentator, name: "James Wilson"),
        Credit(role: .guest, name: "Lucas Martin"),
      ])
    #expect(programme.date == "1990")
    // JSON keeps them.
    let reloaded = try ScheduleLoader.load(bytes: ScheduleJSON.encode(schedule), name: "c.json")
    #expect(reloaded.programmes.first?.first?.credits == programme.credits)
  }

  @Test(
    arguments: [
      ("0.0.", 1, 1, nil as Int?), ("1.0.0/1", 2, 1, 1), (" 0 . 12/13 . 0/3 ", 1, 13, 1),
      (".5.", nil, 6, nil),
    ] as [(String, Int?, Int?, Int?)])
  func xmltvNSIsOneBased(_ text: String, _ season: Int?, _ episode: Int?, _ part: Int?) throws {
    let number = try #require(EpisodeNumber(xmltvNS: text))
    #expect(number.season == season)
    #expect(number.episode == episode)
    #expect(number.part == part)
    #expect(EpisodeNumber(xmltvNS: number.xmltvNS ?? "") == number)
  }

  @Test(arguments: ["", " . . ", "a.b.c", "1.2.3.4", "1/2/3..", "-1.0."])
  func badXMLTVNS(_ text: String) {
    #expect(EpisodeNumber(xmltvNS: text) == nil)
  }

  @Test func missingStopsAreInferred() throws {
    let schedule = try multilang([])
    let last = try #require(schedule.programmes[0].last)
    #expect(last.title == "Last one")
    #expect(last.stopIsEstimated)
    #expect(last.stop == last.start + 7200)  // from <length units="hours">2</length>
    #expect(last.flags == [.previouslyShown])

    let text = Support.xmltv(
      """
      <programme start="20261130200000" channel="c"><title>A</title></programme>
      <programme start="20261130203000" channel="c"><title>B</title></programme>
      <programme start="20261130210000" channel="c"><title>C</title></programme>
      """)
    let list = try #require(
      try Support.load(text, options: LoadOptions(defaultDuration: 600)).programmes.first)
    #expect(list.map(\.stop) == [list[1].start, list[2].start, list[2].start + 600])
    #expect(list.allSatisfy { $0.stopIsEstimated })
  }

  @Test func exactDuplicatesAreRemoved() throws {
    let schedule = try ScheduleLoader.load(path: Support.xmltvCase("whitespace.xml"))
    #expect(schedule.programmeCount == 1)
    #expect(schedule.programmes[0][0].title == "Quiz")
    #expect(schedule.programmes[0][0].description == "Who knows?")
    #expect(schedule.report.count(of: .duplicateRemoved) == 4)
  }

  /// Long texts, where the reader copies sixteen bytes at a time when
  /// their only white space is single spaces: trimmed and collapsed as
  /// short ones, wherever the runs of white space fall.
  @Test func longTextsAreTrimmedAndCollapsedWhereverTheSpacesFall() throws {
    var generator = SplitMix64(seed: 23)
    let words = ["a", "tale", "Überraschung", "of", "x", "\u{1F600}", "longwordwithoutspaces1234"]
    let spaces = [" ", " ", " ", " ", "  ", "\n", "\t", " \n   ", "\r\n"]
    var texts: [String] = []
    for _ in 0..<60 {
      var text = Bool.random(using: &generator) ? spaces.randomElement(using: &generator)! : ""
      for _ in 0..<Int.random(in: 1...40, using: &generator) {
        text += words.randomElement(using: &generator)! + spaces.randomElement(using: &generator)!
      }
      texts.append(text)
    }
    // One every ten minutes from 2026-11-30 00:00.
    func two(_ value: Int) -> String { value < 10 ? "0\(value)" : "\(value)" }
    let programmes = texts.enumerated().map { index, text in
      "<programme start=\"20261130\(two(index / 6))\(two(index % 6 * 10))00\" channel=\"c\">"
        + "<title>T</title><desc>\(text)</desc></programme>"
    }
    let schedule = try Support.load(Support.xmltv(programmes.joined(separator: "\n")))
    let expected = texts.map {
      $0.split(whereSeparator: { " \t\n\r".unicodeScalars.contains($0.unicodeScalars.first!) })
        .joined(separator: " ")
    }
    #expect(schedule.programmes[0].map { $0.description ?? "" } == expected)
  }

  @Test func overlapsFollowTheLayoutRule() throws {
    let text = Support.xmltv(
      """
      <programme start="20261130070000" stop="20261130074500" channel="c"><title>Container</title></programme>
      <programme start="20261130070000" stop="20261130070500" channel="c"><title>Same start</title></programme>
      <programme start="20261130070500" stop="20261130071500" channel="c"><title>Inside</title></programme>
      <programme start="20261130071500" stop="20261130080000" channel="c"><title>After</title></programme>
      """)
    let schedule = try Support.load(text)
    let list = try #require(schedule.programmes.first)
    #expect(list.map(\.title) == ["Container", "Inside", "After"])
    #expect(list[0].stop == list[1].start)  // shown until the next start
    #expect(list[0].listedStop == Support.utc("2026-11-30T07:45:00Z"))
    #expect(schedule.report.count(of: .overlapResolved) == 2)  // one dropped, one trimmed
    for (a, b) in zip(list, list.dropFirst()) { #expect(a.stop <= b.start) }
  }

  @Test func clumpsShareOneSlot() throws {
    let schedule = try ScheduleLoader.load(path: Support.xmltvCase("clump-pair.xml"))
    let list = try #require(schedule.programmes.first)
    #expect(list.count == 1)
    #expect(list[0].title == "Cartoon A; Cartoon B")
    #expect(list[0].categories == ["animation", "children"])
    #expect(schedule.programmes[1].map(\.title) == ["Breakfast; Headlines; Weather"])
    let three = try ScheduleLoader.load(path: Support.xmltvCase("clump-three.xml"))
    #expect(three.programmes[0].map(\.title) == ["Film; News; News"])
    #expect(schedule.report.count(of: .duplicateRemoved) == 0)
    #expect(schedule.report.count(of: .overlapResolved) == 0)

    // Clump order comes from clumpidx, not the file.
    let reversed = Support.xmltv(
      """
      <programme start="20261130200000" stop="20261130203000" channel="c" clumpidx="1/2"><title>B</title><sub-title>b</sub-title></programme>
      <programme start="20261130200000" stop="20261130203000" channel="c" clumpidx="0/2"><title>A</title><sub-title>a</sub-title></programme>
      """)
    let merged = try #require(try Support.load(reversed).programmes.first?.first)
    #expect(merged.title == "A; B")
    #expect(merged.subTitle == "a; b")
  }

  @Test func localDamageSkipsOnlyTheBadProgrammes() throws {
    let schedule = try ScheduleLoader.load(path: Support.fixture("damaged.xml"))
    #expect(schedule.programmes[0].map(\.title) == ["Good one", "Good two"])
    let skipped = schedule.report.findings.filter {
      $0.kind == .skippedProgramme || $0.kind == .badTimestamp
    }
    #expect(skipped.map(\.line) == [7, 10, 13, 16])
  }

  @Test func unknownElementsAndAttributesAreIgnored() throws {
    let schedule = try ScheduleLoader.load(path: Support.xmltvCase("unknown-elements.xml"))
    #expect(schedule.programmeCount == 2)
    let garden = try #require(
      schedule.programmes.flatMap { $0 }.first { $0.title == "Garden Time" })
    #expect(garden.subTitle == "Roses")
    #expect(garden.description == "Pruning, feeding and planting out.")
    #expect(garden.categories == ["garden"])
    #expect(garden.flags == [.previouslyShown])
    #expect(garden.credits.map(\.name) == ["Gill Green", "Rob Root"])
  }

  @Test func entitiesAreDecodedOnce() throws {
    let schedule = try ScheduleLoader.load(path: Support.xmltvCase("entities.xml"))
    let programme = try #require(
      schedule.programmes.flatMap { $0 }.first { $0.title == "Rock & Roll" })
    #expect(programme.otherTitles == ["&"])
    #expect(programme.description == "&& and &amp; and <b> and \"q\" 'a' é☺")
    #expect(schedule.programmes[1].map(\.title) == ["Q&A"])
  }

  @Test func namedZonesAndTruncatedTimes() throws {
    let clump = try ScheduleLoader.load(path: Support.xmltvCase("clump-pair.xml"))
    #expect(clump.programmes[0][0].start == Support.utc("2026-03-01T19:05:00Z"))
    #expect(clump.programmes[1][0].start == Support.utc("2026-07-05T07:00:00Z"))  // BST
    let simple = try ScheduleLoader.load(path: Support.xmltvCase("simple.xml"))
    #expect(simple.programmes[0][0].start == Support.utc("2026-06-15T17:30:00Z"))  // BST
    #expect(simple.channels.allSatisfy { $0.isImplicit })
  }

  @Test func shiftMovesEveryTime() throws {
    let plain = try multilang([])
    let shifted = try ScheduleLoader.load(
      path: Support.fixture("multilang.xml"), options: LoadOptions(shift: -3600))
    for (a, b) in zip(plain.programmes.flatMap { $0 }, shifted.programmes.flatMap { $0 }) {
      #expect(b.start == a.start - 3600)
      #expect(b.stop == a.stop - 3600)
    }
  }
}

@Suite("Content and accessibility details")
struct ContentFlagsTests {
  @Test func readsSubtitlesSoundPictureReviewsURLsAndImages() throws {
    // Expected values read off the hand-made fixture against the DTD.
    let schedule = try ScheduleLoader.load(path: Support.fixture("content-flags.xml"))
    let list = try #require(schedule.programmes.first)
    #expect(list.count == 4)
    let all = list[0]
    #expect(all.content == [.subtitles, .signed, .audioDescribed, .hd, .blackAndWhite])
    #expect(all.sound == "dolby digital")
    #expect(all.aspect == "16:9")
    #expect(all.quality == "HDTV")
    #expect(all.ratings == ["BBFC: PG", "VCHIP: TV-14"])
    // The icon before <value> has no rating yet; the one after belongs to PG.
    #expect(all.ratingIcons.map(\.rating) == ["BBFC: PG"])
    #expect(all.ratingIcons.map(\.url) == ["https://example.com/pg-second.png"])
    #expect(all.starRatings == ["3/5"])
    #expect(
      all.reviews == [
        ProgrammeExtra.Review(text: "A fine film.", by: "Jane Doe, The Paper"),
        ProgrammeExtra.Review(text: "https://example.com/review/1", isURL: true),
      ])
    #expect(all.urls == ["https://example.com/title/1", "https://example.com/title/1/more"])
    // The first <image> wins over the <icon>.
    #expect(all.imageURL == "https://example.com/poster.jpg")
    #expect(all.flags == [.previouslyShown])

    let radio = list[1]
    #expect(radio.content == [.noPicture, .noSound, .onscreenSubtitles, .subtitles])
    #expect(radio.imageURL == "https://example.com/radio.png")
    #expect(radio.sound == nil && radio.aspect == nil && radio.quality == nil)

    let ultra = list[2]
    #expect(ultra.content == [.uhd])
    #expect(ultra.ratings.isEmpty && ultra.ratingIcons.isEmpty)

    let plain = list[3]
    #expect(plain.content.isEmpty)
    #expect(plain.quality == "SDTV")
    #expect(plain.extras == [.quality("SDTV")])

    // JSON keeps every one of them (it has no source lines).
    let reloaded = try ScheduleLoader.load(bytes: ScheduleJSON.encode(schedule), name: "c.json")
    let unlined = list.map { programme -> Programme in
      var copy = programme
      copy.sourceLine = 0
      return copy
    }
    #expect(reloaded.programmes.first?.array == unlined)
  }

  @Test func definitionFromQualityText() {
    #expect(ContentFlags.definition(quality: "HDTV") == .hd)
    #expect(ContentFlags.definition(quality: "1080i") == .hd)
    #expect(ContentFlags.definition(quality: "1280x720") == .hd)
    #expect(ContentFlags.definition(quality: "4K") == .uhd)
    #expect(ContentFlags.definition(quality: "UHDTV") == .uhd)
    #expect(ContentFlags.definition(quality: "800x600") == [])
    #expect(ContentFlags.definition(quality: "SDTV") == [])
    // Case ignored anywhere in the text; a word at the very end counts.
    #expect(ContentFlags.definition(quality: "hD ready") == .hd)
    #expect(ContentFlags.definition(quality: "format 2160P") == .uhd)
    #expect(ContentFlags.definition(quality: "h") == [])
    #expect(ContentFlags.definition(quality: "") == [])
    // Not ASCII: Unicode lower-casing, as before (the Kelvin sign K is k).
    #expect(ContentFlags.definition(quality: "4\u{212A}") == .uhd)
    #expect(ContentFlags.definition(quality: "Télé HD") == .hd)
  }

  @Test func clumpsMergeTheirDetails() throws {
    // Two halves of one slot (clumpidx 0/2 and 1/2): one has subtitles and
    // a URL, the other audio description, the same URL and an aspect.
    let schedule = try Support.load(
      Support.xmltv(
        """
        <programme start="20261130200000 +0000" stop="20261130210000 +0000" channel="a" clumpidx="0/2">
          <title>First</title>
          <url>https://example.com/1</url>
          <subtitles type="teletext"/>
        </programme>
        <programme start="20261130200000 +0000" stop="20261130210000 +0000" channel="a" clumpidx="1/2">
          <title>Second</title>
          <url>https://example.com/1</url>
          <video><aspect>4:3</aspect></video>
          <audio-described/>
        </programme>
        """))
    let list = try #require(schedule.programmes.first)
    #expect(list.count == 1)
    #expect(list[0].content == [.subtitles, .audioDescribed])
    // In canonical order: aspect before URLs.
    #expect(list[0].extras == [.aspect("4:3"), .url("https://example.com/1")])
  }
}

/// Lists of extras that repeat across a guide are one copy in memory, after
/// a parse and after a snapshot is read back; a programme's own URL keeps
/// its list to itself.
@Suite struct SharedExtrasTests {
  static let guide = """
    <tv><channel id="a"><display-name>A</display-name></channel>
    <programme start="20261130180000 +0000" stop="20261130190000 +0000" channel="a"><title>One</title><video><aspect>16:9</aspect><quality>HDTV</quality></video></programme>
    <programme start="20261130190000 +0000" stop="20261130200000 +0000" channel="a"><title>Two</title><video><aspect>16:9</aspect><quality>HDTV</quality></video></programme>
    <programme start="20261130200000 +0000" stop="20261130210000 +0000" channel="a"><title>Three</title><url>https://example.org/3</url></programme>
    <programme start="20261130210000 +0000" stop="20261130220000 +0000" channel="a"><title>Four</title><url>https://example.org/3</url></programme>
    </tv>
    """

  static func storage(_ extras: [ProgrammeExtra]) -> UnsafeRawPointer? {
    extras.withUnsafeBufferPointer { UnsafeRawPointer($0.baseAddress) }
  }

  static func check(_ programmes: ProgrammeColumn) {
    #expect(programmes[0].extras == [.aspect("16:9"), .quality("HDTV")])
    #expect(programmes[0].extras == programmes[1].extras)
    #expect(storage(programmes[0].extras) == storage(programmes[1].extras))
    #expect(programmes[2].extras == programmes[3].extras)
    #expect(storage(programmes[2].extras) != storage(programmes[3].extras))
  }

  @Test func repeatedListsShareStorage() throws {
    let parsed = try Support.load(Self.guide)
    Self.check(parsed.programmes[0])
    let bytes = ScheduleSnapshot.encode(parsed, key: 1, sourcePath: "/g.xml", writtenAt: 0)
    let read = try bytes.withUnsafeBytes { raw throws(ScheduleSnapshot.Rejection) in
      try ScheduleSnapshot.decode(raw, key: 1)
    }
    Self.check(read.programmes[0])
  }
}
