import EPGRaster
import Testing

@testable import EPGPlaylist

@Suite struct PlayerCommandTests {
  static let url = "https://a.example/x.m3u8"

  @Test func defaultTemplate() throws {
    let player = try PlayerCommand(template: PlayerCommand.defaultTemplate)
    #expect(player.invocation(url: Self.url).arguments == ["mpv", "--", Self.url])
    #expect(player.isMPV)
  }

  @Test func mpvGetsTheHeaders() throws {
    let headers = StreamHeaders(
      userAgent: "Mozilla/5.0 (X11)", referrer: "https://provider.example/",
      other: [.init(name: "Cookie", value: "a=b, c=d")])
    let invocation = try PlayerCommand(template: "/usr/bin/mpv --fs")
      .invocation(url: Self.url, headers: headers)
    // The cookie is a secret: not an argument (the process list shows
    // those), but mpv options for a file, in mpv's fixed-length quoting
    // ("Cookie: a=b, c=d" is 16 bytes).
    #expect(
      invocation.arguments == [
        "/usr/bin/mpv", "--user-agent=Mozilla/5.0 (X11)", "--referrer=https://provider.example/",
        "--fs", "--", Self.url,
      ])
    #expect(invocation.secretHeaderOptions == "http-header-fields-append=%16%Cookie: a=b, c=d\n")
    #expect(!invocation.droppedHeaders)
    let vlc = try PlayerCommand(template: "vlc").invocation(url: Self.url, headers: headers)
    #expect(vlc.arguments == ["vlc", "--", Self.url])
    #expect(vlc.droppedHeaders && vlc.secretHeaderOptions == nil)
  }

  @Test func onlySecretHeadersGoToTheOptionsFile() throws {
    let headers = StreamHeaders(
      other: [
        .init(name: "X-Forwarded-For", value: "10.0.0.1"),
        .init(name: "Authorization", value: "Bearer t0k"),
        .init(name: "X-Api-Key", value: "k3y #1, \"2\" %3%"),
        .init(name: "Accept-Language", value: "de"),
        .init(name: "Proxy-Authorization", value: "Basic eA=="),
        .init(name: "X-Session-Token", value: "é"),
      ])
    let invocation = try PlayerCommand(template: "mpv").invocation(url: Self.url, headers: headers)
    #expect(
      invocation.arguments == [
        "mpv", "--http-header-fields-append=X-Forwarded-For: 10.0.0.1",
        "--http-header-fields-append=Accept-Language: de", "--", Self.url,
      ])
    // Byte counts by hand: "Authorization: Bearer t0k" 13 + 2 + 10 = 25,
    // "X-Api-Key: k3y #1, \"2\" %3%" 9 + 2 + 15 = 26, "Proxy-Authorization:
    // Basic eA==" 19 + 2 + 10 = 31, "X-Session-Token: é" 15 + 2 + 2 = 19.
    #expect(
      invocation.secretHeaderOptions == """
        http-header-fields-append=%25%Authorization: Bearer t0k
        http-header-fields-append=%26%X-Api-Key: k3y #1, "2" %3%
        http-header-fields-append=%31%Proxy-Authorization: Basic eA==
        http-header-fields-append=%19%X-Session-Token: é

        """)
  }

  @Test func hostileTitleStaysOneArgument() throws {
    let player = try PlayerCommand(template: "mpv --force-media-title={title} --no-terminal {url}")
    #expect(
      player.invocation(url: Self.url, title: "$(touch marker); `touch marker` | cat *").arguments
        == [
          "mpv", "--force-media-title=$(touch marker); `touch marker` | cat *", "--no-terminal",
          "--",
          Self.url,
        ])
  }

  @Test func aValueCannotBecomeAnOption() throws {
    let player = try PlayerCommand(template: "vlc --meta-title {title} {channel}")
    let arguments = player.invocation(url: Self.url, title: "--play-and-exit", channel: "--")
      .arguments
    #expect(arguments == ["vlc", "--meta-title", " --play-and-exit", " --", "--", Self.url])
  }

  @Test func urlBeginningWithDashIsAfterDoubleDash() throws {
    let arguments = try PlayerCommand(template: "mpv {url}").invocation(url: "-oops").arguments
    #expect(arguments == ["mpv", "--", "-oops"])
    let explicit = try PlayerCommand(template: "mpv -- {url}").invocation(url: "-oops").arguments
    #expect(explicit == ["mpv", "--", "-oops"])
  }

  @Test func placeholdersInValuesAreNotExpandedAgain() throws {
    let arguments = try PlayerCommand(template: "p --t={title} --c={channel}")
      .invocation(url: Self.url, title: "{channel}", channel: "C").arguments
    #expect(arguments == ["p", "--t={channel}", "--c=C", "--", Self.url])
  }

  @Test func timesAreEpochSecondsAndUTCISO() throws {
    // One template engine (issue 15): {start}/{stop} are epoch seconds,
    // {start_iso}/{stop_iso} UTC ISO 8601, {duration} seconds.
    let arguments = try PlayerCommand(
      template: "rec --from={start_iso} --to={stop_iso} --at={start} --until={stop} -t {duration}"
    )
    .invocation(url: Self.url, start: 1_796_061_600, stop: 1_796_067_000).arguments
    #expect(
      arguments == [
        "rec", "--from=2026-11-30T18:00:00Z", "--to=2026-11-30T19:30:00Z", "--at=1796061600",
        "--until=1796067000", "-t", "5400", "--", Self.url,
      ])
  }

  @Test func titlesPassTheSanitiser() throws {
    let arguments = try PlayerCommand(template: "mpv --title={title}")
      .invocation(
        url: Self.url, title: "\u{1B}[31mRed", clean: { TextSanitizer.unicode.sanitize($0) }
      )
      .arguments
    #expect(arguments[1] == "--title=\u{FFFD}[31mRed")
  }

  @Test func quotingRules() throws {
    let player = try PlayerCommand(
      template: #""/opt/my player/mpv" --script-opts='a=1 b=2' --x=\$HOME;ls "say \"hi\" \\ ok" ''"#
    )
    #expect(
      player.words == [
        "/opt/my player/mpv", "--script-opts=a=1 b=2", "--x=$HOME;ls", #"say "hi" \ ok"#, "",
      ])
    #expect(player.isMPV)
  }

  @Test func badTemplates() {
    for template in [
      "", "   ", "mpv 'unclosed", "mpv {url} --fs", "mpv x{url}", "{title} x", "mpv \\",
      "mpv --title={titel}",
    ] {
      #expect(throws: PlayerCommand.ParseError.self) { try PlayerCommand(template: template) }
    }
  }
}
