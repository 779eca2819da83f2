import EPGFrontEnd
import EPGLayout
import EPGSchedule
import Testing

/// Typing a channel number in the guide.
@Suite struct ChannelNumberTests {
  /// Twelve channels numbered 1, 2, 3, …, 9, 10, 101, 012 (as `<lcn>`).
  static let numbered: GuideModel = {
    let numbers = ["1", "2", "3", "4", "5", "6", "7", "8", "9", "10", "101", "012"]
    let channels = numbers.map { Channel(id: "c\($0)", name: "Channel \($0)", number: $0) }
    let programmes = numbers.map { number in
      [Fixture.programme("Show on \(number)", Fixture.at(14), Fixture.at(15))]
    }
    return GuideModel(schedule: Schedule(channels: channels, programmes: programmes))
  }()

  func state(_ guide: GuideModel) -> AppState {
    AppState(guide: guide, size: CellSize(columns: 80, rows: 14), now: Fixture.now)
  }

  func type(_ text: String, into state: inout AppState) {
    for character in text { state.apply(.key(.character(character))) }
  }

  /// Issue 24, item 6: a channel whose only display name is a bare number
  /// (`"0.4 "`, with the space a real guide writes) shows it once, in the
  /// number column, not as "0.4 0.4"; in the details, the status line of a
  /// typed number and `now`'s table too.
  @Test func aBareNumericDisplayNameIsShownOnce() throws {
    let xml = """
      <tv>
        <channel id="a"><display-name>0.4 </display-name></channel>
        <channel id="b"><display-name>7</display-name></channel>
        <channel id="c"><display-name>13.1</display-name><display-name>KTV</display-name></channel>
        <programme start="20261130140000 +0000" stop="20261130150000 +0000" channel="a"><title>Show</title></programme>
      </tv>
      """
    let schedule = try ScheduleLoader.load(bytes: Array(xml.utf8), name: "g.xml")
    #expect(schedule.channels.map(\.number) == ["0.4", "7", "13.1"])
    let guide = GuideModel(schedule: schedule)
    // Numbers right-aligned in the widest one's four characters.
    #expect((0..<3).map { guide.channelLabel(row: $0) } == [" 0.4 ", "   7 ", "13.1 KTV"])
    var state = state(guide)
    let screen = state.render().lines.joined(separator: "\n")
    #expect(!screen.contains("0.4 0.4") && !screen.contains("7 7"), "\(screen)")
    type("7", into: &state)
    #expect(state.message == "Channel 7: 7  (Enter: stay, Esc: back)")
    // The JSON form may keep the space: the same channel.
    let spaced = Channel(id: "a", name: "0.4 ", number: "0.4")
    #expect(spaced.nameIsNumber && spaced.numberAndName == "0.4 ")
    #expect(Channel(id: "b", name: "BBC One", number: "1").numberAndName == "1 BBC One")
  }

  @Test func digitsGoToTheChannelWithThatNumber() {
    var state = state(Self.numbered)
    type("3", into: &state)
    #expect(state.selectedRow == 2)
    #expect(state.message == "Channel 3: 3 Channel 3  (Enter: stay, Esc: back)")
    #expect(state.render().lines.joined().contains("Channel 3: 3 Channel 3"))
    state.apply(.key(.enter))
    #expect(state.channelEntry == nil)
    #expect(state.selectedRow == 2)
    #expect(state.selectedProgramme?.title == "Show on 3")
  }

  @Test func theSelectionFollowsTheTyping() {
    var state = state(Self.numbered)
    type("1", into: &state)
    #expect(state.selectedRow == 0)
    type("0", into: &state)
    #expect(state.selectedRow == 9)  // 10
    type("1", into: &state)
    #expect(state.selectedRow == 10)  // 101
    state.apply(.key(.backspace))
    #expect(state.selectedRow == 9)
    // Leading zeros do not count: 12 is "012".
    state.apply(.key(.escape))
    type("12", into: &state)
    #expect(state.selectedRow == 11)
  }

  @Test func escGoesBackAndAnUnknownNumberSaysSo() {
    var state = state(Self.numbered)
    state.apply(.key(.down))
    let before = (state.selectedItem, state.focus, state.viewStart)
    type("5", into: &state)
    #expect(state.selectedRow == 4)
    state.apply(.key(.escape))
    #expect(state.selectedRow == 1)
    #expect(state.selectedItem == before.0)
    #expect(state.focus == before.1)
    #expect(state.viewStart == before.2)
    #expect(state.channelEntry == nil)
    // Backspace past the first digit goes back too.
    type("7", into: &state)
    state.apply(.key(.backspace))
    #expect(state.selectedRow == 1)
    #expect(state.channelEntry == nil)
    type("77", into: &state)
    #expect(state.message == "Channel 77: no such channel")
  }

  @Test func anotherKeyEndsTheNumberAndActs() {
    var state = state(Self.numbered)
    type("4", into: &state)
    state.apply(.key(.down))
    #expect(state.channelEntry == nil)
    #expect(state.selectedRow == 4)
    // 0 alone is still "now", not a channel.
    state.apply(.key(.character("0")))
    #expect(state.channelEntry == nil)
  }

  @Test func numbersLeadTheChannelColumn() {
    var state = state(Self.numbered)
    type("101", into: &state)
    state.apply(.key(.enter))
    // Right-aligned to the longest number, then the name (cut to the column).
    let lines = state.render().lines
    #expect(lines.contains { $0.hasPrefix("  9 Channel…│") }, "\(lines)")
    #expect(lines.contains { $0.hasPrefix("101 Channel…│") })
  }

  /// Issue 18 item 8: numbers where known; the column as wide as the
  /// longest number of the rows shown.
  @Test func onlySomeChannelsNumberedShowTheirsAndTheOthersLineUp() {
    // The fixture: BBC One alone has a number (1).
    let fixture = Fixture.state()
    let lines = fixture.render().lines
    let top = fixture.layout.guideTop
    #expect(lines[top].hasPrefix("1 BBC One   │"))
    #expect(lines[top + 1].hasPrefix("  Film Four │"))
    #expect(lines[top + 2].hasPrefix("  Sport     │"))
    #expect(lines[top + 3].hasPrefix("  Kids      │"))
    // Numbers 7 and 101 among unnumbered channels: three cells wide.
    let channels = [
      Channel(id: "a", name: "Alpha", number: "7"), Channel(id: "b", name: "Beta"),
      Channel(id: "c", name: "Gamma", number: "101"),
    ]
    let mixed = AppState(
      guide: GuideModel(schedule: Schedule(channels: channels, programmes: [[], [], []])),
      size: CellSize(columns: 80, rows: 14), now: Fixture.now)
    let rows = mixed.render().lines
    #expect(rows[top].hasPrefix("  7 Alpha   │"))
    #expect(rows[top + 1].hasPrefix("    Beta    │"))
    #expect(rows[top + 2].hasPrefix("101 Gamma   │"))
    // Without the numbered ones shown (favourites only, Beta marked): no
    // number column.
    var beta = mixed
    beta.apply([.key(.down), .key(.character("*")), .key(.character("c"))])
    #expect(beta.guide.channelNumberWidth == nil)
    #expect(beta.render().lines[top].hasPrefix("★Beta       │"))
  }

  @Test func withoutChannelNumbersDigitsCountChannels() {
    var state = Fixture.state()  // four channels without numbers but BBC One's
    #expect(state.guide.hasChannelNumbers)
    let plain = GuideModel(
      schedule: Schedule(
        channels: (1...3).map { Channel(id: "p\($0)", name: "Plain \($0)") },
        programmes: [[], [], []]))
    state = AppState(guide: plain, size: CellSize(columns: 80, rows: 14), now: Fixture.now)
    #expect(!state.guide.hasChannelNumbers)
    type("3", into: &state)
    #expect(state.selectedRow == 2)
    #expect(state.message == "Channel 3: Plain 3  (Enter: stay, Esc: back)")
    state.apply(.key(.escape))
    type("4", into: &state)
    #expect(state.message == "Channel 4: no such channel")
  }
}
