import EPGFrontEnd
import EPGLayout
import EPGSchedule
import Foundation
import Testing

/// Live reload: when to load a changed guide file, what a finished load
/// does to the state, and that the loop wakes often enough to notice.
struct LiveReloadTests {
  static let first = FileSnapshot(device: 1, inode: 10, size: 500, modifiedSeconds: 100)

  // MARK: Watch decisions

  @Test func anUnchangedFileIsNeverLoaded() {
    var watch = FileWatch(loaded: Self.first)
    for time in stride(from: 0.0, through: 10, by: 2) {
      #expect(watch.observe(Self.first, at: time) == .unchanged)
    }
  }

  @Test(arguments: [
    FileSnapshot(device: 1, inode: 11, size: 500, modifiedSeconds: 100),  // renamed over
    FileSnapshot(device: 2, inode: 10, size: 500, modifiedSeconds: 100),  // other device
    FileSnapshot(device: 1, inode: 10, size: 499, modifiedSeconds: 100),  // other size
    FileSnapshot(device: 1, inode: 10, size: 500, modifiedSeconds: 101),  // touched
    FileSnapshot(
      device: 1, inode: 10, size: 500, modifiedSeconds: 100, modifiedNanoseconds: 5),
  ])
  func aChangeIsLoadedOnceItHasSettled(changed: FileSnapshot) {
    var watch = FileWatch(loaded: Self.first, settle: 1)
    #expect(watch.observe(changed, at: 10) == .wait)
    #expect(watch.observe(changed, at: 10.5) == .wait)
    #expect(watch.observe(changed, at: 11) == .load)
    // Loaded (or tried) once: not again until it changes.
    #expect(watch.observe(changed, at: 13) == .unchanged)
    #expect(watch.handled == changed)
  }

  @Test func aFileStillGrowingWaitsUntilItStops() {
    var watch = FileWatch(loaded: Self.first, settle: 1)
    var time = 0.0
    for size in stride(from: Int64(100), through: 900, by: 100) {
      let growing = FileSnapshot(device: 1, inode: 10, size: size, modifiedSeconds: 200)
      #expect(watch.observe(growing, at: time) == .wait, "size \(size)")
      time += 0.9
    }
    let done = FileSnapshot(device: 1, inode: 10, size: 900, modifiedSeconds: 200)
    #expect(watch.observe(done, at: time + 0.2) == .load)
  }

  @Test func aMissingFileIsWaitedForAndTheSameVersionReturningIsNoChange() {
    var watch = FileWatch(loaded: Self.first, settle: 1)
    let changed = FileSnapshot(device: 1, inode: 12, size: 600, modifiedSeconds: 300)
    #expect(watch.observe(changed, at: 0) == .wait)
    #expect(watch.observe(nil, at: 2) == .unchanged)
    #expect(!watch.isPending)
    // Seen again after the gap: the settle time starts over.
    #expect(watch.observe(changed, at: 3) == .wait)
    #expect(watch.observe(changed, at: 4) == .load)
    #expect(watch.observe(nil, at: 5) == .unchanged)
    #expect(watch.observe(changed, at: 6) == .unchanged)
  }

  @Test func aVersionThatFailedIsTriedAgainOnlyAfterItChanges() {
    var watch = FileWatch(loaded: Self.first, settle: 1)
    let half = FileSnapshot(device: 1, inode: 10, size: 250, modifiedSeconds: 400)
    #expect(watch.observe(half, at: 0) == .wait)
    #expect(watch.observe(half, at: 1) == .load)  // the load fails
    #expect(watch.observe(half, at: 3) == .unchanged)
    let whole = FileSnapshot(device: 1, inode: 10, size: 500, modifiedSeconds: 402)
    #expect(watch.observe(whole, at: 5) == .wait)
    #expect(watch.observe(whole, at: 7) == .load)
  }

  @Test func snapshotsOfARealFileSeeRewritesAndRenames() throws {
    let directory = FileManager.default.temporaryDirectory
      .appendingPathComponent("tvgrid-watch-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: directory) }
    let file = directory.appendingPathComponent("guide.xml")
    try Data("<tv/>".utf8).write(to: file)
    let original = try #require(FileSnapshot.of(path: file.path))
    #expect(original.size == 5)
    #expect(FileSnapshot.of(path: file.path) == original)
    let temporary = directory.appendingPathComponent("guide.tmp")
    try Data("<tv/>".utf8).write(to: temporary)
    #expect(rename(temporary.path, file.path) == 0)
    let renamed = try #require(FileSnapshot.of(path: file.path))
    #expect(renamed.inode != original.inode)
    #expect(FileSnapshot.of(path: directory.appendingPathComponent("none").path) == nil)
  }

  // MARK: Finished loads

  @Test func aSuccessfulReloadReplacesTheGuideAndSaysSo() {
    var state = Fixture.state()
    var schedule = Fixture.schedule
    schedule.programmes[0][0].title = "Midday Headlines"
    let actions = LiveReload.actions(
      for: .success(GuideModel(schedule: schedule)), name: "guide.xml")
    state.apply(actions)
    #expect(state.guide.rows[0].programmes[0].title == "Midday Headlines")
    #expect(state.message == "reloaded guide.xml: 4 channels, 20 programmes")
    #expect(state.render().lines.last?.contains("reloaded guide.xml") == true)
  }

  @Test func aFailedReloadKeepsTheGuideAndTheMessageUntilAGoodOne() {
    var state = Fixture.state()
    let before = state.guide.rows.map(\.channel.id)
    // An earlier reload's message does not hide the failure.
    state.apply(
      LiveReload.actions(for: .success(GuideModel(schedule: Fixture.schedule)), name: "g"))
    state.apply(
      LiveReload.actions(
        for: .failure(LoadFailure("guide.xml:812:3: premature end of data")), name: "guide.xml"))
    let expected =
      "guide.xml changed but did not load (guide.xml:812:3: premature end of data);"
      + " keeping the loaded guide"
    #expect(state.reloadProblem == expected)
    #expect(state.render().lines.last?.contains("changed but did not load") == true)
    #expect(state.guide.rows.map(\.channel.id) == before)
    // Keys do not clear it (unlike a one-off message).
    state.apply([.key(.down), .key(.right)])
    #expect(state.render().lines.last?.contains("changed but did not load") == true)
    state.apply(
      LiveReload.actions(for: .success(GuideModel(schedule: Fixture.schedule)), name: "g"))
    #expect(state.reloadProblem == nil)
    state.apply(.key(.left))
    #expect(state.render().lines.last?.contains("did not load") == false)
  }

  // MARK: Selection and scroll

  /// Twenty channels of hour-long programmes from 10:00 to 20:00.
  static func wideSchedule(insertingFirst extra: Bool = false, renaming: String? = nil) -> Schedule
  {
    var channels: [Channel] = []
    var programmes: [[Programme]] = []
    if extra {
      channels.append(Channel(id: "extra.uk", name: "Extra"))
      programmes.append([Fixture.programme("Extra Show", Fixture.at(10), Fixture.at(20))])
    }
    for index in 0..<20 {
      channels.append(Channel(id: "c\(index).uk", name: "Channel \(index)"))
      programmes.append(
        (10..<20).map { hour in
          let title = renaming.map { "\($0) \(index)-\(hour)" } ?? "Show \(index)-\(hour)"
          return Fixture.programme(title, Fixture.at(hour), Fixture.at(hour + 1))
        })
    }
    return Schedule(channels: channels, programmes: programmes)
  }

  @Test func replaceGuideKeepsTheSelectionAndTheScrollPosition() {
    var state = AppState(
      guide: GuideModel(schedule: Self.wideSchedule()), size: CellSize(columns: 80, rows: 14),
      now: Fixture.now)
    state.apply([.key(.end), .key(.up), .key(.up), .key(.shiftRight), .key(.right)])
    let row = state.selectedRow
    let top = state.topRow
    let start = state.viewStart
    let programmeStart = state.selectedProgramme?.start
    #expect(top > 0, "scrolled down")
    #expect(start > Fixture.now, "scrolled right")
    // The new guide has a channel more at the top and new titles.
    state.apply(
      .replaceGuide(
        GuideModel(schedule: Self.wideSchedule(insertingFirst: true, renaming: "New"))))
    #expect(state.guide.rows[state.selectedRow].channel.id == "c\(row).uk")
    #expect(state.selectedRow == row + 1)
    #expect(state.topRow == top + 1)
    #expect(state.viewStart == start)
    #expect(state.selectedProgramme?.start == programmeStart)
    #expect(state.selectedProgramme?.title.hasPrefix("New ") == true)
  }

  @Test func aSelectedChannelThatIsGoneKeepsTheRowAndView() {
    var state = AppState(
      guide: GuideModel(schedule: Self.wideSchedule()), size: CellSize(columns: 80, rows: 14),
      now: Fixture.now)
    state.apply([.key(.down), .key(.down), .key(.down)])
    let start = state.viewStart
    var schedule = Self.wideSchedule()
    schedule.channels.remove(at: 3)
    schedule.programmes.remove(at: 3)
    state.apply(.replaceGuide(GuideModel(schedule: schedule)))
    #expect(state.selectedRow == 3)
    #expect(state.guide.rows[3].channel.id == "c4.uk")
    #expect(state.viewStart == start)
  }

  // MARK: The loop

  @Test func theLoopWakesAsOftenAsTheWatchAsks() {
    var screen = Screen(backend: TestBackend(size: CellSize(columns: 80, rows: 14)))
    _ = GuideApp.run(
      state: Fixture.state(), screen: &screen, clock: FixedClock(Fixture.now),
      wake: { LiveReload.idleInterval })
    #expect(screen.backend.requestedTimeouts == [2000])
    var plain = Screen(backend: TestBackend(size: CellSize(columns: 80, rows: 14)))
    _ = GuideApp.run(state: Fixture.state(), screen: &plain, clock: FixedClock(Fixture.now))
    #expect(plain.backend.requestedTimeouts == [GuideApp.timeout(now: Fixture.now)])
  }

  @Test func theLoopPollsWhileKeysKeepArriving() {
    // Keys every half second never let the wait time out; the loop still
    // asks `idle` once every `wake` (2 s), and never without a cap.
    let keys = [InputEvent](repeating: .key(.right), count: 10)
    for cap in [LiveReload.idleInterval, nil] {
      var screen = Screen(
        backend: TestBackend(size: CellSize(columns: 80, rows: 14), events: keys))
      var polls: [Double] = []
      var calls = 0
      var time: Double { Double(calls - 1) * 0.5 }  // 0, 0.5, 1, … s
      _ = GuideApp.run(
        state: Fixture.state(), screen: &screen, clock: FixedClock(Fixture.now),
        idle: {
          polls.append(time)
          return []
        },
        wake: { cap },
        uptime: {
          calls += 1
          return time
        })
      #expect(polls == (cap == nil ? [] : [2.0, 4.0]), "cap \(String(describing: cap))")
    }
  }

  @Test func aPollLoadsAChangedFileInTheBackground() throws {
    let directory = FileManager.default.temporaryDirectory
      .appendingPathComponent("tvgrid-poll-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: directory) }
    let file = directory.appendingPathComponent("guide.xml")
    try Data("one".utf8).write(to: file)
    var reload = LiveReload(path: file.path, loaded: FileSnapshot.of(path: file.path), settle: 1) {
      .success(GuideModel(schedule: Fixture.schedule))
    }
    #expect(reload.name == "guide.xml")
    #expect(reload.poll(at: 0).isEmpty)
    #expect(reload.wakeInterval == LiveReload.idleInterval)
    try Data("three".utf8).write(to: file)
    #expect(reload.poll(at: 1).isEmpty)
    #expect(reload.wakeInterval == LiveReload.busyInterval)
    #expect(reload.poll(at: 2).isEmpty)  // settled: the load starts
    var actions: [Action] = []
    var time = 2.0
    // The load runs on another thread; poll until it is handed over.
    while actions.isEmpty && time < 2 + 30 {
      usleep(10_000)
      time += 0.01
      actions = reload.poll(at: time)
    }
    var state = Fixture.state()
    state.apply(actions)
    #expect(state.message == "reloaded guide.xml: 4 channels, 20 programmes")
    #expect(reload.poll(at: time + 5).isEmpty)
  }

  // MARK: URL sources

  /// Counts the looks at the URL sources (a class: shared with the check's
  /// closure; the lock makes it Sendable).
  final class Looks: @unchecked Sendable {
    private let lock = NSLock()
    private var count = 0
    private var due = false
    var looks: Int { lock.withLock { count } }
    func set(due: Bool) { lock.withLock { self.due = due } }
    func look() -> Bool {
      lock.withLock {
        count += 1
        return due
      }
    }
  }

  /// Polls until a load is handed over (at most 30 s of polls).
  static func pollUntilLoaded(_ reload: inout LiveReload, from time: Double) -> [Action] {
    var actions: [Action] = []
    var now = time
    while actions.isEmpty && now < time + 30 {
      usleep(10_000)
      now += 0.01
      actions = reload.poll(at: now)
    }
    return actions
  }

  @Test func urlSourcesAreLookedAtEachIntervalAndLoadedWhenDue() {
    let looks = Looks()
    var reload = LiveReload(
      files: [], remote: .init(interval: 10, isDue: { looks.look() }), name: "tv.example"
    ) {
      .success(ReloadedGuide(model: GuideModel(schedule: Fixture.schedule)))
    }
    #expect(reload.name == "tv.example")
    #expect(reload.poll(at: 0).isEmpty)
    #expect(reload.poll(at: 9).isEmpty)
    #expect(looks.looks == 0)  // not before the interval
    #expect(reload.poll(at: 10).isEmpty)
    #expect(looks.looks == 1)  // not due: nothing loads
    #expect(reload.poll(at: 15).isEmpty)
    #expect(looks.looks == 1)
    looks.set(due: true)
    #expect(reload.poll(at: 20).isEmpty)
    #expect(looks.looks == 2)
    var state = Fixture.state()
    state.apply(Self.pollUntilLoaded(&reload, from: 20))
    #expect(state.message == "reloaded tv.example: 4 channels, 20 programmes")
  }

  @Test func anUnchangedOrKeptURLCopyShowsOnlyItsNotice() {
    var state = Fixture.state()
    var schedule = Fixture.schedule
    schedule.programmes[0][0].title = "Not Shown"
    let kept = ReloadedGuide(
      model: GuideModel(schedule: schedule), changed: false,
      notices: [
        "tv.example: using the copy from 29 Nov 06:00 (download failed: the server answered 500)"
      ])
    state.apply(LiveReload.actions(for: .success(kept), name: "tv.example", fromFiles: false))
    #expect(state.guide.rows[0].programmes[0].title != "Not Shown")
    #expect(
      state.message
        == "tv.example: using the copy from 29 Nov 06:00 (download failed: the server answered 500)"
    )
    // A file change always replaces the guide.
    state.apply(LiveReload.actions(for: .success(kept), name: "g.xml", fromFiles: true))
    #expect(state.guide.rows[0].programmes[0].title == "Not Shown")
    // Unchanged and nothing to say: no action at all.
    let same = ReloadedGuide(model: GuideModel(schedule: schedule), changed: false)
    #expect(LiveReload.actions(for: .success(same), name: "tv.example", fromFiles: false).isEmpty)
  }
}
