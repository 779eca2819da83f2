/// The one rule that turns a channel's programmes, as given, into a row of
/// programmes that do not overlap. `GuideData` applies it to every row, and the
/// schedule loader calls it to report what it changed.
///
/// The rule (deterministic, independent of input order except for exact ties):
/// 1. An invalid span (`end < start`) is treated as zero-length (`end = start`).
/// 2. Programmes are sorted by start, then longer first, then by original index.
/// 3. Of several programmes with the same start, the first in that order (the
///    longest; on equal length the lowest index) is kept; the others are
///    dropped as duplicates.
/// 4. A kept programme is shown until `min(its end, next kept programme's
///    start)`: where two overlap, the later start wins and the earlier one is
///    trimmed (as Kodi's `FixOverlap`). A programme contained in a longer one
///    therefore cuts the longer one short; the rest of the longer one is not
///    shown again after it.
///
/// Cost: O(n log n) for n programmes.
public enum OverlapResolution {
  /// One kept programme.
  public struct ResolvedSpan: Hashable, Sendable, CustomStringConvertible {
    /// Index of the programme in the input (its item number).
    public var item: Int
    /// The span as given, with an invalid end replaced by the start.
    public var original: TimeSpan
    /// The span shown: `original.start ..< min(original.end, next start)`.
    public var shown: TimeSpan

    public init(item: Int, original: TimeSpan, shown: TimeSpan) {
      self.item = item
      self.original = original
      self.shown = shown
    }

    /// Whether the shown end was cut short by the next programme.
    public var isTrimmed: Bool { shown.end < original.end }

    public var description: String { "#\(item) \(shown)" + (isTrimmed ? " trimmed" : "") }
  }

  /// The full outcome of resolving one row.
  public struct Resolution: Hashable, Sendable {
    /// Kept programmes in start order; shown spans do not overlap.
    public var kept: [ResolvedSpan]
    /// Input indices dropped because another programme had the same start,
    /// in ascending order.
    public var duplicates: [Int]

    public init(kept: [ResolvedSpan], duplicates: [Int]) {
      self.kept = kept
      self.duplicates = duplicates
    }

    /// Input indices of kept programmes whose end was cut short, ascending.
    public var trimmed: [Int] { kept.filter(\.isTrimmed).map(\.item).sorted() }
  }

  /// The kept programmes of `spans` in start order (see the type's rule).
  public static func resolve(_ spans: [TimeSpan]) -> [ResolvedSpan] {
    resolution(of: spans).kept
  }

  /// The kept programmes and the dropped duplicates of `spans`.
  public static func resolution(of spans: [TimeSpan]) -> Resolution {
    let valid = spans.map { TimeSpan(start: $0.start, end: Swift.max($0.start, $0.end)) }
    // Rows from a schedule arrive sorted with distinct starts: then the
    // order is the input's and nothing is a duplicate (O(n), no sort).
    if zip(valid, valid.dropFirst()).allSatisfy({ $0.start < $1.start }) {
      var kept = valid.enumerated().map { ResolvedSpan(item: $0, original: $1, shown: $1) }
      trim(&kept)
      return Resolution(kept: kept, duplicates: [])
    }
    let order = valid.indices.sorted { a, b in
      let lhs = valid[a]
      let rhs = valid[b]
      if lhs.start != rhs.start { return lhs.start < rhs.start }
      if lhs.duration != rhs.duration { return lhs.duration > rhs.duration }
      return a < b
    }
    var kept: [ResolvedSpan] = []
    kept.reserveCapacity(order.count)
    var duplicates: [Int] = []
    for index in order {
      let span = valid[index]
      if let last = kept.last, last.original.start == span.start {
        duplicates.append(index)
        continue
      }
      kept.append(ResolvedSpan(item: index, original: span, shown: span))
    }
    trim(&kept)
    duplicates.sort()
    return Resolution(kept: kept, duplicates: duplicates)
  }

  /// Rule 4: each kept programme ends at the latest at the next one's start.
  private static func trim(_ kept: inout [ResolvedSpan]) {
    for position in kept.indices.dropLast() {
      let nextStart = kept[position + 1].shown.start
      if kept[position].shown.end > nextStart {
        kept[position].shown.end = nextStart
      }
    }
  }
}
