import Testing

@testable import EPGPlaylist

/// Expected URLs are worked out by hand: 2026-11-30T18:00:00Z is
/// 1796061600 (20,787 days × 86,400 s + 18 h), 19:30 is 1796067000,
/// 20:00 (now) is 1796068800; the programme lasts 5400 s (90 min) and
/// started 7200 s before now.
@Suite struct CatchupURLBuilderTests {
  static let start: Int64 = 1_796_061_600
  static let stop: Int64 = 1_796_067_000
  static let now: Int64 = 1_796_068_800

  static func url(
    _ stream: String, _ settings: CatchupSettings, start: Int64 = start, stop: Int64 = stop,
    id: String? = nil
  ) throws(CatchupURLBuilder.Unavailable) -> String {
    try CatchupURLBuilder.url(
      streamURL: stream, settings: settings, start: start, stop: stop, now: now, catchupID: id)
  }

  @Test func defaultModeExpandsEveryPlaceholder() throws {
    let source =
      "http://arc.example/ch1/{Y}{m}{d}/{H}{M}{S}.ts?s={utc}&e={utcend}&now={lutc}&d={duration:60}&o={offset:1}&om={offset:60}"
    #expect(
      try Self.url("http://p.example/ch1.ts", CatchupSettings(mode: .default, source: source))
        == "http://arc.example/ch1/20261130/180000.ts?s=1796061600&e=1796067000&now=1796068800&d=90&o=7200&om=120"
    )
    let dollars =
      "http://arc.example/x?b=${start}&e=${end}&t=${timestamp}&n=${now}&dur=${duration}&off=${offset}"
    #expect(
      try Self.url("http://p.example/ch1.ts", CatchupSettings(mode: .default, source: dollars))
        == "http://arc.example/x?b=1796061600&e=1796067000&t=1796068800&n=1796068800&dur=5400&off=7200"
    )
  }

  @Test func unknownPlaceholdersStayAsWritten() throws {
    let source = "http://a.example/{foo}/${bar}/{duration:0}/{utc}"
    #expect(
      try Self.url("http://p.example/", CatchupSettings(mode: .default, source: source))
        == "http://a.example/{foo}/${bar}/{duration:0}/1796061600")
  }

  @Test func appendMode() throws {
    let settings = CatchupSettings(mode: .append, source: "?utc={utc}&lutc={lutc}")
    #expect(
      try Self.url("http://p.example/live/ch1.m3u8", settings)
        == "http://p.example/live/ch1.m3u8?utc=1796061600&lutc=1796068800")
  }

  @Test func shiftMode() throws {
    let settings = CatchupSettings(mode: .shift)
    #expect(
      try Self.url("http://p.example/ch1.ts", settings)
        == "http://p.example/ch1.ts?utc=1796061600&lutc=1796068800")
    #expect(
      try Self.url("http://p.example/ch1.ts?token=abc", settings)
        == "http://p.example/ch1.ts?token=abc&utc=1796061600&lutc=1796068800")
  }

  @Test func flussonicMode() throws {
    let settings = CatchupSettings(mode: .flussonic)
    #expect(
      try Self.url("http://fl.example/ch1/mpegts?token=x", settings)
        == "http://fl.example/ch1/timeshift_abs-1796061600.ts?token=x")
    #expect(
      try Self.url("http://fl.example/ch1/index.m3u8?token=x", settings)
        == "http://fl.example/ch1/archive-1796061600-5400.m3u8?token=x")
    #expect(
      try Self.url("http://fl.example/ch1/mono.m3u8", settings)
        == "http://fl.example/ch1/mono-1796061600-5400.m3u8")
    #expect(throws: CatchupURLBuilder.Unavailable.unrecognisedStream(.flussonic)) {
      try Self.url("http://fl.example/ch1/video.ts", settings)
    }
  }

  @Test func xtreamMode() throws {
    let settings = CatchupSettings(mode: .xc)
    #expect(
      try Self.url("http://xc.example:8080/live/alice/s3cret/1234.ts", settings)
        == "http://xc.example:8080/timeshift/alice/s3cret/90/2026-11-30:18-00/1234.ts")
    #expect(
      try Self.url("http://xc.example:8080/alice/s3cret/1234", settings)
        == "http://xc.example:8080/timeshift/alice/s3cret/90/2026-11-30:18-00/1234.ts")
    #expect(
      try Self.url("https://xc.example/live/alice/s3cret/77.m3u8", settings)
        == "https://xc.example/timeshift/alice/s3cret/90/2026-11-30:18-00/77.m3u8")
    #expect(throws: CatchupURLBuilder.Unavailable.unrecognisedStream(.xc)) {
      try Self.url("http://xc.example/live/news.m3u8", settings)
    }
  }

  @Test func correctionMovesOnlyTheArchiveTimes() throws {
    // +1 h: start 19:00 (1796065200), stop 20:30 (1796070600); now unchanged.
    let settings = CatchupSettings(
      mode: .default, source: "http://a.example/{utc}/{utcend}/{lutc}/{H}{M}", correction: 3600)
    #expect(
      try Self.url("http://p.example/", settings)
        == "http://a.example/1796065200/1796070600/1796068800/1900")
  }

  @Test func catchupIDIsPercentEncoded() throws {
    let settings = CatchupSettings(mode: .default, source: "http://a.example/play?id={catchup-id}")
    #expect(
      try Self.url("http://p.example/", settings, id: "ab c/&d")
        == "http://a.example/play?id=ab%20c%2F%26d")
    #expect(throws: CatchupURLBuilder.Unavailable.missingCatchupID) {
      try Self.url("http://p.example/", settings)
    }
  }

  @Test func playability() throws {
    let settings = CatchupSettings(mode: .shift, days: 3)
    // On now (19:00–21:00): plays from its start.
    #expect(
      try Self.url("http://p.example/c", settings, start: 1_796_065_200, stop: 1_796_072_400)
        == "http://p.example/c?utc=1796065200&lutc=1796068800")
    // Starts at 21:00: an hour from now.
    #expect(throws: CatchupURLBuilder.Unavailable.stillToCome(startsIn: 3600)) {
      try Self.url("http://p.example/c", settings, start: 1_796_072_400, stop: 1_796_076_000)
    }
    // 2026-11-23T18:00:00Z is 7 days (604,800 s) before the sample start.
    #expect(throws: CatchupURLBuilder.Unavailable.tooOld(days: 3)) {
      try Self.url("http://p.example/c", settings, start: 1_795_456_800, stop: 1_795_460_400)
    }
    #expect(throws: CatchupURLBuilder.Unavailable.tooOld(days: 5)) {
      try Self.url(
        "http://p.example/c", CatchupSettings(mode: .shift), start: 1_795_456_800,
        stop: 1_795_460_400)
    }
    // Exactly 3 days before now is still inside the archive.
    let edge = Self.now - 3 * 86_400
    #expect(throws: Never.self) {
      try CatchupURLBuilder.checkPlayable(
        start: edge, stop: edge + 60, now: Self.now, settings: settings)
    }
  }

  @Test func noArchiveMissingSourceAndUnsafeResults() {
    #expect(throws: CatchupURLBuilder.Unavailable.noArchive) {
      try Self.url("http://p.example/c", CatchupSettings())
    }
    #expect(throws: CatchupURLBuilder.Unavailable.noArchive) {
      try Self.url("http://p.example/c", CatchupSettings(mode: .vod, source: "http://a.example/"))
    }
    #expect(throws: CatchupURLBuilder.Unavailable.missingSource) {
      try Self.url("http://p.example/c", CatchupSettings(mode: .default))
    }
    #expect(throws: CatchupURLBuilder.Unavailable.notAStreamURL) {
      try Self.url(
        "http://p.example/c", CatchupSettings(mode: .default, source: "javascript:alert({utc})"))
    }
    #expect(throws: CatchupURLBuilder.Unavailable.notAStreamURL) {
      try Self.url(
        "http://p.example/c", CatchupSettings(mode: .default, source: "file:///tmp/{utc}"))
    }
  }

  @Test func reasonsReadWell() {
    #expect(
      CatchupURLBuilder.Unavailable.stillToCome(startsIn: 3600).description
        == "still to come (starts in 1 h 0 min)")
    #expect(
      CatchupURLBuilder.Unavailable.stillToCome(startsIn: 90).description
        == "still to come (starts in 2 min)")
    #expect(
      CatchupURLBuilder.Unavailable.tooOld(days: 3).description
        == "too old (the archive keeps 3 days)")
    #expect(CatchupSettings.Mode(attribute: "FS") == .flussonic)
    #expect(CatchupSettings.Mode(attribute: "Xtream") == .xc)
    #expect(CatchupSettings.Mode(attribute: "other") == nil)
  }
}
