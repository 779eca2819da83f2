import EPGLayout
import Foundation
import Testing

@testable import EPGSchedule

/// `now` must agree with `tv_grep --on-after T --on-before T FILE` on every
/// file of `Fixtures/xmltv-cases` (and of the XMLTV corpus when
/// `XMLTV_CORPUS=DIR` is set), except where tv_grep documents its own bug: a programme
/// without a stop is taken as stop = start. (channel, start) keys at which
/// the file lists a programme without a stop are therefore left out of both
/// sides, and so are those with a stop at or before the start, which
/// tvgrid reads as missing (issue 24: its stop is the next start) where
/// tv_grep takes the programme as never on.
@Suite("now agrees with tv_grep")
struct TVGrepAgreementTests {
  struct Key: Hashable, CustomStringConvertible {
    var channel: String
    var start: EpochSeconds
    var description: String { "\(channel)@\(ScheduleJSON.isoString(start))" }
  }

  struct Listing {
    var channel: String
    var start: EpochSeconds
    var stop: EpochSeconds?
  }

  /// `<programme …>` start tags' channel/start/stop, read with a regex so
  /// that the check does not depend on the loader under test.
  static func listings(inXML text: String) -> [Listing] {
    guard let tag = try? NSRegularExpression(pattern: "<programme\\b([^>]*)>") else { return [] }
    let ns = text as NSString
    return tag.matches(in: text, range: NSRange(location: 0, length: ns.length)).compactMap {
      let attributes = ns.substring(with: $0.range(at: 1))
      func value(_ name: String) -> String? {
        guard let regex = try? NSRegularExpression(pattern: "\\b\(name)=\"([^\"]*)\""),
          let match = regex.firstMatch(
            in: attributes, range: NSRange(location: 0, length: (attributes as NSString).length))
        else { return nil }
        return (attributes as NSString).substring(with: match.range(at: 1))
      }
      guard let channel = value("channel"), let startText = value("start"),
        let start = TimestampParser.parseXMLTV(startText)
      else { return nil }
      return Listing(
        channel: channel, start: start, stop: value("stop").flatMap(TimestampParser.parseXMLTV))
    }
  }

  static func xmltvTime(_ instant: EpochSeconds) -> String {
    let iso = ScheduleJSON.isoString(instant)  // 2001-08-28T23:10:00Z
    return iso.filter { $0.isNumber } + " +0000"
  }

  @Test(arguments: Support.caseFiles() + Support.corpusFiles())
  func agrees(_ file: URL) throws {
    let tvGrep = try #require(
      Support.executable("tv_grep"),
      "tv_grep is not installed: install xmltv-util (apt-get install xmltv-util; `make test` does this)"
    )
    let data = try Data(contentsOf: file)
    let text = String(decoding: data, as: UTF8.self)
    let source = Self.listings(inXML: text)
    let noStop = Set(
      source.filter { listing in listing.stop.map { $0 <= listing.start } ?? true }.map {
        Key(channel: $0.channel, start: $0.start)
      })
    let schedule = try ScheduleLoader.load(path: file.path)
    // Instants: the middle of every listing with a stop, and a sample of
    // listed starts and the second before them.
    var edges = Set<EpochSeconds>()
    var middles = Set<EpochSeconds>()
    for listing in source {
      edges.insert(listing.start)
      edges.insert(listing.start - 1)
      if let stop = listing.stop { middles.insert(listing.start + (stop - listing.start) / 2) }
    }
    let sorted = edges.subtracting(middles).sorted()
    let step = max(1, sorted.count / 4)
    let chosen = middles.sorted() + stride(from: 0, to: sorted.count, by: step).map { sorted[$0] }
    var comparedKeys = 0
    for instant in chosen {
      let time = Self.xmltvTime(instant)
      let (status, output, errors) = try Support.run(
        tvGrep, ["--on-after", time, "--on-before", time, file.path])
      #expect(
        status == 0,
        "tv_grep failed on \(file.lastPathComponent): \(String(decoding: errors, as: UTF8.self))")
      let theirs = Set(
        Self.listings(inXML: String(decoding: output, as: UTF8.self)).map {
          Key(channel: $0.channel, start: $0.start)
        }
      ).subtracting(noStop)
      let ours = Set(
        NowListing(schedule: schedule, at: instant).onNow.map {
          Key(channel: $0.channel, start: $0.start)
        }
      ).subtracting(noStop)
      comparedKeys += theirs.count
      #expect(
        ours == theirs,
        "\(file.lastPathComponent) at \(time): ours \(ours.sorted { $0.description < $1.description }), tv_grep \(theirs.sorted { $0.description < $1.description })"
      )
    }
    let comparable = source.contains {
      $0.stop != nil && $0.stop != $0.start
        && !noStop.contains(Key(channel: $0.channel, start: $0.start))
    }
    if comparable {
      #expect(comparedKeys > 0, "no programme was on at any chosen instant")
    }
  }
}
