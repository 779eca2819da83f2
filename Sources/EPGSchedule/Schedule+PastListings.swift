import EPGCore

/// Keeping past listings across refreshes: many providers publish only
/// future listings, so a refreshed guide starts later than the copy before
/// it; catch-up and "what was on" need the programmes it dropped.
extension Schedule {
  /// This schedule with the programmes of `older` (an earlier copy of the
  /// same guide) that this one no longer lists: per channel (matched by
  /// id), the older copy's programmes that stop at or before this copy's
  /// first start on the channel (at or before `now` when it lists nothing
  /// there) and stop after `since`. Times in epoch seconds. Channels only
  /// the older copy has are not brought back. The second value is the
  /// number of programmes kept.
  public func keepingPast(of older: Schedule, since: EpochSeconds, now: EpochSeconds) -> (
    Schedule, Int
  ) {
    var olderIndex: [String: Int] = [:]
    for (index, channel) in older.channels.enumerated() where olderIndex[channel.id] == nil {
      olderIndex[channel.id] = index
    }
    var result = self
    var kept = 0
    for (index, channel) in channels.enumerated() {
      guard let previous = olderIndex[channel.id] else { continue }
      let bound = programmes[index].isEmpty ? now : programmes[index].span(at: 0).start
      // By times first: a snapshot's column decodes only the ones kept.
      let column = older.programmes[previous]
      let past = column.indices.filter {
        let stop = column.span(at: $0).end
        return stop <= bound && stop > since
      }
      guard !past.isEmpty else { continue }
      kept += past.count
      result.programmes[index] = ProgrammeColumn(past.map { column[$0] } + programmes[index])
    }
    return (result, kept)
  }
}
