import EPGLayout
import EPGSchedule

// The details view's answers to the next question: when, what else airs the
// same, what comes next, and the way back to the list it came from.
extension AppState {
  /// Opens the details of `ref` from the guide.
  mutating func openDetails(_ ref: ProgrammeRef) {
    mode = .details(ref, scroll: 0)
    airingPick = nil
    detailsReturn = nil
  }

  /// Opens the details of `ref` from a list (Enter on a row): selected in
  /// the guide, Esc goes back to the list.
  mutating func openDetailsFromList(_ ref: ProgrammeRef) {
    let list = mode
    goTo(ref)
    openDetails(ref)
    detailsReturn = list
  }

  /// How many other airings the details list at most.
  static let otherAiringsLimit = 20

  /// Other airings of the programme at `ref` in the guide shown: the same
  /// title, and the same episode when it has a season or episode number
  /// (else the same sub-title, when it has one). Those still to come
  /// first, by start (Tab picks the next one first), then those on now,
  /// then those that have ended, by start: at most `otherAiringsLimit`,
  /// those to come kept first, the latest ended ones last.
  public func otherAirings(of ref: ProgrammeRef) -> [ProgrammeRef] {
    guard let programme = guide.programme(ref) else { return [] }
    let episode = programme.episode.flatMap { $0.season != nil || $0.episode != nil ? $0 : nil }
    var found: [(start: EpochSeconds, ref: ProgrammeRef)] = []
    for (row, channelRow) in guide.rows.enumerated() {
      for (item, other) in channelRow.programmes.enumerated()
      where other.title == programme.title && (row != ref.row || item != ref.item) {
        if let episode {
          guard other.episode?.season == episode.season, other.episode?.episode == episode.episode
          else { continue }
        } else if let sub = programme.subTitle, other.subTitle != sub {
          continue
        }
        found.append((other.start, ProgrammeRef(row: row, item: item)))
      }
    }
    found.sort { ($0.start, $0.ref) < ($1.start, $1.ref) }
    var groups: [AiringTime: [ProgrammeRef]] = [:]
    for airing in found {
      guard let other = guide.programme(airing.ref) else { continue }
      groups[airingTime(other), default: []].append(airing.ref)
    }
    let limit = Self.otherAiringsLimit
    let coming = (groups[.toCome] ?? []).prefix(limit)
    let onNow = (groups[.onNow] ?? []).prefix(limit - coming.count)
    let ended = (groups[.ended] ?? []).suffix(limit - coming.count - onNow.count)
    return Array(coming + onNow + ended)
  }

  /// Where an airing is from now (the groups of `otherAirings`).
  enum AiringTime: Hashable {
    case toCome, onNow, ended
  }

  /// Where `programme` is from now.
  func airingTime(_ programme: Programme) -> AiringTime {
    programme.start > now ? .toCome : programme.stop > now ? .onNow : .ended
  }

  /// When `programme` is, from now, in words: "on now, 20 min left",
  /// "starts in 55 min", "tomorrow 21:00", "ended 2 h ago"; nil when its
  /// date says enough (later than tomorrow, or ended a day or more ago).
  func relativeTime(_ programme: Programme) -> String? {
    if programme.start <= now && now < programme.stop {
      return "on now, " + Self.roughDuration(programme.stop - now) + " left"
    }
    if programme.stop <= now {
      let ago = now - programme.stop
      return ago < 86_400 ? "ended " + Self.roughDuration(ago) + " ago" : "ended"
    }
    let today = format.local(now).dayNumber
    let day = format.local(programme.start).dayNumber
    if day == today { return "starts in " + Self.roughDuration(programme.start - now) }
    if day == today + 1 { return "tomorrow " + format.clock(programme.start) }
    return nil
  }

  /// "55 min", "2 h 10 min", "5 h" (whole minutes; past 3 hours whole
  /// hours).
  static func roughDuration(_ seconds: EpochSeconds) -> String {
    let minutes = max(0, seconds) / 60
    let hours = minutes / 60
    if hours == 0 { return "\(minutes) min" }
    let rest = minutes % 60
    return rest == 0 || hours >= 3 ? "\(hours) h" : "\(hours) h \(rest) min"
  }
}
