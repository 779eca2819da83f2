import EPGLayout
import Testing

@testable import EPGSchedule

/// Merging guides in priority order; expected schedules worked by hand
/// from the rule "the first source with a listing at a moment wins; later
/// sources fill only its gaps".
@Suite struct ScheduleMergeTests {
  /// 2026-11-30 18:00 UTC (2026-01-01 is 1_767_225_600; + 333 days + 18 h).
  static let six: Int64 = 1_796_061_600

  /// A programme from `h1` to `h2` hours after 18:00.
  static func show(_ title: String, _ h1: Double, _ h2: Double) -> Programme {
    Programme(
      start: six + Int64(h1 * 3600), stop: six + Int64(h2 * 3600), title: title)
  }

  static func titles(_ list: ProgrammeColumn) -> [String] {
    list.map { "\($0.title) \(($0.start - six) / 60)-\(($0.stop - six) / 60)" }
  }

  @Test func laterSourcesFillOnlyGaps() {
    // A: News 18:00–19:00, Film 20:00–22:00 (gap 19:00–20:00, and after 22:00).
    let a = Schedule(
      channels: [Channel(id: "one", name: "One (A)")],
      programmes: [[Self.show("News", 0, 1), Self.show("Film", 2, 4)]])
    // B: Quiz 17:30–18:30 (starts before A's first listing: a gap),
    // Soap 18:30–19:30 (starts inside News: left out),
    // Talk 19:30–20:30 (starts in the gap: cut at 20:00),
    // Late 22:00–23:00 (after A: taken whole).
    let b = Schedule(
      channels: [Channel(id: "one", name: "One (B)"), Channel(id: "two", name: "Two")],
      programmes: [
        [
          Self.show("Quiz", -0.5, 0.5), Self.show("Soap", 0.5, 1.5), Self.show("Talk", 1.5, 2.5),
          Self.show("Late", 4, 5),
        ],
        [Self.show("Only B", 0, 1)],
      ])
    let merge = ScheduleMerge([a, b])
    #expect(merge.schedule.channels.map(\.id) == ["one", "two"])
    #expect(merge.schedule.channels[0].name == "One (A)")
    // Quiz 17:30 cut at 18:00 = minutes -30…0; Talk 19:30 cut at 20:00 = 90…120.
    #expect(
      Self.titles(merge.schedule.programmes[0]) == [
        "Quiz -30-0", "News 0-60", "Talk 90-120", "Film 120-240", "Late 240-300",
      ])
    // The cut programmes keep their listed stops.
    #expect(merge.schedule.programmes[0][0].listedStop == Self.six + 1800)
    #expect(merge.schedule.programmes[0][2].listedStop == Self.six + 9000)
    #expect(Self.titles(merge.schedule.programmes[1]) == ["Only B 0-60"])
    #expect(merge.contributions.map(\.newChannels) == [1, 1])
    #expect(merge.contributions.map(\.programmes) == [2, 4])
    #expect(merge.contributions.map(\.gapsFilled) == [0, 3])
    #expect(merge.contributions.map(\.overruled) == [0, 1])
    // Soap (18:30) is left out inside News: it disagrees on channel one.
    #expect(
      merge.contributions[1].disagreements == [
        ScheduleMerge.Disagreement(channel: "one", programmes: 1)
      ])
  }

  @Test func aLaterListingThatAgreesIsNotADisagreement() {
    // A: News 18:00–19:00 and Film 19:00–21:00 on one.
    let a = Schedule(
      channels: [Channel(id: "one", name: "One")],
      programmes: [[Self.show("News", 0, 1), Self.show("Film", 1, 3)]])
    // B: "NEWS" at 18:00 (same start and title, other case: agrees),
    // "Film" at 19:30 (inside Film, but starting later: disagrees),
    // "Sport" at 20:00 (inside Film: disagrees).
    let b = Schedule(
      channels: [Channel(id: "one", name: "One")],
      programmes: [[Self.show("NEWS", 0, 1), Self.show("Film", 1.5, 2), Self.show("Sport", 2, 3)]])
    let merge = ScheduleMerge([a, b])
    #expect(merge.contributions[1].overruled == 3)
    #expect(
      merge.contributions[1].disagreements == [
        ScheduleMerge.Disagreement(channel: "one", programmes: 2)
      ])
    // The same guide twice agrees everywhere.
    #expect(ScheduleMerge([a, a]).contributions[1].disagreements.isEmpty)
  }

  @Test func threeSourcesInPriorityOrder() {
    // A has 18–19; B has 18–20 (overruled); C has 19–20 (fills).
    let a = Schedule(channels: [Channel(id: "x", name: "X")], programmes: [[Self.show("A", 0, 1)]])
    let b = Schedule(channels: [Channel(id: "x", name: "X")], programmes: [[Self.show("B", 0, 2)]])
    let c = Schedule(channels: [Channel(id: "x", name: "X")], programmes: [[Self.show("C", 1, 2)]])
    #expect(
      Self.titles(ScheduleMerge([a, b, c]).schedule.programmes[0]) == ["A 0-60", "C 60-120"])
    // Reversed priority: C, then B starts at 18:00 (a gap) and is cut at 19:00, then A overruled.
    #expect(
      Self.titles(ScheduleMerge([c, b, a]).schedule.programmes[0]) == ["B 0-60", "C 60-120"])
  }

  @Test func oneOrNoSource() {
    let a = Schedule(channels: [Channel(id: "x", name: "X")], programmes: [[Self.show("A", 0, 1)]])
    #expect(Self.titles(ScheduleMerge([a]).schedule.programmes[0]) == ["A 0-60"])
    #expect(ScheduleMerge([]).schedule.channels.isEmpty)
  }
}
