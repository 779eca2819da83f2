extension EpisodeNumber {
  /// Parses XMLTV's zero-based `xmltv_ns` form ("season . episode . part",
  /// each optionally "X/Y", any part may be empty, spaces ignored) into
  /// one-based numbers. Nil when malformed or when every part is empty.
  public init?(xmltvNS text: String) {
    var copy = text
    guard let parsed = copy.withUTF8({ Self.parseXMLTVNS(UnsafeRawBufferPointer($0)) }) else {
      return nil
    }
    self = parsed
  }

  /// The byte-level parser behind `init(xmltvNS:)`.
  static func parseXMLTVNS(_ bytes: UnsafeRawBufferPointer) -> EpisodeNumber? {
    // numbers[part * 2] = index (one-based), numbers[part * 2 + 1] = total.
    var numbers: (Int, Int, Int, Int, Int, Int) = (0, 0, 0, 0, 0, 0)
    var part = 0
    var slot = 0  // 0: index, 1: total
    var current = -1  // -1: no digits yet
    var sawAny = false
    func store(_ numbers: inout (Int, Int, Int, Int, Int, Int), _ index: Int, _ value: Int) {
      withUnsafeMutableBytes(of: &numbers) { raw in
        raw.storeBytes(of: value, toByteOffset: index * MemoryLayout<Int>.stride, as: Int.self)
      }
    }
    for byte in bytes {
      switch byte {
      case UInt8(ascii: "0")...UInt8(ascii: "9"):
        current = (current < 0 ? 0 : current) * 10 + Int(byte - 48)
        guard current < 1_000_000 else { return nil }
      case UInt8(ascii: " "), 9, 10, 13:
        continue
      case UInt8(ascii: "/"):
        guard slot == 0 else { return nil }
        if current >= 0 {
          store(&numbers, part * 2, current + 1)
          sawAny = true
        }
        slot = 1
        current = -1
      case UInt8(ascii: "."):
        if current >= 0 {
          store(&numbers, part * 2 + slot, slot == 0 ? current + 1 : current)
          sawAny = true
        }
        part += 1
        guard part < 3 else { return nil }
        slot = 0
        current = -1
      default:
        return nil
      }
    }
    if current >= 0 {
      store(&numbers, part * 2 + slot, slot == 0 ? current + 1 : current)
      sawAny = true
    }
    guard sawAny else { return nil }
    return EpisodeNumber(
      season: numbers.0 > 0 ? numbers.0 : nil, seasonCount: numbers.1 > 0 ? numbers.1 : nil,
      episode: numbers.2 > 0 ? numbers.2 : nil, episodeCount: numbers.3 > 0 ? numbers.3 : nil,
      part: numbers.4 > 0 ? numbers.4 : nil, partCount: numbers.5 > 0 ? numbers.5 : nil)
  }

  /// The zero-based `xmltv_ns` text of the numeric parts, e.g. "1.4/10.",
  /// or nil when there are none.
  public var xmltvNS: String? {
    guard
      season != nil || episode != nil || part != nil || seasonCount != nil
        || episodeCount != nil || partCount != nil
    else { return nil }
    func piece(_ index: Int?, _ total: Int?) -> String {
      var text = index.map { String($0 - 1) } ?? ""
      if let total { text += "/\(total)" }
      return text
    }
    return [piece(season, seasonCount), piece(episode, episodeCount), piece(part, partCount)]
      .joined(separator: ".")
  }

  /// A short label: `S02E10` (one-based), with "Part 1/2" when there are
  /// parts; without season and episode the on-screen text leads (`E12
  /// Part 1/2`); nil when there is nothing to show.
  public var label: String? {
    var text = ""
    if season == nil, episode == nil, let onscreen { text = onscreen }
    if let season { text += "S" + (season < 10 ? "0" : "") + String(season) }
    if let episode {
      text += "E" + (episode < 10 ? "0" : "") + String(episode)
      if let episodeCount, season == nil { text += "/\(episodeCount)" }
    }
    if let part, partCount.map({ $0 > 1 }) ?? true {
      text += (text.isEmpty ? "" : " ") + "Part \(part)" + (partCount.map { "/\($0)" } ?? "")
    }
    if text.isEmpty { return onscreen }
    return text
  }
}
