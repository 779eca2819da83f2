import EPGCore

/// Several guides merged in priority order (the `tv_merge`-style rule of
/// the playlists and remote-sources issues, not `tv_cat`'s concatenation):
///
/// - channels are the union by id: the first source's channels in its
///   order, then each later source's new ones in its order; a channel's
///   names, icon and number come from the first source that has it;
/// - for each channel and each moment, the first source with a listing
///   wins; a later source's programme is taken only when it starts in a
///   gap of the earlier ones, and is shown until that gap ends (its
///   `stop` cut there, `listedStop` kept, as `OverlapResolution` does);
///   a programme starting inside an earlier listing is left out;
/// - `alsoListed` and the load report are the first source's (per-source
///   reports are the sources' own).
///
/// Cost: O(P log P) for P programmes of a channel over all sources.
public struct ScheduleMerge: Sendable {
  /// What one source added to the merge.
  /// A channel on which a source disagrees with the earlier ones, and on
  /// how many of its programmes.
  public struct Disagreement: Hashable, Sendable {
    public var channel: String
    public var programmes: Int
  }

  public struct Contribution: Hashable, Sendable {
    /// Channels this source added (not in an earlier source).
    public var newChannels = 0
    /// Programmes taken from this source.
    public var programmes = 0
    /// Of those, programmes on a channel an earlier source already had
    /// (they fill its gaps).
    public var gapsFilled = 0
    /// Programmes left out because an earlier source listed that moment.
    public var overruled = 0
    /// Channels (ids, in this source's order) where this source disagrees
    /// with the earlier ones: a programme left out that no earlier listing
    /// matches (none starting at the same time with the same title, any
    /// case), with how many such programmes.
    public var disagreements: [Disagreement] = []

    public init() {}
  }

  /// The merged schedule.
  public var schedule: Schedule
  /// One per source, in the order given.
  public var contributions: [Contribution]

  /// Merges `sources`, the first having the highest priority. One source
  /// is returned as it is; none gives an empty schedule.
  public init(_ sources: [Schedule]) {
    guard let first = sources.first else {
      schedule = Schedule(channels: [], programmes: [])
      contributions = []
      return
    }
    var channels = first.channels
    var programmes = first.programmes
    var alsoListed = first.alsoListed
    var index: [String: Int] = [:]
    for (position, channel) in channels.enumerated() where index[channel.id] == nil {
      index[channel.id] = position
    }
    var opening = Contribution()
    opening.newChannels = channels.count
    opening.programmes = first.programmeCount
    var contributions = [opening]
    for source in sources.dropFirst() {
      var contribution = Contribution()
      for (sourceIndex, channel) in source.channels.enumerated() {
        let listings = source.programmes[sourceIndex]
        guard let position = index[channel.id] else {
          index[channel.id] = channels.count
          channels.append(channel)
          programmes.append(listings)
          if !alsoListed.isEmpty { alsoListed.append([]) }
          contribution.newChannels += 1
          contribution.programmes += listings.count
          continue
        }
        let (merged, taken) = Self.fillGaps(programmes[position].array, with: listings.array)
        let differing = Self.disagreements(programmes[position].array, listings.array)
        if differing > 0 {
          contribution.disagreements.append(
            Disagreement(channel: channel.id, programmes: differing))
        }
        programmes[position] = ProgrammeColumn(merged)
        contribution.programmes += taken
        contribution.gapsFilled += taken
        contribution.overruled += listings.count - taken
      }
      contributions.append(contribution)
    }
    schedule = Schedule(
      channels: channels, columns: programmes, alsoListed: alsoListed,
      report: sources[0].report)
    self.contributions = contributions
  }

  /// How many programmes of `later` fall in a listing of `base` (so the
  /// merge leaves them out) without agreeing with it: no programme of
  /// `base` starts at the same time with the same title (any case).
  static func disagreements(_ base: [Programme], _ later: [Programme]) -> Int {
    guard !base.isEmpty else { return 0 }
    var count = 0
    for programme in later {
      let low = base.partitioningIndex { $0.start > programme.start }
      guard low > 0, base[low - 1].stop > programme.start else { continue }
      let covering = base[low - 1]
      let agrees =
        covering.start == programme.start
        && covering.title.lowercased() == programme.title.lowercased()
      if !agrees { count += 1 }
    }
    return count
  }

  /// `base` (sorted, not overlapping) with the programmes of `later`
  /// (sorted) that start in its gaps, each cut at the next programme of
  /// `base`; also how many were taken.
  static func fillGaps(_ base: [Programme], with later: [Programme]) -> ([Programme], Int) {
    guard !later.isEmpty else { return (base, 0) }
    guard !base.isEmpty else { return (later, later.count) }
    var added: [Programme] = []
    for programme in later {
      // The first base programme starting after this one's start.
      let low = base.partitioningIndex { $0.start > programme.start }
      if low > 0, base[low - 1].stop > programme.start { continue }
      var taken = programme
      if low < base.count { taken.stop = min(taken.stop, base[low].start) }
      guard taken.stop > taken.start else { continue }
      added.append(taken)
    }
    guard !added.isEmpty else { return (base, 0) }
    var merged: [Programme] = []
    merged.reserveCapacity(base.count + added.count)
    var i = 0
    var j = 0
    while i < base.count || j < added.count {
      if j == added.count || (i < base.count && base[i].start < added[j].start) {
        merged.append(base[i])
        i += 1
      } else {
        merged.append(added[j])
        j += 1
      }
    }
    return (merged, added.count)
  }
}
