// `make bench`: speed and memory figures. Never part of the tests.
//
// Usage: tvgrid-bench [SUITE ...]
//   default: layout, frame, compare, startup, playlist, remote, keys, search, snapshot,
//   first-open (the `make bench` table)
//   load: in-process load timing (ScheduleLoader alone, CPU and VmHWM)
//   search-accented: the search suite on the same guide with its vowels accented

@preconcurrency import EPGPlatform

// Line-buffered, so progress shows when stdout is a file or a pipe.
setvbuf(stdout, nil, _IOLBF, 0)

let suites: [(name: String, run: () -> Void, byDefault: Bool)] = [
  ("layout", LayoutBenchmark.run, true),
  ("frame", FrameBenchmark.run, true),
  ("compare", ComparisonBenchmark.run, true),
  ("startup", ComparisonBenchmark.startup, true),
  ("playlist", PlaylistBenchmark.run, true),
  ("remote", RemoteBenchmark.run, true),
  ("keys", KeyLatencyBenchmark.run, true),
  ("snapshot", SnapshotBenchmark.run, true),
  ("first-open", FirstOpenBenchmark.run, true),
  ("load", LoadBenchmark.run, false),
  ("search", SearchBenchmark.run, true),
  ("search-accented", SearchBenchmark.runAccented, false),
]

let selected = Set(CommandLine.arguments.dropFirst())
for suite in suites where selected.isEmpty ? suite.byDefault : selected.contains(suite.name) {
  suite.run()
}
