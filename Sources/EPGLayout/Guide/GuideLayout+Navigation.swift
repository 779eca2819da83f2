/// The one navigation query the front end asks the layout: which programme
/// of a row to select when the selection moves up or down (or the view
/// moves in time). The rest of navigation (next and previous programme,
/// scrolling, the mouse's hit test on the drawn cells) is the front end's,
/// in time and cells.
///
/// Only shown programmes take part (kept by overlap resolution and meeting
/// the timeline window).
extension GuideLayout {
  /// The shown programme of row `section` that best matches `range` (the
  /// Android TV guide rule, for moving up or down a row):
  /// 1. the one whose span contains the whole range; else
  /// 2. the widest one lying wholly inside the range; else
  /// 3. the one with the largest partial overlap; else
  /// 4. the one nearest in time (smallest gap).
  /// Ties go to the earlier programme. An empty range [t, t) counts as
  /// [t, t + 1). Only programmes `isEligible` accepts take part (a filter
  /// narrowing navigation). Nil only if the row shows no eligible programme.
  public func programme(
    inSection section: Int, bestMatching range: TimeSpan,
    where isEligible: (IndexPath) -> Bool = { _ in true }
  ) -> IndexPath? {
    guard data.rows.indices.contains(section) else { return nil }
    let row = data.rows[section]
    let start = TimeMath.clamped(range.start)
    let target = TimeSpan(start: start, end: Swift.max(TimeMath.clamped(range.end), start + 1))
    let window = timeline
    let first = row.firstPosition(endingAfter: target.start)
    var best: (position: Int, rank: Int, score: Int64)?
    func eligible(_ position: Int) -> Bool {
      shownIndexPath(section: section, position: position).map(isEligible) ?? false
    }
    func consider(_ position: Int) {
      guard eligible(position) else { return }
      let span = row.shownSpan(at: position)
      let rank: Int
      let score: Int64
      if span.start <= target.start && span.end >= target.end {
        (rank, score) = (0, 0)
      } else if span.start >= target.start && span.end <= target.end && span.overlaps(target) {
        (rank, score) = (1, -span.duration)
      } else if span.overlaps(target) {
        let overlap = Swift.min(span.end, target.end) - Swift.max(span.start, target.start)
        (rank, score) = (2, -overlap)
      } else {
        let gap = span.end <= target.start ? target.start - span.end : span.start - target.end
        (rank, score) = (3, gap)
      }
      if let known = best, (known.rank, known.score) <= (rank, score) { return }
      best = (position, rank, score)
    }
    // Overlapping candidates, then the nearest neighbour on each side.
    var position = first
    while position < row.count, row.start(at: position) < target.end {
      consider(position)
      position += 1
    }
    if best == nil || best?.rank == 3 {
      // Nearest in time: the last shown before, the first shown after.
      var before = first - 1
      while before >= 0, !eligible(before),
        row.end(at: before) > window.start
      {
        before -= 1
      }
      if before >= 0 { consider(before) }
      var after = position
      while after < row.count, !eligible(after),
        row.start(at: after) < window.end
      {
        after += 1
      }
      if after < row.count { consider(after) }
    }
    return best.flatMap { shownIndexPath(section: section, position: $0.position) }
  }

  // MARK: Private

  /// The index path at `position` if that programme is shown.
  private func shownIndexPath(section: Int, position: Int) -> IndexPath? {
    guard data.rows.indices.contains(section) else { return nil }
    let row = data.rows[section]
    guard position >= 0, position < row.count else { return nil }
    let start = row.start(at: position)
    let end = row.end(at: position)
    let shown = TimeSpan(start: start, end: end).overlaps(timeline)
    return shown ? IndexPath(item: row.item(at: position), section: section) : nil
  }
}
