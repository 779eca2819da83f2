import EPGFrontEnd
import EPGPlaylist
import Testing

/// Playlist settings in the config file and where a playlist's guides come
/// from (`GuideOptions.resolve`, the one place options are resolved).
@Suite struct PlaylistSourceTests {
  @Test func configReadsMapPlayerAndGuideList() throws {
    let config = ConfigFile(
      parsing: """
        guide = ~/tv/a.xml, /srv/b.xml.gz
        map = BBC One +1: bbc1.uk shift +1
        map = de.zdf: zdf.de
        map = nothing
        player = mpv --no-terminal
        player_terminal = yes
        player = 'unclosed
        """, home: "/home/me")
    #expect(config.guidePaths == ["/home/me/tv/a.xml", "/srv/b.xml.gz"])
    #expect(config.guidePath == "/home/me/tv/a.xml")
    #expect(
      config.settings.mapOverrides == [
        MapOverride(entry: "BBC One +1", channelID: "bbc1.uk", shift: 3600),
        MapOverride(entry: "de.zdf", channelID: "zdf.de"),
      ])
    #expect(config.settings.player?.words == ["mpv", "--no-terminal"])
    #expect(config.settings.playerTerminal)
    #expect(config.warnings.count == 2)
    #expect(config.warnings.first?.hasPrefix("config line 4: map: ") == true)
    #expect(config.warnings.last?.hasPrefix("config line 7: player: ") == true)
  }

  static func source(
    file: String? = nil, guides: [String] = [], config text: String = ""
  ) throws -> GuideSource {
    var flags = GuideOptions.Flags()
    flags.file = file
    flags.guides = guides
    var config = ConfigFile(parsing: text)
    config.path = "/cfg"
    return try GuideOptions.resolve(
      flags, environment: ["TZ": "UTC"], config: config, localeIsUTF8: true
    ).get().source
  }

  @Test func whereTheGuidesComeFrom() throws {
    // A guide FILE and --guide files: merged, FILE first.
    let merged = try Self.source(file: "a.xml", guides: ["b.xml"])
    #expect(merged.playlist == nil)
    #expect(merged.guides.map(\.location) == [.file("a.xml"), .file("b.xml")])
    #expect(merged.path == nil)
    #expect(try Self.source(file: "a.xml").path == "a.xml")
    // A playlist FILE: --guide files, the config's guides only as defaults.
    let playlist = try Self.source(file: "list.M3U8", config: "guide = c.xml, d.xml")
    #expect(playlist.playlist?.location == .file("list.M3U8"))
    #expect(playlist.guides.isEmpty)
    #expect(playlist.defaultGuides.map(\.location) == [.file("c.xml"), .file("d.xml")])
    #expect(
      playlist.defaultGuides.first?.origin == .configFile(path: "/cfg", line: 1))
    let flagged = try Self.source(file: "list.m3u", guides: ["b.xml"])
    #expect(flagged.guides.map(\.origin) == [.guideOption])
    // No FILE: the config's playlist with its other items as guides.
    let fromConfig = try Self.source(config: "guide = e.xml, list.m3u")
    #expect(fromConfig.playlist?.location == .file("list.m3u"))
    #expect(fromConfig.defaultGuides.map(\.location) == [.file("e.xml")])
    // URLs stay URLs.
    let remote = try Self.source(file: "HTTPS://epg.example/g.xml")
    #expect(remote.guides.map(\.location) == [.url("HTTPS://epg.example/g.xml")])
    #expect(try Self.source().isDemo)
  }

  @Test func aPlaylistsGuidesFlagsThenHeaderThenConfig() throws {
    let header = Playlist(
      parsing: Array("#EXTM3U x-tvg-url=\"g.xml,https://e.example/h.xml\"\n".utf8),
      location: .file("/tv/list.m3u"))
    let bare = Playlist(parsing: Array("#EXTM3U\n".utf8), location: .file("/tv/list.m3u"))
    let source = try Self.source(file: "/tv/list.m3u", config: "guide = c.xml")
    #expect(
      source.guides(for: header).map(\.location) == [
        .file("/tv/g.xml"), .url("https://e.example/h.xml"),
      ])
    #expect(source.guides(for: header).first?.origin == .playlistHeader(path: "/tv/list.m3u"))
    #expect(source.guides(for: bare).map(\.location) == [.file("c.xml")])
    let flagged = try Self.source(file: "/tv/list.m3u", guides: ["z.xml"])
    #expect(flagged.guides(for: header).map(\.location) == [.file("z.xml")])
  }
}
