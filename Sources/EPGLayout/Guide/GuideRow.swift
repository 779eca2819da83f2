/// One channel's programmes after overlap resolution, sorted by start, ready
/// for binary search. Item numbers are the indices of the spans as given.
public struct GuideRow: Sendable {
  /// Spans as given, indexed by item.
  public let spans: [TimeSpan]

  public init(spans: [TimeSpan]) {
    self.spans = spans
  }
}
