import EPGCore

/// Puts one channel's programmes in order and repairs them:
///
/// 1. clumps (`clumpidx` i/n sharing a slot) become one programme "A; B";
/// 2. a missing stop becomes the next later start on the channel (as
///    `tv_sort` does); the last one takes its `<length>` or the default;
///    either way `stopIsEstimated` is set. A listed stop that was left out
///    as wrong (`StopProblem`) is mended first: a stop before the start on
///    the start's date is read as the next day when that ends at or before
///    the next start (or, on the channel's last programme, when that makes
///    at most 12 hours); otherwise, and for a stop equal to the start, it
///    is missing;
/// 3. the layout's rule (`OverlapResolution`) decides: sorted by start,
///    then longer first, then file order (a listed stop before an estimated
///    one); of equal starts the first wins and the others are dropped
///    (reported as exact duplicates when start, stop, title, sub-title and
///    description agree, else as resolved overlaps); the shown end is
///    `min(stop, next kept start)`; `listedStop` keeps the original.
///    The dropped overlaps (not the exact duplicates) are handed back, so
///    that `now` can still list them as on (as `tv_grep` does).
struct ScheduleNormaliser {
  let defaultDuration: Int64
  private(set) var findings: [LoadReport.Finding] = []

  init(defaultDuration: Int64) { self.defaultDuration = max(60, defaultDuration) }

  /// Normalises `list` in place; returns the programmes dropped as
  /// overlaps (they start with a kept one), sorted by start, with their
  /// listed stops.
  mutating func normalise(
    _ list: inout [Programme], clumps: [Int: (Int, Int)],
    stopProblems: [Int: StopProblem] = [:]
  ) -> [Programme] {
    guard !list.isEmpty else { return [] }
    var removed = [Bool](repeating: false, count: list.count)
    if !clumps.isEmpty { mergeClumps(&list, clumps: clumps, removed: &removed) }
    inferStops(&list, removed: removed, problems: stopProblems)
    // Candidates in file order, listed stops before estimated ones, so that
    // the rule's "original index" tie-break prefers a listed stop.
    var candidates = list.indices.filter { !removed[$0] }
    if candidates.contains(where: { list[$0].stopIsEstimated }) {
      candidates.sort {
        (list[$0].stopIsEstimated ? 1 : 0, $0) < (list[$1].stopIsEstimated ? 1 : 0, $1)
      }
    }
    let resolution = OverlapResolution.resolution(of: candidates.map { list[$0].span })
    if resolution.duplicates.isEmpty, candidates.count == list.count,
      resolution.kept.indices.allSatisfy({ candidates[resolution.kept[$0].item] == $0 })
    {
      // Every programme kept, in list order: update in place (no copies).
      for (index, span) in resolution.kept.enumerated() {
        list[index].listedStop = span.original.end
        list[index].stop = span.shown.end
      }
      reportTrimmed(resolution.kept, titles: { list[$0].title }, lines: { list[$0].sourceLine })
      return []
    }
    var result: [Programme] = []
    result.reserveCapacity(resolution.kept.count)
    var keptByStart: [EpochSeconds: Int] = [:]
    for span in resolution.kept {
      var programme = list[candidates[span.item]]
      programme.listedStop = span.original.end
      programme.stop = span.shown.end
      keptByStart[programme.start] = result.count
      result.append(programme)
    }
    var seenAtStart: [EpochSeconds: [Int]] = [:]
    var dropped: [Programme] = []
    for item in resolution.duplicates {
      let programme = list[candidates[item]]
      let keptIndex = keptByStart[programme.start] ?? 0
      let kept = list[candidates[resolution.kept[keptIndex].item]]
      let earlier = seenAtStart[programme.start, default: []].map { list[candidates[$0]] }
      if isDuplicate(kept, programme) || earlier.contains(where: { isDuplicate($0, programme) }) {
        findings.append(
          .init(
            kind: .duplicateRemoved, line: programme.sourceLine,
            message: "duplicate of \"\(programme.title)\" at the same times removed"))
      } else {
        findings.append(
          .init(
            kind: .overlapResolved, line: programme.sourceLine,
            message: "\"\(programme.title)\" starts with \"\(kept.title)\" and is dropped"))
        dropped.append(programme)
      }
      seenAtStart[programme.start, default: []].append(item)
    }
    reportTrimmed(
      resolution.kept, titles: { result[$0].title }, lines: { result[$0].sourceLine })
    list = result
    dropped.sort { $0.start < $1.start }
    return dropped
  }

  /// One finding per kept programme cut short by the next one (kept
  /// programmes by position: their titles and source lines).
  private mutating func reportTrimmed(
    _ kept: [OverlapResolution.ResolvedSpan], titles: (Int) -> String, lines: (Int) -> Int
  ) {
    for (index, span) in kept.enumerated() where span.isTrimmed {
      let next = index + 1 < kept.count ? titles(index + 1) : ""
      findings.append(
        .init(
          kind: .overlapResolved, line: lines(index),
          message: "\"\(titles(index))\" overlaps \"\(next)\"; shown until it starts"))
    }
  }

  private func isDuplicate(_ a: Programme, _ b: Programme) -> Bool {
    a.start == b.start && a.stop == b.stop && a.title == b.title && a.subTitle == b.subTitle
      && a.description == b.description
  }

  private mutating func mergeClumps(
    _ list: inout [Programme], clumps: [Int: (Int, Int)], removed: inout [Bool]
  ) {
    // Group clump members by slot (start, stop as listed or missing).
    var groups: [[Int]] = []
    var groupOf: [SlotKey: Int] = [:]
    for index in clumps.keys.sorted() {
      let key = SlotKey(
        start: list[index].start, stop: list[index].stopIsEstimated ? nil : list[index].stop,
        count: clumps[index]?.1 ?? 0)
      if let group = groupOf[key] {
        groups[group].append(index)
      } else {
        groupOf[key] = groups.count
        groups.append([index])
      }
    }
    for group in groups where group.count > 1 {
      let members = group.sorted { (clumps[$0]?.0 ?? 0, $0) < (clumps[$1]?.0 ?? 0, $1) }
      guard let first = members.first else { continue }
      var merged = list[first]
      let parts = members.map { list[$0] }
      merged.title = parts.map(\.title).joined(separator: "; ")
      let subTitles = parts.compactMap(\.subTitle)
      merged.subTitle = subTitles.isEmpty ? nil : subTitles.joined(separator: "; ")
      let descriptions = parts.compactMap(\.description)
      merged.description = descriptions.isEmpty ? nil : descriptions.joined(separator: "\n")
      var categories: [String] = []
      for category in parts.flatMap(\.categories) where !categories.contains(category) {
        categories.append(category)
      }
      merged.categories = categories
      merged.otherTitles = parts.flatMap(\.otherTitles)
      for part in parts.dropFirst() {
        merged.flags.formUnion(part.flags)
        merged.ratings += part.ratings.filter { !merged.ratings.contains($0) }
        merged.starRatings += part.starRatings.filter { !merged.starRatings.contains($0) }
        merged.credits += part.credits.filter { !merged.credits.contains($0) }
        merged.mergeExtras(from: part)
        if merged.episode == nil { merged.episode = part.episode }
      }
      list[first] = merged
      for member in members.dropFirst() { removed[member] = true }
    }
  }

  private mutating func inferStops(
    _ list: inout [Programme], removed: [Bool], problems: [Int: StopProblem]
  ) {
    guard list.contains(where: \.stopIsEstimated) else { return }
    // Distinct starts, ascending.
    var starts = list.indices.filter { !removed[$0] }.map { list[$0].start }
    starts.sort()
    var unique: [EpochSeconds] = []
    unique.reserveCapacity(starts.count)
    for start in starts where unique.last != start { unique.append(start) }
    for index in list.indices where !removed[index] && list[index].stopIsEstimated {
      let start = list[index].start
      let title = list[index].title
      // First distinct start strictly after `start`.
      let low = unique.partitioningIndex { $0 > start }
      let nextStart = low < unique.count ? unique[low] : nil
      let problem = problems[index]
      if case .beforeStart(let nextDay?, let written) = problem,
        nextStart.map({ nextDay <= $0 })
          ?? (nextDay - start <= StopProblem.longestNextDayWithoutNextStart)
      {
        list[index].stop = nextDay
        list[index].listedStop = nextDay
        list[index].stopIsEstimated = false
        findings.append(
          .init(
            kind: .stopNextDay, line: list[index].sourceLine,
            message: "\"\(title)\" stops at \"\(written)\", before its start on the same date;"
              + " read as the next day"))
        continue
      }
      let how: String
      if let nextStart {
        list[index].stop = nextStart
        how = "the next programme's start"
      } else if let length = list[index].length, length > 0 {
        list[index].stop = start + length
        how = "its <length>"
      } else {
        list[index].stop = start + defaultDuration
        how = "the default length of \(defaultDuration / 60) minutes"
      }
      list[index].listedStop = list[index].stop
      switch problem {
      case .beforeStart(_, let written)?:
        findings.append(
          .init(
            kind: .stopBeforeStart, line: list[index].sourceLine,
            message:
              "\"\(title)\" stops at \"\(written)\", before its start; stop taken from \(how)"
          ))
      case .atStart?:
        findings.append(
          .init(
            kind: .zeroLength, line: list[index].sourceLine,
            message: "\"\(title)\" stops when it starts; stop taken from \(how)"))
      case nil:
        findings.append(
          .init(
            kind: .estimatedStop, line: list[index].sourceLine,
            message: "\"\(title)\" has no stop; estimated from \(how)"))
      }
    }
  }
}

private struct SlotKey: Hashable {
  var start: EpochSeconds
  var stop: EpochSeconds?
  var count: Int
}
