import EPGCore

/// How a guide file is read and normalised.
public struct LoadOptions: Sendable {
  /// Preferred languages, most wanted first, as language tags or their
  /// primary subtags (`de`, `en-GB`); matched case-insensitively on the
  /// primary subtag. Texts in other languages are the fallback (the first in
  /// the file wins), then kept as `otherTitles`/`otherNames`.
  public var preferredLanguages: [String]
  /// Seconds added to every time in the file (`--shift ±hh:mm`), for sources
  /// that write local time as UTC.
  public var shift: Int64
  /// Length in seconds given to a channel's last programme when it has no
  /// stop and no `<length>` (the stop is then marked estimated).
  public var defaultDuration: Int64
  /// The most bytes a guide may hold once decompressed (`max_guide_size`;
  /// a plain file's size, a `.gz` file's or body's inflated bytes,
  /// standard input's); a larger one fails to load, saying so. 0: no
  /// limit.
  public var maxGuideBytes: Int64 = LoadOptions.defaultMaxGuideBytes
  /// 2 GiB.
  public static let defaultMaxGuideBytes: Int64 = 2 << 30
  /// Called as the file is read with (bytes read, file size; 0 if unknown),
  /// about every 64 KiB of decoded input. Return false to cancel the load
  /// (it then throws `LoadError.cancelled`).
  public var progress: (@Sendable (Int64, Int64) -> Bool)?
  /// Bytes per part when a large plain XMLTV file is parsed in parts on
  /// several cores (`XMLTVParts`); nil: `XMLTVParts.defaultPartBytes` when
  /// there are two cores or more, else one stream; 0: one stream. Tests
  /// set it low to cut small files.
  var partBytes: Int64?

  public init(
    preferredLanguages: [String] = [], shift: Int64 = 0, defaultDuration: Int64 = 1800,
    progress: (@Sendable (Int64, Int64) -> Bool)? = nil
  ) {
    self.preferredLanguages = preferredLanguages
    self.shift = shift
    self.defaultDuration = defaultDuration
    self.progress = progress
  }

  /// Preferred languages from the environment: `LANGUAGE` (`de:en`) first,
  /// then `LC_ALL`, `LC_MESSAGES`, `LANG` (`de_DE.UTF-8` → `de`). `C` and
  /// `POSIX` mean no preference.
  public static func languages(fromEnvironment environment: [String: String]) -> [String] {
    var result: [String] = []
    func add(_ tag: Substring) {
      let primary = tag.split(whereSeparator: { $0 == "_" || $0 == "." || $0 == "@" || $0 == "-" })
        .first.map { $0.lowercased() }
      guard let primary, !primary.isEmpty, primary != "c", primary != "posix",
        !result.contains(primary)
      else { return }
      result.append(primary)
    }
    if let list = environment["LANGUAGE"] {
      for tag in list.split(separator: ":") { add(tag) }
    }
    for key in ["LC_ALL", "LC_MESSAGES", "LANG"] {
      if let value = environment[key], !value.isEmpty {
        add(Substring(value))
        break
      }
    }
    return result
  }

  /// Parses a `--shift` value: `±hh:mm`, `±hhmm`, `±hh` or `±N` minutes
  /// with an `m` suffix; nil if malformed.
  public static func parseShift(_ text: String) -> Int64? {
    var body = Substring(text.trimmingWhitespace())
    var sign: Int64 = 1
    if body.hasPrefix("-") {
      sign = -1
      body = body.dropFirst()
    } else if body.hasPrefix("+") {
      body = body.dropFirst()
    }
    if body.hasSuffix("m"), let minutes = Int64(body.dropLast()), minutes <= 10_000 {
      return sign * minutes * 60
    }
    let parts = body.split(separator: ":", omittingEmptySubsequences: false)
    var hours: Int64
    var minutes: Int64 = 0
    if parts.count == 2 {
      guard parts[0].count <= 2, parts[1].count == 2, let h = Int64(parts[0]),
        let m = Int64(parts[1])
      else { return nil }
      hours = h
      minutes = m
    } else if parts.count == 1, body.count == 4, let value = Int64(body) {
      hours = value / 100
      minutes = value % 100
    } else if parts.count == 1, (1...2).contains(body.count), let value = Int64(body) {
      hours = value
    } else {
      return nil
    }
    guard hours <= 48, minutes < 60 else { return nil }
    return sign * (hours * 3600 + minutes * 60)
  }
}
