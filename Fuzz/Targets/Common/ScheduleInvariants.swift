import EPGLayout
import EPGSchedule

/// Checks the promises `Schedule` makes to its users (see Schedule.swift
/// and ScheduleNormaliser.swift) on a schedule loaded from fuzzed input, and
/// traps (a libFuzzer crash) with a message when one is broken.
enum ScheduleInvariants {
  static func check(_ schedule: Schedule) {
    guard schedule.channels.count == schedule.programmes.count else {
      fail("\(schedule.channels.count) channels but \(schedule.programmes.count) programme lists")
    }
    for (c, list) in schedule.programmes.enumerated() {
      for (i, programme) in list.enumerated() {
        if programme.stop < programme.start {
          fail(
            "channel \(c) programme \(i): stop \(programme.stop) before start \(programme.start)")
        }
        if i + 1 < list.count {
          let next = list[i + 1]
          if next.start <= programme.start {
            fail("channel \(c) programme \(i + 1): not sorted by start, or a duplicate start")
          }
          if programme.stop > next.start {
            fail("channel \(c) programme \(i): overlaps the next one")
          }
        }
      }
    }
    // The project's JSON form must load back to the same programmes
    // ("loading the output again gives the same schedule"). Skipped for a
    // channel id that starts with U+FEFF: Foundation's JSON parser drops
    // it, so the channel merges into another (a known bug, see
    // Tests/EPGScheduleTests/FuzzRegressionTests.swift).
    if schedule.channels.contains(where: { $0.id.unicodeScalars.first == "\u{FEFF}" }) { return }
    let json = ScheduleJSON.encode(schedule)
    let again: Schedule
    do {
      again = try ScheduleJSON.decode(json, path: "round-trip.json")
    } catch {
      fail("the JSON form of a loaded guide does not load: \(error)")
    }
    guard again.programmeCount == schedule.programmeCount else {
      fail("JSON round trip: \(schedule.programmeCount) programmes became \(again.programmeCount)")
    }
  }

  static func fail(_ message: String) -> Never {
    fatalError("schedule invariant broken: \(message)")
  }
}
