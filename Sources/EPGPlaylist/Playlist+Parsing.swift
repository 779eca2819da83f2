import EPGPlatform
import EPGSchedule
import Foundation

extension Playlist {
  /// Longest attribute value kept, in bytes; longer ones are cut (and
  /// reported).
  public static let attributeValueLimit = 4096
  /// Longest entry name kept, in bytes; longer ones are cut (and reported).
  public static let nameLimit = 1024
  /// Longest stream URL accepted, in bytes; longer ones are refused.
  public static let urlLimit = 16_384
  /// Largest playlist file read, in bytes.
  public static let fileSizeLimit = 1 << 30

  /// Whether `path` names a playlist by its extension (`.m3u`, `.m3u8`,
  /// any case).
  public static func hasPlaylistExtension(_ path: String) -> Bool {
    let lower = path.lowercased()
    return lower.hasSuffix(".m3u") || lower.hasSuffix(".m3u8")
  }

  /// Whether a file's first bytes say it is a playlist: `#EXTM3U` (any
  /// case) after an optional UTF-8 byte order mark.
  public static func looksLikePlaylist(prefix: some Collection<UInt8>) -> Bool {
    var bytes = Array(prefix.prefix(10))
    if bytes.starts(with: [0xEF, 0xBB, 0xBF]) { bytes.removeFirst(3) }
    return bytes.count >= 7
      && String(decoding: bytes.prefix(7), as: UTF8.self).uppercased() == "#EXTM3U"
  }

  /// Whether the file at `path` is a playlist: by its extension, else by
  /// its first bytes. Only regular files are opened (never a FIFO or a
  /// device, which could block); "-" is judged by name alone (false).
  public static func isPlaylist(path: String) -> Bool {
    if hasPlaylistExtension(path) { return true }
    guard path != "-",
      let type = try? FileManager.default.attributesOfItem(atPath: path)[.type]
        as? FileAttributeType,
      type == .typeRegular
    else { return false }
    // Close-on-exec (Foundation's FileHandle is not): a program started
    // meanwhile must not inherit it.
    let fd = open(path, O_RDONLY | O_CLOEXEC | O_NONBLOCK | O_NOCTTY)
    guard fd >= 0 else { return false }
    defer { close(fd) }
    var prefix = [UInt8](repeating: 0, count: 10)
    let count = prefix.withUnsafeMutableBytes { read(fd, $0.baseAddress, $0.count) }
    return looksLikePlaylist(prefix: Data(prefix.prefix(max(0, count))))
  }

  /// Reads the playlist at `path` ("-" is standard input). Throws only
  /// when the file cannot be read (missing, a directory or device, larger
  /// than `fileSizeLimit`); problems inside it become `diagnostics`.
  public static func load(path: String) throws(LoadError) -> Playlist {
    let data: Data
    if path == "-" {
      data = FileHandle.standardInput.readDataToEndOfFile()
    } else {
      let attributes: [FileAttributeKey: Any]
      do {
        attributes = try FileManager.default.attributesOfItem(atPath: path)
      } catch {
        throw LoadError(kind: .unreadable, path: path, message: "cannot open the playlist")
      }
      guard attributes[.type] as? FileAttributeType == .typeRegular else {
        throw LoadError(kind: .unreadable, path: path, message: "not a regular file")
      }
      if let size = attributes[.size] as? Int, size > fileSizeLimit {
        throw LoadError(
          kind: .unreadable, path: path, message: "larger than \(fileSizeLimit >> 20) MiB")
      }
      guard let contents = FileManager.default.contents(atPath: path) else {
        throw LoadError(kind: .unreadable, path: path, message: "cannot read the playlist")
      }
      data = contents
    }
    return Playlist(parsing: [UInt8](data), location: .file(path))
  }

  /// Parses playlist bytes (UTF-8; CRLF or LF; an optional BOM). Never
  /// fails: lines that cannot be read are reported in `diagnostics` and
  /// the rest is kept. Linear in the size of the input.
  public init(parsing bytes: [UInt8], location: SourceLocation) {
    var parser = M3UParser(bytes: bytes, location: location)
    parser.run()
    self.init(
      location: location, header: parser.header, entries: parser.entries,
      diagnostics: parser.diagnostics, suppressedDiagnosticCount: parser.suppressed)
  }
}

/// The line-by-line reader behind `Playlist(parsing:location:)`.
private struct M3UParser {
  let bytes: [UInt8]
  let location: SourceLocation
  var header = Playlist.Header()
  var entries: [PlaylistEntry] = []
  var diagnostics: [PlaylistDiagnostic] = []
  var suppressed = 0

  /// The `#EXTINF` waiting for its URL.
  private var pending: PlaylistEntry?
  /// `#EXTGRP` and `#EXTVLCOPT` lines waiting for the next URL.
  private var pendingGroups: [String]?
  private var pendingHeaders = StreamHeaders()
  private var line = 0
  private var headerKeysSeen = Set<String>()

  static let entryKeys: Set<String> = [
    "tvg-id", "tvg-name", "tvg-chno", "tvg-logo", "group-title", "tvg-shift", "catchup",
    "catchup-source", "catchup-days", "tvg-rec", "timeshift", "catchup-correction",
  ]
  static let headerKeys: Set<String> = [
    "x-tvg-url", "url-tvg", "tvg-shift", "catchup", "catchup-source", "catchup-days", "tvg-rec",
    "timeshift", "catchup-correction", "refresh",
  ]

  init(bytes: [UInt8], location: SourceLocation) {
    self.bytes = bytes
    self.location = location
  }

  private var path: String { location.shown }

  mutating func report(_ message: String, line: Int? = nil) {
    if diagnostics.count < Playlist.diagnosticLimit {
      diagnostics.append(PlaylistDiagnostic(path: path, line: line ?? self.line, message: message))
    } else {
      suppressed += 1
    }
  }

  mutating func run() {
    var start = bytes.starts(with: [0xEF, 0xBB, 0xBF]) ? 3 : 0
    var sawContent = false
    while start < bytes.count {
      line += 1
      let newline = bytes[start...].firstIndex(of: 0x0A) ?? bytes.count
      var lower = start
      var upper = newline
      start = newline + 1
      while lower < upper && isBlank(bytes[lower]) { lower += 1 }
      while upper > lower && isBlank(bytes[upper - 1]) { upper -= 1 }  // CR, spaces
      if lower == upper { continue }
      checkEncoding(lower..<upper)
      if !sawContent {
        sawContent = true
        if !hasTag("#EXTM3U", at: lower, upper) {
          report("no #EXTM3U header; read as an extended M3U playlist anyway")
        }
      }
      if hasTag("#EXTM3U", at: lower, upper) {
        readHeader(lower + 7..<upper)
      } else if hasTag("#EXTINF:", at: lower, upper) {
        if let pending {
          report("\"\(pending.name)\" has no stream URL; skipped", line: pending.line)
        }
        readEntry(lower + 8..<upper)
      } else if hasTag("#EXTGRP:", at: lower, upper) {
        pendingGroups = Self.groups(
          text(clipped(lower + 8..<upper, to: Playlist.attributeValueLimit, what: "#EXTGRP")))
      } else if hasTag("#EXTVLCOPT:", at: lower, upper) {
        readVLCOption(lower + 11..<upper)
      } else if bytes[lower] == UInt8(ascii: "#") {
        continue  // a comment or a tag players ignore here (#KODIPROP, #EXT-X-…)
      } else {
        readURL(lower..<upper)
      }
    }
    if let pending { report("\"\(pending.name)\" has no stream URL; skipped", line: pending.line) }
    if !sawContent { report("empty playlist", line: 0) }
  }

  // MARK: - Lines

  private mutating func readHeader(_ range: Range<Int>) {
    let scan = M3UAttributeScanner.scan(bytes, range, isEntry: false, wanted: Self.headerKeys)
    if scan.unterminatedQuote { report("a quote in #EXTM3U is never closed") }
    // Several #EXTM3U lines (joined playlists): the first value of each key wins.
    var values: [String: String] = [:]
    for (key, valueRange) in scan.values where headerKeysSeen.insert(key).inserted {
      if let value = attribute(key, valueRange) { values[key] = value }
    }
    for key in ["x-tvg-url", "url-tvg"] {
      guard let list = values[key] else { continue }
      for item in list.split(separator: ",") {
        let reference = item.trimmingCharacters(in: .whitespaces)
        if reference.isEmpty { continue }
        if let source = SourceLocation.resolve(reference, against: location) {
          if !header.guideSources.contains(source) { header.guideSources.append(source) }
        } else {
          report(
            "guide source \"\(CredentialMask.masked(clip(reference)))\" ignored "
              + "(only http(s) URLs and file paths are read)")
        }
      }
    }
    if let shift = hours(values["tvg-shift"], name: "tvg-shift") { header.shift = shift }
    header.catchup = header.catchup.resolved(over: catchup(values))
    if let refresh = values["refresh"] {
      if let seconds = Int(refresh), seconds >= 0 {
        header.refresh = seconds
      } else {
        report("refresh \"\(clip(refresh))\" is not a number of seconds; ignored")
      }
    }
  }

  private mutating func readEntry(_ range: Range<Int>) {
    let scan = M3UAttributeScanner.scan(bytes, range, isEntry: true, wanted: Self.entryKeys)
    if scan.unterminatedQuote { report("a quote in #EXTINF is never closed") }
    var values: [String: String] = [:]
    for (key, valueRange) in scan.values {
      if let value = attribute(key, valueRange) { values[key] = value }
    }
    var name = ""
    if let nameStart = scan.nameStart {
      name = text(clipped(nameStart..<range.upperBound, to: Playlist.nameLimit, what: "name"))
        .trimmingCharacters(in: .whitespaces)
    }
    var isNamed = true
    if name.isEmpty {
      if let fallback = values["tvg-name"] ?? values["tvg-id"] {
        name = fallback
        isNamed = values["tvg-name"] != nil
      } else {
        report("#EXTINF without a name (no comma before it)")
      }
    }
    pending = PlaylistEntry(
      name: name, tvgID: values["tvg-id"], tvgName: values["tvg-name"],
      number: values["tvg-chno"], logo: values["tvg-logo"],
      groups: values["group-title"].map(Self.groups) ?? [],
      shift: hours(values["tvg-shift"], name: "tvg-shift"), streamURL: "",
      catchup: catchup(values), line: line)
    pending?.isNamed = isNamed
  }

  /// `#EXTVLCOPT:KEY=VALUE`: the options that are headers; others are not
  /// read at all. The value is cut to `attributeValueLimit`, as an
  /// attribute's is.
  private mutating func readVLCOption(_ range: Range<Int>) {
    guard let equals = bytes[range].firstIndex(of: UInt8(ascii: "=")),
      equals - range.lowerBound <= M3UAttributeScanner.keyLimit
    else { return }
    let key = text(range.lowerBound..<equals).trimmingCharacters(in: .whitespaces).lowercased()
    let name: String
    switch key {
    case "http-user-agent": name = "User-Agent"
    case "http-referrer", "http-referer": name = "Referer"
    default: return  // other VLC options are not for us
    }
    let valueRange = clipped(
      equals + 1..<range.upperBound, to: Playlist.attributeValueLimit, what: "#EXTVLCOPT:\(key)")
    var headers = pendingHeaders
    setHeader(name, text(valueRange).trimmingCharacters(in: .whitespaces), into: &headers)
    pendingHeaders = headers
  }

  private mutating func readURL(_ range: Range<Int>) {
    defer {
      pending = nil
      pendingGroups = nil
      pendingHeaders = StreamHeaders()
    }
    guard var entry = pending else {
      report("stream URL without #EXTINF before it; skipped")
      return
    }
    guard range.count <= Playlist.urlLimit else {
      report(
        "stream URL of \"\(entry.name)\" is \(range.count) bytes (limit \(Playlist.urlLimit)); entry skipped"
      )
      return
    }
    var url = text(range)
    var headers = pendingHeaders
    if let bar = url.firstIndex(of: "|") {
      let suffix = url[url.index(after: bar)...]
      url = String(url[..<bar]).trimmingCharacters(in: .whitespaces)
      for pair in suffix.split(separator: "&") {
        guard let equals = pair.firstIndex(of: "=") else { continue }
        let name = String(pair[..<equals]).removingPercentEncodingOrSelf
        let value = String(pair[pair.index(after: equals)...]).removingPercentEncodingOrSelf
        setHeader(name.trimmingCharacters(in: .whitespaces), value, into: &headers)
      }
    }
    if let problem = Self.streamURLProblem(url) {
      report("\"\(entry.name)\": \(problem); entry skipped")
      return
    }
    entry.streamURL = url
    entry.headers = headers
    if entry.groups.isEmpty, let pendingGroups { entry.groups = pendingGroups }
    if entry.name.isEmpty {
      entry.name = CredentialMask.host(of: url) ?? "?"
      entry.isNamed = false
    }
    entries.append(entry)
  }

  /// Why `url` cannot be a stream URL, or nil when it can.
  static func streamURLProblem(_ url: String) -> String? {
    if url.unicodeScalars.contains(where: { $0.value < 0x20 || $0.value == 0x7F }) {
      return "stream URL contains control characters"
    }
    if let scheme = SourceLocation.scheme(of: url), !PlaylistEntry.streamSchemes.contains(scheme) {
      return "stream URL scheme \"\(clip(scheme))\" is not allowed"
    }
    guard SourceLocation.scheme(of: url) != nil, url.contains("://") else {
      return "\"\(CredentialMask.masked(clip(url)))\" is not a stream URL"
    }
    return nil
  }

  // MARK: - Values

  private mutating func setHeader(
    _ name: String, _ value: String, into headers: inout StreamHeaders
  ) {
    let isToken =
      !name.isEmpty
      && name.unicodeScalars.allSatisfy {
        $0.isASCII
          && (CharacterSet.alphanumerics.contains($0)
            || "-_.!#$%&'*+^`|~".unicodeScalars.contains($0))
      }
    guard isToken else {
      report("header name \"\(clip(name))\" is not valid; ignored")
      return
    }
    guard !value.unicodeScalars.contains(where: { $0.value < 0x20 || $0.value == 0x7F }) else {
      report("header \(name) has control characters in its value; ignored")
      return
    }
    var value = value
    if value.utf8.count > Playlist.attributeValueLimit {
      // A Kodi `|Name=value` suffix (the URL's own limit is larger).
      report("header \(name) is \(value.utf8.count) bytes; cut to \(Playlist.attributeValueLimit)")
      var cut = String.UnicodeScalarView()
      var size = 0
      for scalar in value.unicodeScalars {
        size += UTF8.width(scalar)
        if size > Playlist.attributeValueLimit { break }
        cut.append(scalar)
      }
      value = String(cut)
    }
    headers.set(name: name, value: value)
  }

  /// An attribute's value, trimmed, cut to `attributeValueLimit`; nil when
  /// empty.
  private mutating func attribute(_ key: String, _ range: Range<Int>) -> String? {
    let value = text(clipped(range, to: Playlist.attributeValueLimit, what: key))
      .trimmingCharacters(in: .whitespaces)
    return value.isEmpty ? nil : value
  }

  /// `range` cut to `limit` bytes (at a character boundary), reported.
  private mutating func clipped(_ range: Range<Int>, to limit: Int, what: String) -> Range<Int> {
    guard range.count > limit else { return range }
    report("\(what) is \(range.count) bytes; cut to \(limit)")
    var end = range.lowerBound + limit
    while end > range.lowerBound && bytes[end] & 0xC0 == 0x80 { end -= 1 }
    return range.lowerBound..<end
  }

  /// Hours (decimals allowed, `,` as decimal point too) as seconds, within
  /// ±48 h; nil (reported) when not such a number.
  private mutating func hours(_ value: String?, name: String) -> Int64? {
    guard let value else { return nil }
    let normal = value.replacingOccurrences(of: ",", with: ".")
    guard normal.allSatisfy({ $0.isASCII && ($0.isNumber || "+-.".contains($0)) }),
      let number = Double(normal), number.isFinite, abs(number) <= 48
    else {
      report("\(name) \"\(clip(value))\" is not a number of hours (-48…48); ignored")
      return nil
    }
    return Int64((number * 3600).rounded())
  }

  private mutating func catchup(_ values: [String: String]) -> CatchupSettings {
    var settings = CatchupSettings()
    if let mode = values["catchup"] {
      if let parsed = CatchupSettings.Mode(attribute: mode) {
        settings.mode = parsed
      } else {
        report("catchup \"\(clip(mode))\" is not a known mode; ignored")
      }
    }
    settings.source = values["catchup-source"]
    for key in ["catchup-days", "tvg-rec", "timeshift"] {
      guard let days = values[key] else { continue }
      if let number = Double(days), number.isFinite, number >= 0, number <= 3650 {
        settings.days = Int(number.rounded(.down))
      } else {
        report("\(key) \"\(clip(days))\" is not a number of days; ignored")
      }
      break
    }
    settings.correction = hours(values["catchup-correction"], name: "catchup-correction")
    return settings
  }

  static func groups(_ text: String) -> [String] {
    text.split(separator: ";").map { $0.trimmingCharacters(in: .whitespaces) }
      .filter { !$0.isEmpty }
  }

  // MARK: - Bytes

  private func isBlank(_ byte: UInt8) -> Bool { byte == 0x20 || byte == 0x09 || byte == 0x0D }

  /// Whether the line starts with `tag` (ASCII, any case).
  private func hasTag(_ tag: StaticString, at lower: Int, _ upper: Int) -> Bool {
    let count = tag.utf8CodeUnitCount
    guard upper - lower >= count else { return false }
    let pointer = tag.utf8Start
    for offset in 0..<count {
      var byte = bytes[lower + offset]
      if byte >= 0x61 && byte <= 0x7A { byte -= 0x20 }
      if byte != pointer[offset] { return false }
    }
    return true
  }

  /// Reports a line with NUL bytes or invalid UTF-8 (both become U+FFFD).
  private mutating func checkEncoding(_ range: Range<Int>) {
    let slice = bytes[range]
    if slice.contains(0) {
      report("NUL bytes replaced by U+FFFD")
    } else if !slice.allSatisfy({ $0 < 0x80 }),
      String(validating: slice, as: UTF8.self) == nil
    {
      report("invalid UTF-8 replaced by U+FFFD")
    }
  }

  /// The bytes as text; NUL bytes and invalid UTF-8 become U+FFFD.
  private func text(_ range: Range<Int>) -> String {
    let slice = bytes[range]
    guard slice.contains(0) else { return String(decoding: slice, as: UTF8.self) }
    var copy: [UInt8] = []
    copy.reserveCapacity(slice.count)
    for byte in slice {
      if byte == 0 { copy.append(contentsOf: [0xEF, 0xBF, 0xBD]) } else { copy.append(byte) }
    }
    return String(decoding: copy, as: UTF8.self)
  }
}

/// At most 80 characters of `text`, for messages.
private func clip(_ text: String) -> String {
  text.count > 80 ? String(text.prefix(79)) + "…" : text
}
