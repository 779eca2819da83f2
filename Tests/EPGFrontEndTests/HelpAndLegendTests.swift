import EPGFrontEnd
import EPGLayout
import EPGRaster
import EPGSchedule
import EPGTestSupport
import Testing

/// Help that fits narrow terminals and a legend of every mark (issue 24,
/// item 15). Expected screens are laid out by hand from the rules: the
/// keys column is as wide as the longest keys (30 columns) where there is
/// room, else two fifths of the screen (at least 14), its alternatives
/// ("Left Right   h l") wrapping inside it; below 20 columns for the text,
/// the keys get a line of their own. The status line says where you are.
@Suite struct HelpAndLegendTests {
  static func help(columns: Int, rows: Int = 12, unicode: Bool = true) -> AppState {
    var state = Fixture.state(columns: columns, rows: rows, unicode: unicode)
    state.apply(.key(.character("?")))
    return state
  }

  /// 40 columns: a 16-column keys column (two fifths), the text from
  /// column 17 in 23 columns; "Left Right   h l" is 16 columns and wraps
  /// into "Left Right" and "h l".
  @Test func at40ColumnsTheKeysColumnShrinksAndNothingIsCut() throws {
    let state = Self.help(columns: 40)
    let lines = state.render().lines.map(trimTrailing)
    #expect(
      Array(lines[1..<11]) == [
        " Guide",
        "  Left Right     previous / next",
        "  h l            programme in the row",
        "  Up Down  k j   channel above / below,",
        "                 keeping the time",
        "  PgUp PgDn      a screen of channels",
        "  Shift-Up/Down",
        "  Shift-Left     a screen of time",
        "  Shift-Right    (Ctrl-Left Ctrl-Right",
        "  H L            too)",
      ], "\(lines)")
    // Where you are: the section and the lines shown, after the keys that fit.
    let status = lines[11]
    let match = try #require(status.wholeMatch(of: /(\ Esc back  q quit) +Guide 1-10\/(\d+)/))
    let total = try #require(Int(match.output.2))
    #expect(total > 60, "\(status)")
  }

  /// 30 columns: too narrow for keys beside their text; each entry's keys
  /// on a line, its text under them from column 4.
  @Test func at30ColumnsTheKeysGoAboveTheirText() {
    let lines = Self.help(columns: 30).render().lines.map(trimTrailing)
    #expect(
      Array(lines[1..<11]) == [
        " Guide",
        "  Left Right  h l",
        "    previous / next programme",
        "    in the row",
        "  Up Down  k j",
        "    channel above / below,",
        "    keeping the time",
        "  PgUp PgDn  Shift-Up/Down",
        "    a screen of channels",
        "  Shift-Left Shift-Right  H L",
      ], "\(lines)")
    // The section gives way to the keys; the lines shown stay.
    #expect(lines[11].hasPrefix(" Esc back  q quit "), "\(lines[11])")
    #expect(lines[11].contains(/\ 1-10\/\d+$/), "\(lines[11])")
  }

  /// No line of the help is cut (no ellipsis) at any width from 20 to
  /// 200, headings included, and the keys of the rows are on screen
  /// somewhere.
  @Test(arguments: [20, 30, 40, 52, 64, 80, 120, 200])
  func nothingIsCut(columns: Int) {
    var state = Self.help(columns: columns, rows: 12)
    var seen: [String] = []
    for _ in 0..<60 {
      seen += state.render().lines.dropFirst().dropLast().map(trimTrailing)
      state.apply(.key(.pageDown))
    }
    // ("1-9 …" is a key: digits, and more digits.)
    #expect(!seen.contains { $0.hasSuffix("…") && !$0.hasSuffix("1-9 …") }, "\(seen)")
    let words = Set(seen.joined(separator: " ").split(separator: " ").map(String.init))
    for word in ["Shift-Right", "Shift-Up/Down", "favourites", "widen", "X", "<", ">"] {
      #expect(words.contains(word), "\(word) at \(columns)")
    }
  }

  /// At the end, the counter reaches the last line and names the last
  /// section; PgUp goes back a screen.
  @Test func theCounterFollowsTheScroll() throws {
    var state = Self.help(columns: 80, rows: 24)
    state.apply(.key(.end))
    let end = trimTrailing(state.render().lines[23])
    let match = try #require(
      end.wholeMatch(of: /\ Esc back  j\/k scroll  q quit +(.+) (\d+)-(\d+)\/(\d+)/))
    // The section the screen starts in: the last 22 lines are the 13 or so
    // of the overviews' section after its heading, then the filters'.
    #expect(match.output.1 == "Overviews, jumps and favourites", "\(end)")
    #expect(match.output.3 == match.output.4, "\(end)")
    #expect(Int(match.output.2)! == Int(match.output.4)! - 21, "\(end)")
    state.apply(.key(.home))
    #expect(trimTrailing(state.render().lines[23]).hasSuffix(" Guide 1-22/\(match.output.4)"))
  }

  // MARK: The legend

  /// Every mark the grid can draw, as it draws it, with its meaning.
  @Test func theLegendExplainsEveryMark() {
    var state = Fixture.state(columns: 80, rows: 30)
    state.apply(.key(.character("=")))
    expectGrid(
      state.render(),
      """
       tvgrid │ Mon 30 Nov 2026                                             Now 14:05
       Genre colours
                       none in the monochrome theme: the details name the categories
       Before a title
        ⚑              a reminder is set (r)
        ●              tvheadend records it (R)
        ↺              ended, and playable from the archive (w)
        »              a match of the search (/)
        ★              before a channel's name: a favourite (*)
       At the right of a title, when there is room
        LIVE           broadcast live
        PREM           a premiere
        NEW            new (a new episode)
        LAST           the last chance to see it
        [S]            subtitles
        [SL]           signed (sign language in vision)
        [AD]           audio description
        HD UHD         high / ultra high definition
       In the grid
        Title — Sub    the sub-title follows its title
        Long tit…      a title cut short (Enter shows it whole)
        │…│            a programme too short for a column at this zoom (+ zooms in)
        ◂ ▸            the programme runs on before / after the guide's time
        ▼ ┃            the current time
        no information nothing in the guide for this time
        underline      on now: the part already shown
        dim            over, or left out by a filter (f, y)
        bold           on now, or kept by a filter
        reverse        the selection
       Esc back  j/k scroll  q quit
      """)
  }

  /// In ASCII mode every sample is the ASCII twin the grid draws.
  @Test func theAsciiLegendShowsTheAsciiTwins() {
    var state = Fixture.state(columns: 80, rows: 30, unicode: false)
    state.apply(.key(.character("=")))
    let lines = state.render().lines.map(trimTrailing)
    for expected in [
      "  !              a reminder is set (r)",
      "  (R)            tvheadend records it (R)",
      "  @              ended, and playable from the archive (w)",
      "  >              a match of the search (/)",
      "  *              before a channel's name: a favourite (*)",
      "  Title - Sub    the sub-title follows its title",
      "  Long tit~      a title cut short (Enter shows it whole)",
      "  |~|            a programme too short for a column at this zoom (+ zooms in)",
      "  < >            the programme runs on before / after the guide's time",
      "  v !            the current time",
    ] {
      #expect(lines.contains(expected), "\(expected)")
    }
    #expect(lines.allSatisfy { $0.unicodeScalars.allSatisfy(\.isASCII) }, "\(lines)")
  }

  /// On a short screen the legend scrolls and says where it is.
  @Test func theLegendScrollsWithACounter() {
    var state = Fixture.state(columns: 80, rows: 14)
    state.apply(.key(.character("=")))
    #expect(trimTrailing(state.render().lines[13]).hasSuffix(" Genre colours 1-12/28"))
    state.apply(.key(.end))
    #expect(
      trimTrailing(state.render().lines[13])
        .hasSuffix(" At the right of a title, when there is room 17-28/28"))
  }
}
