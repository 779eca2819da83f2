import EPGCore

/// One channel's programmes, sorted by start: the element type of
/// `Schedule.programmes`.
///
/// Either an array in memory (a guide just parsed) or a run of records in
/// a mapped snapshot (`MappedSnapshot`), read where they lie: reopening a
/// large guide copies nothing into the heap, and only the programmes
/// something looks at are decoded. `spans`, `span(at:)` and
/// `firstIndex(endingAfter:)` read the times alone, without decoding
/// text; the subscript decodes a whole programme.
///
/// Changing a column (append, replace, sort) turns it into an array first.
public struct ProgrammeColumn: Sendable {
  enum Storage: Sendable {
    case array([Programme])
    /// Records `first..<first + count` of the snapshot's programmes,
    /// every time moved by `shift` seconds.
    case mapped(MappedSnapshot, first: Int, count: Int, shift: Int64)
  }

  var storage: Storage

  public init(_ programmes: [Programme]) { storage = .array(programmes) }

  init(snapshot: MappedSnapshot, first: Int, count: Int) {
    storage = .mapped(snapshot, first: first, count: count, shift: 0)
  }

  /// The column with every time (start, stop, listed stop) moved by
  /// `shift` seconds (a playlist entry's `tvg-shift`); a mapped column
  /// stays mapped.
  public func shifted(by shift: Int64) -> ProgrammeColumn {
    guard shift != 0 else { return self }
    var column = self
    switch storage {
    case .array(let programmes):
      column.storage = .array(programmes.map { $0.shifted(by: shift) })
    case .mapped(let snapshot, let first, let count, let moved):
      column.storage = .mapped(snapshot, first: first, count: count, shift: moved + shift)
    }
    return column
  }

  /// The programmes as an array (decoding every one of a mapped column).
  public var array: [Programme] {
    switch storage {
    case .array(let programmes): return programmes
    case .mapped: return Array(self)
    }
  }

  /// Whether the column reads a mapped snapshot (nothing decoded ahead).
  public var isMapped: Bool {
    if case .mapped = storage { true } else { false }
  }

  /// Programme `index`'s shown span, `[start, stop)` in epoch seconds,
  /// without decoding its text.
  public func span(at index: Int) -> TimeSpan {
    switch storage {
    case .array(let programmes): return programmes[index].span
    case .mapped(let snapshot, let first, let count, let shift):
      precondition(index >= 0 && index < count, "index out of range")
      let span = snapshot.span(ofRecord: first + index)
      return TimeSpan(start: span.start + shift, end: span.end + shift)
    }
  }

  /// Programme `index`'s stop as listed (epoch seconds), without
  /// decoding its text.
  public func listedStop(at index: Int) -> EpochSeconds {
    switch storage {
    case .array(let programmes): return programmes[index].listedStop
    case .mapped(let snapshot, let first, let count, let shift):
      precondition(index >= 0 && index < count, "index out of range")
      return snapshot.listedStop(ofRecord: first + index) + shift
    }
  }

  /// Every programme's shown span, in order (what the layout needs).
  public var spans: [TimeSpan] {
    switch storage {
    case .array(let programmes): return programmes.map(\.span)
    case .mapped(let snapshot, let first, let count, let shift):
      return (first..<first + count).map { record in
        let span = snapshot.span(ofRecord: record)
        return TimeSpan(start: span.start + shift, end: span.end + shift)
      }
    }
  }

  /// Index of the first programme whose shown stop is after `instant`
  /// (binary search over the times alone); `count` when none.
  public func firstIndex(endingAfter instant: EpochSeconds) -> Int {
    var low = 0
    var high = count
    while low < high {
      let middle = (low + high) / 2
      if span(at: middle).end > instant { high = middle } else { low = middle + 1 }
    }
    return low
  }

  /// Calls `body` with each programme in turn, read in place from an
  /// array (no copy: passing `Programme` by value retains each of its
  /// strings and arrays, which was most of a live search's time) or
  /// decoded from a snapshot, with only `fields` of its texts and lists
  /// (times, flags and content flags always).
  public func forEachInPlace(
    reading fields: Fields = .all, _ body: (Int, UnsafePointer<Programme>) throws -> Void
  ) rethrows {
    switch storage {
    case .array(let programmes):
      try programmes.withUnsafeBufferPointer { buffer in
        for index in buffer.indices { try body(index, buffer.baseAddress! + index) }
      }
    case .mapped(let snapshot, let first, let count, let shift):
      for index in 0..<count {
        let programme = snapshot.programme(ofRecord: first + index, fields: fields)
          .shifted(by: shift)
        try withUnsafePointer(to: programme) { try body(index, $0) }
      }
    }
  }

  /// The programme at `index`, with only `fields` of its texts and lists
  /// when the column is mapped (all of them from an array).
  public func programme(at index: Int, reading fields: Fields) -> Programme {
    switch storage {
    case .array(let programmes): return programmes[index]
    case .mapped(let snapshot, let first, let count, let shift):
      precondition(index >= 0 && index < count, "index out of range")
      return snapshot.programme(ofRecord: first + index, fields: fields).shifted(by: shift)
    }
  }

  /// Whether `test` holds for one of programme `index`'s texts of kind
  /// `kind`, given its UTF-8 bytes: a mapped column hands over the bytes
  /// where they lie in the snapshot (no programme decoded, no string
  /// made), an array column those of its strings.
  public func anyText(
    at index: Int, _ kind: Programme.Text, _ test: (UnsafeBufferPointer<UInt8>) -> Bool
  ) -> Bool {
    switch storage {
    case .array(let programmes):
      return programmes.withUnsafeBufferPointer {
        Programme.anyText(of: $0.baseAddress! + index, kind, test)
      }
    case .mapped(let snapshot, let first, let count, _):
      precondition(index >= 0 && index < count, "index out of range")
      return snapshot.anyText(ofRecord: first + index, kind, test)
    }
  }

  /// Runs `body`, a pass reading every programme of `columns` (a
  /// search), with the mapped snapshots they read keeping their pages
  /// until it ends (see `MappedSnapshot`: read again at every keystroke,
  /// dropped pages cost more to map again than the search itself).
  public static func scanning<Result>(
    _ columns: some Sequence<ProgrammeColumn>, _ body: () throws -> Result
  ) rethrows -> Result {
    var snapshots: [ObjectIdentifier: MappedSnapshot] = [:]
    for column in columns {
      if case .mapped(let snapshot, _, _, _) = column.storage {
        snapshots[ObjectIdentifier(snapshot)] = snapshot
      }
    }
    for snapshot in snapshots.values { snapshot.beginScan() }
    defer { for snapshot in snapshots.values { snapshot.endScan() } }
    return try body()
  }

  /// A key equal for programmes with the same title and no other titles
  /// in one snapshot (its title's string id), so that a search can test a
  /// title once, not once per programme; nil for an array column or a
  /// programme with other titles.
  public func titleKey(at index: Int) -> TitleKey? {
    guard case .mapped(let snapshot, let first, let count, _) = storage else { return nil }
    precondition(index >= 0 && index < count, "index out of range")
    return snapshot.titleID(ofRecord: first + index).map {
      TitleKey(snapshot: ObjectIdentifier(snapshot), title: $0)
    }
  }

  /// See `titleKey(at:)`.
  public struct TitleKey: Hashable, Sendable {
    var snapshot: ObjectIdentifier
    var title: UInt32
  }

  /// Which of a programme's texts and lists a reader needs (a search's
  /// words need the titles; times, flags and content flags are always read).
  public struct Fields: OptionSet, Sendable, Hashable {
    public let rawValue: UInt8
    public init(rawValue: UInt8) { self.rawValue = rawValue }
    /// Title and other titles.
    public static let titles = Fields(rawValue: 1 << 0)
    /// Sub-title, description and credits.
    public static let details = Fields(rawValue: 1 << 1)
    public static let categories = Fields(rawValue: 1 << 2)
    public static let ratings = Fields(rawValue: 1 << 3)
    /// Everything: also the date, star ratings, episode and extras.
    public static let all = Fields(rawValue: 0xFF)
  }
}

extension ProgrammeColumn: RandomAccessCollection, MutableCollection {
  public var startIndex: Int { 0 }

  public var endIndex: Int {
    switch storage {
    case .array(let programmes): return programmes.count
    case .mapped(_, _, let count, _): return count
    }
  }

  public subscript(index: Int) -> Programme {
    get {
      switch storage {
      case .array(let programmes): return programmes[index]
      case .mapped(let snapshot, let first, let count, let shift):
        precondition(index >= 0 && index < count, "index out of range")
        return snapshot.programme(ofRecord: first + index).shifted(by: shift)
      }
    }
    set {
      var programmes = takeArray()
      programmes[index] = newValue
      storage = .array(programmes)
    }
  }

  /// The programmes as an array, leaving the column empty (so that an
  /// array column is changed in place, not copied).
  private mutating func takeArray() -> [Programme] {
    let programmes = array
    storage = .array([])
    return programmes
  }
}

extension ProgrammeColumn: RangeReplaceableCollection {
  public init() { storage = .array([]) }

  public mutating func replaceSubrange<C: Collection<Programme>>(
    _ subrange: Range<Int>, with newElements: C
  ) {
    var programmes = takeArray()
    programmes.replaceSubrange(subrange, with: newElements)
    storage = .array(programmes)
  }

  public mutating func reserveCapacity(_ capacity: Int) {
    var programmes = takeArray()
    programmes.reserveCapacity(capacity)
    storage = .array(programmes)
  }
}

extension ProgrammeColumn: ExpressibleByArrayLiteral {
  public init(arrayLiteral programmes: Programme...) { storage = .array(programmes) }
}

extension ProgrammeColumn: Hashable {
  public static func == (lhs: ProgrammeColumn, rhs: ProgrammeColumn) -> Bool {
    lhs.elementsEqual(rhs)
  }

  public func hash(into hasher: inout Hasher) {
    hasher.combine(count)
    for programme in self { hasher.combine(programme) }
  }
}
