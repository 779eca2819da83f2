/// One channel's programmes after overlap resolution (see
/// `OverlapResolution`), sorted by start and indexed for fast lookup by time.
///
/// Item numbers are the indices of the spans as given; a *position* is an
/// index into the kept programmes in start order. Shown spans do not overlap,
/// so shown starts and shown ends both ascend with the position.
///
/// Lookup by time uses a bucket index built once: the row's time range is cut
/// into about `count` equal buckets, each storing the first position starting
/// in it, so finding a time costs one bucket read plus a binary search inside
/// one bucket (O(1) for evenly spread programmes, O(log n) at worst).
public struct GuideRow: Sendable {
  /// One kept programme: its shown span and item number, stored together so
  /// a scan touches one array.
  struct Entry: Sendable {
    var start: EpochSeconds
    var end: EpochSeconds
    var item: Int
  }

  /// Spans as given, indexed by item.
  public let spans: [TimeSpan]
  /// Items dropped as duplicates, ascending.
  public let duplicates: [Int]
  /// Kept programmes and the bucket index: the only data a rect query
  /// touches, kept apart so a query copies (retains) nothing else.
  let lookup: Lookup
  /// Position of each item; a dropped duplicate maps to the position of the
  /// programme that won its start time.
  private let positionOfItem: [Int]

  /// Kept programmes by position, and the bucket index over their starts.
  struct Lookup: Sendable {
    let entries: [Entry]
    /// `bucketFirst[b]` is the first position whose start is
    /// ≥ `bucketOrigin + b · bucketWidth`; one extra entry at the end.
    let bucketOrigin: EpochSeconds
    let bucketWidth: EpochSeconds
    let bucketFirst: [Int]

    var count: Int { entries.count }
    func start(at position: Int) -> EpochSeconds { entries[position].start }
    func end(at position: Int) -> EpochSeconds { entries[position].end }
    func item(at position: Int) -> Int { entries[position].item }

    func firstPosition(startingAtOrAfter time: EpochSeconds) -> Int {
      guard let last = entries.last, time > bucketOrigin else { return 0 }
      guard time <= last.start else { return entries.count }
      let bucket = Int((time - bucketOrigin) / bucketWidth)
      // Starts before bucketFirst[bucket] are < time; from bucketFirst[bucket + 1] on, > time.
      var low = bucketFirst[bucket]
      var high = bucketFirst[bucket + 1]
      while low < high {
        let mid = low + (high - low) / 2
        if entries[mid].start >= time { high = mid } else { low = mid + 1 }
      }
      return low
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
    let resolution = OverlapResolution.resolution(
      of: spans.map { TimeSpan(start: TimeMath.clamped($0.start), end: TimeMath.clamped($0.end)) })
    let entries = resolution.kept.map {
      Entry(start: $0.shown.start, end: $0.shown.end, item: $0.item)
    }
    duplicates = resolution.duplicates
    var positions = [Int](repeating: 0, count: spans.count)
    for (position, entry) in entries.enumerated() {
      positions[entry.item] = position
    }
    // Bucket index over the kept starts.
    let origin = entries.first?.start ?? 0
    let range = (entries.last?.start ?? 0) - origin  // < 2^63: starts are valid Int64s
    let width = Swift.max(1, range / EpochSeconds(Swift.max(1, entries.count)) + 1)
    let bucketCount = Int(range / width) + 1
    var first = [Int](repeating: entries.count, count: bucketCount + 1)
    var bucket = 0
    for (position, entry) in entries.enumerated() {
      let target = Int((entry.start - origin) / width)
      while bucket <= target {
        first[bucket] = position
        bucket += 1
      }
    }
    for item in resolution.duplicates {
      // The winner has the same start: the first position starting there.
      let start = TimeMath.clamped(spans[item].start)
      var low = 0
      var high = entries.count
      while low < high {
        let mid = low + (high - low) / 2
        if entries[mid].start >= start { high = mid } else { low = mid + 1 }
      }
      positions[item] = Swift.min(low, entries.count - 1)
    }
    lookup = Lookup(entries: entries, bucketOrigin: origin, bucketWidth: width, bucketFirst: first)
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
    lookup.entries.map { ($0.item, TimeSpan(start: $0.start, end: $0.end)) }
  }

  /// The position of `item`, or nil if there is no such item. A dropped
  /// duplicate answers the position of the programme shown in its place.
  public func position(ofItem item: Int) -> Int? {
    guard positionOfItem.indices.contains(item), lookup.count > 0 else { return nil }
    return positionOfItem[item]
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
