import EPGFrontEnd
import EPGLayout
import EPGSchedule
import Foundation
import Testing

/// Searching a guide reopened from its snapshot (programmes decoded from
/// the mapped file, titles tested once per distinct title) finds exactly
/// what searching the guide as parsed finds.
@Suite struct ReopenedSearchTests {
  static let start: EpochSeconds = 1_796_083_200  // 2026-12-01 00:00 UTC

  @Test func sameMatchesAsTheParsedGuide() throws {
    let schedule = DemoGuide.schedule(channels: 30, days: 2, seed: 5, start: Self.start)
    let folder = NSTemporaryDirectory() + "tvgrid-reopened-search-\(UUID().uuidString)"
    defer { try? FileManager.default.removeItem(atPath: folder) }
    let cache = SnapshotCache(directory: folder)
    let key = SnapshotKey(
      sources: [SourceIdentity(kind: "test", path: "demo", fields: [])], options: [])
    #expect(cache.store(schedule, key: key, now: 0))
    guard case .found(let reopened) = cache.load(key) else {
      Issue.record("expected the snapshot")
      return
    }
    #expect(reopened.programmes.allSatisfy { $0.isMapped })
    let size = CellSize(columns: 120, rows: 40)
    let parsedState = AppState(guide: GuideModel(schedule: schedule), size: size, now: Self.start)
    let reopenedState = AppState(
      guide: GuideModel(schedule: reopened), size: size, now: Self.start)
    let queries = [
      "lost", "the lost", "news", "silent -golden", "title:wild", "genre:film after:20:00",
      "lost genre:news", "new", "zzz", "sub:the", "desc:north", "cast:a", "category:news",
      "rating<=12", "lost -new", "zurich", "creme brulee", "aeroskobing", "ＴＡＴＯＲＴ",
      "cast:lucia", "cast:yilmaz", "senor nandu",
    ]
    // Accents and case never hide a match (issue 24, item 7): the demo
    // guide has "Tatort: Zürich", "Crème brûlée à la française",
    // "Ærøskøbing", "Señor Ñandú", and Lucía and Yılmaz in its casts.
    let folded: Set = [
      "zurich", "creme brulee", "aeroskobing", "ＴＡＴＯＲＴ", "cast:lucia", "cast:yilmaz",
      "senor nandu",
    ]
    var found = 0
    for details in [false, true] {
      for query in queries {
        var parsed = parsedState
        var mapped = reopenedState
        for state in [0, 1] {
          var copy = state == 0 ? parsed : mapped
          copy.apply(.key(.character("/")))
          if details { copy.apply(.key(.tab)) }
          for character in query { copy.apply(.key(.character(character))) }
          copy.apply(.liveSearch)
          if state == 0 { parsed = copy } else { mapped = copy }
        }
        #expect(
          parsed.search?.matches == mapped.search?.matches, "\(query), details \(details)")
        found += parsed.search?.matches.count ?? 0
        if folded.contains(query) {
          #expect(parsed.search?.matches.isEmpty == false, "\(query), details \(details)")
        }
      }
    }
    // The queries do find things (the comparison is not of empty lists).
    #expect(found > 100)
  }
}
