import EPGLayout
import EPGSchedule

// The overview lists (`o` now and next, `e` tonight): one item per channel
// row of `guide`, laid out as the other lists are (`DayList`).
extension AppState {
  /// The instant an overview is about: now, or prime time of its day.
  public func overviewInstant(_ overview: ChannelOverview) -> EpochSeconds {
    switch overview {
    case .nowNext: now
    case .tonight(let day): LocalTime.instant(day, minute: settings.primeTime, in: format.zone)
    }
  }

  /// The layout of an overview: one line per channel row, under a heading
  /// with the day of its instant.
  public func overviewList(_ overview: ChannelOverview) -> DayList {
    let instant = overviewInstant(overview)
    return DayList(
      starts: Array(repeating: instant, count: guide.rows.count), format: format,
      width: size.columns)
  }

  /// The programmes of `row` an overview line shows, in time order: now
  /// and next (either may be missing), or those on in the evening.
  public func overviewItems(_ overview: ChannelOverview, row: Int) -> [Int] {
    guard guide.rows.indices.contains(row) else { return [] }
    let programmes = guide.rows[row].programmes
    let instant = overviewInstant(overview)
    let first = guide.firstItem(endingAfter: instant, inRow: row)
    switch overview {
    case .nowNext:
      guard first < programmes.count else { return [] }
      if programmes[first].start <= instant {
        return first + 1 < programmes.count ? [first, first + 1] : [first]
      }
      return [first]
    case .tonight:
      let end = instant + ChannelOverview.eveningSeconds
      return Array((first..<programmes.count).prefix { programmes[$0].start < end })
    }
  }

  /// The programme Enter opens on an overview line: the one in `column`
  /// of the line's programmes (the last when there are fewer).
  func overviewProgramme(_ overview: ChannelOverview, row: Int, column: Int) -> ProgrammeRef? {
    let items = overviewItems(overview, row: row)
    guard !items.isEmpty else { return nil }
    return ProgrammeRef(row: row, item: items[min(max(0, column), items.count - 1)])
  }

  /// Opens an overview on line `index` (the selected channel's when nil).
  mutating func openOverview(_ overview: ChannelOverview, at index: Int? = nil) {
    guard !guide.rows.isEmpty else {
      message = "The guide has no channels."
      return
    }
    let index = min(max(0, index ?? selectedRow), guide.rows.count - 1)
    let list = overviewList(overview)
    mode = .overview(
      overview,
      ListCursor(
        selected: index, scroll: list.scroll(revealing: index, viewRows: layout.listRows, from: 0)))
  }

  mutating func handleOverview(
    _ key: Key, overview: ChannelOverview, cursor: ListCursor, column: Int
  ) {
    let count = guide.rows.count
    if let moved = movedCursor(cursor, key: key, count: count, list: overviewList(overview)) {
      mode = .overview(overview, moved)
      return
    }
    switch key {
    case .escape: mode = .guide
    case .character("q"): isFinished = true
    case .left, .character("h"), .right, .character("l"):
      let step = (key == .left || key == .character("h")) ? -1 : 1
      let count = overviewItems(overview, row: cursor.selected).count
      mode = .overview(overview, cursor, column: min(max(0, column + step), max(0, count - 1)))
    case .enter:
      guard let ref = overviewProgramme(overview, row: cursor.selected, column: column) else {
        message = "Nothing on this channel then"
        return
      }
      // The guide follows, so that Esc from the list finds it there.
      openDetailsFromList(ref)
    case .character("w"), .character("W"):
      // A line with nothing then: the channel.
      guard guide.rows.indices.contains(cursor.selected) else { return }
      let ref = overviewProgramme(overview, row: cursor.selected, column: column)
      watch(
        row: cursor.selected, programme: ref.flatMap { guide.programme($0) },
        fromStart: key == .character("W"))
    case .character("o"): openOverview(.nowNext, at: cursor.selected)
    case .character("e"): openOverview(.tonight(day: dayInView), at: cursor.selected)
    case .character("?"), .function(1): mode = .help(scroll: 0)
    default: break
    }
  }
}
