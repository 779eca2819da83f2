/// What a snapshot was made from: its sources' identities and every load
/// option that changes the schedule loaded. Equal keys mean the snapshot
/// holds what loading the sources again would give.
public struct SnapshotKey: Hashable, Sendable {
  public var sources: [SourceIdentity]
  /// Options that change the result, as `name=value` (the snapshot format
  /// version is always among them).
  public var options: [String]

  public init(sources: [SourceIdentity], options: [String]) {
    self.sources = sources
    self.options = ["format=\(ScheduleSnapshot.formatVersion)"] + options
  }

  /// The key of one guide loaded with `loadOptions` (time shift in
  /// seconds, preferred languages, default duration in seconds).
  public init(source: SourceIdentity, loadOptions: LoadOptions) {
    self.init(
      sources: [source],
      options: [
        "shift=\(loadOptions.shift)",
        "languages=\(loadOptions.preferredLanguages.joined(separator: ","))",
        "defaultDuration=\(loadOptions.defaultDuration)",
      ])
  }

  /// The hash of everything: names the snapshot.
  public var value: UInt64 {
    var hasher = slotHasher
    for source in sources { for field in source.fields { hasher.combine(field) } }
    return hasher.value
  }

  /// The hash of the sources' kinds and paths and the options, without
  /// what changes with their content: a snapshot of the same slot and
  /// another value is an older copy of the same guide (see
  /// `Schedule.keepingPast`).
  public var slot: UInt64 { slotHasher.value }

  private var slotHasher: SnapshotHasher {
    var hasher = SnapshotHasher()
    for source in sources {
      hasher.combine(source.kind)
      hasher.combine(source.path)
    }
    for option in options { hasher.combine(option) }
    return hasher
  }

  /// The sources' paths, for `tvgrid cache`.
  public var description: String { sources.map(\.path).joined(separator: " + ") }
}
