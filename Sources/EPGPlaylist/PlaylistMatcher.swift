import EPGSchedule

/// Matches playlist entries to a guide's channels, exactly and visibly:
///
/// 1. a `map =` override naming the entry (by name, then by `tvg-id`;
///    case-insensitive) picks its channel by id (exact, else
///    case-insensitive when that is unique);
/// 2. the `tvg-id` equals a channel id;
/// 3. the `tvg-id` equals a channel id but for case, for exactly one
///    channel (several: ambiguous);
/// 4. the `tvg-id` without its feed (`@SD`), then also without a
///    two-letter country suffix (`.cn`), equals a channel id exactly
///    (iptv-org's `CCTV1.cn@SD` for a guide's `CCTV1`); the country step
///    only when no other entry's id gives the same rest with another
///    country (`Foo.ca` and `Foo.us` are not both `Foo`);
/// 5. `tvg-name`, then the entry's name, normalised (`ChannelNameKey`:
///    tags such as `(1080p)` and `[Not 24/7]` left out), against every
///    display name (`name` and `otherNames`). The first of the two keys
///    that fits any channel decides: one channel is a match, several are
///    ambiguous.
///
/// Nothing is guessed: no match gives `.none`; `suggestions(for:)` then
/// ranks the closest channels by `distance` for the match report.
///
/// Build once per guide; matching one entry costs a few dictionary
/// look-ups (suggestions cost more and are computed only when asked for).
public struct PlaylistMatcher: Sendable {
  public let channels: [Channel]
  private var byID: [String: Int] = [:]
  private var byFoldedID: [String: [Int]] = [:]
  private var byNameKey: [String: [Int]] = [:]
  private var overrides: [String: MapOverride] = [:]
  /// The keys suggestions compare (display names and ids, normalised), by
  /// the digits they hold: two keys are near only with the same digits.
  private var keysByDigits: [String: [(key: [UInt32], channel: Int)]] = [:]

  /// Overrides whose channel id names no channel of this guide (they are
  /// ignored: such entries are matched as if there were no override).
  public private(set) var unresolvedOverrides: [MapOverride] = []
  /// Every override, in config order.
  public let allOverrides: [MapOverride]

  /// How many suggestions an unmatched entry gets.
  public static let hintCount = 3

  public init(channels: [Channel], overrides: [MapOverride] = []) {
    self.channels = channels
    allOverrides = overrides
    for (index, channel) in channels.enumerated() {
      if byID[channel.id] == nil { byID[channel.id] = index }
      let folded = channel.id.lowercased()
      if byFoldedID[folded]?.contains(index) != true {
        byFoldedID[folded, default: []].append(index)
      }
      var keys: [String] = []
      for name in [channel.name] + channel.otherNames {
        let key = ChannelNameKey.key(name)
        guard !key.isEmpty else { continue }
        keys.append(key)
        if let existing = byNameKey[key] {
          if existing.last != index { byNameKey[key]?.append(index) }
        } else {
          byNameKey[key] = [index]
        }
      }
      keys.append(ChannelNameKey.key(Self.withoutCountry(Self.withoutFeed(channel.id))))
      for key in Set(keys) where !key.isEmpty {
        keysByDigits[Self.digits(of: key), default: []].append((Self.coded(key), index))
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
    let countries = Self.countries(of: playlist.entries)
    return playlist.entries.indices.map {
      match(
        playlist.entries[$0], at: $0, headerShift: playlist.header.shift, countries: countries)
    }
  }

  /// One entry's match; `headerShift` is the playlist header's default
  /// shift in seconds; `countries` (from `countries(of:)`) the playlist's
  /// ids by their rest without feed and country.
  public func match(
    _ entry: PlaylistEntry, at index: Int, headerShift: Int64?,
    countries: [String: Set<String>] = [:]
  ) -> ChannelMatch {
    let override = self.override(for: entry)
    let shift = override?.shift ?? entry.shift ?? headerShift ?? 0
    return ChannelMatch(
      entryIndex: index, kind: kind(for: entry, override: override, countries: countries),
      shift: shift)
  }

  /// The `map =` override naming `entry` (its name, else its tvg-id), if any.
  public func override(for entry: PlaylistEntry) -> MapOverride? {
    overrides[entry.name.lowercased()] ?? entry.tvgID.flatMap { overrides[$0.lowercased()] }
  }

  private func kind(
    for entry: PlaylistEntry, override: MapOverride?, countries: [String: Set<String>]
  ) -> ChannelMatch.Kind {
    if let override, let channel = resolve(override) { return .override(channel: channel) }
    if let id = entry.tvgID {
      if let channel = byID[id] { return .id(channel: channel) }
      if let folded = byFoldedID[id.lowercased()] {
        return folded.count == 1
          ? .caseInsensitiveID(channel: folded[0]) : .ambiguous(candidates: folded)
      }
      let withoutFeed = Self.withoutFeed(id)
      if withoutFeed != id, let channel = byID[withoutFeed] { return .suffix(channel: channel) }
      let rest = Self.withoutCountry(withoutFeed)
      if rest != withoutFeed, let channel = byID[rest], (countries[rest]?.count ?? 1) <= 1 {
        return .suffix(channel: channel)
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

  /// `id` without an iptv-org feed (`CCTV1.cn@SD` → `CCTV1.cn`): what
  /// follows the last `@`, when something precedes it.
  static func withoutFeed(_ id: String) -> String {
    guard let at = id.lastIndex(of: "@"), at != id.startIndex else { return id }
    return String(id[..<at])
  }

  /// `id` without a two-letter country suffix (`CCTV1.cn` → `CCTV1`): a
  /// `.` and two ASCII letters at the end, when something precedes them.
  static func withoutCountry(_ id: String) -> String {
    let scalars = Array(id.unicodeScalars)
    guard scalars.count > 3, scalars[scalars.count - 3] == ".",
      scalars.suffix(2).allSatisfy({ $0.isASCII && $0.properties.isAlphabetic })
    else { return id }
    return String(String.UnicodeScalarView(scalars.dropLast(3)))
  }

  /// The playlist's ids without feed, by their rest without the country:
  /// `Foo.ca` and `Foo.us@HD` give `Foo: [Foo.ca, Foo.us]`.
  public static func countries(of entries: [PlaylistEntry]) -> [String: Set<String>] {
    var result: [String: Set<String>] = [:]
    for id in entries.compactMap(\.tvgID) {
      let withoutFeed = withoutFeed(id)
      let rest = withoutCountry(withoutFeed)
      if rest != withoutFeed { result[rest, default: []].insert(withoutFeed) }
    }
    return result
  }

  /// The guide channels closest to `entry` (best first, at most
  /// `hintCount`): by `distance` between the entry's keys (its tvg-name,
  /// name and tvg-id without feed and country, normalised) and each
  /// channel's (its display names and id, the same way), then guide order.
  public func suggestions(for entry: PlaylistEntry) -> [Int] {
    ranked(keys(of: entry)).prefix(Self.hintCount).map(\.channel)
  }

  /// The guide channels at the smallest distance from `entry` (all of
  /// them, in guide order); one alone is what `--suggest-map` writes.
  public func closest(for entry: PlaylistEntry) -> [Int] {
    let ranked = ranked(keys(of: entry))
    return ranked.prefix { $0.distance == ranked.first?.distance }.map(\.channel)
  }

  /// The guide channels whose names are closest to `name`, as
  /// `suggestions(for:)` ranks them.
  public func hints(for name: String) -> [Int] {
    ranked([ChannelNameKey.key(name)]).prefix(Self.hintCount).map(\.channel)
  }

  private func keys(of entry: PlaylistEntry) -> [String] {
    let id = entry.tvgID.map { Self.withoutCountry(Self.withoutFeed($0)) }
    return [entry.tvgName, entry.name, id].compactMap { $0 }.map(ChannelNameKey.key)
  }

  /// Every channel near one of `keys`, with its smallest distance, nearest
  /// first, then in guide order.
  private func ranked(_ keys: [String]) -> [(channel: Int, distance: Int)] {
    var best: [Int: Int] = [:]
    for key in Set(keys) where !key.isEmpty {
      let coded = Self.coded(key)
      for candidate in keysByDigits[Self.digits(of: key)] ?? [] {
        guard let distance = Self.distance(coded: coded, candidate.key) else { continue }
        best[candidate.channel] = min(best[candidate.channel] ?? .max, distance)
      }
    }
    return best.map { (channel: $0.key, distance: $0.value) }.sorted {
      ($0.distance, $0.channel) < ($1.distance, $1.channel)
    }
  }

  /// The digits of `key`, in order: keys with other digits are never near.
  static func digits(of key: String) -> String { String(key.filter(\.isNumber)) }

  /// How far apart two normalised keys are, or nil when they are not near:
  /// the number of letters inserted, deleted or replaced to turn one into
  /// the other (Levenshtein), where a digit may not be inserted, deleted
  /// or replaced at all (CCTV1 is not near CCTV15, CCTV10 or CCTV5), and
  /// near means at most a third of the longer key's length (rounded down).
  public static func distance(_ a: [Unicode.Scalar], _ b: [Unicode.Scalar]) -> Int? {
    distance(coded: a.map(code), b.map(code))
  }

  /// `distance(_:_:)` of keys in `coded` form.
  static func distance(coded a: [UInt32], _ b: [UInt32]) -> Int? {
    let limit = max(a.count, b.count) / 3
    let distance = editDistance(a, b, limit: limit)
    return distance <= limit ? distance : nil
  }

  /// A key as `editDistance` reads it: scalar values, a digit's with bit
  /// 31 set (scalars end at 0x10FFFF), so the digit test is one AND.
  static func coded(_ key: String) -> [UInt32] { key.unicodeScalars.map(code) }

  static func code(_ scalar: Unicode.Scalar) -> UInt32 {
    scalar.properties.numericType == nil ? scalar.value : scalar.value | digitBit
  }

  static let digitBit: UInt32 = 0x8000_0000

  /// The distance of `distance(_:_:)` without its limit's verdict:
  /// anything above `limit` once it is certain to exceed it.
  static func editDistance(_ a: [Unicode.Scalar], _ b: [Unicode.Scalar], limit: Int) -> Int {
    editDistance(a.map(code), b.map(code), limit: limit)
  }

  static func editDistance(_ a: [UInt32], _ b: [UInt32], limit: Int) -> Int {
    if abs(a.count - b.count) > limit { return limit + 1 }
    let never = limit + 1
    // Two rows of the table, on the stack (keys are at most 256 scalars).
    return withUnsafeTemporaryAllocation(of: Int.self, capacity: 2 * (b.count + 1)) { rows in
      var previous = UnsafeMutableBufferPointer(rebasing: rows[0...b.count])
      var current = UnsafeMutableBufferPointer(rebasing: rows[(b.count + 1)...])
      // Row 0: b's first j scalars inserted (never past a digit).
      previous[0] = 0
      for j in stride(from: 1, through: b.count, by: 1) {
        previous[j] = b[j - 1] & digitBit != 0 ? never : min(never, previous[j - 1] + 1)
      }
      for i in stride(from: 1, through: a.count, by: 1) {
        let deletable = a[i - 1] & digitBit == 0
        current[0] = deletable ? min(never, previous[0] + 1) : never
        var rowMinimum = current[0]
        for j in stride(from: 1, through: b.count, by: 1) {
          let insertable = b[j - 1] & digitBit == 0
          var value = never
          if a[i - 1] == b[j - 1] {
            value = previous[j - 1]
          } else if deletable && insertable {
            value = previous[j - 1] + 1
          }
          if deletable { value = min(value, previous[j] + 1) }
          if insertable { value = min(value, current[j - 1] + 1) }
          current[j] = min(never, value)
          rowMinimum = min(rowMinimum, current[j])
        }
        if rowMinimum > limit { return never }
        swap(&previous, &current)
      }
      return previous[b.count]
    }
  }
}
