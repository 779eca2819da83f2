import EPGCore

/// What was wrong with a programme's listed stop, for the normaliser to
/// mend once the channel's next start is known (`ScheduleNormaliser`).
/// The programme is added with its stop missing (estimated).
enum StopProblem: Sendable {
  /// The stop is before the start. `nextDay`: the stop a day later, when
  /// the two were written on the same date (23:58 → 00:10 written without
  /// the next day), else nil. `written`: the stop as the file gives it.
  case beforeStart(nextDay: EpochSeconds?, written: String)
  /// The stop equals the start.
  case atStart

  /// The longest programme a stop read as the next day may make when the
  /// channel has no later start to bound it, in seconds.
  static let longestNextDayWithoutNextStart: EpochSeconds = 12 * 3600
}
