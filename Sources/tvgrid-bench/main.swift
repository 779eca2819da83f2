// `make bench`: speed and memory figures. Never part of the tests.
//
// Usage: tvgrid-bench [SUITE ...]   (default: every suite)

let suites: [(name: String, run: () -> Void)] = [
  ("layout", LayoutBenchmark.run),
  ("frame", FrameBenchmark.run),
  ("load", LoadBenchmark.run),
  ("compare", ComparisonBenchmark.run),
]

let selected = Set(CommandLine.arguments.dropFirst())
for suite in suites where selected.isEmpty || selected.contains(suite.name) {
  suite.run()
}
