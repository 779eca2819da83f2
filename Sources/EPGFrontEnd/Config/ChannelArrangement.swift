import EPGSchedule

/// The config's `favourites` and `hidden` applied to a guide's channels:
/// which are shown, in which order. The guide (`GuideModel`) and `now`
/// both arrange channels here.
public struct ChannelArrangement: Hashable, Sendable {
  /// Channels shown first, in this order (ids, names or numbers).
  public var favourites: [String]
  /// Channels left out (ids, names or numbers).
  public var hidden: [String]

  public init(favourites: [String] = [], hidden: [String] = []) {
    self.favourites = favourites
    self.hidden = hidden
  }

  /// Whether the config entry `entry` names `channel`: its id, its
  /// display name, its number (`<lcn>`, `18`) or its key (`ChannelKey`:
  /// for a playlist row, `bbc1.uk` or `bbc1.uk shift +1`, as
  /// `favourites.json` keeps it).
  public static func entry(_ entry: String, names channel: Channel) -> Bool {
    entry == channel.id || entry == channel.name || entry == channel.number
      || entry == channel.key.text
  }

  /// One problem per entry that names no channel in `channels`, e.g.
  /// `favourites: no channel 'Nonexistent Channel'`.
  public func problems(in channels: [Channel]) -> [String] {
    var problems: [String] = []
    for (key, entries) in [("favourites", favourites), ("hidden", hidden)] {
      for entry in entries where !channels.contains(where: { Self.entry(entry, names: $0) }) {
        problems.append("\(key): no channel '\(entry)'")
      }
    }
    return problems
  }

  /// Indices into `channels` in display order: favourites first, in the
  /// order listed, then the others in file order; hidden ones left out.
  public func order(_ channels: [Channel]) -> [(index: Int, isFavourite: Bool)] {
    var favouriteRows: [(rank: Int, index: Int)] = []
    var others: [Int] = []
    for (index, channel) in channels.enumerated() {
      if hidden.contains(where: { Self.entry($0, names: channel) }) { continue }
      if let rank = favourites.firstIndex(where: { Self.entry($0, names: channel) }) {
        favouriteRows.append((rank, index))
      } else {
        others.append(index)
      }
    }
    return favouriteRows.sorted { ($0.rank, $0.index) < ($1.rank, $1.index) }.map {
      ($0.index, true)
    } + others.map { ($0, false) }
  }

  /// `schedule` with its channels in display order.
  public func arrange(_ schedule: Schedule) -> Schedule {
    let order = order(schedule.channels)
    return Schedule(
      channels: order.map { schedule.channels[$0.index] },
      columns: order.map { schedule.programmes[$0.index] },
      alsoListed: schedule.alsoListed.isEmpty
        ? [] : order.map { schedule.alsoListed[$0.index] },
      report: schedule.report)
  }
}
