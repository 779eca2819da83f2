import EPGFrontEnd
import EPGLayout
import EPGSchedule

/// Live search: the time per keystroke at the guide's `/` prompt on the
/// 358k-programme demo guide (1,000 channels × 14 days, as `tvgrid demo
/// --channels 1000 --days 14` writes it), goal under 50 ms.
///
/// Method: the guide is generated and loaded in memory (not timed); for
/// each query, the prompt is opened and the query typed one character at a
/// time, each followed by `.liveSearch` (what the run loop sends when
/// typing pauses); the key and the search are timed together. Titles only,
/// then with Tab (sub-titles, descriptions, cast). Once with the guide as
/// parsed (arrays in memory), once reopened from its snapshot (programmes
/// decoded from the mapped file as the search reads them).
enum SearchBenchmark {
  static func run() {
    let now: EpochSeconds = 1_796_083_200  // 2026-12-01 00:00 UTC
    let schedule = DemoGuide.schedule(channels: 1000, days: 14, seed: 1, start: now - 86_400)
    let programmes = schedule.programmes.reduce(0) { $0 + $1.count }
    print("search: \(programmes) programmes, time per keystroke (key + live search), ms")
    print("search: " + header)
    run(schedule, label: "", now: now)
    let folder = ComparisonBenchmark.workDirectory() + "/search-snapshots"
    let cache = SnapshotCache(directory: folder)
    let key = SnapshotKey(
      sources: [SourceIdentity(kind: "bench", path: "search", fields: [])], options: [])
    if cache.store(schedule, key: key, now: 0), case .found(let reopened) = cache.load(key) {
      run(reopened, label: "reopened: ", now: now)
    } else {
      print("search: (the snapshot could not be written in \(folder))")
    }
    _ = cache.clear()
  }

  /// The table's heading (after "search: ").
  static let header =
    "scope".padding(toLength: 46, withPad: " ", startingAt: 0)
    + "keystrokes   median ms   p99 ms   worst ms"

  static func run(_ schedule: Schedule, label: String, now: EpochSeconds) {
    let base = AppState(
      guide: GuideModel(schedule: schedule), size: CellSize(columns: 200, rows: 60), now: now)
    let queries = ["news", "the lost", "genre:film after:20:00", "zzz"]
    for details in [false, true] {
      var samples: [Double] = []
      for query in queries {
        var state = base
        state.apply(.key(.character("/")))
        if details { state.apply(.key(.tab)) }
        for character in query {
          let start = ContinuousClock.now
          state.apply(.key(.character(character)))
          state.apply(.liveSearch)
          samples.append(milliseconds(ContinuousClock.now - start))
        }
        if state.search == nil && query != "zzz" { print("search: (no search for \(query))") }
      }
      samples.sort()
      let median = samples[samples.count / 2]
      let p99 = samples[min(samples.count - 1, samples.count * 99 / 100)]
      let scope = label + (details ? "titles, descriptions, cast" : "titles")
      print(
        "search: " + scope.padding(toLength: 46, withPad: " ", startingAt: 0)
          + String(samples.count).leftPadded(10) + format(median).leftPadded(12)
          + format(p99).leftPadded(9) + format(samples.last ?? 0).leftPadded(11))
    }
  }

  static func milliseconds(_ duration: Duration) -> Double {
    let parts = duration.components
    return Double(parts.seconds) * 1000 + Double(parts.attoseconds) / 1e15
  }

  static func format(_ value: Double) -> String {
    let tenths = Int((value * 10).rounded())
    return "\(tenths / 10).\(tenths % 10)"
  }
}

extension String {
  fileprivate func leftPadded(_ width: Int) -> String {
    String(repeating: " ", count: max(0, width - count)) + self
  }
}
