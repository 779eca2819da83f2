import CXMLTVReader
import EPGCore
import Foundation

/// Turns the C reader's records into channels and programmes for a
/// `ScheduleBuilder`, choosing texts by preferred language. It reads a
/// record's bytes where they lie: the parser's own (on the parsing thread,
/// during its callback) or an `XMLTVRecordBatch`'s (on another thread).
///
/// A class: it keeps state between records (the last channel looked up, the
/// reused scratch arrays) and is handed to the building thread. One thread
/// at a time reads with it, and no method re-enters another, so its state
/// goes without the per-access exclusivity check.
final class XMLTVRecordReader<Sink: XMLTVRecordSink> {
  typealias Span = xmltv_bytes
  typealias Field = xmltv_field

  let builder: Sink
  private let languages: [[UInt8]]
  @exclusivity(unchecked) private var lastChannelID: [UInt8] = []
  @exclusivity(unchecked) private var lastChannelIndex = -1

  init(builder: Sink) {
    self.builder = builder
    languages = builder.options.preferredLanguages.map { Array(Self.primarySubtag($0).utf8) }
  }

  private static func primarySubtag(_ tag: String) -> String {
    String(tag.lowercased().prefix { $0 != "-" && $0 != "_" })
  }

  // MARK: - Records

  /// Reads a batch's records and diagnostics in order, as the parser gave them.
  func read(_ batch: XMLTVRecordBatch) {
    batch.forEach(
      record: { read($0) },
      diagnostic: { kind, line, column, message in
        readDiagnostic(kind: kind, line: line, column: column, message: message)
      })
  }

  /// Reads one record (its bytes are needed only during the call).
  func read(_ record: UnsafePointer<xmltv_record>) {
    let r = record.pointee
    let fields = UnsafeBufferPointer(start: r.fields, count: r.field_count)
    if r.kind == Int32(XMLTV_RECORD_CHANNEL.rawValue) {
      handleChannel(r, fields)
    } else {
      handleProgramme(r, fields)
    }
  }

  /// Reads a diagnostic of the parser (`kind` is an `xmltv_diag_kind`).
  func readDiagnostic(kind: Int32, line: Int, column: Int, message: String) {
    let findingKind: LoadReport.Finding.Kind =
      switch kind {
      case Int32(XMLTV_DIAG_INVALID_BYTES.rawValue): .invalidBytes
      case Int32(XMLTV_DIAG_CONTROL_CHARACTER.rawValue): .controlCharacter
      case Int32(XMLTV_DIAG_REPAIR.rawValue): .xmlRepaired
      case Int32(XMLTV_DIAG_TRUNCATED.rawValue): .textCut
      default: .warning
      }
    builder.warn(findingKind, line: line, column: column, message)
  }

  private func handleChannel(_ r: xmltv_record, _ fields: UnsafeBufferPointer<Field>) {
    let line = r.line
    guard r.id.length > 0 else {
      builder.warn(.warning, line: line, "<channel> without an id attribute ignored")
      return
    }
    let id = string(r.id)
    let names = fields.filter { $0.kind == Int32(XMLTV_FIELD_DISPLAY_NAME.rawValue) }
      .filter { $0.text.length > 0 }
    var number: String?
    if let lcn = fields.first(where: { $0.kind == Int32(XMLTV_FIELD_LCN.rawValue) }),
      lcn.text.length > 0
    {
      number = string(lcn.text)
    }
    // Bare numbers among display names ("7", "13.1") are channel numbers,
    // not names.
    let isNumeric: (Field) -> Bool = { field in
      Self.isChannelNumber(UnsafeRawBufferPointer(self.bytes(field.text)))
    }
    let wordNames = names.filter { !isNumeric($0) }
    if number == nil, let numeric = names.first(where: isNumeric) { number = string(numeric.text) }
    let candidates = wordNames.isEmpty ? names : wordNames
    var name = id
    var others: [String] = []
    if let chosen = choose(candidates) {
      name = string(candidates[chosen].text)
      for (i, field) in names.enumerated() {
        let text = string(field.text)
        if text != name && !others.contains(text)
          && !(i == chosen && candidates.count == names.count)
        {
          others.append(text)
        }
      }
    }
    // A name that starts with the number ("3 BBC One" on channel 3) is shown
    // without it, as the number is shown beside every name; the full text
    // stays searchable.
    if let number, name.hasPrefix(number + " ") {
      let rest = String(name.dropFirst(number.count + 1)).trimmingWhitespace()
      if !rest.isEmpty {
        if !others.contains(name) { others.insert(name, at: 0) }
        name = rest
      }
    }
    var icon: String?
    if let field = fields.first(where: { $0.kind == Int32(XMLTV_FIELD_ICON.rawValue) }),
      field.text.length > 0
    {
      icon = string(field.text)
    }
    builder.define(
      Channel(id: id, name: name, otherNames: others, iconURL: icon, number: number), line: line)
    lastChannelIndex = -1
  }

  // Reused per record so that reading allocates no arrays of fields.
  @exclusivity(unchecked) private var titles: [Field] = []
  @exclusivity(unchecked) private var subTitles: [Field] = []
  @exclusivity(unchecked) private var descriptions: [Field] = []
  @exclusivity(unchecked) private var categoryFields: [Field] = []
  @exclusivity(unchecked) private var categoryScratch: [String] = []
  @exclusivity(unchecked) private var ratingScratch: [UInt8] = []
  @exclusivity(unchecked) private var extrasScratch: [ProgrammeExtra] = []

  private func handleProgramme(
    _ r: xmltv_record, _ fields: UnsafeBufferPointer<Field>
  ) {
    let line = r.line
    guard r.id.length > 0 else {
      builder.warn(.skippedProgramme, line: line, "programme without a channel attribute skipped")
      return
    }
    guard r.start.length > 0 else {
      builder.warn(.skippedProgramme, line: line, "programme without a start time skipped")
      return
    }
    guard let start = timestamp(r.start) else {
      builder.warn(
        .badTimestamp, line: line, "bad start time \"\(string(r.start))\"; programme skipped")
      return
    }
    if start.digitCount < 12 {
      builder.warn(
        .badTimestamp, line: line,
        "start time \"\(string(r.start))\" has only \(start.digitCount) digits (read as the earliest)"
      )
    }
    titles.removeAll(keepingCapacity: true)
    subTitles.removeAll(keepingCapacity: true)
    descriptions.removeAll(keepingCapacity: true)
    categoryFields.removeAll(keepingCapacity: true)
    for field in fields where field.text.length > 0 {
      switch field.kind {
      case Words.title: titles.append(field)
      case Words.subTitle: subTitles.append(field)
      case Words.desc: descriptions.append(field)
      case Words.category: categoryFields.append(field)
      default: break
      }
    }
    guard let titleIndex = choose(titles) else {
      builder.warn(.skippedProgramme, line: line, "programme without a title skipped")
      return
    }
    let channel = channelIndex(r.id, line: line)
    let shift = builder.options.shift
    var stop: EpochSeconds?
    // A stop before or at the start is left out, to be mended or taken
    // from the next start when the channel is normalised.
    var stopProblem: StopProblem?
    if r.stop.length > 0 {
      if let parsed = timestamp(r.stop) {
        if parsed.instant < start.instant {
          let nextDay = sameDate(r.start, r.stop) ? parsed.instant + shift + 86_400 : nil
          stopProblem = .beforeStart(nextDay: nextDay, written: string(r.stop))
        } else if parsed.instant == start.instant {
          stopProblem = .atStart
        } else {
          stop = parsed.instant + shift
        }
      } else {
        builder.warn(
          .badTimestamp, line: line, "bad stop time \"\(string(r.stop))\"; stop estimated")
      }
    }
    let startInstant = start.instant + shift
    let title = builder.intern(utf8: bytes(titles[titleIndex].text))
    var otherTitles: [String] = []
    if titles.count > 1 {
      for (i, field) in titles.enumerated() where i != titleIndex {
        let text = string(field.text)
        if text != title && !otherTitles.contains(text) { otherTitles.append(text) }
      }
    }
    var programme = Programme(
      start: startInstant, stop: stop ?? startInstant, stopIsEstimated: stop == nil,
      title: title, otherTitles: otherTitles, sourceLine: line)
    readTexts(into: &programme)
    readDetails(into: &programme, fields)
    var clump: (Int, Int)?
    if !r.clumpidx.isAbsent {
      clump = parseClump(string(r.clumpidx))
    }
    // Moved, not copied (`programme` is changed only through `inout`
    // calls: Swift 6.3 refuses `consume` of a variable set in a branch).
    builder.add(consume programme, channel: channel, clump: clump, stopProblem: stopProblem)
  }

  /// The sub-title, description and categories in the preferred language.
  private func readTexts(into programme: inout Programme) {
    if let index = choose(subTitles) {
      programme.subTitle = builder.intern(utf8: bytes(subTitles[index].text))
    }
    if let index = choose(descriptions) { programme.description = string(descriptions[index].text) }
    if let chosen = choose(categoryFields) {
      let language = categoryFields[chosen].qualifier
      categoryScratch.removeAll(keepingCapacity: true)
      for field in categoryFields
      where field.qualifier.length == 0 || same(field.qualifier, language) {
        let text = builder.intern(utf8: bytes(field.text))
        if !categoryScratch.contains(text) { categoryScratch.append(text) }
      }
      programme.categories = builder.intern(categoryScratch)
    }
  }

  /// Whether `bytes` are a channel number as display names and `<lcn>`
  /// write them: digits, or two digit groups joined by a dot (ATSC's
  /// major.minor "13.1").
  static func isChannelNumber(_ bytes: UnsafeRawBufferPointer) -> Bool {
    let groups = bytes.split(separator: UInt8(ascii: "."), omittingEmptySubsequences: false)
    return (1...2).contains(groups.count)
      && groups.allSatisfy { !$0.isEmpty && $0.allSatisfy { $0 >= 48 && $0 <= 57 } }
  }

  private func readDetails(
    into programme: inout Programme, _ fields: UnsafeBufferPointer<Field>
  ) {
    var image: String?
    var icon: String?
    extrasScratch.removeAll(keepingCapacity: true)
    for field in fields {
      switch xmltv_field_kind(rawValue: UInt32(field.kind)) {
      case XMLTV_FIELD_EPISODE_NUM:
        guard field.text.length > 0 else { continue }
        if equalsIgnoringCase(field.qualifier, Words.xmltvNS) {
          if let parsed = EpisodeNumber.parseXMLTVNS(UnsafeRawBufferPointer(bytes(field.text))) {
            let onscreen = programme.episode?.onscreen
            programme.episode = parsed
            programme.episode?.onscreen = onscreen
          } else {
            builder.warn(
              .warning, line: programme.sourceLine,
              "bad xmltv_ns episode number \"\(string(field.text))\"")
          }
        } else if field.qualifier.length == 0 || equalsIgnoringCase(field.qualifier, Words.onscreen)
        {
          if programme.episode == nil { programme.episode = EpisodeNumber() }
          programme.episode?.onscreen = string(field.text)
        }
      case XMLTV_FIELD_DATE:
        if field.text.length > 0 { programme.date = builder.intern(utf8: bytes(field.text)) }
      case XMLTV_FIELD_RATING:
        guard field.text.length > 0 else { continue }
        // "system: value", or the value alone.
        ratingScratch.removeAll(keepingCapacity: true)
        if field.qualifier.length > 0 {
          ratingScratch.append(contentsOf: bytes(field.qualifier))
          ratingScratch.append(contentsOf: ": ".utf8)
        }
        ratingScratch.append(contentsOf: bytes(field.text))
        programme.ratings.append(ratingScratch.withUnsafeBufferPointer { builder.intern(utf8: $0) })
      case XMLTV_FIELD_STAR_RATING:
        if field.text.length > 0 {
          programme.starRatings.append(builder.intern(utf8: bytes(field.text)))
        }
      case XMLTV_FIELD_LENGTH:
        guard let value = integer(field.text) else { continue }
        if equalsIgnoringCase(field.qualifier, Words.minutes) {
          programme.length = value * 60
        } else if equalsIgnoringCase(field.qualifier, Words.hours) {
          programme.length = value * 3600
        } else {
          programme.length = value
        }
      case XMLTV_FIELD_CREDIT:
        guard field.text.length > 0, let role = Credit.Role(rawValue: string(field.qualifier))
        else { continue }
        let character = field.extra.length > 0 ? builder.intern(utf8: bytes(field.extra)) : nil
        programme.credits.append(
          Credit(role: role, name: builder.intern(utf8: bytes(field.text)), character: character))
      case XMLTV_FIELD_NEW: programme.flags.insert(.new)
      case XMLTV_FIELD_PREMIERE: programme.flags.insert(.premiere)
      case XMLTV_FIELD_PREVIOUSLY_SHOWN: programme.flags.insert(.previouslyShown)
      case XMLTV_FIELD_LAST_CHANCE: programme.flags.insert(.lastChance)
      case XMLTV_FIELD_LIVE: programme.flags.insert(.live)
      case XMLTV_FIELD_SUBTITLES:
        programme.content.insert(ContentFlags.subtitles(type: string(field.text)))
      case XMLTV_FIELD_AUDIO_DESCRIBED: programme.content.insert(.audioDescribed)
      case XMLTV_FIELD_AUDIO, XMLTV_FIELD_VIDEO:
        readSoundOrPicture(field, into: &programme)
      case XMLTV_FIELD_RATING_ICON:
        // It follows its rating's field; a rating without a value has none.
        guard field.text.length > 0, let rating = programme.ratings.last else { continue }
        extrasScratch.append(.ratingIcon(rating: rating, url: string(field.text)))
      case XMLTV_FIELD_REVIEW:
        guard field.text.length > 0 else { continue }
        extrasScratch.append(
          .review(
            ProgrammeExtra.Review(
              text: string(field.text), isURL: equalsIgnoringCase(field.qualifier, Words.url),
              by: field.extra.length > 0 ? builder.intern(utf8: bytes(field.extra)) : nil)))
      case XMLTV_FIELD_URL:
        if field.text.length > 0 { extrasScratch.append(.url(string(field.text))) }
      case XMLTV_FIELD_IMAGE:
        if image == nil, field.text.length > 0 { image = string(field.text) }
      case XMLTV_FIELD_ICON:
        if icon == nil, field.text.length > 0 { icon = string(field.text) }
      default: break
      }
    }
    if let picture = image ?? icon { extrasScratch.append(.image(picture)) }
    ProgrammeExtra.sortCanonically(&extrasScratch)
    programme.extras = builder.intern(extrasScratch)
  }

  /// A child of `<audio>` or `<video>` (its name is the qualifier).
  private func readSoundOrPicture(_ field: Field, into programme: inout Programme) {
    guard field.text.length > 0 else { return }
    let isAudio = field.kind == Int32(XMLTV_FIELD_AUDIO.rawValue)
    if equalsIgnoringCase(field.qualifier, Words.present) {
      if equalsIgnoringCase(field.text, Words.no) {
        programme.content.insert(isAudio ? .noSound : .noPicture)
      }
    } else if isAudio {
      if equalsIgnoringCase(field.qualifier, Words.stereo) {
        extrasScratch.append(.sound(builder.intern(utf8: bytes(field.text))))
      }
    } else if equalsIgnoringCase(field.qualifier, Words.colour) {
      if equalsIgnoringCase(field.text, Words.no) { programme.content.insert(.blackAndWhite) }
    } else if equalsIgnoringCase(field.qualifier, Words.aspect) {
      extrasScratch.append(.aspect(builder.intern(utf8: bytes(field.text))))
    } else if equalsIgnoringCase(field.qualifier, Words.quality) {
      let quality = builder.intern(utf8: bytes(field.text))
      extrasScratch.append(.quality(quality))
      programme.content.insert(ContentFlags.definition(quality: quality))
    }
  }

  /// A decimal number of at most 9 digits, else nil.
  private func integer(_ span: Span) -> Int64? {
    guard (1...9).contains(span.length) else { return nil }
    var value: Int64 = 0
    for byte in bytes(span) {
      guard byte >= 48 && byte <= 57 else { return nil }
      value = value * 10 + Int64(byte - 48)
    }
    return value
  }

  /// Whether ASCII `span` equals lower-case `word`, ignoring case.
  private func equalsIgnoringCase(_ span: Span, _ word: StaticString) -> Bool {
    guard span.length == word.utf8CodeUnitCount, !span.isAbsent else { return false }
    let expected = UnsafeBufferPointer(start: word.utf8Start, count: word.utf8CodeUnitCount)
    for (byte, expected) in zip(bytes(span), expected) {
      let lower = byte >= 65 && byte <= 90 ? byte + 32 : byte
      if lower != expected { return false }
    }
    return true
  }

  // MARK: - Helpers

  /// The bytes of `span` (empty if absent).
  private func bytes(_ span: Span) -> UnsafeBufferPointer<UInt8> {
    UnsafeBufferPointer(
      start: UnsafeRawPointer(span.bytes)?.assumingMemoryBound(to: UInt8.self),
      count: span.length)
  }

  private func channelIndex(_ id: Span, line: Int) -> Int {
    let bytes = bytes(id)
    if lastChannelIndex >= 0,
      lastChannelID.withUnsafeBufferPointer({ Self.equal($0, bytes) })
    {
      return lastChannelIndex
    }
    let index = builder.channel(for: String(decoding: bytes, as: UTF8.self), line: line)
    lastChannelID = Array(bytes)
    lastChannelIndex = index
    return index
  }

  /// Whether two timestamps are written with the same date (their first
  /// eight bytes, `YYYYMMDD`, are the same digits).
  private func sameDate(_ a: Span, _ b: Span) -> Bool {
    let a = bytes(a).drop { $0 == UInt8(ascii: " ") }.prefix(8)
    let b = bytes(b).drop { $0 == UInt8(ascii: " ") }.prefix(8)
    return a.count == 8 && a.elementsEqual(b) && a.allSatisfy { $0 >= 48 && $0 <= 57 }
  }

  private func timestamp(_ span: Span) -> TimestampParser.Parsed? {
    guard !span.isAbsent else { return nil }
    return TimestampParser.parseXMLTV(bytes: bytes(span))
  }

  private func string(_ span: Span) -> String {
    String(decoding: bytes(span), as: UTF8.self)
  }

  private func same(_ a: Span, _ b: Span) -> Bool {
    Self.equal(bytes(a), bytes(b))
  }

  /// Whether `a` and `b` hold the same bytes.
  private static func equal(_ a: UnsafeBufferPointer<UInt8>, _ b: UnsafeBufferPointer<UInt8>)
    -> Bool
  {
    a.count == b.count && (a.isEmpty || memcmp(a.baseAddress!, b.baseAddress!, a.count) == 0)
  }

  /// Index of the field whose `lang` best matches the preferred languages
  /// (first preference first), else 0; nil if `fields` is empty.
  private func choose(_ fields: [Field]) -> Int? {
    guard !fields.isEmpty else { return nil }
    if fields.count == 1 || languages.isEmpty { return 0 }
    for language in languages {
      for (index, field) in fields.enumerated() where matches(field.qualifier, language) {
        return index
      }
    }
    return 0
  }

  /// Whether a `lang` attribute's primary subtag equals `language`.
  private func matches(_ lang: Span, _ language: [UInt8]) -> Bool {
    guard !lang.isAbsent, lang.length >= language.count else { return false }
    let bytes = bytes(lang)
    for (i, expected) in language.enumerated() {
      var byte = bytes[i]
      if byte >= 65 && byte <= 90 { byte += 32 }
      if byte != expected { return false }
    }
    if lang.length == language.count { return true }
    let next = bytes[language.count]
    return next == UInt8(ascii: "-") || next == UInt8(ascii: "_")
  }

  private func parseClump(_ text: String) -> (Int, Int)? {
    let parts = text.split(separator: "/")
    guard parts.count == 2, let index = Int(parts[0].trimmingWhitespace()),
      let count = Int(parts[1].trimmingWhitespace()), count > 1, index >= 0, index < count
    else { return nil }
    return (index, count)
  }
}

/// The field kinds and attribute words the reader compares against (a
/// generic class cannot hold static stored properties).
private enum Words {
  static let title = Int32(XMLTV_FIELD_TITLE.rawValue)
  static let subTitle = Int32(XMLTV_FIELD_SUB_TITLE.rawValue)
  static let desc = Int32(XMLTV_FIELD_DESC.rawValue)
  static let category = Int32(XMLTV_FIELD_CATEGORY.rawValue)
  static let xmltvNS: StaticString = "xmltv_ns"
  static let onscreen: StaticString = "onscreen"
  static let minutes: StaticString = "minutes"
  static let hours: StaticString = "hours"
  static let present: StaticString = "present"
  static let no: StaticString = "no"
  static let colour: StaticString = "colour"
  static let stereo: StaticString = "stereo"
  static let aspect: StaticString = "aspect"
  static let quality: StaticString = "quality"
  static let url: StaticString = "url"
}

extension xmltv_bytes {
  /// An absent attribute (NULL bytes).
  fileprivate var isAbsent: Bool { bytes == nil }
}
