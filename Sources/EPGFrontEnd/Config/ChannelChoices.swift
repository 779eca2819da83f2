import EPGSchedule

/// The favourites and hidden channels chosen in the guide (`*`, `x`), by
/// channel id, laid over the config file's `favourites` and `hidden`
/// (`applied(to:channels:)`); kept in `favourites.json`
/// (`ChannelChoices+Storage`).
public struct ChannelChoices: Hashable, Sendable {
  /// Channels made favourites in the guide, in the order chosen; they come
  /// after the config file's favourites.
  public var favourites: [String] = []
  /// Config favourites that were un-marked in the guide.
  public var notFavourites: [String] = []
  /// Channels hidden in the guide (with the config file's `hidden`).
  public var hidden: [String] = []

  public init(favourites: [String] = [], notFavourites: [String] = [], hidden: [String] = []) {
    self.favourites = favourites
    self.notFavourites = notFavourites
    self.hidden = hidden
  }

  public var isEmpty: Bool { favourites.isEmpty && notFavourites.isEmpty && hidden.isEmpty }

  /// The config file's arrangement with these choices: its favourites,
  /// less those un-marked here, then the ones chosen here; its hidden
  /// channels and these. `channels` are the guide's (to see which config
  /// entries name an un-marked channel).
  public func applied(to config: ChannelArrangement, channels: [Channel]) -> ChannelArrangement {
    let dropped = channels.filter { notFavourites.contains($0.id) }
    let kept = config.favourites.filter { entry in
      !dropped.contains { ChannelArrangement.entry(entry, names: $0) }
    }
    return ChannelArrangement(favourites: kept + favourites, hidden: config.hidden + hidden)
  }

  /// These choices with `channel`'s favourite mark turned over; `config`
  /// says whether the config file lists it.
  public func togglingFavourite(
    _ channel: Channel, isFavourite: Bool, config: ChannelArrangement
  ) -> ChannelChoices {
    var next = self
    let inConfig = config.favourites.contains { ChannelArrangement.entry($0, names: channel) }
    if isFavourite {
      next.favourites.removeAll { $0 == channel.id }
      if inConfig, !next.notFavourites.contains(channel.id) {
        next.notFavourites.append(channel.id)
      }
    } else {
      next.notFavourites.removeAll { $0 == channel.id }
      if !inConfig, !next.favourites.contains(channel.id) { next.favourites.append(channel.id) }
    }
    return next
  }

  /// These choices with `channel` hidden.
  public func hiding(_ channel: Channel) -> ChannelChoices {
    var next = self
    if !next.hidden.contains(channel.id) { next.hidden.append(channel.id) }
    return next
  }
}
