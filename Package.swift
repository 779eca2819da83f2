// swift-tools-version:6.0
//
// tvgrid: a terminal TV guide (EPG viewer).
//
// Layers, with dependencies pointing one way (top depends on bottom):
//
//   tvgrid (executable: subcommands, signals, exit codes)
//     └─ EPGFrontEnd   layer 3: app state, keys, screens; the only module
//        │             that talks to ncurses (through CNcursesw); the tvheadend
//        │             recordings the grid marks (EPGRemote's types)
//        ├─ EPGRaster  layer 2: layout frames (points) → character grid (cells)
//        │    └─ EPGLayout  layer 1: pure program-guide and flow layouts (points)
//        ├─ EPGRemote  beside the layers: guides over HTTP(S) (libcurl),
//        │    │        the download cache and last good copy, tvheadend
//        │    ├─ EPGPlaylist (credential masking)
//        │    ├─ EPGSchedule (the download streams into its loader)
//        │    └─ CCurlShim  small C target: typed calls for libcurl's
//        │         │        variadic setopt; the only code that includes curl.h
//        │         └─ CCurl  system library (libcurl4-openssl-dev)
//        ├─ EPGPlaylist  beside the layers: M3U playlists, matching entries to
//        │    │          guide channels, catch-up URLs, player commands
//        │    └─ EPGActions  acting on programmes: command templates and the
//        │         │         detached launcher, tvgrid's own files (XDG,
//        │         │         atomic writes), reminders, the query language,
//        │         │         saved searches, iCalendar
//        │         ├─ EPGRaster (genres)
//        │         └─ EPGSchedule
//        └─ EPGSchedule  beside the layers: XMLTV/JSON loading and normalisation
//             └─ CXMLTVReader  small C target; the only code that includes libxml2
//                  └─ CLibXML2  system library (libxml2-dev)
//
// No outside Swift packages: C libraries come from Debian packages.
import PackageDescription

let package = Package(
  name: "tvgrid",
  products: [
    .executable(name: "tvgrid", targets: ["tvgrid"])
  ],
  targets: [
    // Layer 1: geometry in points. No Foundation, no clock, no time zone.
    .target(name: "EPGLayout"),
    // Layer 2: cells.
    .target(name: "EPGRaster", dependencies: ["EPGLayout"]),
    // Schedules: loading, normalising, generating.
    .systemLibrary(
      name: "CLibXML2",
      pkgConfig: "libxml-2.0",
      providers: [.apt(["libxml2-dev"])]
    ),
    .target(name: "CXMLTVReader", dependencies: ["CLibXML2"]),
    .target(name: "EPGSchedule", dependencies: ["EPGLayout", "CXMLTVReader"]),
    // Acting on programmes: commands, reminders, queries, calendar export.
    .target(name: "EPGActions", dependencies: ["EPGSchedule", "EPGLayout", "EPGRaster"]),
    // Playlists: M3U parsing, channel matching, catch-up and player commands.
    .target(name: "EPGPlaylist", dependencies: ["EPGActions", "EPGSchedule", "EPGLayout"]),
    // Remote sources: HTTP(S) through libcurl, the cache, tvheadend.
    .systemLibrary(
      name: "CCurl",
      pkgConfig: "libcurl",
      providers: [.apt(["libcurl4-openssl-dev"])]
    ),
    .target(name: "CCurlShim", dependencies: ["CCurl"]),
    .target(
      name: "EPGRemote",
      dependencies: ["CCurlShim", "EPGPlaylist", "EPGActions", "EPGSchedule", "EPGLayout"]
    ),
    // Layer 3: the front end.
    .systemLibrary(
      name: "CNcursesw",
      pkgConfig: "ncursesw",
      providers: [.apt(["libncurses-dev"])]
    ),
    .target(
      name: "EPGFrontEnd",
      dependencies: [
        "EPGLayout", "EPGRaster", "EPGSchedule", "EPGPlaylist", "EPGActions", "EPGRemote",
        "CNcursesw",
      ]
    ),
    .executableTarget(
      name: "tvgrid",
      dependencies: [
        "EPGFrontEnd", "EPGActions", "EPGPlaylist", "EPGRemote", "EPGSchedule", "EPGRaster",
        "EPGLayout",
      ]
    ),
    // Benchmarks (`make bench`); never part of the tests.
    .executableTarget(
      name: "tvgrid-bench",
      dependencies: ["EPGFrontEnd", "EPGPlaylist", "EPGSchedule", "EPGRaster", "EPGLayout"]
    ),
    // The layout and raster tests draw from EPGSchedule's SplitMix64.
    .testTarget(name: "EPGLayoutTests", dependencies: ["EPGLayout", "EPGSchedule"]),
    .testTarget(name: "EPGRasterTests", dependencies: ["EPGRaster", "EPGLayout", "EPGSchedule"]),
    .testTarget(
      name: "EPGScheduleTests",
      dependencies: ["EPGSchedule", "EPGLayout"],
      resources: [.copy("Fixtures")]
    ),
    .testTarget(
      name: "EPGPlaylistTests",
      dependencies: ["EPGPlaylist", "EPGSchedule", "EPGLayout", "EPGRaster"],
      resources: [.copy("Fixtures")]
    ),
    // The test server (RemoteTestSupport/Server/testserver.py, python3, on
    // 127.0.0.1) for the EPGRemote and command-line tests; never shipped.
    .target(
      name: "RemoteTestSupport", dependencies: ["EPGRemote"], path: "Tests/RemoteTestSupport",
      exclude: ["Server"]),
    .testTarget(
      name: "EPGRemoteTests",
      dependencies: ["EPGRemote", "RemoteTestSupport", "EPGPlaylist", "EPGSchedule", "EPGLayout"]
    ),
    .testTarget(
      name: "EPGActionsTests",
      dependencies: ["EPGActions", "EPGSchedule", "EPGLayout", "EPGRaster"]
    ),
    .testTarget(
      name: "EPGFrontEndTests",
      dependencies: ["EPGFrontEnd", "EPGPlaylist", "EPGRaster", "EPGLayout", "EPGSchedule"]
    ),
    // Runs the built `tvgrid` binary (subcommands, tmux end-to-end tests); URL and
    // tvheadend tests use RemoteTestSupport's server.
    .testTarget(
      name: "TVGridCLITests", dependencies: ["tvgrid", "EPGSchedule", "RemoteTestSupport"]),
  ],
  swiftLanguageModes: [.v6]
)
