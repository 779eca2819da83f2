import Foundation
import Testing

@testable import EPGActions

@Suite struct TVGridPathsTests {
  @Test func xdgVariablesWin() {
    let paths = TVGridPaths(environment: [
      "XDG_CONFIG_HOME": "/c", "XDG_DATA_HOME": "/d", "XDG_STATE_HOME": "/s",
      "XDG_CACHE_HOME": "/k", "HOME": "/h",
    ])
    #expect(paths.config == "/c/tvgrid")
    #expect(paths.data == "/d/tvgrid")
    #expect(paths.state == "/s/tvgrid")
    #expect(paths.cache == "/k/tvgrid")
    #expect(paths.configFile == "/c/tvgrid/config")
    #expect(paths.remindersFile == "/d/tvgrid/reminders.json")
  }

  @Test func defaultsBelowHome() {
    // The XDG Base Directory defaults; relative and empty values are ignored.
    let paths = TVGridPaths(environment: [
      "XDG_CONFIG_HOME": "relative", "XDG_DATA_HOME": "", "HOME": "/home/u",
    ])
    #expect(paths.config == "/home/u/.config/tvgrid")
    #expect(paths.data == "/home/u/.local/share/tvgrid")
    #expect(paths.state == "/home/u/.local/state/tvgrid")
    #expect(paths.cache == "/home/u/.cache/tvgrid")
    #expect(TVGridPaths(environment: ["HOME": "rel"]).data == nil)
    #expect(TVGridPaths(environment: [:]).state == nil)
  }
}

@Suite struct SearchHistoryTests {
  @Test func writesOneQueryALineAndReadsThemBack() throws {
    let path = Support.folder() + "/tvgrid/search-history"
    #expect(StoredFile.load(SearchHistory.self, path: path, now: 0).document.queries.isEmpty)
    try StoredFile.write(
      SearchHistory(["news", "genre:film\nafter:20:00", "cast:\"bogart\""]).encoded(), to: path)
    let text = try String(contentsOfFile: path, encoding: .utf8)
    #expect(text == "news\ngenre:film after:20:00\ncast:\"bogart\"\n")
    #expect(
      StoredFile.load(SearchHistory.self, path: path, now: 0).document.queries == [
        "news", "genre:film after:20:00", "cast:\"bogart\"",
      ])
  }

  @Test func theFileIsInTheDataFolder() {
    let paths = TVGridPaths(environment: ["HOME": "/home/u", "XDG_DATA_HOME": "/d"])
    #expect(paths.searchHistoryFile == "/d/tvgrid/search-history")
    #expect(paths.channelChoicesFile == "/d/tvgrid/favourites.json")
  }

  /// Issue 25, item 14: two guides each add their searches to the file as
  /// it is; a search run again moves to the end; the oldest go past 100.
  @Test func aChangeAddsThisGuidesSearchesToTheFileAsItIs() {
    // This guide had [a, b, c] and ran "a" again and then "d".
    let old = SearchHistory(["a", "b", "c"])
    let new = SearchHistory(["b", "c", "a", "d"])
    // Meanwhile another guide ran "x" and "b" again.
    var file = SearchHistory(["a", "c", "x", "b"])
    file.apply(changeFrom: old, to: new)
    #expect(file.queries == ["c", "x", "b", "a", "d"])
    // Nothing run: nothing changes.
    var same = SearchHistory(["p", "q"])
    same.apply(changeFrom: old, to: old)
    #expect(same.queries == ["p", "q"])
    // At the limit the oldest go.
    var full = SearchHistory((1...100).map { "q\($0)" })
    full.apply(changeFrom: SearchHistory(), to: SearchHistory(["new"]))
    #expect(full.queries.count == 100)
    #expect(full.queries.first == "q2")
    #expect(full.queries.last == "new")
  }
}
