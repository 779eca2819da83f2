extension EpisodeNumber {
  /// Parses XMLTV's zero-based `xmltv_ns` form ("season . episode . part",
  /// each optionally "X/Y", any part may be empty) into one-based numbers.
  /// Nil when malformed or when every part is empty.
  public init?(xmltvNS text: String) {
    let parts = text.split(separator: ".", omittingEmptySubsequences: false)
    guard parts.count <= 3 else { return nil }
    var numbers: [(Int?, Int?)] = []
    for part in parts {
      let trimmed = part.filter { !$0.isWhitespace }
      if trimmed.isEmpty {
        numbers.append((nil, nil))
        continue
      }
      let pieces = trimmed.split(separator: "/", omittingEmptySubsequences: false)
      guard pieces.count <= 2 else { return nil }
      var index: Int?
      if !pieces[0].isEmpty {
        guard let value = Int(pieces[0]), value >= 0, value < 1_000_000 else { return nil }
        index = value + 1
      }
      var total: Int?
      if pieces.count == 2 {
        guard let value = Int(pieces[1]), value >= 0, value < 1_000_000 else { return nil }
        total = value
      }
      numbers.append((index, total))
    }
    while numbers.count < 3 { numbers.append((nil, nil)) }
    guard numbers.contains(where: { $0.0 != nil || $0.1 != nil }) else { return nil }
    self.init(
      season: numbers[0].0, seasonCount: numbers[0].1, episode: numbers[1].0,
      episodeCount: numbers[1].1, part: numbers[2].0, partCount: numbers[2].1)
  }

  /// The zero-based `xmltv_ns` text of the numeric parts, e.g. "1.4/10.",
  /// or nil when there are none.
  public var xmltvNS: String? {
    guard season != nil || episode != nil || part != nil || seasonCount != nil
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
  /// parts; else the on-screen text; nil when there is nothing to show.
  public var label: String? {
    var text = ""
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
