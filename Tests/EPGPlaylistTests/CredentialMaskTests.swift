import Testing

@testable import EPGPlaylist

@Suite struct CredentialMaskTests {
  @Test func userInfo() {
    #expect(
      CredentialMask.masked("http://alice:s3cret@host.example:8080/path?x=1")
        == "http://***@host.example:8080/path?x=1")
    #expect(CredentialMask.masked("rtsp://admin@cam.example/s") == "rtsp://***@cam.example/s")
  }

  @Test func xtreamPaths() {
    #expect(
      CredentialMask.masked("http://xc.example:8080/live/alice/s3cret/1234.ts")
        == "http://xc.example:8080/live/***/***/1234.ts")
    #expect(
      CredentialMask.masked(
        "http://xc.example:8080/timeshift/alice/s3cret/90/2026-11-30:18-00/1234.ts")
        == "http://xc.example:8080/timeshift/***/***/90/2026-11-30:18-00/1234.ts")
    #expect(
      CredentialMask.masked("http://xc.example:8080/alice/s3cret/1234")
        == "http://xc.example:8080/***/***/1234")
    #expect(
      CredentialMask.masked("http://xc.example/movie/alice/s3cret/55.mkv")
        == "http://xc.example/movie/***/***/55.mkv")
  }

  @Test func secretQueryValues() {
    #expect(
      CredentialMask.masked(
        "https://cdn.example/ch.m3u8?token=abc123&quality=hd&Password=x&api_key=k")
        == "https://cdn.example/ch.m3u8?token=***&quality=hd&Password=***&api_key=***")
    #expect(
      CredentialMask.masked("http://x.example/xmltv.php?username=bob&password=pw")
        == "http://x.example/xmltv.php?username=***&password=***")
    #expect(
      CredentialMask.masked("http://a.example/a.ts|User-Agent=UA&Cookie=sid%3D1")
        == "http://a.example/a.ts|User-Agent=UA&Cookie=***")
  }

  @Test func plainURLsAreUnchanged() {
    for url in [
      "https://provider.example/live/bbc1.m3u8", "http://provider.example/live/bbc1sd.ts",
      "udp://@239.0.0.1:1234", "http://a.example/x?utc=1796061600&lutc=1796068800", "not a url",
    ] {
      #expect(CredentialMask.masked(url) == url)
    }
  }

  @Test func host() {
    #expect(
      CredentialMask.host(of: "http://alice:pw@host.example:8080/live/a/b/1.ts")
        == "host.example:8080")
    #expect(CredentialMask.host(of: "https://cdn.example?token=x") == "cdn.example")
    #expect(CredentialMask.host(of: "no scheme") == nil)
  }

  @Test func diagnosticsNeverShowCredentials() {
    let playlist = PlaylistParsingTests.parse(
      "#EXTM3U\n#EXTINF:-1,A\nalice:s3cret@nohost/live?token=abc\n")
    #expect(playlist.entries.isEmpty)
    let text = playlist.diagnostics.map(\.description).joined()
    #expect(!text.contains("s3cret") && !text.contains("abc"))
  }
}
