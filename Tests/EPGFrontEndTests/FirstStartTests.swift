import EPGFrontEnd
import EPGLayout
import EPGRaster
import EPGSchedule
import EPGTestSupport
import Testing

/// The first start (issue 24, item 16): the demo guide says what it is and
/// how to open one's own, and config problems reach the status line. The
/// top bars are worked out by hand: " tvgrid " (8 columns), the title,
/// and " Now 14:05 " (11) at the right; the longest notice that fits with a
/// column to spare is shown.
@Suite struct FirstStartTests {
  static func demo(columns: Int) -> String {
    var state = Fixture.state(columns: columns, rows: 12)
    state.isDemoGuide = true
    return trimTrailing(state.render().lines[0])
  }

  @Test func theDemoGuideSaysSoAndHowToOpenYours() {
    // 120 columns: the date, then the whole notice.
    #expect(
      Self.demo(columns: 120)
        == " tvgrid │ Mon 30 Nov 2026 │ Built-in demo guide: tvgrid FILE opens yours, tvgrid init sets one up"
        + String(repeating: " ", count: 13) + "Now 14:05")
    // 80 columns: 60 for the title; the notice keeps both ways, the date
    // gives way.
    #expect(
      Self.demo(columns: 80)
        == " tvgrid │ Demo guide: open yours with tvgrid FILE or tvgrid init      Now 14:05")
    // 60 columns: 40 for the title.
    #expect(
      Self.demo(columns: 60) == " tvgrid │ Demo guide (tvgrid init sets up yours)  Now 14:05")
    #expect(Self.demo(columns: 40) == " tvgrid │ Demo guide          Now 14:05")
    // 30 columns: 10 for the title.
    #expect(Self.demo(columns: 30) == " tvgrid │ Demo      Now 14:05")
  }

  @Test func anotherGuideKeepsItsDate() {
    #expect(
      trimTrailing(Fixture.state(columns: 80, rows: 12).render().lines[0])
        == " tvgrid │ Mon 30 Nov 2026" + String(repeating: " ", count: 45) + "Now 14:05")
  }

  /// `GuideOptions` knows the demo: no FILE and no `guide =`.
  @Test func theStartUpStateKnowsTheDemo() throws {
    let demo = try GuideOptions.resolve(
      GuideOptions.Flags(), environment: ["TZ": "UTC"], config: ConfigFile(),
      localeIsUTF8: true
    ).get()
    let state = demo.initialState(
      schedule: Fixture.schedule, size: CellSize(columns: 80, rows: 12), now: Fixture.now)
    #expect(state.isDemoGuide)
    var flags = GuideOptions.Flags()
    flags.file = "guide.xml"
    let file = try GuideOptions.resolve(
      flags, environment: ["TZ": "UTC"], config: ConfigFile(), localeIsUTF8: true
    ).get()
    #expect(
      !file.initialState(
        schedule: Fixture.schedule, size: CellSize(columns: 80, rows: 12), now: Fixture.now
      ).isDemoGuide)
    let configured = try GuideOptions.resolve(
      GuideOptions.Flags(), environment: ["TZ": "UTC"],
      config: ConfigFile(parsing: "guide = /tv/guide.xml"), localeIsUTF8: true
    ).get()
    #expect(
      !configured.initialState(
        schedule: Fixture.schedule, size: CellSize(columns: 80, rows: 12), now: Fixture.now
      ).isDemoGuide)
  }

  /// The config's problems in one status line: the first in full, then
  /// how many more (all are listed on standard error, kept after quitting).
  @Test func configProblemsMakeOneStatusLine() throws {
    func notice(_ text: String, schedule: Schedule? = nil) throws -> String? {
      try GuideOptions.resolve(
        GuideOptions.Flags(), environment: ["TZ": "UTC"], config: ConfigFile(parsing: text),
        localeIsUTF8: true
      ).get().configNotice(schedule: schedule)
    }
    #expect(
      try notice("colour = red\nzoom = huge\n")
        == "Config line 1: unknown key 'colour' (ignored; 1 more listed on quitting)")
    #expect(
      try notice("theme = color\nzoom = huge\n")
        == "Config line 2: zoom must be columns per hour (e.g. 24), not 'huge' (ignored)")
    #expect(
      try notice("favourites = Nonexistent\n", schedule: Fixture.schedule)
        == "Config: favourites: no channel 'Nonexistent' (ignored)")
    #expect(try notice("theme = color\n") == nil)
  }
}
