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

  // Issue 25, item 11: no character of a password defeats the mask.

  @Test func everythingUpToTheLastAtOfTheAuthorityIsMasked() {
    for password in ["pa#ss", "pa?ss", "pa/ss", "p@ss/w?rd#x", "p|w", "a:b@c", "%2F/x", "p w"] {
      let url = "http://alice:\(password)@host.example:8080/get.php?type=m3u"
      #expect(
        CredentialMask.masked(url) == "http://***@host.example:8080/get.php?type=m3u",
        "\(password)")
      #expect(CredentialMask.host(of: url) == "host.example:8080", "\(password)")
    }
    // A user name holding / or ? as well.
    #expect(
      CredentialMask.masked("https://me/you?x:pw@cdn.example/a.m3u8")
        == "https://***@cdn.example/a.m3u8")
    #expect(CredentialMask.masked("http://u:p#x@h.example") == "http://***@h.example")
    // An @ later in the query is not an authority's: it is left alone.
    #expect(
      CredentialMask.masked("http://x.example/get.php?username=me@mail.example&password=pw")
        == "http://x.example/get.php?username=***&password=***")
    #expect(CredentialMask.masked("udp://@239.0.0.1:1234") == "udp://@239.0.0.1:1234")
  }

  @Test func everyNameThatMeansASecretIsMasked() {
    let names = [
      "password", "pass", "pw", "passwd", "token", "tok", "key", "apikey", "auth", "sig",
      "signature", "username", "user", "u", "p",
    ]
    for name in names {
      #expect(
        CredentialMask.masked("http://h.example/a?\(name)=v4lue&x=1")
          == "http://h.example/a?\(name)=***&x=1", "\(name)")
      #expect(
        CredentialMask.masked("http://h.example/a?x=1&\(name.uppercased())=v4lue")
          == "http://h.example/a?x=1&\(name.uppercased())=***", "\(name)")
    }
    // Names that only look alike are kept.
    #expect(
      CredentialMask.masked("http://h.example/a?up=1&pu=2&keys=3&utc=4&page=5")
        == "http://h.example/a?up=1&pu=2&keys=3&utc=4&page=5")
  }

  @Test func parametersAfterSemicolonsAreMaskedToo() {
    #expect(
      CredentialMask.masked("http://h.example/a?x=1;token=abc;y=2&p=q;u=me")
        == "http://h.example/a?x=1;token=***;y=2&p=***;u=***")
    // Matrix parameters in the path.
    #expect(
      CredentialMask.masked("http://h.example/live;token=abc;v=2/index.m3u8")
        == "http://h.example/live;token=***;v=2/index.m3u8")
  }

  @Test func xtreamUserAndPasswordSegmentsAreMaskedInEveryForm() {
    for kind in ["live", "timeshift", "movie", "series", "LIVE"] {
      #expect(
        CredentialMask.masked("http://xc.example/\(kind)/alice/s3cret/7.ts")
          == "http://xc.example/\(kind)/***/***/7.ts", "\(kind)")
    }
    // With credentials in the authority as well, and a query.
    #expect(
      CredentialMask.masked("http://a:b#c@xc.example/series/alice/s3cret/7.mkv?token=t")
        == "http://***@xc.example/series/***/***/7.mkv?token=***")
  }
}
