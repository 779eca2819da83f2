import EPGFrontEnd
import EPGLayout
import EPGSchedule

/// `tvgrid-bench search-accented`: the search suite on the same guide with
/// every a, e, o and u of its titles and descriptions accented (á é ő ü),
/// denser than any real language, so that nearly every text is folded
/// (`SearchKey`) at every keystroke. The queries, typed without accents,
/// find what they find in the plain guide.
extension SearchBenchmark {
  static func runAccented() {
    let now: EpochSeconds = 1_796_083_200  // 2026-12-01 00:00 UTC
    var schedule = DemoGuide.schedule(channels: 1000, days: 14, seed: 1, start: now - 86_400)
    for channel in schedule.programmes.indices {
      var programmes = schedule.programmes[channel].array
      for item in programmes.indices {
        programmes[item].title = accented(programmes[item].title)
        programmes[item].description = programmes[item].description.map(accented)
      }
      schedule.programmes[channel] = ProgrammeColumn(programmes)
    }
    print("search: the same guide, vowels of titles and descriptions accented")
    print("search: " + header)
    run(schedule, label: "accented: ", now: now)
    let folder = ComparisonBenchmark.workDirectory() + "/search-accented-snapshots"
    let cache = SnapshotCache(directory: folder)
    let key = SnapshotKey(
      sources: [SourceIdentity(kind: "bench", path: "search-accented", fields: [])], options: [])
    if cache.store(schedule, key: key, now: 0), case .found(let reopened) = cache.load(key) {
      run(reopened, label: "accented, reopened: ", now: now)
    } else {
      print("search: (the snapshot could not be written in \(folder))")
    }
    _ = cache.clear()
  }

  static func accented(_ text: String) -> String {
    String(
      text.map { character -> Character in
        switch character {
        case "a": "á"
        case "e": "é"
        case "o": "ő"
        case "u": "ü"
        default: character
        }
      })
  }
}
