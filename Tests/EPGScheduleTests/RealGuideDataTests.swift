import EPGLayout
import Foundation
import Testing

@testable import EPGSchedule

/// What real guides write and how it is read (issue 12, item 4). Expected
/// values are worked by hand from the XML below.
@Suite("Real guides' data")
struct RealGuideDataTests {
  /// Programmes whose stop equals their start are counted by `check`.
  @Test func checkCountsProgrammesThatStopWhenTheyStart() throws {
    let path = Support.temporaryFile(
      Support.xmltv(
        """
        <channel id="c"><display-name>C</display-name></channel>
        <programme start="20261130200000 +0000" stop="20261130200000 +0000" channel="c"><title>Zero one</title></programme>
        <programme start="20261130201000 +0000" stop="20261130210000 +0000" channel="c"><title>Normal</title></programme>
        <programme start="20261130210000 +0100" stop="20261130200000 +0000" channel="c"><title>Zero two</title></programme>
        <programme start="20261130220000 +0000" stop="20261130213000 +0000" channel="c"><title>Backwards</title></programme>
        """))
    defer { try? FileManager.default.removeItem(atPath: path) }
    let report = CheckReport(path: path)
    #expect(report.count(of: .zeroLength) == 2)
    let text = report.text()
    #expect(text.contains("programmes with stop = start: 2"), "\(text)")
    #expect(text.contains("\(path):4: zeroLength: \"Zero one\" stops when it starts"), "\(text)")
    #expect(text.contains("\(path):6: zeroLength: \"Zero two\""), "\(text)")
  }

  /// xmltv_ns with only a part, and an onscreen number: the label shows both.
  @Test func aPartOnlyEpisodeKeepsTheOnscreenNumber() throws {
    let schedule = try Support.load(
      Support.xmltv(
        """
        <programme start="20261130200000" stop="20261130210000" channel="c"><title>A</title>
          <episode-num system="xmltv_ns">..0/2</episode-num><episode-num system="onscreen">E12</episode-num></programme>
        <programme start="20261130210000" stop="20261130220000" channel="c"><title>B</title>
          <episode-num system="onscreen">Ep. 7</episode-num><episode-num system="xmltv_ns">..0/1</episode-num></programme>
        <programme start="20261130220000" stop="20261130230000" channel="c"><title>C</title>
          <episode-num system="xmltv_ns">1.4.</episode-num><episode-num system="onscreen">E12</episode-num></programme>
        """))
    let labels = try #require(schedule.programmes.first).map { $0.episode?.label }
    #expect(labels == ["E12 Part 1/2", "Ep. 7", "S02E05"])
  }

  @Test(arguments: [
    ("20150712", "2015-07-12"), ("201507", "2015-07"), ("2015", "2015"), ("c. 1950", "c. 1950"),
  ])
  func aDateIsShownAsTheFileGivesIt(_ date: String, _ shown: String) {
    let programme = Programme(start: 0, stop: 60, title: "T", date: date)
    #expect(programme.dateText == shown)
  }

  /// "3 BBC One" on channel 3 is not shown as "3 3 BBC One"; a dotted
  /// display name counts as a number as `<lcn>13.1</lcn>` does.
  @Test func channelNumbersInDisplayNames() throws {
    let schedule = try Support.load(
      Support.xmltv(
        """
        <channel id="bbc1"><display-name>3 BBC One</display-name><display-name>3</display-name></channel>
        <channel id="kxyz"><display-name>13.1</display-name><display-name>KXYZ</display-name></channel>
        <channel id="lcn"><display-name>13.1 KABC</display-name><lcn>13.1</lcn></channel>
        <channel id="3sat"><display-name>3sat</display-name><lcn>3</lcn></channel>
        <channel id="ip"><display-name>1.2.3.4</display-name><display-name>Odd</display-name></channel>
        <channel id="v"><display-name>1.</display-name><display-name>Dots</display-name></channel>
        """))
    let channels = schedule.channels.map { "\($0.number ?? "-")|\($0.name)" }
    #expect(
      channels == [
        "3|BBC One", "13.1|KXYZ", "13.1|KABC", "3|3sat", "-|1.2.3.4", "-|1.",
      ])
    #expect(schedule.channels[0].otherNames.contains("3 BBC One"))
    // What `now` and the channel column print is number + name: no name
    // may start with its own number again.
    for channel in schedule.channels {
      if let number = channel.number { #expect(!channel.name.hasPrefix(number + " ")) }
    }
  }
}
