import Testing

@testable import EPGPlaylist

/// Which headers are secrets, and their values masked wherever a command
/// line is logged (issue 25, item 12).
@Suite struct StreamHeadersSecretTests {
  @Test func secretNames() {
    for name in [
      "Cookie", "cookie", "Authorization", "Proxy-Authorization", "X-Auth-Token", "X-Api-Key",
      "api_key", "X-Secret", "Token", "OAuth", "x-amz-security-token",
    ] {
      #expect(StreamHeaders.isSecret(name: name), "\(name)")
    }
    for name in ["User-Agent", "Referer", "X-Forwarded-For", "Accept-Language", "Origin", "Range"] {
      #expect(!StreamHeaders.isSecret(name: name), "\(name)")
    }
  }

  @Test func secretValuesAreMaskedInArgumentsAndLines() {
    let cases: [(String, String)] = [
      ("--http-header-fields-append=Cookie: a=b; c=d", "--http-header-fields-append=Cookie: ***"),
      (
        "--http-header-fields=Accept: */*,Authorization: Bearer x,Origin: o",
        "--http-header-fields=Accept: */*,Authorization: ***"
      ),
      ("Authorization: Bearer x", "Authorization: ***"),
      ("X-Api-Key:k3y", "X-Api-Key: ***"),
      ("Accept: */*\r\nCookie: a=b\r\nOrigin: o", "Accept: */*\r\nCookie: ***\r\nOrigin: o"),
      ("-H 'Proxy-Authorization: Basic eA=='", "-H 'Proxy-Authorization: ***"),
      ("--user-agent=Mozilla/5.0 (X11; Linux)", "--user-agent=Mozilla/5.0 (X11; Linux)"),
      (
        "--http-header-fields-append=X-Forwarded-For: 1.2.3.4",
        "--http-header-fields-append=X-Forwarded-For: 1.2.3.4"
      ),
      ("--title=The Cookie: a film", "--title=The Cookie: a film"),
      ("http://h.example/a:b", "http://h.example/a:b"),
    ]
    for (argument, expected) in cases {
      #expect(StreamHeaders.masked(argument) == expected, "\(argument)")
    }
    // The one mask of the logs: URL credentials and secret headers.
    #expect(
      LogMask.masked("http://bob:pa55@h.example/x.ts") == "http://***@h.example/x.ts")
    #expect(LogMask.masked("Cookie: a=b") == "Cookie: ***")
  }
}
