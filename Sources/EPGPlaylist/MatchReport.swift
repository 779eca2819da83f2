import EPGSchedule
import Foundation

/// What `tvgrid check PLAYLIST` prints first: how the playlist's entries
/// were matched to the guide's channels, and what is closest for those
/// that were not (`--suggest-map` prints that as config lines).
public struct MatchReport: Sendable {
  /// An entry that is ambiguous or unmatched, with the guide channels to
  /// show next to it (candidates, or suggestions best first), as indices
  /// into `channels`.
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
  public var bySuffix = 0
  public var byName = 0
  public var byOverride = 0
  public var ambiguous: [Item] = []
  public var unmatched: [Item] = []
  /// Guide channels no entry shows, in guide order.
  public var unusedChannels: [Int] = []
  /// `map =` lines naming an entry of this playlist and no channel of the
  /// guide.
  public var unresolvedOverrides: [MapOverride] = []
  /// `map =` lines naming no entry of this playlist (perhaps another
  /// playlist's): said once, as a list.
  public var unusedOverrides: [MapOverride] = []
  /// The guide's channels (for names in the text).
  public var channels: [Channel]

  public init(playlist: Playlist, matches: [ChannelMatch], matcher: PlaylistMatcher, path: String) {
    self.path = path
    channels = matcher.channels
    entryCount = playlist.entries.count
    var names = Set<String>()
    for entry in playlist.entries {
      names.insert(entry.name.lowercased())
      if let id = entry.tvgID { names.insert(id.lowercased()) }
    }
    unusedOverrides = matcher.allOverrides.filter { !names.contains($0.entry.lowercased()) }
    unresolvedOverrides = matcher.unresolvedOverrides.filter {
      names.contains($0.entry.lowercased())
    }
    var used = [Bool](repeating: false, count: channels.count)
    for match in matches {
      let entry = playlist.entries[match.entryIndex]
      if let channel = match.channel { used[channel] = true }
      switch match.kind {
      case .id: byID += 1
      case .caseInsensitiveID: byCase += 1
      case .suffix: bySuffix += 1
      case .name: byName += 1
      case .override: byOverride += 1
      case .ambiguous(let candidates):
        ambiguous.append(
          Item(entryName: entry.name, tvgID: entry.tvgID, line: entry.line, channels: candidates))
      case .none:
        unmatched.append(
          Item(
            entryName: entry.name, tvgID: entry.tvgID, line: entry.line,
            channels: matcher.suggestions(for: entry)))
      }
    }
    unusedChannels = used.indices.filter { !used[$0] }
  }

  /// Entries with a guide channel.
  public var matchedCount: Int { byID + byCase + bySuffix + byName + byOverride }

  var shownPath: String { path == "-" ? "<stdin>" : path }

  /// `Name (id)`, or the id when the name is the id.
  func channelText(_ index: Int, clean: (String) -> String) -> String {
    let channel = channels[index]
    return channel.name == channel.id
      ? clean(channel.id) : "\(clean(channel.name)) (\(clean(channel.id)))"
  }

  /// `FILE:LINE: "name" (tvg-id ID)`.
  func entryText(_ item: Item, clean: (String) -> String) -> String {
    var text = "\(shownPath):\(item.line): \"\(clean(item.entryName))\""
    if let id = item.tvgID { text += " (tvg-id \(clean(id)))" }
    return text
  }

  /// The report as text: the counts, then up to `limit` lines per list
  /// (`FILE:LINE: name: …`). Every name passes `clean` (for a terminal:
  /// the guide text sanitiser, so escape sequences in a hostile playlist
  /// are shown, not run).
  public func text(limit: Int = 200, clean: (String) -> String = { $0 }) -> String {
    let channel = { (index: Int) in channelText(index, clean: clean) }
    var lines: [String] = [
      "\(shownPath): \(entryCount) entries, \(matchedCount) matched "
        + "(\(byID) by id, \(byCase) by case, \(bySuffix) by suffix, \(byName) by name, "
        + "\(byOverride) by override), \(ambiguous.count) ambiguous, \(unmatched.count) unmatched",
      "guide channels used by no entry: \(unusedChannels.count)",
    ]
    let more = { (count: Int) in count > limit ? ["… and \(count - limit) more"] : [] }
    for override in unresolvedOverrides.prefix(limit) {
      lines.append(
        "map \"\(clean(override.entry))\": no guide channel \"\(clean(override.channelID))\"")
    }
    lines += more(unresolvedOverrides.count)
    if !unusedOverrides.isEmpty {
      let names = unusedOverrides.prefix(limit).map { "\"\(clean($0.entry))\"" }
      lines.append(
        "map lines naming no entry of \(shownPath) (fine when they are for another playlist): "
          + names.joined(separator: ", ") + (unusedOverrides.count > limit ? ", …" : ""))
    }
    if !ambiguous.isEmpty { lines.append("") }
    for item in ambiguous.prefix(limit) {
      lines.append(
        entryText(item, clean: clean) + ": ambiguous: "
          + item.channels.map(channel).joined(separator: ", "))
    }
    lines += more(ambiguous.count)
    if !unmatched.isEmpty { lines.append("") }
    for item in unmatched.prefix(limit) {
      let hints =
        item.channels.isEmpty
        ? "" : "; closest: " + item.channels.map(channel).joined(separator: ", ")
      lines.append(entryText(item, clean: clean) + ": no guide channel" + hints)
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

  /// `tvgrid check PLAYLIST --suggest-map`: for every unmatched entry
  /// whose closest guide channel is one alone (by `PlaylistMatcher.distance`),
  /// a config line `map = ENTRY: CHANNEL-ID` (ENTRY is the tvg-id, else
  /// the name) after a comment saying where the entry is and what the
  /// channel is called, ready to paste into the config file. Entries
  /// with several equally close channels, or whose text a config line
  /// cannot hold (a line break, ` #`, a control character), get a
  /// comment only.
  public func suggestedMap(
    for playlist: Playlist, matcher: PlaylistMatcher, clean: (String) -> String = { $0 }
  ) -> String {
    var lines: [String] = []
    var suggested = 0
    let byLine = Dictionary(
      playlist.entries.map { ($0.line, $0) }, uniquingKeysWith: { first, _ in first })
    for item in unmatched where !item.channels.isEmpty {
      let where_ = entryText(item, clean: clean)
      guard let entry = byLine[item.line] else { continue }
      let closest = matcher.closest(for: entry)
      guard closest.count == 1, let index = closest.first else {
        lines.append(
          "# \(where_): \(closest.count) equally close: "
            + closest.map { channelText($0, clean: clean) }.joined(separator: ", "))
        continue
      }
      let name = entry.tvgID ?? entry.name
      let id = channels[index].id
      guard Self.fitsConfigLine(name, isID: false), Self.fitsConfigLine(id, isID: true) else {
        lines.append(
          "# \(where_): \(channelText(index, clean: clean)) (not writable as a map line)")
        continue
      }
      lines.append("# \(where_) → \(channelText(index, clean: clean))")
      lines.append("map = \(name): \(id)")
      suggested += 1
    }
    let header =
      "# tvgrid check --suggest-map \(shownPath): \(suggested) of \(unmatched.count) unmatched "
      + "entries have one closest guide channel; check each before you keep it"
    return ([header] + lines).joined(separator: "\n") + "\n"
  }

  /// Whether `text` can stand in a `map =` line as it is: no control
  /// characters, no `#` that would start a comment, no surrounding space;
  /// a channel id also one word without `:`.
  static func fitsConfigLine(_ text: String, isID: Bool) -> Bool {
    guard !text.isEmpty, text == text.trimmingCharacters(in: .whitespaces), !text.hasPrefix("#")
    else { return false }
    if text.unicodeScalars.contains(where: {
      $0.properties.generalCategory == .control || $0.properties.generalCategory == .format
        || $0 == "\u{FFFD}"
    }) {
      return false
    }
    if text.contains(" #") || text.contains("\t#") { return false }
    if isID { return !text.contains(":") && !text.contains(where: \.isWhitespace) }
    return true
  }
}
