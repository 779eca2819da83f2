import EPGPlaylist
import EPGSchedule

/// The favourites and hidden channels chosen in the guide (`*`, `x`), by
/// channel key (`ChannelKey.text`: the channel's id; for a playlist row its
/// guide channel's id, else its tvg-id, else its normalised name, and its
/// shift), laid over the config file's `favourites` and `hidden`
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
    let dropped = channels.filter { notFavourites.contains($0.key.text) }
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
    let key = channel.key.text
    let inConfig = config.favourites.contains { ChannelArrangement.entry($0, names: channel) }
    if isFavourite {
      next.favourites.removeAll { $0 == key }
      if inConfig, !next.notFavourites.contains(key) { next.notFavourites.append(key) }
    } else {
      next.notFavourites.removeAll { $0 == key }
      if !inConfig, !next.favourites.contains(key) { next.favourites.append(key) }
    }
    return next
  }

  /// These choices with `channel` hidden.
  public func hiding(_ channel: Channel) -> ChannelChoices {
    var next = self
    if !next.hidden.contains(channel.key.text) { next.hidden.append(channel.key.text) }
    return next
  }

  /// These choices with the playlist rows older versions kept by position
  /// (`m3u:3`) moved to their channel's key (`PlaylistGuide`), and what
  /// moved.
  public func migratingRowKeys(with playlist: PlaylistGuide) -> (
    choices: ChannelChoices, migration: PlaylistGuide.RowKeyMigration
  ) {
    var migration = PlaylistGuide.RowKeyMigration()
    func migrated(_ ids: [String]) -> [String] {
      let result = playlist.migratingRowKeys(of: ids)
      migration.moved += result.migration.moved
      migration.unresolved += result.migration.unresolved
      return result.ids
    }
    let choices = ChannelChoices(
      favourites: migrated(favourites), notFavourites: migrated(notFavourites),
      hidden: migrated(hidden))
    return (choices, migration)
  }
}
