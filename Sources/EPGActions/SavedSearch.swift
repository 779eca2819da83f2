import EPGLayout
import EPGSchedule

/// A saved search (`search NAME = QUERY` in the config), epgsearch's
/// "favourite".
public struct SavedSearch: Hashable, Sendable {
  public var name: String
  public var query: ProgrammeQuery
  /// Sets reminders for its upcoming matches by itself (`search_remind`;
  /// epgsearch's search timers): `ReminderList.addMatches`.
  public var setsReminders: Bool

  public init(name: String, query: ProgrammeQuery, setsReminders: Bool = false) {
    self.name = name
    self.query = query
    self.setsReminders = setsReminders
  }

  /// One search's upcoming matches.
  public struct Group: Hashable, Sendable {
    public var name: String
    /// Soonest first; a repeat of a title and episode (or sub-title)
    /// already listed is left out.
    public var matches: [ProgrammeQuery.Match]

    public init(name: String, matches: [ProgrammeQuery.Match]) {
      self.name = name
      self.matches = matches
    }
  }

  /// The upcoming matches of each search in `searches`, in their order:
  /// programmes not over at `span.start` and starting before `span.end`.
  public static func upcoming(
    _ searches: [SavedSearch], in schedule: Schedule, during span: TimeSpan,
    context: ProgrammeQuery.Context
  ) -> [Group] {
    searches.map { search in
      var seen: Set<[String]> = []
      let matches = search.query.matches(in: schedule, during: span, context: context).filter {
        let programme = schedule.programmes[$0.channel][$0.item]
        let episode = programme.episode?.label ?? programme.subTitle ?? "\(programme.start)"
        return seen.insert([programme.title.lowercased(), episode]).inserted
      }
      return Group(name: search.name, matches: matches)
    }
  }
}
