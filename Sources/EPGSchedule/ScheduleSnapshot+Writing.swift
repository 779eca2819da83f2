/// Writing a snapshot (the layout is described on `ScheduleSnapshot`).
extension ScheduleSnapshot {
  /// The snapshot of `schedule` for `key`, read from `sourcePath`, written
  /// at `writtenAt` (seconds since 1970), as one array.
  public static func encode(
    _ schedule: Schedule, key: UInt64, sourcePath: String, writtenAt: Int64
  ) -> [UInt8] {
    var bytes: [UInt8] = []
    write(schedule, key: key, sourcePath: sourcePath, writtenAt: writtenAt) {
      bytes.append(contentsOf: $0)
      return true
    }
    return bytes
  }

  /// Writes the snapshot (as `encode`) piece by piece to `output`, which
  /// returns false on failure; false when it did. The pieces are not
  /// joined in memory first: a large guide's snapshot is not held twice.
  @discardableResult
  public static func write(
    _ schedule: Schedule, key: UInt64, sourcePath: String, writtenAt: Int64,
    to output: (UnsafeRawBufferPointer) -> Bool
  ) -> Bool {
    var encoder = Encoder()
    let source = encoder.string(sourcePath)
    var first: UInt32 = 0
    let also =
      schedule.alsoListed.isEmpty ? schedule.programmes.map { _ in [] } : schedule.alsoListed
    let shownCount = UInt32(schedule.programmeCount)
    var alsoFirst = shownCount
    for (index, channel) in schedule.channels.enumerated() {
      let shown = schedule.programmes[index]
      encoder.channel(
        channel, programmes: (first, UInt32(shown.count)),
        alsoListed: (alsoFirst, UInt32(also[index].count)))
      first += UInt32(shown.count)
      alsoFirst += UInt32(also[index].count)
    }
    for list in schedule.programmes { for programme in list { encoder.programme(programme) } }
    for list in also { for programme in list { encoder.programme(programme) } }
    for finding in schedule.report.findings { encoder.finding(finding) }

    var counts: [UInt8] = []
    for count in [
      UInt32(schedule.channels.count), alsoFirst, UInt32(encoder.extras.count),
      UInt32(encoder.table.count / 2), UInt32(schedule.report.findings.count),
      UInt32(encoder.categoryLists.count), UInt32(clamping: schedule.report.repairCount), 0,
    ] {
      counts.appendRaw(count)
    }
    counts.appendRaw(Int64(schedule.report.invalidByteCount))
    counts.appendRaw(Int64(schedule.report.controlCharacterCount))
    let unpadded =
      counts.count + encoder.table.count * 4 + encoder.channels.count
      + encoder.programmes.count + encoder.findings.count + encoder.extras.count * 4
    let padding = [UInt8](repeating: 0, count: (8 - unpadded % 8) % 8)
    let indexLength = unpadded + padding.count
    // The index's pieces, in order: hashed, then written, one at a time.
    var hasher = SnapshotHasher()
    func eachPiece(_ body: (UnsafeRawBufferPointer) -> Bool) -> Bool {
      counts.withUnsafeBytes { body($0) } && encoder.table.withUnsafeBytes { body($0) }
        && encoder.channels.withUnsafeBytes { body($0) }
        && encoder.programmes.withUnsafeBytes { body($0) }
        && encoder.findings.withUnsafeBytes { body($0) }
        && encoder.extras.withUnsafeBytes { body($0) } && padding.withUnsafeBytes { body($0) }
    }
    _ = eachPiece {
      hasher.combine($0)
      return true
    }

    let indexOffset = UInt64(headerSize)
    let stringsOffset = indexOffset + UInt64(indexLength)
    var header: [UInt8] = magic
    header.appendRaw(byteOrderMark)
    header.appendRaw(formatVersion)
    header.appendRaw(stringsOffset + UInt64(encoder.stringBytes.count))
    header.appendRaw(key)
    header.appendRaw(hasher.value)
    header.appendRaw(indexOffset)
    header.appendRaw(UInt64(indexLength))
    header.appendRaw(stringsOffset)
    header.appendRaw(UInt64(encoder.stringBytes.count))
    header.appendRaw(writtenAt)
    header.appendRaw(source)
    header.appendRaw(UInt32(0))
    assert(header.count == headerSize)
    return header.withUnsafeBytes { output($0) } && eachPiece(output)
      && encoder.stringBytes.withUnsafeBytes { output($0) }
  }

  /// Collects the sections while the schedule is walked once.
  private struct Encoder {
    /// Each distinct string's id.
    var ids: [String: UInt32] = [:]
    /// Per string: offset, length.
    var table: [UInt32] = []
    var stringBytes: [UInt8] = []
    var channels: [UInt8] = []
    var programmes: [UInt8] = []
    var findings: [UInt8] = []
    var extras: [UInt32] = []
    /// The programmes' category lists, numbered in order of first use.
    var categoryLists: [[String]: UInt32] = [:]

    mutating func string(_ text: String) -> UInt32 {
      if let id = ids[text] { return id }
      let id = UInt32(table.count / 2)
      ids[text] = id
      let start = stringBytes.count
      stringBytes += text.utf8
      table.append(UInt32(start))
      table.append(UInt32(stringBytes.count - start))
      return id
    }

    mutating func string(_ text: String?) -> UInt32 {
      text.map { string($0) } ?? ScheduleSnapshot.none
    }

    mutating func list(_ texts: [String]) {
      extras.append(UInt32(texts.count))
      for text in texts { extras.append(string(text)) }
    }

    mutating func channel(
      _ channel: Channel, programmes: (UInt32, UInt32), alsoListed: (UInt32, UInt32)
    ) {
      var otherNames = ScheduleSnapshot.none
      if !channel.otherNames.isEmpty {
        otherNames = UInt32(extras.count)
        list(channel.otherNames)
      }
      let words: [UInt32] = [
        string(channel.id), string(channel.name), string(channel.iconURL),
        string(channel.number), channel.isImplicit ? 1 : 0, otherNames, programmes.0,
        programmes.1, alsoListed.0, alsoListed.1,
      ]
      for word in words { channels.appendRaw(word) }
    }

    mutating func programme(_ p: Programme) {
      var extra = ScheduleSnapshot.none
      if !p.otherTitles.isEmpty || !p.categories.isEmpty || !p.ratings.isEmpty
        || !p.starRatings.isEmpty || !p.credits.isEmpty || p.episode != nil || !p.extras.isEmpty
      {
        extra = UInt32(extras.count)
        list(p.otherTitles)
        list(p.categories)
        list(p.ratings)
        list(p.starRatings)
        extras.append(UInt32(p.credits.count))
        for credit in p.credits {
          extras.append(string(credit.role.rawValue))
          extras.append(string(credit.name))
          extras.append(string(credit.character))
        }
        if let episode = p.episode {
          extras.append(1)
          for value in [
            episode.season, episode.seasonCount, episode.episode, episode.episodeCount,
            episode.part, episode.partCount,
          ] {
            extras.append(UInt32(value ?? 0))
          }
          extras.append(string(episode.onscreen))
        } else {
          extras.append(0)
        }
        extras.append(UInt32(p.extras.count))
        for extra in p.extras {
          // The tag is the kind's place in the canonical order (`rank`).
          extras.append(UInt32(extra.rank))
          switch extra {
          case .sound(let text), .aspect(let text), .quality(let text), .url(let text),
            .image(let text):
            extras.append(string(text))
          case .ratingIcon(let rating, let url): extras += [string(rating), string(url)]
          case .review(let review):
            extras += [string(review.text), review.isURL ? 1 : 0, string(review.by)]
          }
        }
      }
      programmes.appendRaw(p.start)
      programmes.appendRaw(p.stop)
      programmes.appendRaw(p.listedStop)
      programmes.appendRaw(string(p.title))
      programmes.appendRaw(string(p.subTitle))
      programmes.appendRaw(string(p.description))
      programmes.appendRaw(string(p.date))
      programmes.appendRaw(Int32(clamping: p.length ?? -1))
      programmes.appendRaw(Int32(clamping: p.sourceLine))
      programmes.appendRaw(extra)
      programmes.append(p.flags.rawValue)
      programmes.append(p.stopIsEstimated ? 1 : 0)
      programmes.appendRaw(p.content.rawValue)
      let categoryList = categoryLists[p.categories] ?? UInt32(categoryLists.count)
      categoryLists[p.categories] = categoryList
      programmes.appendRaw(categoryList)
      programmes.appendRaw(UInt32(0))
    }

    mutating func finding(_ finding: LoadReport.Finding) {
      findings.appendRaw(string(finding.kind.rawValue))
      findings.appendRaw(Int32(clamping: finding.line))
      findings.appendRaw(Int32(clamping: finding.column))
      findings.appendRaw(string(finding.message))
    }
  }
}

extension [UInt8] {
  /// Appends `value`'s bytes in this machine's order.
  mutating func appendRaw<T: FixedWidthInteger>(_ value: T) {
    Swift.withUnsafeBytes(of: value) { append(contentsOf: $0) }
  }

}
