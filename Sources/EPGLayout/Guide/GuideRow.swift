/// One channel's programmes after overlap resolution (see
/// `OverlapResolution`), sorted by start and ready for binary search.
///
/// Item numbers are the indices of the spans as given; a position is an index
/// into the resolved (kept) programmes, in start order. Shown spans do not
/// overlap, so both `starts` and `ends` are sorted.
public struct GuideRow: Sendable {
  /// Spans as given, indexed by item.
  public let spans: [TimeSpan]
  /// Shown start of each kept programme, by position (ascending).
  public let starts: [EpochSeconds]
  /// Shown end of each kept programme, by position (ascending).
  public let ends: [EpochSeconds]
  /// Item number of each kept programme, by position.
  public let items: [Int]
  /// Position of each item; a dropped duplicate maps to the position of the
  /// programme that won its start time.
  private let positionOfItem: [Int]
  /// Items dropped as duplicates, ascending.
  public let duplicates: [Int]

  public init(spans: [TimeSpan]) {
    self.spans = spans
    let resolution = OverlapResolution.resolution(of: spans)
    starts = resolution.kept.map(\.shown.start)
    ends = resolution.kept.map(\.shown.end)
    items = resolution.kept.map(\.item)
    duplicates = resolution.duplicates
    var positions = [Int](repeating: 0, count: spans.count)
    for (position, item) in items.enumerated() {
      positions[item] = position
    }
    for item in resolution.duplicates {
      // The winner has the same start: the first position with that start.
      let start = spans[item].start
      positions[item] = Swift.min(
        GuideRow.firstIndex(in: starts, where: { $0 >= start }), Swift.max(0, items.count - 1))
    }
    positionOfItem = positions
  }

  /// Number of kept programmes.
  public var count: Int { starts.count }

  /// The shown span of the kept programme at `position`.
  public func shownSpan(at position: Int) -> TimeSpan {
    TimeSpan(start: starts[position], end: ends[position])
  }

  /// The position of `item`, or nil if there is no such item. A dropped
  /// duplicate answers the position of the programme shown in its place.
  public func position(ofItem item: Int) -> Int? {
    guard positionOfItem.indices.contains(item), !items.isEmpty else { return nil }
    return positionOfItem[item]
  }

  /// Whether `item` was dropped as a duplicate.
  public func isDuplicate(_ item: Int) -> Bool {
    guard let position = position(ofItem: item) else { return false }
    return items[position] != item
  }

  /// The first position whose shown start is `>= time` (`count` if none).
  public func firstPosition(startingAtOrAfter time: EpochSeconds) -> Int {
    GuideRow.firstIndex(in: starts, where: { $0 >= time })
  }

  /// The first position whose shown end is `> time` (`count` if none).
  public func firstPosition(endingAfter time: EpochSeconds) -> Int {
    GuideRow.firstIndex(in: ends, where: { $0 > time })
  }

  /// Binary search: the first index of sorted `values` where `predicate`
  /// (false then true) holds, or `values.count`.
  static func firstIndex(
    in values: [EpochSeconds], where predicate: (EpochSeconds) -> Bool
  ) -> Int {
    var low = 0
    var high = values.count
    while low < high {
      let mid = low + (high - low) / 2
      if predicate(values[mid]) { high = mid } else { low = mid + 1 }
    }
    return low
  }
}
