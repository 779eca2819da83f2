import EPGFrontEnd
import EPGLayout
import EPGSchedule
import EPGTestSupport
import Foundation
import Testing

/// `*` favourite, `x` hide, `u` undo, `c` favourites only (issue 18 item
/// 3). The fixture's channels in file order: BBC One (one.uk), Film Four
/// (films.uk), Sport (sport.uk), Kids (kids.uk).
@Suite struct FavouritesTests {
  func names(_ state: AppState) -> [String] { state.guide.rows.map(\.channel.name) }

  func state(favourites: [String] = [], hidden: [String] = [], rows: Int = 14) -> AppState {
    var settings = GuideSettings()
    settings.theme = .monochrome
    settings.favourites = favourites
    settings.hidden = hidden
    return AppState(
      guide: GuideModel(schedule: Fixture.schedule, favourites: favourites, hidden: hidden),
      settings: settings, size: CellSize(columns: 80, rows: rows), now: Fixture.now)
  }

  @Test func starPinsTheChannelToTheTopAndAsksForItToBeKept() {
    var state = state()
    state.apply([.key(.end), .key(.character("*"))])
    #expect(names(state) == ["Kids", "BBC One", "Film Four", "Sport"])
    #expect(
      state.takeEffects() == [
        .saveChannelChoices(from: ChannelChoices(), to: ChannelChoices(favourites: ["kids.uk"]))
      ])
    // The startup screen's rows, Kids first with its star; the rule under
    // the time row marks the top row's boundaries (14:15 now, not 15:45).
    // The selection (Cartoons, 13:00–14:15, 65 of 75 minutes: 86%) follows
    // the channel.
    let info = " 13:00–14:15 Kids  Cartoons"
    expectGrid(
      state.render(),
      """
       tvgrid │ Mon 30 Nov 2026                                             Now 14:05
        Mon 30   Tue 1
      Mon 30 Nov  │14:00       14:30       15:00       15:30       16:00       16:30
                  ├─▼───┬─────┬───────────┬───────────┬───────────┬───────────┬───────
        ★Kids     │Cart…│ニュース for kids│Story Time
      1 BBC One   │Afternoon… │News at Ha…│Doctors       NEW│Quiz Time        │Evenin…
        Film Four │The Big Sleep                              │Sh…│Casablanca
        Sport     │Te…│Snooker                                    │Football
                  │
                  │
                  │
                  │
      """ + "\n" + info + String(repeating: " ", count: 80 - info.count - 13) + "  on now, 86%\n"
        + " Kids: favourite, at the top  (u: undo)")
    // Again: no longer a favourite, back in its place.
    state.apply(.key(.character("*")))
    #expect(names(state) == ["BBC One", "Film Four", "Sport", "Kids"])
    #expect(state.selectedProgramme?.title == "Cartoons")
    #expect(
      state.takeEffects() == [
        .saveChannelChoices(from: ChannelChoices(favourites: ["kids.uk"]), to: ChannelChoices())
      ])
  }

  @Test func addedFavouritesComeAfterTheConfigFilesInTheOrderChosen() {
    var state = state(favourites: ["Sport"])
    #expect(names(state) == ["Sport", "BBC One", "Film Four", "Kids"])
    state.apply([.key(.end), .key(.character("*"))])  // Kids
    state.apply([.key(.down), .key(.character("*"))])  // row 2 now: BBC One
    #expect(names(state) == ["Sport", "Kids", "BBC One", "Film Four"])
    #expect(state.guide.rows.map(\.isFavourite) == [true, true, true, false])
    // Un-marking the config's favourite: it goes back to its file place.
    state.apply([.key(.home), .key(.character("*"))])
    #expect(names(state) == ["Kids", "BBC One", "Film Four", "Sport"])
    #expect(
      state.channelChoices
        == ChannelChoices(favourites: ["kids.uk", "one.uk"], notFavourites: ["sport.uk"]))
    // And marking it again takes it back to the config's place, first.
    state.apply([.key(.end), .key(.character("*"))])
    #expect(names(state) == ["Sport", "Kids", "BBC One", "Film Four"])
    #expect(state.channelChoices == ChannelChoices(favourites: ["kids.uk", "one.uk"]))
  }

  @Test func xHidesAndUUndoesOneChangeAtATime() {
    var state = state(hidden: ["kids.uk"])
    #expect(names(state) == ["BBC One", "Film Four", "Sport"])
    state.apply([.key(.down), .key(.character("x"))])
    #expect(names(state) == ["BBC One", "Sport"])
    #expect(state.message == "Film Four: hidden  (u: undo)")
    // The row in its place is selected.
    #expect(state.guide.rows[state.selectedRow].channel.name == "Sport")
    state.apply(.key(.character("*")))  // Sport
    #expect(names(state) == ["Sport", "BBC One"])
    _ = state.takeEffects()
    state.apply(.key(.character("u")))
    #expect(names(state) == ["BBC One", "Sport"])
    #expect(
      state.takeEffects() == [
        .saveChannelChoices(
          from: ChannelChoices(favourites: ["sport.uk"], hidden: ["films.uk"]),
          to: ChannelChoices(hidden: ["films.uk"]))
      ])
    state.apply(.key(.character("u")))
    #expect(names(state) == ["BBC One", "Film Four", "Sport"])
    #expect(state.message == "Undone")
    state.apply(.key(.character("u")))
    #expect(state.message == "Nothing to undo (u undoes * and x)")
    #expect(
      state.takeEffects() == [
        .saveChannelChoices(from: ChannelChoices(hidden: ["films.uk"]), to: ChannelChoices())
      ])
  }

  @Test func cShowsOnlyFavourites() {
    var state = state()
    state.apply(.key(.character("c")))
    #expect(state.favouritesOnly == false)
    #expect(state.message == "No favourites yet: * marks the selected channel")
    state.apply([.key(.down), .key(.down), .key(.character("*")), .key(.character("c"))])
    #expect(names(state) == ["Sport"])
    #expect(state.message == "Favourites only: 1 channel  (c: all)")
    #expect(state.render().lines[0].hasPrefix(" tvgrid │ Mon 30 Nov 2026 │ favourites"))
    // The overviews list the rows shown.
    state.apply(.key(.character("o")))
    #expect(trimTrailing(state.render().lines[3]).hasPrefix(" ★Sport") == false)
    #expect(trimTrailing(state.render().lines[3]).hasPrefix(" Sport"))
    #expect(trimTrailing(state.render().lines[4]).isEmpty)
    state.apply([.key(.escape), .key(.character("c"))])
    #expect(names(state) == ["Sport", "BBC One", "Film Four", "Kids"])
    #expect(state.message == "All channels")
    // Un-marking the last favourite while only favourites show: all again.
    state.apply([.key(.character("c")), .key(.character("*"))])
    #expect(state.favouritesOnly == false)
    #expect(names(state) == ["BBC One", "Film Four", "Sport", "Kids"])
  }

  @Test func choicesFromTheFileApplyAtStartUp() {
    var settings = GuideSettings()
    settings.favourites = ["Sport"]
    let state = AppState(
      guide: GuideModel(schedule: Fixture.schedule, favourites: ["Sport"]),
      choices: ChannelChoices(
        favourites: ["kids.uk"], notFavourites: [], hidden: ["one.uk", "nonexistent"]),
      settings: settings, size: CellSize(columns: 80, rows: 14), now: Fixture.now)
    #expect(names(state) == ["Sport", "Kids", "Film Four"])
    #expect(state.selectedRow == 0)
    #expect(state.selectedProgramme?.title == "Tennis")
  }
}

/// `favourites.json`: written atomically, read back, a bad file set aside.
@Suite struct ChannelChoicesFileTests {
  func folder() throws -> URL {
    let url = FileManager.default.temporaryDirectory.appendingPathComponent(
      "tvgrid-choices-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
    return url
  }

  @Test func savedChoicesReadBack() throws {
    let dir = try folder()
    defer { try? FileManager.default.removeItem(at: dir) }
    let path = dir.path + "/data/tvgrid/favourites.json"
    let choices = ChannelChoices(
      favourites: ["kids.uk", "one.uk"], notFavourites: ["sport.uk"], hidden: ["a/b"])
    try choices.save(to: path)
    let text = try String(contentsOfFile: path, encoding: .utf8)
    #expect(
      text == """
        {
          "favourites" : [
            "kids.uk",
            "one.uk"
          ],
          "hidden" : [
            "a/b"
          ],
          "notFavourites" : [
            "sport.uk"
          ],
          "version" : 1
        }

        """)
    let loaded = ChannelChoices.load(path: path, now: Fixture.now)
    #expect(loaded.document == choices)
    #expect(loaded.problems.isEmpty)
    // No temporary file is left beside it (the lock stays).
    #expect(
      try FileManager.default.contentsOfDirectory(atPath: dir.path + "/data/tvgrid").sorted() == [
        "favourites.json", "favourites.json.lock",
      ])
  }

  @Test func aMissingFileIsNoChoicesAndABadOneIsSetAside() throws {
    let dir = try folder()
    defer { try? FileManager.default.removeItem(at: dir) }
    let path = dir.path + "/favourites.json"
    #expect(ChannelChoices.load(path: path, now: Fixture.now).document == ChannelChoices())
    try Data("{\"favourites\": [1, 2".utf8).write(to: URL(fileURLWithPath: path))
    let loaded = ChannelChoices.load(path: path, now: Fixture.now)
    #expect(loaded.document == ChannelChoices())
    // Now is 2026-11-30T14:05:00Z.
    #expect(
      loaded.problems == [
        "favourites.json:1: not valid JSON",
        "favourites.json: kept as favourites.json.corrupt-20261130T140500Z",
      ])
    #expect(!FileManager.default.fileExists(atPath: path))
    #expect(FileManager.default.fileExists(atPath: path + ".corrupt-20261130T140500Z"))
    // A file with only some of the lists is fine.
    try Data("{\"hidden\": [\"x.uk\"]}".utf8).write(to: URL(fileURLWithPath: path))
    #expect(
      ChannelChoices.load(path: path, now: Fixture.now).document == ChannelChoices(hidden: ["x.uk"])
    )
  }

  /// Issue 25, item 14: one bad element is reported with its line and
  /// dropped; the valid entries are kept, and the file as it was is kept
  /// beside it.
  @Test func oneBadElementIsDroppedAndTheRestKept() throws {
    let dir = try folder()
    defer { try? FileManager.default.removeItem(at: dir) }
    let path = dir.path + "/favourites.json"
    let text = """
      {
        "favourites": ["kids.uk", 3, "one.uk"],
        "hidden": ["shop.uk",
                   null],
        "notFavourites": "sport.uk"
      }

      """
    try Data(text.utf8).write(to: URL(fileURLWithPath: path))
    let loaded = ChannelChoices.load(path: path, now: Fixture.now)
    #expect(
      loaded.document == ChannelChoices(favourites: ["kids.uk", "one.uk"], hidden: ["shop.uk"]))
    #expect(
      loaded.problems == [
        "favourites.json:2: favourites item 2 is not a channel; left out",
        "favourites.json: notFavourites is not a list; left out",
        "favourites.json:4: hidden item 2 is not a channel; left out",
        "favourites.json: kept as favourites.json.corrupt-20261130T140500Z",
      ])
    // The file stays as it was until the next change; a copy is kept.
    #expect(try String(contentsOfFile: path, encoding: .utf8) == text)
    #expect(try String(contentsOfFile: path + ".corrupt-20261130T140500Z", encoding: .utf8) == text)
    #expect(loaded.writable)
  }

  /// Two guides open at once: each applies only its own change to the
  /// file as the other left it (issue 25, item 14).
  @Test func aChangeIsAppliedToTheFileAsItIs() {
    // This guide had kids and one as favourites and hid shop; it un-marks
    // one, marks films and shows shop again.
    let old = ChannelChoices(favourites: ["kids.uk", "one.uk"], hidden: ["shop.uk"])
    let new = ChannelChoices(favourites: ["kids.uk", "films.uk"])
    // Meanwhile another marked sport and hid news.
    var file = ChannelChoices(
      favourites: ["kids.uk", "one.uk", "sport.uk"], hidden: ["shop.uk", "news.uk"])
    file.apply(changeFrom: old, to: new)
    #expect(
      file
        == ChannelChoices(favourites: ["kids.uk", "sport.uk", "films.uk"], hidden: ["news.uk"]))
  }
}
