/// One channel's programmes after overlap resolution (see
/// `OverlapResolution`), sorted by start and indexed for fast lookup by time.
///
/// Item numbers are the indices of the spans as given; a *position* is an
/// index into the kept programmes in start order. Shown spans do not overlap,
/// so shown starts and shown ends both ascend with the position.
///
/// Lookup by time guesses the position by interpolation between the first
/// and last start, then gallops from the guess (steps 1, 2, 4, …) and ends
/// with a binary search: a few probes next to the answer for evenly spread
/// programmes (which a query reads anyway), O(log n) at worst.
///
/// A row whose spans are already sorted, distinct and apart (a normalised
/// schedule's, the usual case) keeps only the spans it was given: positions
/// are items, and nothing else is stored.
public struct GuideRow: Sendable {
  /// Spans as given, indexed by item.
  public let spans: [TimeSpan]
  /// Items dropped as duplicates, ascending.
  public let duplicates: [Int]
  /// Kept programmes: the only data a rect query touches, kept apart so a
  /// query copies (retains) nothing else.
  let lookup: Lookup
  /// Position of each item; a dropped duplicate maps to the position of the
  /// programme that won its start time. Empty when every position is its
  /// item.
  private let positionOfItem: [Int]

  /// Kept programmes by position.
  struct Lookup: Sendable {
    /// Shown spans (the only array a scan by time touches).
    let entries: [TimeSpan]
    /// Item of each position; empty when every position is its item.
    let items: [Int]

    var count: Int { entries.count }
    func start(at position: Int) -> EpochSeconds { entries[position].start }
    func end(at position: Int) -> EpochSeconds { entries[position].end }
    func item(at position: Int) -> Int { items.isEmpty ? position : items[position] }

    /// Interpolation guess, then a galloping search from it: O(1) probes
    /// near the answer for evenly spread programmes, O(log n) at worst.
    func firstPosition(startingAtOrAfter time: EpochSeconds) -> Int {
      guard let first = entries.first, let last = entries.last, time > first.start else {
        return 0
      }
      guard time <= last.start else { return entries.count }
      // first.start < time ≤ last.start, so count ≥ 2 and the answer is in 1..<count.
      let fraction = Double(time - first.start) / Double(last.start - first.start)
      let guess = Swift.min(
        Swift.max(Int(fraction * Double(entries.count - 1)), 0), entries.count - 1)
      var low: Int  // the answer is in [low, high]
      var high: Int
      if entries[guess].start >= time {
        high = guess
        low = 0
        var step = 1
        while high - step >= 0 {
          let probe = high - step
          if entries[probe].start < time {
            low = probe + 1
            break
          }
          high = probe
          step *= 2
        }
      } else {
        low = guess + 1
        high = entries.count
        var step = 1
        while low - 1 + step < entries.count {
          let probe = low - 1 + step
          if entries[probe].start >= time {
            high = probe
            break
          }
          low = probe + 1
          step *= 2
        }
      }
      return entries[low..<high].partitioningIndex { $0.start >= time }
    }

    func firstPosition(endingAfter time: EpochSeconds) -> Int {
      // Every programme starting after `time` ends after it; of the earlier
      // ones only the last can (shown spans do not overlap).
      let after =
        time == EpochSeconds.max ? entries.count : firstPosition(startingAtOrAfter: time + 1)
      return after > 0 && entries[after - 1].end > time ? after - 1 : after
    }
  }

  public init(spans: [TimeSpan]) {
    self.spans = spans
    // Instants are clamped to ±2^52 s first, so index arithmetic cannot overflow.
    let clamped = spans.map {
      TimeSpan(start: TimeMath.clamped($0.start), end: TimeMath.clamped($0.end))
    }
    let resolution = OverlapResolution.resolution(of: clamped)
    duplicates = resolution.duplicates
    if duplicates.isEmpty, resolution.kept.count == spans.count,
      resolution.kept.indices.allSatisfy({
        resolution.kept[$0].item == $0 && resolution.kept[$0].shown == clamped[$0]
      })
    {
      // Nothing moved or cut: the spans (shared, when clamping changed
      // nothing) are the lookup.
      lookup = Lookup(entries: clamped == spans ? spans : clamped, items: [])
      positionOfItem = []
      return
    }
    let entries = resolution.kept.map(\.shown)
    var positions = [Int](repeating: 0, count: spans.count)
    for (position, kept) in resolution.kept.enumerated() {
      positions[kept.item] = position
    }
    for item in resolution.duplicates {
      // The winner has the same start: the first position starting there.
      let start = TimeMath.clamped(spans[item].start)
      let first = entries.partitioningIndex { $0.start >= start }
      positions[item] = Swift.min(first, entries.count - 1)
    }
    lookup = Lookup(entries: entries, items: resolution.kept.map(\.item))
    positionOfItem = positions
  }

  /// Number of kept programmes.
  public var count: Int { lookup.count }

  /// The shown start of the kept programme at `position`.
  public func start(at position: Int) -> EpochSeconds { lookup.start(at: position) }

  /// The shown end of the kept programme at `position`.
  public func end(at position: Int) -> EpochSeconds { lookup.end(at: position) }

  /// The item number of the kept programme at `position`.
  public func item(at position: Int) -> Int { lookup.item(at: position) }

  /// The shown span of the kept programme at `position`.
  public func shownSpan(at position: Int) -> TimeSpan {
    TimeSpan(start: lookup.start(at: position), end: lookup.end(at: position))
  }

  /// The kept programmes in start order, as (item, shown span).
  public var resolved: [(item: Int, shown: TimeSpan)] {
    lookup.entries.indices.map { (lookup.item(at: $0), lookup.entries[$0]) }
  }

  /// The position of `item`, or nil if there is no such item. A dropped
  /// duplicate answers the position of the programme shown in its place.
  public func position(ofItem item: Int) -> Int? {
    guard spans.indices.contains(item), lookup.count > 0 else { return nil }
    return positionOfItem.isEmpty ? item : positionOfItem[item]
  }

  /// Whether `item` was dropped as a duplicate.
  public func isDuplicate(_ item: Int) -> Bool {
    guard let position = position(ofItem: item) else { return false }
    return lookup.item(at: position) != item
  }

  /// The first position whose shown start is `>= time` (`count` if none).
  public func firstPosition(startingAtOrAfter time: EpochSeconds) -> Int {
    lookup.firstPosition(startingAtOrAfter: time)
  }

  /// The first position whose shown end is `> time` (`count` if none).
  public func firstPosition(endingAfter time: EpochSeconds) -> Int {
    lookup.firstPosition(endingAfter: time)
  }
}
