import Testing

@testable import EPGFrontEnd

/// The config file's keys for URL sources and tvheadend, and `--offline` /
/// `--tvheadend` laid over them.
struct RemoteSettingsTests {
  @Test func refreshIntervalsInSeconds() {
    #expect(RemoteSettings.parseInterval("0") == 0)
    #expect(RemoteSettings.parseInterval("45s") == 45)
    #expect(RemoteSettings.parseInterval("90m") == 5_400)
    #expect(RemoteSettings.parseInterval("12h") == 43_200)
    #expect(RemoteSettings.parseInterval(" 2 d ") == 172_800)
    // A bare number is ambiguous (hours? seconds?): refused, as are others.
    for bad in ["12", "-1h", "h", "soon", "1w", ""] {
      #expect(RemoteSettings.parseInterval(bad) == nil, "\(bad)")
    }
  }

  @Test func theConfigsKeys() {
    let config = ConfigFile(
      parsing: """
        refresh = 6h
        offline = yes
        user_agent = Kodi/20.0
        ca_file = ~/ca.pem
        tvheadend = http://tvbox:9981
        tvheadend_user = me
        tvheadend_password = hunter2
        tvheadend-auth = CODE
        """, home: "/home/me")
    #expect(config.warnings.isEmpty, "\(config.warnings)")
    var expected = RemoteSettings()
    expected.refreshInterval = 21_600
    expected.offline = true
    expected.userAgent = "Kodi/20.0"
    expected.caFile = "/home/me/ca.pem"
    expected.tvheadend = "http://tvbox:9981"
    expected.tvheadendUser = "me"
    expected.tvheadendPassword = "hunter2"
    expected.tvheadendAuth = "CODE"
    #expect(config.remote == expected)
    // The short name for the auth code.
    #expect(ConfigFile(parsing: "auth = XYZ\n").remote.tvheadendAuth == "XYZ")
  }

  @Test func badValuesAreReportedWithoutSecrets() {
    let config = ConfigFile(
      parsing: "offline = maybe\ntvheadend = ftp://me:hunter2@tvbox\nrefresh = 12\n")
    #expect(
      config.warnings == [
        "config line 1: offline must be yes or no, not 'maybe'",
        "config line 2: tvheadend must be an http:// or https:// URL",
        "config line 3: refresh must be 0 or a time such as 30m, 12h or 2d, not '12'",
      ])
    #expect(config.remote == RemoteSettings())
  }

  @Test func flagsWinOverTheConfig() throws {
    var flags = GuideOptions.Flags()
    flags.offline = true
    flags.tvheadend = "http://other:9981"
    var config = ConfigFile(parsing: "tvheadend = http://tvbox:9981\nguide = a.xml\n")
    config.path = "/c"
    let options = try GuideOptions.resolve(
      flags, environment: [:], config: config, localeIsUTF8: true
    ).get()
    #expect(options.remote.offline)
    #expect(options.remote.tvheadend == "http://other:9981")
    #expect(options.source.playlist?.location == .url("http://other:9981/playlist/channels"))
    #expect(
      options.source.guides.map(\.location) == [.url("http://other:9981/xmltv/channels?lcn=1")])
    // The config's server is used without FILE and --guide, in place of `guide`.
    let fromConfig = try GuideOptions.resolve(
      GuideOptions.Flags(), environment: [:], config: config, localeIsUTF8: true
    ).get()
    #expect(fromConfig.source.playlist?.location == .url("http://tvbox:9981/playlist/channels"))
    // FILE wins over the config's server.
    var withFile = GuideOptions.Flags()
    withFile.file = "b.xml"
    let file = try GuideOptions.resolve(
      withFile, environment: [:], config: config, localeIsUTF8: true
    ).get()
    #expect(file.source.playlist == nil)
    #expect(file.source.guides.map(\.location) == [.file("b.xml")])
  }
}
