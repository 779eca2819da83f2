import EPGSchedule

/// What `tvgrid check PLAYLIST` prints first: how the playlist's entries
/// were matched to the guide's channels.
public struct MatchReport: Sendable {
  /// An entry that is ambiguous or unmatched, with the guide channels to
  /// show next to it (candidates, or hints), as indices into `channels`.
  public struct Item: Hashable, Sendable {
    public var entryName: String
    public var tvgID: String?
    /// 1-based line of the entry's `#EXTINF`.
    public var line: Int
    public var channels: [Int]
  }

  /// The playlist as given ("-" is standard input).
  public var path: String
  public var entryCount = 0
  public var byID = 0
  public var byCase = 0
  public var byName = 0
  public var byOverride = 0
  public var ambiguous: [Item] = []
  public var unmatched: [Item] = []
  /// Guide channels no entry shows, in guide order.
  public var unusedChannels: [Int] = []
  /// `map =` lines naming no channel of the guide.
  public var unresolvedOverrides: [MapOverride] = []
  /// The guide's channels (for names in the text).
  public var channels: [Channel]

  public init(playlist: Playlist, matches: [ChannelMatch], matcher: PlaylistMatcher, path: String) {
    self.path = path
    channels = matcher.channels
    entryCount = playlist.entries.count
    unresolvedOverrides = matcher.unresolvedOverrides
    var used = [Bool](repeating: false, count: channels.count)
    for match in matches {
      let entry = playlist.entries[match.entryIndex]
      switch match.kind {
      case .id(let channel):
        byID += 1
        used[channel] = true
      case .caseInsensitiveID(let channel):
        byCase += 1
        used[channel] = true
      case .name(let channel):
        byName += 1
        used[channel] = true
      case .override(let channel):
        byOverride += 1
        used[channel] = true
      case .ambiguous(let candidates):
        ambiguous.append(
          Item(entryName: entry.name, tvgID: entry.tvgID, line: entry.line, channels: candidates))
      case .none:
        let hints = matcher.hints(for: entry.tvgName ?? entry.name)
        unmatched.append(
          Item(entryName: entry.name, tvgID: entry.tvgID, line: entry.line, channels: hints))
      }
    }
    unusedChannels = used.indices.filter { !used[$0] }
  }

  /// Entries with a guide channel.
  public var matchedCount: Int { byID + byCase + byName + byOverride }

  /// The report as text: the counts, then up to `limit` lines per list
  /// (`FILE:LINE: name: …`). Every name passes `clean` (for a terminal:
  /// the guide text sanitiser, so escape sequences in a hostile playlist
  /// are shown, not run).
  public func text(limit: Int = 200, clean: (String) -> String = { $0 }) -> String {
    let name = path == "-" ? "<stdin>" : path
    func channel(_ index: Int) -> String {
      let channel = channels[index]
      return channel.name == channel.id
        ? clean(channel.id) : "\(clean(channel.name)) (\(clean(channel.id)))"
    }
    func entry(_ item: Item) -> String {
      var text = "\(name):\(item.line): \"\(clean(item.entryName))\""
      if let id = item.tvgID { text += " (tvg-id \(clean(id)))" }
      return text
    }
    var lines: [String] = [
      "\(name): \(entryCount) entries, \(matchedCount) matched "
        + "(\(byID) by id, \(byCase) by case, \(byName) by name, \(byOverride) by override), "
        + "\(ambiguous.count) ambiguous, \(unmatched.count) unmatched",
      "guide channels used by no entry: \(unusedChannels.count)",
    ]
    let more = { (count: Int) in count > limit ? ["… and \(count - limit) more"] : [] }
    for override in unresolvedOverrides.prefix(limit) {
      lines.append(
        "map \"\(clean(override.entry))\": no guide channel \"\(clean(override.channelID))\"")
    }
    lines += more(unresolvedOverrides.count)
    if !ambiguous.isEmpty { lines.append("") }
    for item in ambiguous.prefix(limit) {
      lines.append(
        entry(item) + ": ambiguous: " + item.channels.map(channel).joined(separator: ", "))
    }
    lines += more(ambiguous.count)
    if !unmatched.isEmpty { lines.append("") }
    for item in unmatched.prefix(limit) {
      let hints =
        item.channels.isEmpty
        ? "" : "; closest: " + item.channels.map(channel).joined(separator: ", ")
      lines.append(entry(item) + ": no guide channel" + hints)
    }
    lines += more(unmatched.count)
    if !unusedChannels.isEmpty {
      lines.append("")
      lines.append(
        "unused: " + unusedChannels.prefix(limit).map(channel).joined(separator: ", ")
          + (unusedChannels.count > limit ? ", …" : ""))
    }
    return lines.joined(separator: "\n") + "\n"
  }
}
