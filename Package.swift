// swift-tools-version:6.0
//
// tvgrid: a terminal TV guide (EPG viewer).
//
// Layers, with dependencies pointing one way (top depends on bottom):
//
//   tvgrid (executable: one file per subcommand; resolving and loading the
//   │       guide sources; the layout command's --set and JSON lines)
//   ├─ EPGNcurses    the real terminal: the only module that includes curses
//   │    │           (through CNcursesw); signals, the saved terminal state,
//   │    │           stderr held during a session
//   │    └─ EPGTerminal
//   └─ EPGFrontEnd   layer 3: app state, the reducer, views, the main loop
//        ├─ EPGRemote  guides and playlists over HTTP(S) (libcurl through the
//        │    │        small C target CCurlShim, the only code that includes
//        │    │        curl.h), the download cache and last good copy, tvheadend
//        │    │        (the grid marks its recordings)
//        │    └─ EPGPlaylist, EPGSchedule
//        ├─ EPGTerminal  the terminal seam: TerminalBackend, Screen, keys,
//        │    │          the in-memory TestBackend
//        │    └─ EPGRaster
//        ├─ EPGRaster  layer 2: layout frames (points) → character grid (cells)
//        │    └─ EPGLayout  layer 1: pure program-guide and flow layouts (points)
//        │         └─ EPGCore
//        ├─ EPGPlaylist  M3U playlists, matching entries to guide channels,
//        │    │          catch-up URLs, player commands
//        │    └─ EPGActions  acting on programmes: command templates and the
//        │         │         detached launcher, tvgrid's own files (XDG,
//        │         │         atomic writes), reminders, the query language,
//        │         │         saved searches, iCalendar
//        │         └─ EPGSchedule
//        └─ EPGSchedule  XMLTV/JSON loading, normalisation, genre classification
//             ├─ EPGCore  time and schedule primitives: EpochSeconds,
//             │           TimeSpan, UTCOffsetTable, CivilDate, TimeMath,
//             │           OverlapResolution, Genre, the one binary search
//             ├─ CSnapshotGuard  small C target: the SIGBUS handler for mapped
//             │                  snapshots (EPGNcurses gives it the terminal)
//             └─ CXMLTVReader  small C target; the only code that includes libxml2
//                  └─ CLibXML2  system library (libxml2-dev)
//
// EPGPlatform (the C library: Glibc) is imported by the files that call
// POSIX directly. EPGLayout and EPGSchedule re-export EPGCore, EPGFrontEnd
// re-exports EPGTerminal: their public APIs speak in those types.
//
// No outside Swift packages: C libraries come from Debian packages.
import PackageDescription

let package = Package(
  name: "tvgrid",
  products: [
    .executable(name: "tvgrid", targets: ["tvgrid"])
  ],
  targets: [
    // Time and schedule primitives both the layout and the schedule use.
    // No Foundation, no clock, no time zone.
    .target(name: "EPGCore"),
    // The C library (Glibc), for the files that call POSIX directly.
    .target(name: "EPGPlatform"),
    // Layer 1: geometry in points. No Foundation, no clock, no time zone.
    .target(name: "EPGLayout", dependencies: ["EPGCore"]),
    // Layer 2: cells.
    .target(name: "EPGRaster", dependencies: ["EPGCore", "EPGLayout"]),
    // Schedules: loading, normalising, generating.
    .systemLibrary(
      name: "CLibXML2",
      pkgConfig: "libxml-2.0",
      providers: [.apt(["libxml2-dev"])]
    ),
    .target(name: "CXMLTVReader", dependencies: ["CLibXML2"]),
    // SIGBUS from a mapped snapshot that another program truncated: a
    // message and exit 1, not a silent death (a signal handler: C).
    .target(name: "CSnapshotGuard"),
    .target(
      name: "EPGSchedule",
      dependencies: ["EPGPlatform", "EPGCore", "CXMLTVReader", "CSnapshotGuard"]),
    // Acting on programmes: commands, reminders, queries, calendar export.
    .target(
      name: "EPGActions", dependencies: ["EPGPlatform", "EPGCore", "EPGSchedule", "EPGLayout"]),
    // Playlists: M3U parsing, channel matching, catch-up and player commands.
    .target(
      name: "EPGPlaylist", dependencies: ["EPGPlatform", "EPGActions", "EPGSchedule", "EPGLayout"]),
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
    // The terminal seam: what the front end draws on and reads keys from,
    // and the in-memory backend the tests use.
    .target(name: "EPGTerminal", dependencies: ["EPGRaster"]),
    // The real terminal: the only module that talks to ncurses.
    .target(
      name: "EPGNcurses",
      dependencies: ["EPGPlatform", "EPGTerminal", "EPGRaster", "CNcursesw", "CSnapshotGuard"]),
    .target(
      name: "EPGFrontEnd",
      dependencies: [
        "EPGPlatform",
        "EPGLayout", "EPGRaster", "EPGSchedule", "EPGPlaylist", "EPGActions", "EPGRemote",
        "EPGTerminal",
      ]
    ),
    .executableTarget(
      name: "tvgrid",
      dependencies: [
        "EPGPlatform",
        "EPGFrontEnd", "EPGNcurses", "EPGActions", "EPGPlaylist", "EPGRemote", "EPGSchedule",
        "EPGRaster",
        "EPGLayout",
      ]
    ),
    // Benchmarks (`make bench`); never part of the tests.
    .executableTarget(
      name: "tvgrid-bench",
      dependencies: [
        "EPGPlatform", "EPGFrontEnd", "EPGPlaylist", "EPGSchedule", "EPGRaster", "EPGLayout",
      ]
    ),
    // What the tests share: the grid assertion, the layout fixtures, draws
    // from EPGSchedule's SplitMix64.
    .target(
      name: "EPGTestSupport",
      dependencies: ["EPGRaster", "EPGLayout", "EPGSchedule"],
      path: "Tests/EPGTestSupport"
    ),
    .testTarget(
      name: "EPGLayoutTests", dependencies: ["EPGTestSupport", "EPGLayout", "EPGSchedule"]),
    .testTarget(
      name: "EPGRasterTests",
      dependencies: ["EPGTestSupport", "EPGRaster", "EPGLayout", "EPGSchedule"]),
    .testTarget(
      name: "EPGScheduleTests",
      dependencies: ["EPGPlatform", "EPGSchedule", "EPGLayout"],
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
      dependencies: [
        "EPGPlatform",
        "EPGTestSupport", "EPGFrontEnd", "EPGNcurses", "EPGPlaylist", "EPGRaster", "EPGLayout",
        "EPGSchedule",
      ]
    ),
    // Runs the built `tvgrid` binary (subcommands, tmux end-to-end tests); URL and
    // tvheadend tests use RemoteTestSupport's server.
    .testTarget(
      name: "TVGridCLITests",
      dependencies: ["EPGPlatform", "EPGTestSupport", "tvgrid", "EPGSchedule", "RemoteTestSupport"]
    ),
  ],
  swiftLanguageModes: [.v6]
)
