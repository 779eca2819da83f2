import EPGSchedule

/// Matches playlist entries to a guide's channels, exactly and visibly:
///
/// 1. a `map =` override naming the entry (by name, then by `tvg-id`;
///    case-insensitive) picks its channel by id (exact, else
///    case-insensitive when that is unique);
/// 2. the `tvg-id` equals a channel id;
/// 3. the `tvg-id` equals a channel id but for case, for exactly one
///    channel (several: ambiguous);
/// 4. `tvg-name`, then the entry's name, normalised (`ChannelNameKey`),
///    against every display name (`name` and `otherNames`). The first of
///    the two keys that fits any channel decides: one channel is a match,
///    several are ambiguous.
///
/// Nothing is guessed: no match gives `.none`; `hints(for:)` then finds
/// the closest channel names (by edit distance between normalised names,
/// among the channels sharing the most three-letter pieces with the
/// entry's), for the match report.
///
/// Build once per guide; matching one entry costs a few dictionary
/// look-ups (hints cost more and are computed only when asked for).
public struct PlaylistMatcher: Sendable {
  public let channels: [Channel]
  private var byID: [String: Int] = [:]
  private var byFoldedID: [String: [Int]] = [:]
  private var byNameKey: [String: [Int]] = [:]
  private var overrides: [String: MapOverride] = [:]
  /// Distinct name keys, and for each the channels that have it.
  private var keys: [[Unicode.Scalar]] = []
  private var keyChannels: [[Int]] = []
  /// Trigram → indices into `keys`.
  private var trigrams: [UInt64: [Int]] = [:]

  /// Overrides whose channel id names no channel of this guide (they are
  /// ignored: such entries are matched as if there were no override).
  public private(set) var unresolvedOverrides: [MapOverride] = []

  /// How many hints an unmatched entry gets.
  public static let hintCount = 3

  public init(channels: [Channel], overrides: [MapOverride] = []) {
    self.channels = channels
    for (index, channel) in channels.enumerated() {
      if byID[channel.id] == nil { byID[channel.id] = index }
      let folded = channel.id.lowercased()
      if byFoldedID[folded]?.contains(index) != true {
        byFoldedID[folded, default: []].append(index)
      }
      for name in [channel.name] + channel.otherNames {
        let key = ChannelNameKey.key(name)
        guard !key.isEmpty else { continue }
        if let existing = byNameKey[key] {
          if existing.last != index { byNameKey[key]?.append(index) }
        } else {
          byNameKey[key] = [index]
        }
      }
    }
    for (key, indices) in byNameKey.sorted(by: { $0.key < $1.key }) {
      let position = keys.count
      let scalars = Array(key.unicodeScalars)
      keys.append(scalars)
      keyChannels.append(indices)
      for trigram in Set(Self.trigrams(of: scalars)) {
        trigrams[trigram, default: []].append(position)
      }
    }
    for override in overrides {
      let key = override.entry.lowercased()
      if self.overrides[key] == nil { self.overrides[key] = override }
      if resolve(override) == nil { unresolvedOverrides.append(override) }
    }
  }

  /// Every entry's match, in playlist order.
  public func match(_ playlist: Playlist) -> [ChannelMatch] {
    playlist.entries.indices.map {
      match(playlist.entries[$0], at: $0, headerShift: playlist.header.shift)
    }
  }

  /// One entry's match; `headerShift` is the playlist header's default
  /// shift in seconds.
  public func match(_ entry: PlaylistEntry, at index: Int, headerShift: Int64?) -> ChannelMatch {
    let override =
      overrides[entry.name.lowercased()] ?? entry.tvgID.flatMap { overrides[$0.lowercased()] }
    let shift = override?.shift ?? entry.shift ?? headerShift ?? 0
    return ChannelMatch(entryIndex: index, kind: kind(for: entry, override: override), shift: shift)
  }

  private func kind(for entry: PlaylistEntry, override: MapOverride?) -> ChannelMatch.Kind {
    if let override, let channel = resolve(override) { return .override(channel: channel) }
    if let id = entry.tvgID {
      if let channel = byID[id] { return .id(channel: channel) }
      if let folded = byFoldedID[id.lowercased()] {
        return folded.count == 1
          ? .caseInsensitiveID(channel: folded[0]) : .ambiguous(candidates: folded)
      }
    }
    for name in [entry.tvgName, entry.name].compactMap({ $0 }) {
      let key = ChannelNameKey.key(name)
      guard !key.isEmpty, let found = byNameKey[key] else { continue }
      return found.count == 1 ? .name(channel: found[0]) : .ambiguous(candidates: found)
    }
    return .none
  }

  /// The channel an override names: by exact id, else by id but for case
  /// when that is unique.
  private func resolve(_ override: MapOverride) -> Int? {
    if let channel = byID[override.channelID] { return channel }
    if let folded = byFoldedID[override.channelID.lowercased()], folded.count == 1 {
      return folded[0]
    }
    return nil
  }

  /// The guide channels whose names are closest to `name` (best first, at
  /// most `hintCount`): channels sharing three-letter pieces with it,
  /// ranked by edit distance between normalised names, then guide order.
  public func hints(for name: String) -> [Int] {
    let key = Array(ChannelNameKey.key(name).unicodeScalars)
    guard !key.isEmpty, !keys.isEmpty else { return [] }
    var shared = [Int32](repeating: 0, count: keys.count)
    var touched: [Int] = []
    for trigram in Set(Self.trigrams(of: key)) {
      for position in trigrams[trigram] ?? [] {
        if shared[position] == 0 { touched.append(position) }
        shared[position] += 1
      }
    }
    // The best-sharing keys (ties broken by key order), then edit distance.
    touched.sort { (shared[$1], $0) < (shared[$0], $1) }
    let maximum = max(2, key.count / 2)
    var ranked: [(distance: Int, channel: Int)] = []
    for position in touched.prefix(20) {
      let distance = Self.editDistance(key, keys[position], limit: maximum)
      guard distance <= maximum else { continue }
      for channel in keyChannels[position] { ranked.append((distance, channel)) }
    }
    ranked.sort { ($0.distance, $0.channel) < ($1.distance, $1.channel) }
    var result: [Int] = []
    for item in ranked where !result.contains(item.channel) {
      result.append(item.channel)
      if result.count == Self.hintCount { break }
    }
    return result
  }

  /// Three-scalar pieces of `^key$`, packed 21 bits each.
  static func trigrams(of key: [Unicode.Scalar]) -> [UInt64] {
    let padded: [UInt64] = [2] + key.map { UInt64($0.value) } + [3]
    guard padded.count >= 3 else { return [] }
    return (0...(padded.count - 3)).map { padded[$0] << 42 | padded[$0 + 1] << 21 | padded[$0 + 2] }
  }

  /// Levenshtein distance, or anything above `limit` once it is certain to
  /// exceed it.
  static func editDistance(_ a: [Unicode.Scalar], _ b: [Unicode.Scalar], limit: Int) -> Int {
    if abs(a.count - b.count) > limit { return limit + 1 }
    var previous = Array(0...b.count)
    var current = [Int](repeating: 0, count: b.count + 1)
    for i in 1...max(1, a.count) where !a.isEmpty {
      current[0] = i
      var rowMinimum = current[0]
      for j in 1...max(1, b.count) where !b.isEmpty {
        let cost = a[i - 1] == b[j - 1] ? 0 : 1
        current[j] = min(previous[j] + 1, current[j - 1] + 1, previous[j - 1] + cost)
        rowMinimum = min(rowMinimum, current[j])
      }
      if rowMinimum > limit { return limit + 1 }
      swap(&previous, &current)
    }
    return a.isEmpty ? b.count : previous[b.count]
  }
}
