import CXMLTVReader
import EPGCore
import Foundation

/// The project's own JSON guide format (read with `JSONSerialization`).
///
/// ```json
/// {
///   "channels": [
///     {"id": "bbc1", "name": "BBC One", "otherNames": ["BBC 1"], "number": "101",
///      "icon": "https://…/bbc1.png"},
///     {"id": "seen-only-in-programmes", "implicit": true}
///   ],
///   "programmes": [
///     {"channel": "bbc1", "start": "2026-11-30T20:15:00Z", "stop": 1764537300,
///      "title": "News", "otherTitles": [], "subTitle": "…", "description": "…",
///      "categories": ["News"], "episode": {"season": 2, "episode": 10, "onscreen": "S02E10"},
///      "date": "2026", "ratings": ["BBFC: PG"], "starRatings": ["3/5"],
///      "credits": [{"role": "director", "name": "…"},
///                  {"role": "actor", "name": "…", "character": "…"}],
///      "new": true, "premiere": false, "previouslyShown": false, "lastChance": false,
///      "live": false,
///      "content": ["subtitles", "signed", "audio-described", "hd"],
///      "sound": "stereo", "aspect": "16:9", "quality": "HDTV",
///      "ratingIcons": [{"rating": "BBFC: PG", "url": "…"}],
///      "reviews": [{"text": "…", "url": false, "by": "…"}], "urls": ["…"],
///      "image": "https://…/poster.jpg",
///      "length": 1800, "stopEstimated": false}
///   ]
/// }
/// ```
///
/// Only `channels[].id`, `programmes[].channel`, `start` and `title` are
/// required. `"implicit": true` marks a channel the source named only in
/// programmes (it keeps its place but no details). Times are ISO 8601 strings (no zone means UTC), XMLTV
/// timestamps, or numbers of seconds since the epoch. Episode numbers are
/// one-based. Programmes go through the same normalisation as XMLTV ones;
/// channels named only by programmes become implicit channels.
public enum ScheduleJSON {
  /// Decodes the JSON format. Syntax errors carry a line and column.
  public static func decode(_ bytes: [UInt8], path: String, options: LoadOptions = LoadOptions())
    throws(LoadError) -> Schedule
  {
    let object: Any
    do {
      object = try JSONSerialization.jsonObject(with: Data(bytes), options: [])
    } catch {
      let (line, column, message) = describe(error, bytes: bytes)
      throw LoadError(kind: .malformed, path: path, line: line, column: column, message: message)
    }
    guard let root = object as? [String: Any] else {
      throw LoadError(
        kind: .notAGuide, path: path, line: 1, column: 1,
        message: "JSON guide must be an object with \"channels\" and \"programmes\"")
    }
    let builder = ScheduleBuilder(options: options)
    if let channels = root["channels"] {
      guard let list = channels as? [Any] else {
        throw LoadError(kind: .notAGuide, path: path, message: "\"channels\" must be an array")
      }
      for (index, item) in list.enumerated() {
        guard let dictionary = item as? [String: Any], let id = text(dictionary["id"]), !id.isEmpty
        else {
          builder.warn(.warning, line: 0, "channels[\(index)] has no id; ignored")
          continue
        }
        if dictionary["implicit"] as? Bool == true {
          // Named only by programmes in the source: keep its place, stay implicit.
          _ = builder.channel(for: id, line: 0)
          continue
        }
        var channel = Channel(
          id: id, name: text(dictionary["name"]) ?? id,
          otherNames: strings(dictionary["otherNames"]), iconURL: text(dictionary["icon"]),
          number: text(dictionary["number"]))
        for what in cutToLimits(&channel) {
          builder.warn(.textCut, line: 0, "channels[\(index)]: \(what); cut")
        }
        builder.define(channel, line: 0)
      }
    }
    if let programmes = root["programmes"] {
      guard let list = programmes as? [Any] else {
        throw LoadError(kind: .notAGuide, path: path, message: "\"programmes\" must be an array")
      }
      for (index, item) in list.enumerated() {
        addProgramme(item, index: index, builder: builder)
      }
    }
    if root["channels"] == nil && root["programmes"] == nil {
      throw LoadError(
        kind: .notAGuide, path: path, line: 1, column: 1,
        message: "JSON has neither \"channels\" nor \"programmes\"")
    }
    return builder.finish()
  }

  private static func addProgramme(_ item: Any, index: Int, builder: ScheduleBuilder) {
    let label = "programmes[\(index)]"
    guard let p = item as? [String: Any] else {
      builder.warn(.skippedProgramme, line: 0, "\(label) is not an object; skipped")
      return
    }
    guard let channelID = text(p["channel"]), !channelID.isEmpty else {
      builder.warn(.skippedProgramme, line: 0, "\(label) has no channel; skipped")
      return
    }
    guard let start = time(p["start"]) else {
      builder.warn(.skippedProgramme, line: 0, "\(label) has no valid start; skipped")
      return
    }
    guard let title = text(p["title"]), !title.isEmpty else {
      builder.warn(.skippedProgramme, line: 0, "\(label) has no title; skipped")
      return
    }
    let shift = builder.options.shift
    // A stop this program estimated is estimated again the same way.
    let listed = (p["stopEstimated"] as? Bool ?? false) ? nil : p["stop"]
    var stop = time(listed).map { $0 + shift }
    if listed != nil && stop == nil {
      builder.warn(.badTimestamp, line: 0, "\(label) has a bad stop; estimated")
    }
    // A stop before or at the start is missing (taken from the next start).
    var stopProblem: StopProblem?
    if let value = stop, value <= start + shift {
      stopProblem =
        value < start + shift
        ? .beforeStart(nextDay: nil, written: "\(listed ?? "")") : .atStart
      stop = nil
    }
    var programme = Programme(
      start: start + shift, stop: stop ?? start + shift, stopIsEstimated: stop == nil,
      title: title, otherTitles: strings(p["otherTitles"]), subTitle: text(p["subTitle"]),
      description: text(p["description"]),
      categories: strings(p["categories"]).map(builder.intern), date: text(p["date"]),
      ratings: strings(p["ratings"]), starRatings: strings(p["starRatings"]))
    if let episode = p["episode"] as? [String: Any] {
      programme.episode = EpisodeNumber(
        season: integer(episode["season"]), seasonCount: integer(episode["seasonCount"]),
        episode: integer(episode["episode"]), episodeCount: integer(episode["episodeCount"]),
        part: integer(episode["part"]), partCount: integer(episode["partCount"]),
        onscreen: text(episode["onscreen"]))
    }
    if let credits = p["credits"] as? [Any] {
      programme.credits = credits.compactMap { item in
        guard let credit = item as? [String: Any], let name = text(credit["name"]),
          !name.isEmpty, let role = text(credit["role"]).flatMap(Credit.Role.init(rawValue:))
        else { return nil }
        return Credit(
          role: role, name: builder.intern(name),
          character: text(credit["character"]).map(builder.intern))
      }
    }
    if p["new"] as? Bool == true { programme.flags.insert(.new) }
    if p["premiere"] as? Bool == true { programme.flags.insert(.premiere) }
    if p["previouslyShown"] as? Bool == true { programme.flags.insert(.previouslyShown) }
    if p["lastChance"] as? Bool == true { programme.flags.insert(.lastChance) }
    if p["live"] as? Bool == true { programme.flags.insert(.live) }
    readExtras(p, into: &programme, builder: builder)
    if let length = integer(p["length"]), length >= 0 { programme.length = Int64(length) }
    for what in cutToLimits(&programme) {
      builder.warn(.textCut, line: 0, "\(label): \(what); cut")
    }
    // Cut as a channel's id is (`cutToLimits`), so that the two still match.
    let channel = builder.channel(
      for: cut(channelID, limit: Int(XMLTV_TEXT_LIMIT)) ?? channelID, line: 0)
    builder.add(programme, channel: channel, clump: nil, stopProblem: stopProblem)
  }

  /// The content flags and `ProgrammeExtra`s of a programme object.
  private static func readExtras(
    _ p: [String: Any], into programme: inout Programme, builder: ScheduleBuilder
  ) {
    let names = Set(strings(p["content"]))
    for (flag, name) in ContentFlags.named where names.contains(name) {
      programme.content.insert(flag)
    }
    if let v = text(p["sound"]), !v.isEmpty { programme.extras.append(.sound(builder.intern(v))) }
    if let v = text(p["aspect"]), !v.isEmpty { programme.extras.append(.aspect(builder.intern(v))) }
    if let v = text(p["quality"]), !v.isEmpty {
      programme.extras.append(.quality(builder.intern(v)))
    }
    for item in p["ratingIcons"] as? [Any] ?? [] {
      guard let icon = item as? [String: Any], let rating = text(icon["rating"]),
        let url = text(icon["url"]), !url.isEmpty
      else { continue }
      programme.extras.append(.ratingIcon(rating: rating, url: url))
    }
    for item in p["reviews"] as? [Any] ?? [] {
      guard let review = item as? [String: Any], let body = text(review["text"]), !body.isEmpty
      else { continue }
      programme.extras.append(
        .review(
          ProgrammeExtra.Review(
            text: body, isURL: review["url"] as? Bool ?? false, by: text(review["by"]))))
    }
    for url in strings(p["urls"]) where !url.isEmpty { programme.extras.append(.url(url)) }
    if let v = text(p["image"]), !v.isEmpty { programme.extras.append(.image(v)) }
    programme.extras = ProgrammeExtra.canonical(programme.extras)
  }

  // MARK: - Writing

  /// Encodes a schedule as JSON (keys sorted, one programme per line).
  /// Stops written are the listed ones, so loading the output again gives
  /// the same schedule.
  public static func encode(_ schedule: Schedule) -> [UInt8] {
    var out = "{\"channels\":[\n"
    for (index, channel) in schedule.channels.enumerated() {
      var object: [String: Any] = ["id": channel.id, "name": channel.name]
      if !channel.otherNames.isEmpty { object["otherNames"] = channel.otherNames }
      if let number = channel.number { object["number"] = number }
      if channel.isImplicit { object["implicit"] = true }
      if let icon = channel.iconURL { object["icon"] = icon }
      out += serialise(object) + (index + 1 < schedule.channels.count ? ",\n" : "\n")
    }
    out += "],\"programmes\":[\n"
    var first = true
    for (index, list) in schedule.programmes.enumerated() {
      let channel = schedule.channels[index].id
      for programme in list {
        out += (first ? "" : ",\n") + serialise(object(for: programme, channel: channel))
        first = false
      }
    }
    out += "\n]}\n"
    return Array(out.utf8)
  }

  private static func object(for programme: Programme, channel: String) -> [String: Any] {
    var object: [String: Any] = [
      "channel": channel, "start": isoString(programme.start),
      "stop": isoString(programme.listedStop), "title": programme.title,
    ]
    if programme.stopIsEstimated { object["stopEstimated"] = true }
    if !programme.otherTitles.isEmpty { object["otherTitles"] = programme.otherTitles }
    if let value = programme.subTitle { object["subTitle"] = value }
    if let value = programme.description { object["description"] = value }
    if !programme.categories.isEmpty { object["categories"] = programme.categories }
    if let episode = programme.episode {
      var e: [String: Any] = [:]
      if let v = episode.season { e["season"] = v }
      if let v = episode.seasonCount { e["seasonCount"] = v }
      if let v = episode.episode { e["episode"] = v }
      if let v = episode.episodeCount { e["episodeCount"] = v }
      if let v = episode.part { e["part"] = v }
      if let v = episode.partCount { e["partCount"] = v }
      if let v = episode.onscreen { e["onscreen"] = v }
      object["episode"] = e
    }
    if let value = programme.date { object["date"] = value }
    if !programme.ratings.isEmpty { object["ratings"] = programme.ratings }
    if !programme.starRatings.isEmpty { object["starRatings"] = programme.starRatings }
    if !programme.credits.isEmpty {
      object["credits"] = programme.credits.map { credit -> [String: Any] in
        var c: [String: Any] = ["role": credit.role.rawValue, "name": credit.name]
        if let character = credit.character { c["character"] = character }
        return c
      }
    }
    if programme.flags.contains(.new) { object["new"] = true }
    if programme.flags.contains(.premiere) { object["premiere"] = true }
    if programme.flags.contains(.previouslyShown) { object["previouslyShown"] = true }
    if programme.flags.contains(.lastChance) { object["lastChance"] = true }
    if programme.flags.contains(.live) { object["live"] = true }
    let content = ContentFlags.named.filter { programme.content.contains($0.flag) }.map(\.name)
    if !content.isEmpty { object["content"] = content }
    var icons: [[String: Any]] = []
    var reviews: [[String: Any]] = []
    var urls: [String] = []
    for extra in programme.extras {
      switch extra {
      case .sound(let v): object["sound"] = v
      case .aspect(let v): object["aspect"] = v
      case .quality(let v): object["quality"] = v
      case .image(let v): object["image"] = v
      case .url(let v): urls.append(v)
      case .ratingIcon(let rating, let url): icons.append(["rating": rating, "url": url])
      case .review(let review):
        var r: [String: Any] = ["text": review.text]
        if review.isURL { r["url"] = true }
        if let by = review.by { r["by"] = by }
        reviews.append(r)
      }
    }
    if !icons.isEmpty { object["ratingIcons"] = icons }
    if !reviews.isEmpty { object["reviews"] = reviews }
    if !urls.isEmpty { object["urls"] = urls }
    if let length = programme.length { object["length"] = length }
    return object
  }

  private static func serialise(_ object: [String: Any]) -> String {
    guard
      let data = try? JSONSerialization.data(
        withJSONObject: object, options: [.sortedKeys, .withoutEscapingSlashes])
    else { return "{}" }
    return escapingInvisibleScalars(String(decoding: data, as: UTF8.self))
  }

  /// JSON text with DEL, the C1 controls, bidi controls, line separators and
  /// U+FEFF written as `\uXXXX`. JSONSerialization leaves them raw; raw they
  /// can steer a terminal that shows the JSON, and a leading U+FEFF in a
  /// string is dropped when the text is read back. They can only occur
  /// inside strings, so the escape is always valid.
  public static func escapingInvisibleScalars(_ json: String) -> String {
    guard json.unicodeScalars.contains(where: needsEscape) else { return json }
    var escaped = String.UnicodeScalarView()
    for scalar in json.unicodeScalars {
      if needsEscape(scalar) {
        let hex = String(scalar.value, radix: 16, uppercase: true)
        escaped.append(
          contentsOf: "\\u\(String(repeating: "0", count: 4 - hex.count))\(hex)".unicodeScalars)
      } else {
        escaped.append(scalar)
      }
    }
    return String(escaped)
  }

  private static func needsEscape(_ scalar: Unicode.Scalar) -> Bool {
    switch scalar.value {
    case 0x7F...0x9F, 0x200E, 0x200F, 0x2028, 0x2029, 0x202A...0x202E, 0x2066...0x2069, 0xFEFF:
      return true
    default:
      return false
    }
  }

  /// `2026-11-30T20:15:00Z` (years outside 0…9999 signed: `-0001-12-31T…`);
  /// `TimestampParser.parse` reads it back.
  public static func isoString(_ instant: EpochSeconds) -> String {
    let days = TimeMath.floorDiv(instant, 86_400)
    let seconds = Int(instant - days * 86_400)
    let date = CivilDate(daysSinceEpoch: days)
    let year = date.year
    func two(_ n: Int) -> String { n < 10 ? "0\(n)" : "\(n)" }
    // Years beyond 0…9999 in ISO 8601's expanded form: -0001, +10000.
    let digits = String(abs(year))
    let padded = String(repeating: "0", count: max(0, 4 - digits.count)) + digits
    let yearText = year < 0 ? "-" + padded : (year > 9999 ? "+" + padded : padded)
    return
      "\(yearText)-\(two(date.month))-\(two(date.day))T\(two(seconds / 3600)):\(two(seconds / 60 % 60)):\(two(seconds % 60))Z"
  }

  // MARK: - Values

  // MARK: - Limits

  /// `text` cut to `limit` bytes of UTF-8 at a character boundary, as the
  /// XMLTV reader cuts texts (`XMLTV_TEXT_LIMIT`, `XMLTV_DESC_LIMIT`); nil
  /// when it is not longer.
  static func cut(_ text: String, limit: Int) -> String? {
    let utf8 = text.utf8
    guard utf8.count > limit else { return nil }
    var end = utf8.index(utf8.startIndex, offsetBy: limit)
    // Back to the start of the character the limit falls in.
    while end > utf8.startIndex, utf8[end] & 0xC0 == 0x80 { end = utf8.index(before: end) }
    return String(text[..<end]).trimmingWhitespace()
  }

  /// Cuts the programme's texts to the XMLTV reader's limits (a
  /// description to 64 KiB, every other text to 4 KiB); the texts cut,
  /// described ("title longer than 4 KiB").
  static func cutToLimits(_ programme: inout Programme) -> [String] {
    var cuts: [String] = []
    let small = Int(XMLTV_TEXT_LIMIT)
    func apply(_ text: inout String, _ what: String, _ limit: Int = small) {
      if let shorter = cut(text, limit: limit) {
        text = shorter
        cuts.append("\(what) longer than \(limit >> 10) KiB")
      }
    }
    func apply(_ text: inout String?, _ what: String, _ limit: Int = small) {
      guard var value = text else { return }
      apply(&value, what, limit)
      text = value
    }
    func apply(_ texts: inout [String], _ what: String) {
      for index in texts.indices { apply(&texts[index], what) }
    }
    apply(&programme.title, "title")
    apply(&programme.otherTitles, "title")
    apply(&programme.subTitle, "subTitle")
    apply(&programme.description, "description", Int(XMLTV_DESC_LIMIT))
    apply(&programme.categories, "category")
    apply(&programme.date, "date")
    apply(&programme.ratings, "rating")
    apply(&programme.starRatings, "starRating")
    for index in programme.credits.indices {
      apply(&programme.credits[index].name, "credit")
      apply(&programme.credits[index].character, "character")
    }
    if var episode = programme.episode {
      apply(&episode.onscreen, "onscreen")
      programme.episode = episode
    }
    programme.extras = programme.extras.map { extra in
      var extra = extra
      switch extra {
      case .sound(var v):
        apply(&v, "sound")
        extra = .sound(v)
      case .aspect(var v):
        apply(&v, "aspect")
        extra = .aspect(v)
      case .quality(var v):
        apply(&v, "quality")
        extra = .quality(v)
      case .url(var v):
        apply(&v, "url")
        extra = .url(v)
      case .image(var v):
        apply(&v, "image")
        extra = .image(v)
      case .ratingIcon(var rating, var url):
        apply(&rating, "rating")
        apply(&url, "url")
        extra = .ratingIcon(rating: rating, url: url)
      case .review(var review):
        apply(&review.text, "review")
        apply(&review.by, "review")
        extra = .review(review)
      }
      return extra
    }
    return cuts
  }

  /// As above for a channel's texts (4 KiB each).
  static func cutToLimits(_ channel: inout Channel) -> [String] {
    var cuts: [String] = []
    func apply(_ text: inout String, _ what: String) {
      if let shorter = cut(text, limit: Int(XMLTV_TEXT_LIMIT)) {
        text = shorter
        cuts.append("\(what) longer than 4 KiB")
      }
    }
    apply(&channel.id, "id")
    apply(&channel.name, "name")
    for index in channel.otherNames.indices { apply(&channel.otherNames[index], "name") }
    if var icon = channel.iconURL {
      apply(&icon, "icon")
      channel.iconURL = icon
    }
    if var number = channel.number {
      apply(&number, "number")
      channel.number = number
    }
    return cuts
  }

  private static func text(_ value: Any?) -> String? {
    switch value {
    case let string as String: return string.isEmpty ? nil : string
    case let number as NSNumber: return number.stringValue
    default: return nil
    }
  }

  private static func strings(_ value: Any?) -> [String] {
    (value as? [Any])?.compactMap { text($0) } ?? []
  }

  private static func integer(_ value: Any?) -> Int? {
    if let number = value as? NSNumber { return number.intValue }
    if let string = value as? String { return Int(string) }
    return nil
  }

  private static func time(_ value: Any?) -> EpochSeconds? {
    if let number = value as? NSNumber {
      let double = number.doubleValue
      guard double.isFinite, abs(double) < 1e13 else { return nil }
      return EpochSeconds(double)
    }
    if let string = value as? String { return TimestampParser.parse(string) }
    return nil
  }

  /// Line and column of a JSONSerialization error, from its text when it
  /// names them, else from a byte offset it names, else 0.
  private static func describe(_ error: Error, bytes: [UInt8]) -> (Int, Int, String) {
    let nsError = error as NSError
    let detail =
      (nsError.userInfo[NSDebugDescriptionErrorKey] as? String) ?? nsError.localizedDescription
    var message = detail
    if let range = message.range(of: " around line") ?? message.range(of: " at line")
      ?? message.range(of: " around character")
    {
      message = String(message[..<range.lowerBound])
    }
    let numbers = { (label: String) -> Int? in
      guard let range = detail.range(of: label) else { return nil }
      return Int(detail[range.upperBound...].prefix { $0.isNumber })
    }
    if let line = numbers("line "), let column = numbers("column ") {
      return (line, column, "invalid JSON: " + message)
    }
    if let offset = numbers("offset ") ?? numbers("character ")
      ?? (nsError.userInfo["NSJSONSerializationErrorIndex"] as? Int)
    {
      var line = 1
      var column = 1
      for byte in bytes.prefix(offset) {
        if byte == 10 {
          line += 1
          column = 1
        } else {
          column += 1
        }
      }
      return (line, column, "invalid JSON: " + message)
    }
    return (0, 0, "invalid JSON: " + message)
  }
}
