/// Reading a snapshot (the layout is described on `ScheduleSnapshot`).
///
/// Every read goes through `Reader`, which checks each offset against the
/// buffer first, so damage past the checksum (or a wrong checksum that
/// happens to match) gives a `Rejection`, never a read out of bounds.
extension ScheduleSnapshot {
  /// The header of `bytes`, checked (magic, byte order, version, length,
  /// section bounds, index checksum).
  public static func header(_ bytes: UnsafeRawBufferPointer) throws(Rejection) -> Header {
    var reader = try Reader(bytes)
    var header = try reader.header()
    header.sourcePath = try reader.string(try reader.u32(80)) ?? ""
    return header
  }

  /// The schedule in `bytes`, every programme decoded, after every check
  /// of `header`, and the key when `key` is given. (A snapshot file is
  /// read in place instead: `MappedSnapshot`.)
  public static func decode(_ bytes: UnsafeRawBufferPointer, key: UInt64? = nil)
    throws(Rejection) -> Schedule
  {
    var reader = try Reader(bytes)
    let header = try reader.header()
    if let key, header.key != key { throw .otherKey }
    return try reader.schedule(try reader.layout())
  }

  /// A checked view of the snapshot's bytes (a mapped file or an array).
  ///
  /// `@unchecked Sendable`: the bytes are only read, and a reader shared
  /// between threads (`MappedSnapshot`'s) is behind a lock, with no
  /// `release`.
  struct Reader: @unchecked Sendable {
    let bytes: UnsafeRawBufferPointer
    var indexOffset = 0
    var indexLength = 0
    var stringsOffset = 0
    var stringsLength = 0
    var tableOffset = 0
    var stringCount = 0
    /// Strings decoded so far, by id: repeated ones share one storage.
    var decoded: [UInt32: String] = [:]
    /// Longest string (bytes) kept in `decoded`: all of them when the
    /// whole schedule is decoded; a mapped snapshot keeps the short ones
    /// (titles, which repeat), not every description a search has read.
    var keepDecodedUpTo = Int.max
    /// Told of ranges of the index hashed and done with, about every
    /// `releaseEvery` bytes, while the checksum is checked (a mapped
    /// file's pages can be dropped there: see `MappedSnapshot.open`).
    var release: ((Range<Int>) -> Void)?
    /// Bytes read between two calls of `release`.
    var releaseEvery = 1 << 23
    /// Where records, strings and extras were read (see `MappedSnapshot`).
    var regions = MappedSnapshot.Regions()
    /// Lists decoded so far, by a hash of their string ids: where their
    /// ids start in the extras, and the list.
    var lists: [UInt64: (start: Int, list: [String])] = [:]
    /// Extras lists met before, shared as the loader shares them.
    var sharedExtras: [[ProgrammeExtra]: [ProgrammeExtra]] = [:]

    init(_ bytes: UnsafeRawBufferPointer) throws(Rejection) {
      self.bytes = bytes
    }

    func u32(_ offset: Int) throws(Rejection) -> UInt32 {
      guard offset >= 0, offset + 4 <= bytes.count else { throw .corrupt("offset") }
      return bytes.loadUnaligned(fromByteOffset: offset, as: UInt32.self)
    }

    func i32(_ offset: Int) throws(Rejection) -> Int32 { Int32(bitPattern: try u32(offset)) }

    func u16(_ offset: Int) throws(Rejection) -> UInt16 {
      guard offset >= 0, offset + 2 <= bytes.count else { throw .corrupt("offset") }
      return bytes.loadUnaligned(fromByteOffset: offset, as: UInt16.self)
    }

    func u64(_ offset: Int) throws(Rejection) -> UInt64 {
      guard offset >= 0, offset + 8 <= bytes.count else { throw .corrupt("offset") }
      return bytes.loadUnaligned(fromByteOffset: offset, as: UInt64.self)
    }

    func i64(_ offset: Int) throws(Rejection) -> Int64 { Int64(bitPattern: try u64(offset)) }

    /// Checks the header's structure and the index checksum.
    mutating func header() throws(Rejection) -> Header {
      let magic = ScheduleSnapshot.magic
      guard bytes.count >= magic.count, bytes.prefix(magic.count).elementsEqual(magic) else {
        throw bytes.count < magic.count ? .truncated : .notASnapshot
      }
      guard bytes.count >= ScheduleSnapshot.headerSize else { throw .truncated }
      let mark = try u32(8)
      if mark == ScheduleSnapshot.byteOrderMark.byteSwapped { throw .otherByteOrder }
      guard mark == ScheduleSnapshot.byteOrderMark else { throw .corrupt("byte-order mark") }
      let version = try u32(12)
      guard version == ScheduleSnapshot.formatVersion else { throw .otherVersion(version) }
      let length = try u64(16)
      guard length <= UInt64(bytes.count) else { throw .truncated }
      guard length == UInt64(bytes.count) else { throw .corrupt("length") }
      func bound(_ at: Int) throws(Rejection) -> Int {
        let value = try u64(at)
        guard value <= length else { throw .corrupt("section bounds") }
        return Int(value)
      }
      indexOffset = try bound(40)
      indexLength = try bound(48)
      stringsOffset = try bound(56)
      stringsLength = try bound(64)
      guard indexOffset >= ScheduleSnapshot.headerSize, indexOffset + indexLength <= stringsOffset,
        stringsOffset + stringsLength <= bytes.count,
        indexLength >= ScheduleSnapshot.countsSize
      else { throw .corrupt("section bounds") }
      try verifyChecksum()
      stringCount = Int(try u32(indexOffset + 12))
      tableOffset = indexOffset + ScheduleSnapshot.countsSize
      guard stringCount <= (indexLength - ScheduleSnapshot.countsSize) / 8 else {
        throw .corrupt("string count")
      }
      let key = try u64(24)
      let writtenAt = try i64(72)
      // The source path is a string: read by `ScheduleSnapshot.header`.
      return Header(version: version, key: key, writtenAt: writtenAt, sourcePath: "")
    }

    func verifyChecksum() throws(Rejection) {
      let stored = try u64(32)
      let index = UnsafeRawBufferPointer(rebasing: bytes[indexOffset..<indexOffset + indexLength])
      var hasher = SnapshotHasher()
      let start = indexOffset
      hasher.combine(
        index, stride: releaseEvery,
        done: release.map { release in { release(start..<start + $0) } })
      guard hasher.value == stored else { throw .checksumMismatch }
    }

    /// String `id`, or nil for `none`.
    mutating func string(_ id: UInt32) throws(Rejection) -> String? {
      if id == ScheduleSnapshot.none { return nil }
      let index = Int(id)
      guard index < stringCount else { throw .corrupt("string id") }
      if let known = decoded[id] { return known }
      regions.insert(tableOffset + index * 8)
      let offset = Int(try u32(tableOffset + index * 8))
      let count = Int(try u32(tableOffset + index * 8 + 4))
      guard offset <= stringsLength, count <= stringsLength - offset else {
        throw .corrupt("string bounds")
      }
      let start = stringsOffset + offset
      regions.insert(start)
      let text = String(
        decoding: UnsafeRawBufferPointer(rebasing: bytes[start..<start + count]), as: UTF8.self)
      if count <= keepDecodedUpTo { decoded[id] = text }
      return text
    }

    mutating func requiredString(_ id: UInt32) throws(Rejection) -> String {
      guard let text = try string(id) else { throw .corrupt("missing string") }
      return text
    }

    /// Where the index's sections are (after `header`).
    struct Layout {
      var channelCount: Int
      var programmeCount: Int
      var findingCount: Int
      /// Distinct category lists (`RecordField.categoryList` is below).
      var categoryListCount: Int
      var channelsOffset: Int
      var programmesOffset: Int
      var findingsOffset: Int
      var extras: Extras
    }

    /// The sections' offsets, checked against the index's length.
    func layout() throws(Rejection) -> Layout {
      let base = indexOffset
      let channelCount = Int(try u32(base))
      let programmeCount = Int(try u32(base + 4))
      let extrasCount = Int(try u32(base + 8))
      let findingCount = Int(try u32(base + 16))
      let categoryListCount = Int(try u32(base + 20))
      let channelsOffset = tableOffset + stringCount * 8
      let programmesOffset = channelsOffset + channelCount * ScheduleSnapshot.channelRecordSize
      let findingsOffset = programmesOffset + programmeCount * ScheduleSnapshot.programmeRecordSize
      let extrasOffset = findingsOffset + findingCount * ScheduleSnapshot.findingRecordSize
      guard channelCount < 1 << 26, programmeCount < 1 << 28, findingCount < 1 << 28,
        categoryListCount <= programmeCount, extrasCount < 1 << 30,
        extrasOffset + extrasCount * 4 <= base + indexLength
      else { throw .corrupt("counts") }
      return Layout(
        channelCount: channelCount, programmeCount: programmeCount, findingCount: findingCount,
        categoryListCount: categoryListCount, channelsOffset: channelsOffset,
        programmesOffset: programmesOffset,
        findingsOffset: findingsOffset, extras: Extras(offset: extrasOffset, count: extrasCount))
    }

    /// The schedule: channels and report decoded; the programmes decoded
    /// too, or, with `snapshot`, left where they are for its columns to read.
    mutating func schedule(_ layout: Layout, readingIn snapshot: MappedSnapshot? = nil)
      throws(Rejection) -> Schedule
    {
      let base = indexOffset
      let programmeCount = layout.programmeCount
      let programmesOffset = layout.programmesOffset
      let extras = layout.extras
      var report = LoadReport()
      report.invalidByteCount = Int(try i64(base + 32))
      report.controlCharacterCount = Int(try i64(base + 40))
      report.repairCount = Int(try u32(base + 24))
      report.findings.reserveCapacity(layout.findingCount)
      for index in 0..<layout.findingCount {
        let at = layout.findingsOffset + index * ScheduleSnapshot.findingRecordSize
        guard let kind = LoadReport.Finding.Kind(rawValue: try requiredString(try u32(at))) else {
          throw .corrupt("finding kind")
        }
        report.findings.append(
          LoadReport.Finding(
            kind: kind, line: Int(try i32(at + 4)), column: Int(try i32(at + 8)),
            message: try requiredString(try u32(at + 12))))
      }

      var channels: [Channel] = []
      var programmes: [ProgrammeColumn] = []
      var alsoListed: [ProgrammeColumn] = []
      channels.reserveCapacity(layout.channelCount)
      programmes.reserveCapacity(layout.channelCount)
      for index in 0..<layout.channelCount {
        let at = layout.channelsOffset + index * ScheduleSnapshot.channelRecordSize
        var channel = Channel(
          id: try requiredString(try u32(at)), name: try requiredString(try u32(at + 4)),
          iconURL: try string(try u32(at + 8)), number: try string(try u32(at + 12)),
          isImplicit: try u32(at + 16) != 0)
        let names = try u32(at + 20)
        if names != ScheduleSnapshot.none {
          var cursor = Int(names)
          channel.otherNames = try list(extras, &cursor)
        }
        channels.append(channel)
        for (first, count, into) in [(at + 24, at + 28, 0), (at + 32, at + 36, 1)] {
          let start = Int(try u32(first))
          let length = Int(try u32(count))
          guard start <= programmeCount, length <= programmeCount - start else {
            throw .corrupt("programme range")
          }
          let column: ProgrammeColumn
          if let snapshot {
            column = ProgrammeColumn(snapshot: snapshot, first: start, count: length)
          } else {
            var list: [Programme] = []
            list.reserveCapacity(length)
            for record in start..<start + length {
              list.append(
                try programme(
                  at: programmesOffset + record * ScheduleSnapshot.programmeRecordSize,
                  extras: extras))
            }
            column = ProgrammeColumn(list)
          }
          if into == 0 { programmes.append(column) } else { alsoListed.append(column) }
        }
      }
      return Schedule(
        channels: channels, columns: programmes, alsoListed: alsoListed, report: report)
    }

    /// Where the extras words are.
    struct Extras {
      var offset: Int
      var count: Int
    }

    mutating func word(_ extras: Extras, _ cursor: inout Int) throws(Rejection) -> UInt32 {
      guard cursor >= 0, cursor < extras.count else { throw .corrupt("extras") }
      regions.insert(extras.offset + cursor * 4)
      defer { cursor += 1 }
      return try u32(extras.offset + cursor * 4)
    }

    mutating func list(_ extras: Extras, _ cursor: inout Int) throws(Rejection) -> [String] {
      let count = Int(try word(extras, &cursor))
      guard count <= extras.count - cursor else { throw .corrupt("extras") }
      if count == 0 { return [] }
      // A list met before (the same categories, say) shares its storage,
      // as the loader's interned lists do.
      var hash: UInt64 = 0xcbf2_9ce4_8422_2325
      for index in cursor..<cursor + count {
        hash = (hash ^ UInt64(try u32(extras.offset + index * 4))) &* 0x0000_0100_0000_01b3
      }
      if let (start, known) = lists[hash], known.count == count {
        var same = true
        for i in 0..<count where same {
          same = try u32(extras.offset + (start + i) * 4) == u32(extras.offset + (cursor + i) * 4)
        }
        if same {
          cursor += count
          return known
        }
      }
      let start = cursor
      var result: [String] = []
      result.reserveCapacity(count)
      for _ in 0..<count { result.append(try requiredString(try word(extras, &cursor))) }
      lists[hash] = (start, result)
      return result
    }

    /// The programme whose record is at `at`; with `fields`, only those
    /// of its texts and lists (the rest empty), and its times and flags.
    mutating func programme(
      at: Int, extras: Extras, fields: ProgrammeColumn.Fields = .all
    ) throws(Rejection) -> Programme {
      regions.insert(at)
      guard at >= 0, at + ScheduleSnapshot.programmeRecordSize <= bytes.count else {
        throw .corrupt("offset")
      }
      typealias Field = ScheduleSnapshot.RecordField
      let everything = fields == .all
      let details = fields.contains(.details)
      var programme = ScheduleSnapshot.recordAlone(bytes, at: at)
      if fields.contains(.titles) {
        programme.title = try requiredString(try u32(at + Field.title))
      }
      if details {
        programme.subTitle = try string(try u32(at + Field.subTitle))
        programme.description = try string(try u32(at + Field.description))
      }
      if everything { programme.date = try string(try u32(at + Field.date)) }
      let first = try u32(at + Field.extras)
      guard first != ScheduleSnapshot.none else { return programme }
      var cursor = Int(first)
      func listOrSkip(_ wanted: ProgrammeColumn.Fields) throws(Rejection) -> [String] {
        if fields.contains(wanted) { return try list(extras, &cursor) }
        let count = Int(try word(extras, &cursor))
        guard count <= extras.count - cursor else { throw .corrupt("extras") }
        cursor += count
        return []
      }
      programme.otherTitles = try listOrSkip(.titles)
      programme.categories = try listOrSkip(.categories)
      programme.ratings = try listOrSkip(.ratings)
      guard everything || details else { return programme }
      programme.starRatings = try listOrSkip(.all)
      let credits = Int(try word(extras, &cursor))
      guard credits <= extras.count - cursor else { throw .corrupt("extras") }
      programme.credits.reserveCapacity(credits)
      for _ in 0..<credits {
        guard let role = Credit.Role(rawValue: try requiredString(try word(extras, &cursor)))
        else { throw .corrupt("credit role") }
        programme.credits.append(
          Credit(
            role: role, name: try requiredString(try word(extras, &cursor)),
            character: try string(try word(extras, &cursor))))
      }
      guard everything else { return programme }
      if try word(extras, &cursor) != 0 {
        // No array: this runs for most programmes of a large guide.
        func number(_ value: UInt32) -> Int? { value == 0 ? nil : Int(value) }
        let season = number(try word(extras, &cursor))
        let seasonCount = number(try word(extras, &cursor))
        let episode = number(try word(extras, &cursor))
        let episodeCount = number(try word(extras, &cursor))
        let part = number(try word(extras, &cursor))
        let partCount = number(try word(extras, &cursor))
        programme.episode = EpisodeNumber(
          season: season, seasonCount: seasonCount, episode: episode,
          episodeCount: episodeCount, part: part, partCount: partCount,
          onscreen: try string(try word(extras, &cursor)))
      }
      let extraCount = Int(try word(extras, &cursor))
      guard extraCount <= extras.count - cursor else { throw .corrupt("extras") }
      for _ in 0..<extraCount {
        // The tag is the kind's `rank` (its case's place in declaration order).
        let tag = try word(extras, &cursor)
        func text() throws(Rejection) -> String { try requiredString(try word(extras, &cursor)) }
        switch tag {
        case 0: programme.extras.append(.sound(try text()))
        case 1: programme.extras.append(.aspect(try text()))
        case 2: programme.extras.append(.quality(try text()))
        case 3:
          let rating = try text()
          programme.extras.append(.ratingIcon(rating: rating, url: try text()))
        case 4:
          let body = try text()
          let isURL = try word(extras, &cursor) != 0
          let by = try string(try word(extras, &cursor))
          programme.extras.append(.review(ProgrammeExtra.Review(text: body, isURL: isURL, by: by)))
        case 5: programme.extras.append(.url(try text()))
        case 6: programme.extras.append(.image(try text()))
        default: throw .corrupt("programme extra")
        }
      }
      if !programme.extras.isEmpty && ProgrammeExtra.isShareable(programme.extras) {
        if let shared = sharedExtras[programme.extras] {
          programme.extras = shared
        } else {
          sharedExtras[programme.extras] = programme.extras
        }
      }
      return programme
    }
  }
}
