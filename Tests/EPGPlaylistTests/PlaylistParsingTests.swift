import Foundation
import Testing

@testable import EPGPlaylist

@Suite struct PlaylistParsingTests {
  static func parse(_ text: String, path: String = "test.m3u") -> Playlist {
    Playlist(parsing: Array(text.utf8), location: .file(path))
  }

  @Test func sampleFixtureHeader() throws {
    let path = Support.fixture("sample.m3u")
    let playlist = try Playlist.load(path: path)
    let folder = String(path[...path.lastIndex(of: "/")!])
    // x-tvg-url: a relative path (relative to the playlist) and a URL;
    // url-tvg repeats the path and is not listed twice.
    #expect(
      playlist.header.guideSources == [
        .file(folder + "guide.xml"), .url("https://epg.example/guide.xml.gz"),
      ])
    #expect(playlist.header.shift == -1800)
    #expect(playlist.header.catchup == CatchupSettings(mode: .shift, days: 3))
    #expect(playlist.diagnostics.isEmpty)
    #expect(playlist.entries.count == 8)
  }

  @Test func sampleFixtureEntries() throws {
    let playlist = try Playlist.load(path: Support.fixture("sample.m3u"))
    let e = playlist.entries
    #expect(
      e.map(\.name) == [
        "BBC One HD", "BBC One SD", "BBC One +1", "ITV 1", "Das Erste", "Sport Live", "Film 4",
        "Foo Channel CA",
      ])
    #expect(e[0].tvgID == "bbc1.uk")
    #expect(e[0].tvgName == "BBC One")
    #expect(e[0].number == "101")
    #expect(e[0].logo == "https://logo.example/bbc1.png")
    #expect(e[0].groups == ["UK", "News"])
    #expect(e[0].line == 4)
    #expect(e[0].streamURL == "https://provider.example/live/bbc1.m3u8")
    #expect(
      e[0].headers
        == StreamHeaders(userAgent: "Mozilla/5.0 (X11)", referrer: "https://provider.example/"))
    // Option lines belong to the entry they follow only.
    #expect(e[1].headers.isEmpty)
    // tvg-shift in hours; Kodi suffix decoded and removed from the URL.
    #expect(e[2].shift == 3600)
    #expect(e[2].streamURL == "https://provider.example/live/bbc1plus1.ts")
    #expect(
      e[2].headers == StreamHeaders(userAgent: "Kodi/20.0", referrer: "https://provider.example/"))
    // Upper-case attribute name, unquoted values, the name after the comma.
    #expect(e[3].tvgID == "ITV1.UK")
    #expect(e[3].tvgName == "ITV")
    #expect(e[3].groups == ["UK"])
    // #EXTGRP when there is no group-title.
    #expect(e[4].groups == ["Deutsch", "Öffentlich"])
    // An empty tvg-id is no id; a comma inside quotes stays in the value.
    #expect(e[5].tvgID == nil)
    #expect(e[5].tvgName == "Sport, Live")
    #expect(e[6].catchup == CatchupSettings(mode: .xc, days: 7))
    #expect(playlist.catchup(for: e[0]) == CatchupSettings(mode: .shift, days: 3))
    #expect(playlist.catchup(for: e[6]) == CatchupSettings(mode: .xc, days: 7))
    #expect(playlist.groups == ["UK", "News", "Deutsch", "Öffentlich"])
  }

  @Test func brokenPlaylistKeepsWhatCanBeRead() throws {
    let path = Support.fixture("broken.m3u")
    let playlist = try Playlist.load(path: path)
    #expect(playlist.entries.map(\.name) == ["Beta", "Zeta", "Eta"])
    #expect(playlist.entries[1].shift == nil)
    #expect(playlist.entries[1].catchup.mode == nil)
    #expect(playlist.entries[1].streamURL == "rtsp://cam.example/zeta")
    #expect(playlist.entries[2].tvgName == "Unclosed")
    let lines = playlist.diagnostics.map(\.description)
    #expect(
      lines == [
        "\(path):2: \"Alpha\" has no stream URL; skipped",
        "\(path):5: stream URL without #EXTINF before it; skipped",
        "\(path):7: \"Gamma\": stream URL scheme \"javascript\" is not allowed; entry skipped",
        "\(path):9: \"Delta\": stream URL scheme \"file\" is not allowed; entry skipped",
        "\(path):11: \"Epsilon\": \"--script=/tmp/evil.lua\" is not a stream URL; entry skipped",
        "\(path):12: tvg-shift \"abc\" is not a number of hours (-48…48); ignored",
        "\(path):12: catchup \"weird\" is not a known mode; ignored",
        "\(path):14: a quote in #EXTINF is never closed",
        "\(path):16: \"Theta\" has no stream URL; skipped",
      ])
  }

  @Test func byteOrderMarkCRLFAndBlankLines() {
    let bytes: [UInt8] =
      [0xEF, 0xBB, 0xBF]
      + Array(
        "#EXTM3U\r\n\r\n#EXTINF:-1 tvg-id=\"x\",Ex One\r\n  \r\nhttp://a.example/x.ts\r\n".utf8)
    let playlist = Playlist(parsing: bytes, location: .file("t.m3u"))
    #expect(playlist.diagnostics.isEmpty)
    #expect(playlist.entries.count == 1)
    #expect(playlist.entries[0].name == "Ex One")
    #expect(playlist.entries[0].line == 3)
    #expect(playlist.entries[0].streamURL == "http://a.example/x.ts")
  }

  @Test func missingHeaderIsReportedAndReadAnyway() {
    let playlist = Self.parse("#EXTINF:-1,A\nhttp://a.example/a\n")
    #expect(playlist.entries.map(\.name) == ["A"])
    #expect(playlist.diagnostics.map(\.line) == [1])
  }

  @Test func emptyPlaylistIsReported() {
    #expect(Self.parse("").diagnostics.map(\.description) == ["test.m3u: empty playlist"])
    #expect(Self.parse("\r\n  \n").diagnostics.map(\.description) == ["test.m3u: empty playlist"])
  }

  @Test func singleQuotesTabsAndDecimalShift() {
    let playlist = Self.parse(
      "#EXTM3U\n#EXTINF:-1\ttvg-id='q.id'\ttvg-shift=\"-4.5\" tvg-chno=7,Quoted\nudp://@239.0.0.1:1234\n"
    )
    #expect(playlist.entries.first?.tvgID == "q.id")
    #expect(playlist.entries.first?.shift == -16_200)
    #expect(playlist.entries.first?.number == "7")
  }

  @Test func catchupAliasesAndCorrection() {
    let playlist = Self.parse(
      "#EXTM3U tvg-rec=\"4\" catchup=fs catchup-correction=\"-1\" refresh=\"3600\"\n"
        + "#EXTINF:-1 timeshift=\"2\" catchup-source=\"?a={utc}\",A\nhttp://a.example/a\n")
    #expect(
      playlist.header.catchup == CatchupSettings(mode: .flussonic, days: 4, correction: -3600))
    #expect(playlist.header.refresh == 3600)
    #expect(playlist.entries[0].catchup == CatchupSettings(source: "?a={utc}", days: 2))
    #expect(
      playlist.catchup(for: playlist.entries[0])
        == CatchupSettings(mode: .flussonic, source: "?a={utc}", days: 2, correction: -3600))
  }

  @Test func joinedPlaylistsKeepTheFirstHeaderValues() {
    let playlist = Self.parse(
      "#EXTM3U tvg-shift=\"2\" catchup=\"shift\"\n#EXTINF:-1,A\nhttp://a.example/a\n"
        + "#EXTM3U tvg-shift=\"5\" catchup-days=\"4\" url-tvg=\"g.xml\"\n#EXTINF:-1,B\nhttp://a.example/b\n"
    )
    #expect(playlist.header.shift == 7200)
    #expect(playlist.header.catchup == CatchupSettings(mode: .shift, days: 4))
    #expect(playlist.header.guideSources == [.file("g.xml")])
    #expect(playlist.entries.map(\.name) == ["A", "B"])
  }

  @Test func guideSourcesOfOtherSchemesAreRefused() {
    let playlist = Self.parse(
      "#EXTM3U x-tvg-url=\"ftp://x.example/g.xml,/abs/g.xml,javascript:alert(1)\"\n",
      path: "/lists/tv.m3u")
    #expect(playlist.header.guideSources == [.file("/abs/g.xml")])
    #expect(playlist.diagnostics.count == 2)
    #expect(playlist.diagnostics.allSatisfy { $0.line == 1 })
  }

  @Test func relativeGuideAgainstURLPlaylist() {
    #expect(
      SourceLocation.resolve("epg/guide.xml", against: .url("https://p.example/lists/tv.m3u"))
        == .url("https://p.example/lists/epg/guide.xml"))
    #expect(SourceLocation.resolve("guide.xml", against: .file("tv.m3u")) == .file("guide.xml"))
    #expect(SourceLocation.resolve("guide.xml", against: .file("-")) == .file("guide.xml"))
    #expect(SourceLocation.resolve("file:///etc/passwd", against: .file("a/tv.m3u")) == nil)
  }

  // MARK: - Hostile input

  @Test func nulBytesAndInvalidUTF8BecomeReplacementCharacters() {
    let bytes =
      Array("#EXTM3U\n#EXTINF:-1,Bad".utf8) + [0, 0xFF] + Array("Name\nhttp://a.example/\n".utf8)
    let playlist = Playlist(parsing: bytes, location: .file("t.m3u"))
    #expect(playlist.entries.first?.name == "Bad\u{FFFD}\u{FFFD}Name")
    #expect(playlist.diagnostics.map(\.description) == ["t.m3u:2: NUL bytes replaced by U+FFFD"])
    let invalid = Array("#EXTM3U\n#EXTINF:-1,X".utf8) + [0xC3] + Array("\nhttp://a.example/\n".utf8)
    let other = Playlist(parsing: invalid, location: .file("t.m3u"))
    #expect(other.diagnostics.map(\.description) == ["t.m3u:2: invalid UTF-8 replaced by U+FFFD"])
    #expect(other.entries.first?.name == "X\u{FFFD}")
  }

  @Test func megabyteAttributeValueIsCutAndReported() {
    let huge = String(repeating: "é", count: 1 << 20)  // 2 MiB of UTF-8
    let playlist = Self.parse(
      "#EXTM3U\n#EXTINF:-1 tvg-logo=\"\(huge)\" tvg-id=\"z\",Big\nhttp://a.example/\n")
    let entry = playlist.entries.first
    #expect(entry?.tvgID == "z")
    #expect(entry?.logo?.utf8.count == Playlist.attributeValueLimit)
    #expect(entry?.logo?.allSatisfy { $0 == "é" } == true)
    #expect(playlist.diagnostics.map(\.message) == ["tvg-logo is 2097152 bytes; cut to 4096"])
  }

  /// Issue 25: `#EXTVLCOPT` values, `#EXTGRP` and Kodi-suffix headers get
  /// the attributes' limit (4096 bytes, cut at a character boundary,
  /// reported); a VLC option tvgrid does not use is not read at all.
  @Test func vlcOptionsGroupsAndSuffixHeadersAreCutLikeAttributes() {
    let agent = String(repeating: "日", count: 2000)  // 6000 bytes of UTF-8
    let group = String(repeating: "g", count: 5000)
    let cookie = String(repeating: "c", count: 5000)
    let ignored = String(repeating: "x", count: 1 << 20)
    let playlist = Self.parse(
      """
      #EXTM3U
      #EXTINF:-1 tvg-id="a",A
      #EXTVLCOPT:http-user-agent=\(agent)
      #EXTVLCOPT:network-caching=\(ignored)
      #EXTGRP:\(group)
      http://a.example/1.ts|Cookie=\(cookie)

      """)
    let entry = playlist.entries.first
    // 4096 / 3 = 1365 whole characters (4095 bytes).
    #expect(entry?.headers.userAgent == String(repeating: "日", count: 1365))
    #expect(entry?.groups == [String(repeating: "g", count: 4096)])
    #expect(entry?.headers.other == [.init(name: "Cookie", value: String(cookie.prefix(4096)))])
    #expect(
      playlist.diagnostics.map(\.description) == [
        "test.m3u:3: #EXTVLCOPT:http-user-agent is 6000 bytes; cut to 4096",
        "test.m3u:5: #EXTGRP is 5000 bytes; cut to 4096",
        "test.m3u:6: header Cookie is 5000 bytes; cut to 4096",
      ])
  }

  @Test func hugeNameAndURLAreBounded() {
    let name = String(repeating: "n", count: 100_000)
    let url = "http://a.example/" + String(repeating: "u", count: 20_000)
    let playlist = Self.parse(
      "#EXTM3U\n#EXTINF:-1,\(name)\nhttp://a.example/ok\n#EXTINF:-1,Y\n\(url)\n")
    #expect(playlist.entries.count == 1)
    #expect(playlist.entries.first?.name.count == Playlist.nameLimit)
    #expect(playlist.diagnostics.map(\.line) == [2, 5])
  }

  @Test func manyEntriesAndManyDiagnosticsStayBounded() {
    var text = "#EXTM3U\n"
    for i in 0..<20_000 {
      text += "#EXTINF:-1 tvg-id=\"c\(i)\",Channel \(i)\nhttp://a.example/\(i)\nfile:///x\n"
    }
    let playlist = Self.parse(text)
    #expect(playlist.entries.count == 20_000)
    #expect(playlist.entries.last?.tvgID == "c19999")
    #expect(playlist.diagnostics.count == Playlist.diagnosticLimit)
    #expect(playlist.suppressedDiagnosticCount == 20_000 - Playlist.diagnosticLimit)
  }

  @Test func escapeSequencesInNamesAreKeptForTheSanitiser() {
    let playlist = Self.parse("#EXTM3U\n#EXTINF:-1,\u{1B}]0;pwned\u{07}Evil\nhttp://a.example/\n")
    // Kept as written, like guide text; shown through the guide text sanitiser.
    #expect(playlist.entries.first?.name == "\u{1B}]0;pwned\u{07}Evil")
  }

  @Test func headerInjectionInKodiSuffixIsRefused() {
    let playlist = Self.parse(
      "#EXTM3U\n#EXTINF:-1,A\nhttp://a.example/a|User-Agent=x%0D%0AHost:%20evil&Cookie=k%3Dv\n")
    #expect(
      playlist.entries.first?.headers == StreamHeaders(other: [.init(name: "Cookie", value: "k=v")])
    )
    #expect(playlist.diagnostics.count == 1)
  }

  // MARK: - Detection

  @Test func detection() throws {
    #expect(Playlist.hasPlaylistExtension("Lists/TV.M3U8"))
    #expect(Playlist.hasPlaylistExtension("a.m3u"))
    #expect(!Playlist.hasPlaylistExtension("guide.xml"))
    #expect(Playlist.looksLikePlaylist(prefix: Array("#EXTM3U x-tvg-url=".utf8)))
    #expect(Playlist.looksLikePlaylist(prefix: [0xEF, 0xBB, 0xBF] + Array("#extm3u\n".utf8)))
    #expect(!Playlist.looksLikePlaylist(prefix: Array("<?xml version".utf8)))
    #expect(!Playlist.looksLikePlaylist(prefix: Array("#EXT".utf8)))
    let file = Support.temporaryFile(Array("#EXTM3U\n".utf8), suffix: ".txt")
    defer { try? FileManager.default.removeItem(atPath: file) }
    #expect(Playlist.isPlaylist(path: file))
    let xml = Support.temporaryFile(Array("<tv></tv>".utf8), suffix: ".xml")
    defer { try? FileManager.default.removeItem(atPath: xml) }
    #expect(!Playlist.isPlaylist(path: xml))
  }

  @Test func unreadablePathsThrow() {
    #expect(throws: (any Error).self) { try Playlist.load(path: "no-such-playlist.m3u") }
    #expect(throws: (any Error).self) { try Playlist.load(path: NSTemporaryDirectory()) }
  }
}
