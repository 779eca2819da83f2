import EPGLayout
import EPGSchedule
import Foundation

/// Builds archive (catch-up) URLs and says whether a programme can be
/// played from the archive.
///
/// Times are epoch seconds, as the programme is shown for the entry (the
/// guide's times plus the entry's shift). `catchup-correction` is added to
/// the programme's start and stop for the URL only.
///
/// Placeholders, each accepted as `{name}` and `${name}`:
/// - `utc`, `start`: start; `utcend`, `end`: stop; `lutc`, `now`,
///   `timestamp`: now (all epoch seconds);
/// - `Y` `m` `d` `H` `M` `S`: the start's UTC year (4 digits), month, day,
///   hour, minute, second (2 digits);
/// - `duration`: stop − start in seconds; `duration:N`: that divided by N
///   (rounded down); `offset`, `offset:N`: now − start, likewise;
/// - `catchup-id`: the programme's `catchup-id`, percent-encoded.
/// Unknown placeholders are left as written.
///
/// Modes: `default` (the `catchup-source` is the URL), `append` (the
/// source is appended to the stream URL), `shift` (`?utc={utc}&lutc={lutc}`
/// appended; `&` when the URL has a query), `flussonic` (`…/mpegts` →
/// `…/timeshift_abs-{utc}.ts`; `…/index.m3u8` →
/// `…/archive-{utc}-{duration}.m3u8`, `…/NAME.m3u8` →
/// `…/NAME-{utc}-{duration}.m3u8`; the query is kept), `xc`
/// (`scheme://host/live/USER/PASS/ID.ext` →
/// `scheme://host/timeshift/USER/PASS/{duration:60}/{Y}-{m}-{d}:{H}-{M}/ID.ext`,
/// `.ts` when there is no extension), `vod` (no archive).
public enum CatchupURLBuilder {
  /// Archive depth assumed when the playlist gives no `catchup-days`.
  public static let defaultDays = 5

  /// Why a programme cannot be played from the archive.
  public enum Unavailable: Error, Hashable, Sendable, CustomStringConvertible {
    /// The entry has no `catchup` (or `vod`).
    case noArchive
    /// The programme starts `startsIn` seconds from now.
    case stillToCome(startsIn: Int64)
    /// It started more than `days` days ago.
    case tooOld(days: Int)
    /// The mode needs a `catchup-source` and there is none.
    case missingSource
    /// The stream URL does not have the form the mode rewrites.
    case unrecognisedStream(CatchupSettings.Mode)
    /// The template uses `{catchup-id}` and the programme has none.
    case missingCatchupID
    /// The built URL is not an allowed stream URL (see
    /// `PlaylistEntry.streamSchemes`).
    case notAStreamURL

    public var description: String {
      switch self {
      case .noArchive: return "no archive for this channel"
      case .stillToCome(let seconds):
        return seconds >= 3600
          ? "still to come (starts in \(seconds / 3600) h \(seconds / 60 % 60) min)"
          : "still to come (starts in \(max(1, (seconds + 59) / 60)) min)"
      case .tooOld(let days): return "too old (the archive keeps \(days) days)"
      case .missingSource: return "no catchup-source for this channel"
      case .unrecognisedStream(let mode):
        return "the stream URL does not have the form catch-up mode \(mode.rawValue) needs"
      case .missingCatchupID: return "the programme has no catchup-id"
      case .notAStreamURL: return "the archive URL is not a stream URL"
      }
    }
  }

  /// Whether the programme `[start, stop)` can be played from the archive
  /// at `now`: it has started (a programme on now plays from its start)
  /// and started at most `catchup-days` days ago.
  public static func checkPlayable(
    start: EpochSeconds, stop: EpochSeconds, now: EpochSeconds, settings: CatchupSettings
  ) throws(Unavailable) {
    guard let mode = settings.mode, mode != .vod else { throw .noArchive }
    if start > now { throw .stillToCome(startsIn: start - now) }
    let days = settings.days ?? defaultDays
    if days <= 0 || start < now - EpochSeconds(days) * 86_400 { throw .tooOld(days: days) }
  }

  /// The archive URL for the programme `[start, stop)` on the stream
  /// `streamURL` (Kodi suffix already removed), or why there is none.
  public static func url(
    streamURL: String, settings: CatchupSettings, start: EpochSeconds, stop: EpochSeconds,
    now: EpochSeconds, catchupID: String? = nil
  ) throws(Unavailable) -> String {
    try checkPlayable(start: start, stop: stop, now: now, settings: settings)
    let correction = settings.correction ?? 0
    let times = Times(start: start + correction, stop: stop + correction, now: now)
    let template: String
    switch settings.mode {
    case .default?:
      guard let source = settings.source else { throw .missingSource }
      template = source
    case .append?:
      guard let source = settings.source else { throw .missingSource }
      template = streamURL + source
    case .shift?:
      template = streamURL + (streamURL.contains("?") ? "&" : "?") + "utc={utc}&lutc={lutc}"
    case .flussonic?:
      guard let rewritten = flussonic(streamURL) else { throw .unrecognisedStream(.flussonic) }
      template = rewritten
    case .xc?:
      guard let rewritten = xtream(streamURL) else { throw .unrecognisedStream(.xc) }
      template = rewritten
    case .vod?, nil:
      throw .noArchive
    }
    let url = try expand(template, times: times, catchupID: catchupID)
    guard let scheme = SourceLocation.scheme(of: url), url.contains("://"),
      PlaylistEntry.streamSchemes.contains(scheme),
      !url.unicodeScalars.contains(where: { $0.value < 0x20 || $0.value == 0x7F })
    else { throw .notAStreamURL }
    return url
  }

  struct Times {
    var start: EpochSeconds
    var stop: EpochSeconds
    var now: EpochSeconds
  }

  /// `template` with its placeholders replaced.
  static func expand(_ template: String, times: Times, catchupID: String?) throws(Unavailable)
    -> String
  {
    var result = ""
    var rest = Substring(template)
    while let open = rest.firstIndex(of: "{") {
      var prefix = rest[..<open]
      if prefix.last == "$" { prefix = prefix.dropLast() }
      guard let close = rest[open...].firstIndex(of: "}") else { break }
      let name = rest[rest.index(after: open)..<close]
      if let value = try value(of: name, times: times, catchupID: catchupID) {
        result += prefix + value
      } else {
        result += rest[...close]
      }
      rest = rest[rest.index(after: close)...]
    }
    return result + rest
  }

  private static func value(of name: Substring, times: Times, catchupID: String?)
    throws(Unavailable)
    -> String?
  {
    let duration = max(0, times.stop - times.start)
    let offset = max(0, times.now - times.start)
    let parts = name.split(separator: ":", maxSplits: 1)
    let divisor: Int64? = parts.count == 2 ? Int64(parts[1]) : nil
    if parts.count == 2 {
      guard let divisor, divisor > 0 else { return nil }
      switch parts[0] {
      case "duration": return String(duration / divisor)
      case "offset": return String(offset / divisor)
      default: return nil
      }
    }
    switch name {
    case "utc", "start": return String(times.start)
    case "utcend", "end": return String(times.stop)
    case "lutc", "now", "timestamp": return String(times.now)
    case "duration": return String(duration)
    case "offset": return String(offset)
    case "catchup-id":
      guard let catchupID, !catchupID.isEmpty else { throw .missingCatchupID }
      return catchupID.addingPercentEncoding(withAllowedCharacters: unreserved) ?? ""
    case "Y", "m", "d", "H", "M", "S":
      let days = (times.start >= 0 ? times.start : times.start - 86_399) / 86_400
      let seconds = Int(times.start - days * 86_400)
      let (year, month, day) = TimestampParser.civilFromDays(Int(days))
      func two(_ n: Int) -> String { n < 10 ? "0\(n)" : "\(n)" }
      switch name {
      case "Y":
        let digits = String(abs(year))
        return (year < 0 ? "-" : "") + String(repeating: "0", count: max(0, 4 - digits.count))
          + digits
      case "m": return two(month)
      case "d": return two(day)
      case "H": return two(seconds / 3600)
      case "M": return two(seconds / 60 % 60)
      default: return two(seconds % 60)
      }
    default: return nil
    }
  }

  private static let unreserved = CharacterSet(
    charactersIn: "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-._~")

  /// The Flussonic archive template for a live URL, or nil.
  static func flussonic(_ url: String) -> String? {
    let (path, query) = splitQuery(url)
    guard let slash = path.lastIndex(of: "/"), path.contains("://") else { return nil }
    let base = path[...slash]
    let last = path[path.index(after: slash)...]
    if last == "mpegts" { return base + "timeshift_abs-{utc}.ts" + query }
    guard last.hasSuffix(".m3u8"), last.count > 5 else { return nil }
    let name = last.dropLast(5)
    return base + (name == "index" ? "archive" : name) + "-{utc}-{duration}.m3u8" + query
  }

  /// The Xtream Codes timeshift template for a live URL, or nil.
  static func xtream(_ url: String) -> String? {
    let (path, _) = splitQuery(url)
    guard let schemeEnd = path.range(of: "://") else { return nil }
    let rest = path[schemeEnd.upperBound...]
    var segments = rest.split(separator: "/", omittingEmptySubsequences: false)
    guard segments.count >= 4 else { return nil }
    let host = segments.removeFirst()
    if segments.count == 4 && segments[0].lowercased() == "live" { segments.removeFirst() }
    guard segments.count == 3, !host.isEmpty, !segments[0].isEmpty, !segments[1].isEmpty else {
      return nil
    }
    let file = segments[2]
    let id = file.prefix { $0 != "." }
    guard !id.isEmpty, id.allSatisfy({ $0.isASCII && $0.isNumber }) else { return nil }
    let ext = file.count > id.count ? file[id.endIndex...] : ".ts"
    return path[..<schemeEnd.upperBound] + host + "/timeshift/\(segments[0])/\(segments[1])"
      + "/{duration:60}/{Y}-{m}-{d}:{H}-{M}/" + id + ext
  }

  private static func splitQuery(_ url: String) -> (Substring, Substring) {
    guard let question = url.firstIndex(of: "?") else { return (Substring(url), "") }
    return (url[..<question], url[question...])
  }
}
