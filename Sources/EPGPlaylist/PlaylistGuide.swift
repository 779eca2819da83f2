import EPGLayout
import EPGSchedule

/// A playlist joined to its guide: one schedule row per playlist entry, in
/// playlist order.
///
/// Many entries may show one guide channel (SD/HD, East/West, "+1"), each
/// with its own shift. Entries that match no guide channel, or several
/// (ambiguous), are rows without programmes: nothing is guessed.
///
/// Cost: one `PlaylistMatcher` look-up per entry; an entry with shift 0
/// shares its guide channel's programme array (no copy), a shifted one
/// copies it once with the times moved.
public struct PlaylistGuide: Sendable {
  /// One channel per entry (then, with allChannels, the guide channels no
  /// entry uses); an entry's channel has a unique id (`m3u:N`, by
  /// position, not the guide's), its name (the guide channel's for an
  /// entry without one), `number` = tvg-chno, its `key` (what tvgrid's
  /// own files keep it by: `key(of:guideChannel:)` and the shift), and
  /// the matched guide channel's programmes moved by the entry's shift.
  public var schedule: Schedule
  /// Playlist information by `schedule` channel id (absent for guide-only
  /// channels).
  public var rows: [String: PlaylistRow]
  /// Group names in playlist order.
  public var groups: [String]
  /// Every entry's match, in playlist order (for `MatchReport`).
  public var matches: [ChannelMatch]

  public init(playlist: Playlist, guide: Schedule, overrides: [MapOverride], allChannels: Bool) {
    self.init(
      playlist: playlist, guide: guide,
      matcher: PlaylistMatcher(channels: guide.channels, overrides: overrides),
      allChannels: allChannels)
  }

  /// As `init(playlist:guide:overrides:allChannels:)`, with a matcher
  /// already built over `guide.channels` (it also serves `MatchReport`).
  public init(playlist: Playlist, guide: Schedule, matcher: PlaylistMatcher, allChannels: Bool) {
    let matches = matcher.match(playlist)
    let prefix = Self.idPrefix(avoiding: guide.channels)
    var channels: [Channel] = []
    var programmes: [ProgrammeColumn] = []
    var alsoListed: [ProgrammeColumn] = []
    channels.reserveCapacity(matches.count)
    programmes.reserveCapacity(matches.count)
    var rows: [String: PlaylistRow] = [:]
    rows.reserveCapacity(matches.count)
    var used = [Bool](repeating: false, count: guide.channels.count)
    let hasDropped = !guide.alsoListed.isEmpty
    for match in matches {
      let entry = playlist.entries[match.entryIndex]
      let id = prefix + String(match.entryIndex + 1)
      var channel = Channel(id: id, name: entry.name, iconURL: entry.logo, number: entry.number)
      channel.key = Self.key(of: entry, guideChannel: match.channel.map { guide.channels[$0].id })
      channel.key.shift = match.shift
      var guideChannelID: String?
      if let index = match.channel {
        used[index] = true
        let source = guide.channels[index]
        guideChannelID = source.id
        if !entry.isNamed { channel.name = source.name }
        channel.otherNames = [source.name] + source.otherNames
        if channel.iconURL == nil { channel.iconURL = source.iconURL }
        programmes.append(guide.programmes[index].shifted(by: match.shift))
        alsoListed.append(hasDropped ? guide.alsoListed[index].shifted(by: match.shift) : [])
      } else {
        programmes.append([])
        alsoListed.append([])
      }
      channels.append(channel)
      var row = PlaylistRow(
        entry: entry, match: match.kind, guideChannelID: guideChannelID, shift: match.shift,
        catchup: playlist.catchup(for: entry))
      if case .ambiguous(let candidates) = match.kind {
        row.candidates = candidates.map { guide.channels[$0] }
      }
      rows[id] = row
    }
    if allChannels {
      for index in guide.channels.indices where !used[index] {
        channels.append(guide.channels[index])
        programmes.append(guide.programmes[index])
        alsoListed.append(hasDropped ? guide.alsoListed[index] : [])
      }
    }
    schedule = Schedule(
      channels: channels, columns: programmes, alsoListed: alsoListed, report: guide.report)
    self.rows = rows
    self.matches = matches
    groups = playlist.groups
  }

  /// The key an entry's row is kept by in tvgrid's own files (before its
  /// shift): the matched guide channel's id, else the entry's `tvg-id`,
  /// else its normalised name (`ChannelNameKey`; the name itself when
  /// that is empty), never its position.
  static func key(of entry: PlaylistEntry, guideChannel: String?) -> ChannelKey {
    if let guideChannel { return ChannelKey(id: guideChannel) }
    if let id = entry.tvgID { return ChannelKey(id: id) }
    let name = ChannelNameKey.key(entry.name)
    return ChannelKey(id: name.isEmpty ? entry.name : name)
  }

  /// The prefix of entry channel ids: `m3u:` (ids `m3u:1`, `m3u:2` … by
  /// entry position), lengthened with `~` until no guide channel id starts
  /// with it, so `--all-channels` rows never share an id with an entry.
  static func idPrefix(avoiding channels: [Channel]) -> String {
    var prefix = "m3u:"
    while channels.contains(where: { $0.id.hasPrefix(prefix) }) {
      prefix = String(prefix.dropLast()) + "~:"
    }
    return prefix
  }
}

/// What the guide knows of one playlist row beyond its schedule channel.
public struct PlaylistRow: Hashable, Sendable {
  /// The entry: name, groups, number, stream URL, headers …
  public var entry: PlaylistEntry
  /// How it was matched: `.id`, `.caseInsensitiveID`, `.suffix`, `.name`,
  /// `.override`, `.ambiguous`, `.none`.
  public var match: ChannelMatch.Kind
  /// The guide channel's id, when matched.
  public var guideChannelID: String?
  /// Seconds added to the guide's times for this entry.
  public var shift: Int64
  /// The entry's catch-up settings over the header's defaults.
  public var catchup: CatchupSettings
  /// For an ambiguous match, the guide channels that fit (in guide order),
  /// so the guide can name them; empty otherwise.
  public var candidates: [Channel] = []

  public init(
    entry: PlaylistEntry, match: ChannelMatch.Kind, guideChannelID: String?, shift: Int64,
    catchup: CatchupSettings
  ) {
    self.entry = entry
    self.match = match
    self.guideChannelID = guideChannelID
    self.shift = shift
    self.catchup = catchup
  }
}
