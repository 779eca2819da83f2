import EPGActions
import EPGLayout
import EPGPlaylist
import EPGSchedule

/// libFuzzer target: the M3U parser (`Playlist(parsing:)`) on arbitrary
/// bytes, then what is built from each entry: the catch-up URL, mpv's
/// arguments and options file, the logged command line. Never a crash,
/// and the parser's promises hold:
/// - every entry has a stream URL within `urlLimit` bytes, without control
///   characters, with `://` and an allowed scheme;
/// - names, attribute values and header values are within their limits;
///   header names are HTTP tokens and values have no control characters;
/// - at most `diagnosticLimit` diagnostics are kept;
/// - parsing the same bytes twice gives the same playlist;
/// - mpv gets no secret header as an argument; each line of the options
///   file is `http-header-fields-append=%N%ITEM` with N the byte count of
///   ITEM; the URL is the last argument, after `--`; an argument carrying
///   a secret header is logged as `Name: ***`.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzM3U(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
  let bytes = Array(UnsafeBufferPointer(start: data, count: size))
  let playlist = Playlist(parsing: bytes, location: .file("fuzz.m3u"))
  guard playlist == Playlist(parsing: bytes, location: .file("fuzz.m3u")) else {
    fatalError("two parses differ")
  }
  guard playlist.diagnostics.count <= Playlist.diagnosticLimit else {
    fatalError("\(playlist.diagnostics.count) diagnostics")
  }
  guard let mpv = try? PlayerCommand(template: "mpv --title={title}") else {
    fatalError("the mpv template does not read")
  }
  for entry in playlist.entries {
    check(entry)
    let invocation = mpv.invocation(url: entry.streamURL, headers: entry.headers, title: entry.name)
    check(invocation, entry: entry)
    for start in [1_796_061_600, 1_796_000_000] as [EpochSeconds] {
      _ = try? CatchupURLBuilder.url(
        streamURL: entry.streamURL, settings: playlist.catchup(for: entry), start: start,
        stop: start + 3600, now: 1_796_070_000, catchupID: entry.tvgID)
    }
  }
  return 0
}

func hasControl(_ text: String) -> Bool {
  text.unicodeScalars.contains { $0.value < 0x20 || $0.value == 0x7F }
}

func check(_ entry: PlaylistEntry) {
  let url = entry.streamURL
  guard !url.isEmpty, url.utf8.count <= Playlist.urlLimit, !hasControl(url), url.contains("://")
  else { fatalError("stream URL \(url.debugDescription)") }
  let scheme = String(url.prefix { $0 != ":" }).lowercased()
  guard PlaylistEntry.streamSchemes.contains(scheme) else { fatalError("scheme \(scheme)") }
  guard entry.name.utf8.count <= Playlist.nameLimit else { fatalError("name too long") }
  let attributes = [entry.tvgID, entry.tvgName, entry.number, entry.logo].compactMap { $0 }
  for value in attributes + entry.groups where value.utf8.count > Playlist.attributeValueLimit {
    fatalError("attribute of \(value.utf8.count) bytes")
  }
  let headers = entry.headers
  let values = [headers.userAgent, headers.referrer].compactMap { $0 } + headers.other.map(\.value)
  for value in values where hasControl(value) || value.utf8.count > Playlist.attributeValueLimit {
    fatalError("header value \(value.debugDescription)")
  }
  let token = Set("!#$%&'*+-.^_`|~abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789")
  for field in headers.other where field.name.isEmpty || !field.name.allSatisfy(token.contains) {
    fatalError("header name \(field.name.debugDescription)")
  }
}

func check(_ invocation: PlayerInvocation, entry: PlaylistEntry) {
  let arguments = invocation.arguments
  guard arguments.count >= 3, arguments[arguments.count - 2] == "--",
    arguments.last == entry.streamURL
  else { fatalError("URL not last after --: \(arguments)") }
  for field in entry.headers.secretFields {
    let item = "\(field.name): \(field.value)"
    if arguments.contains("--http-header-fields-append=" + item) {
      fatalError("secret header \(field.name) is an argument")
    }
    let logged = StreamHeaders.masked("--http-header-fields-append=" + item)
    guard logged == "--http-header-fields-append=\(field.name): ***" else {
      fatalError("secret header logged: \(logged)")
    }
  }
  guard let options = invocation.secretHeaderOptions else {
    if !entry.headers.secretFields.isEmpty { fatalError("secret headers dropped") }
    return
  }
  var lines = options.split(separator: "\n", omittingEmptySubsequences: false)
  guard lines.last == "" else { fatalError("options do not end with a newline") }
  lines.removeLast()
  guard lines.count == entry.headers.secretFields.count else { fatalError("options lines") }
  for (line, field) in zip(lines, entry.headers.secretFields) {
    let prefix = "http-header-fields-append=%"
    guard line.hasPrefix(prefix) else { fatalError("option \(line)") }
    let rest = line.dropFirst(prefix.count)
    guard let percent = rest.firstIndex(of: "%"), let count = Int(rest[..<percent]) else {
      fatalError("option \(line)")
    }
    let item = rest[rest.index(after: percent)...]
    guard item.utf8.count == count, item == "\(field.name): \(field.value)" else {
      fatalError("option \(line) for \(field)")
    }
  }
}
