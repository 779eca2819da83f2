import EPGSchedule

extension Programme.Flags {
  /// The grid's badges, in this order (text, so they read without colour,
  /// and the same in ASCII):
  ///
  /// | badge | flag |
  /// |---|---|
  /// | `LIVE` | `<live/>`: broadcast live |
  /// | `PREM` | `<premiere>`: a premiere (it says "new" too, so `NEW` is left out) |
  /// | `NEW` | `<new/>`: a new programme or episode |
  /// | `LAST` | `<last-chance>`: the last showing |
  ///
  /// Nil when there are none. A repeat (`<previously-shown>`) is the usual
  /// case and gets no badge.
  var badges: String? {
    let words = Self.badgeTable.filter { flag, _ in
      contains(flag) && !(flag == .new && contains(.premiere))
    }.map(\.badge)
    return words.isEmpty ? nil : words.joined(separator: " ")
  }

  /// Each flag with a badge, in the grid's order.
  static let badgeTable: [(flag: Programme.Flags, badge: String)] = [
    (.live, "LIVE"), (.premiere, "PREM"), (.new, "NEW"), (.lastChance, "LAST"),
  ]

  /// The flags in words for the details ("live, new, repeat").
  var words: [String] {
    var words: [String] = []
    if contains(.live) { words.append("live") }
    if contains(.new) { words.append("new") }
    if contains(.premiere) { words.append("premiere") }
    if contains(.previouslyShown) { words.append("repeat") }
    if contains(.lastChance) { words.append("last chance") }
    return words
  }
}
