import EPGActions
import EPGLayout
import EPGSchedule
import Testing

/// Applying one tvgrid's change to the reminders file as another left it,
/// and saved searches that set reminders by themselves.
@Suite struct ReminderMergeTests {
  static let news = Channel(id: "news.uk", name: "News")
  static func reminder(_ title: String, _ hour: Double) -> Reminder {
    Reminder(
      channelID: "news.uk", channelName: "News", title: title, start: Support.at(hour),
      stop: Support.at(hour + 1))
  }

  @Test func aChangeIsAppliedToTheFileWithoutUndoingAnotherOne() {
    let a = Self.reminder("A", 20)
    let b = Self.reminder("B", 21)
    let c = Self.reminder("C", 22)
    // The guide's copy had A and B; it removes A and adds C.
    let old = ReminderList([a, b])
    let new = ReminderList([b, c])
    // Meanwhile cron marked B fired and `remind --add` added D.
    var firedB = b
    firedB.firedStart = b.start
    let d = Self.reminder("D", 23)
    var file = ReminderList([a, firedB, d])
    file.apply(changeFrom: old, to: new)
    // A is gone, C is added; B keeps cron's fired mark, D stays.
    #expect(file.reminders == [firedB, c, d])
  }

  @Test func aChangedReminderReplacesTheFilesOneForTheSameProgramme() {
    let a = Self.reminder("A", 20)
    var fired = a
    fired.firedStart = a.start
    var file = ReminderList([a])
    file.apply(changeFrom: ReminderList([a]), to: ReminderList([fired]))
    #expect(file.reminders == [fired])
  }

  @Test func searchesThatRemindAddTheirUpcomingMatchesOnce() throws {
    let schedule = Schedule(
      channels: [Self.news],
      programmes: [
        [
          Support.programme("Film: Heat", 19, 20, categories: ["Film"]),
          Support.programme("Quiz", 20, 21),
          Support.programme("Film: Alien", 21, 23, categories: ["Film"]),
          Support.programme("Film: Heat", 23, 25, categories: ["Film"]),
        ]
      ])
    let films = SavedSearch(
      name: "films", query: try ProgrammeQuery("genre:film"), setsReminders: true)
    let quiz = SavedSearch(name: "quiz", query: try ProgrammeQuery("quiz"))
    var list = ReminderList()
    // At 19:30 the first Heat has started: only Alien and the later Heat
    // (a different airing of the same title without an episode: kept).
    let added = list.addMatches(
      of: [films, quiz], in: schedule, now: Support.at(19.5), context: ProgrammeQuery.Context())
    #expect(added.map(\.title) == ["Film: Alien", "Film: Heat"])
    #expect(list.reminders.map(\.start) == [Support.at(21), Support.at(23)])
    // Again: nothing new.
    #expect(
      list.addMatches(
        of: [films, quiz], in: schedule, now: Support.at(19.5), context: ProgrammeQuery.Context()
      ).isEmpty)
  }
}
