/// One shared copy of each repeated text and list while a guide is read
/// (categories, ratings, credits, extras), so that 358k programmes do not
/// each hold their own copy.
struct ScheduleInterner {
  private var texts: [String: String] = [:]
  private var lists: [[String]: [String]] = [:]
  private var extrasLists: [[ProgrammeExtra]: [ProgrammeExtra]] = [:]

  /// One shared copy of a short repeated string (categories, ratings).
  mutating func intern(_ text: String) -> String {
    if let existing = texts[text] { return existing }
    texts[text] = text
    return text
  }

  /// One shared copy of a repeated list of extras (`16:9`, `HDTV`,
  /// `stereo` on most programmes of a guide); a list with a programme's
  /// own URL, image or review is kept as it is.
  mutating func intern(_ extras: [ProgrammeExtra]) -> [ProgrammeExtra] {
    if extras.isEmpty || !ProgrammeExtra.isShareable(extras) { return extras }
    if let existing = extrasLists[extras] { return existing }
    extrasLists[extras] = extras
    return extras
  }

  /// One shared copy of a repeated list (a programme's categories).
  mutating func intern(_ list: [String]) -> [String] {
    if list.isEmpty { return [] }
    if let existing = lists[list] { return existing }
    var copy: [String] = []
    copy.reserveCapacity(list.count)
    copy.append(contentsOf: list)
    lists[copy] = copy
    return copy
  }
}
