import EPGLayout
import Foundation

extension UTCOffsetTable {
  /// The offsets of `zone` over `span` (plus a day either side), read from
  /// Foundation's transition data, so daylight-saving days come out right.
  public init(zone: TimeZone, covering span: TimeSpan) {
    let from = Date(timeIntervalSince1970: TimeInterval(span.start - 86_400))
    let until = Date(timeIntervalSince1970: TimeInterval(span.end + 86_400))
    var transitions: [Transition] = []
    var cursor = from
    // A guard against zones that report endless transitions: 2 per year is
    // normal; 1000 covers any guide span.
    while transitions.count < 1000, let next = zone.nextDaylightSavingTimeTransition(after: cursor),
      next < until
    {
      transitions.append(
        Transition(
          instant: EpochSeconds(next.timeIntervalSince1970.rounded()),
          offset: Int32(zone.secondsFromGMT(for: next))))
      cursor = next
    }
    self.init(initialOffset: Int32(zone.secondsFromGMT(for: from)), transitions: transitions)
  }

}
