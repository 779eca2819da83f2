import EPGCore
import Foundation

/// What is on at one instant on every channel, and what comes next
/// (`tvgrid now [FILE] [--now TIME] [--json]`).
///
/// "On at T" means `start ≤ T < stop` with the stop as listed in the file
/// (the same test as `tv_grep --on-after T --on-before T`). Where listings
/// overlap, `current` is the programme the grid shows at T and `alsoOn`
/// the others listed as on, including those the grid drops
/// (`Schedule.alsoListed`). Its text table is `NowTable` (EPGFrontEnd).
public struct NowListing: Sendable {
  public struct Entry: Sendable {
    public var channel: Channel
    /// The programme shown at the instant, if any.
    public var current: Programme?
    /// Other programmes listed as on at the instant (overlapping listings).
    public var alsoOn: [Programme]
    /// The first programme starting after the instant.
    public var next: Programme?
  }

  /// The instant, in epoch seconds.
  public var instant: EpochSeconds
  /// One entry per channel, in the schedule's channel order.
  public var entries: [Entry]

  public init(schedule: Schedule, at instant: EpochSeconds) {
    self.instant = instant
    entries = schedule.channels.indices.map { index in
      let list = schedule.programmes[index]
      // First programme starting after the instant (times only: a mapped
      // column decodes just the programmes listed).
      var low = list.firstIndex(endingAfter: instant)
      while low < list.count && list.span(at: low).start <= instant { low += 1 }
      var current: Programme?
      var alsoOn: [Programme] = []
      var i = low - 1
      while i >= 0 {
        let span = list.span(at: i)
        if span.contains(instant) {
          current = list[i]
        } else if span.start <= instant && instant < list.listedStop(at: i) {
          alsoOn.insert(list[i], at: 0)
        }
        i -= 1
        // Listings longer than two days are not looked past.
        if span.start < instant - 2 * 86_400 { break }
      }
      if index < schedule.alsoListed.count {
        let also = schedule.alsoListed[index]
        for item in also.indices {
          let start = also.span(at: item).start
          if start > instant { break }
          if instant < also.listedStop(at: item) { alsoOn.append(also[item]) }
        }
        alsoOn.sort { ($0.start, $0.listedStop) < ($1.start, $1.listedStop) }
      }
      return Entry(
        channel: schedule.channels[index], current: current, alsoOn: alsoOn,
        next: low < list.count ? list[low] : nil)
    }
  }

  /// Every (channel id, start) listed as on at the instant.
  public var onNow: [(channel: String, start: EpochSeconds)] {
    entries.flatMap { entry in
      ((entry.current.map { [$0] } ?? []) + entry.alsoOn).map { (entry.channel.id, $0.start) }
    }
  }

  /// JSON: `{"at": ISO, "channels": [{"id","name","number","now":{…}|null,
  /// "alsoOn":[…],"next":{…}|null}]}`, each programme as
  /// `{"start","stop","title","subTitle","episode","categories"}` (times ISO
  /// 8601 UTC). `extra` adds fields to a channel's object (a playlist
  /// row's `group`, `match` …; `NSNull()` for null); it may not replace
  /// the fields above.
  public func json(extra: (Channel) -> [String: Any] = { _ in [:] }) -> String {
    let channels: [[String: Any]] = entries.map { entry in
      var object: [String: Any] = [
        "id": entry.channel.id, "name": entry.channel.name,
        "now": entry.current.map(Self.object) ?? NSNull(),
        "next": entry.next.map(Self.object) ?? NSNull(),
        "alsoOn": entry.alsoOn.map(Self.object),
      ]
      if let number = entry.channel.number { object["number"] = number }
      object.merge(extra(entry.channel)) { own, _ in own }
      return object
    }
    let root: [String: Any] = ["at": ScheduleJSON.isoString(instant), "channels": channels]
    guard
      let data = try? JSONSerialization.data(
        withJSONObject: root, options: [.sortedKeys, .prettyPrinted, .withoutEscapingSlashes])
    else { return "{}\n" }
    return ScheduleJSON.escapingInvisibleScalars(String(decoding: data, as: UTF8.self)) + "\n"
  }

  private static func object(_ programme: Programme) -> [String: Any] {
    var object: [String: Any] = [
      "start": ScheduleJSON.isoString(programme.start),
      "stop": ScheduleJSON.isoString(programme.listedStop), "title": programme.title,
    ]
    if let subTitle = programme.subTitle { object["subTitle"] = subTitle }
    if let label = programme.episode?.label { object["episode"] = label }
    if !programme.categories.isEmpty { object["categories"] = programme.categories }
    if programme.stopIsEstimated { object["stopEstimated"] = true }
    return object
  }
}
