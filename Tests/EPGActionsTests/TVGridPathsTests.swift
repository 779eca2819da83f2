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
    #expect(SearchHistory.read(path: path).isEmpty)
    try SearchHistory.write(["news", "genre:film\nafter:20:00", "cast:\"bogart\""], to: path)
    let text = try String(contentsOfFile: path, encoding: .utf8)
    #expect(text == "news\ngenre:film after:20:00\ncast:\"bogart\"\n")
    #expect(
      SearchHistory.read(path: path) == ["news", "genre:film after:20:00", "cast:\"bogart\""])
  }

  @Test func theFileIsInTheDataFolder() {
    let paths = TVGridPaths(environment: ["HOME": "/home/u", "XDG_DATA_HOME": "/d"])
    #expect(paths.searchHistoryFile == "/d/tvgrid/search-history")
  }
}
