import EPGLayout
import EPGSchedule

/// Whether a freshly downloaded guide may replace the last good copy: not
/// when it has far fewer programmes (under `minimumShare` of the last
/// good copy's), nor when it has none in the coming `coverageWindow`
/// seconds while the last good copy still reaches past now — the signs of
/// an empty or broken feed.
public struct GuideAcceptance: Sendable, Hashable {
  public var minimumShare: Double
  /// Seconds.
  public var coverageWindow: Int64

  public init(minimumShare: Double = 0.5, coverageWindow: Int64 = 24 * 3600) {
    self.minimumShare = minimumShare
    self.coverageWindow = coverageWindow
  }

  /// Why `schedule` is refused (a phrase for "using the copy from … (…)"),
  /// or nil when it is accepted. `now`: seconds since 1970.
  public func refusal(of schedule: Schedule, lastGood: CacheMetadata, now: EpochSeconds)
    -> String?
  {
    let count = schedule.programmeCount
    if Double(count) < Double(lastGood.programmeCount) * minimumShare {
      return "the new copy has \(count) programmes, the last good one \(lastGood.programmeCount)"
    }
    let windowEnd = now + coverageWindow
    let covers = schedule.programmes.contains { channel in
      let first = channel.firstIndex(endingAfter: now)
      return first < channel.count && channel.span(at: first).start < windowEnd
    }
    if !covers, lastGood.latestStop > now {
      return "the new copy has no programmes in the next \(coverageWindow / 3600) hours"
    }
    return nil
  }
}
