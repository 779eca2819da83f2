import EPGLayout

/// The day bar: one label per local day of the guide ("Mon 30"; at most a
/// year of them, around the day in view), laid out by
/// the inset flow layout in the horizontal direction (one point per column),
/// scrolled so that the day in view shows. Columns are cells from the left
/// edge of the screen.
struct DayBar {
  /// Local day numbers, in order.
  let days: [Int64]
  let labels: [String]
  /// Left column and width of each label on screen (may be off screen).
  let frames: [(x: Int, width: Int)]
  /// Index of the day in view.
  let current: Int?

  init(state: AppState, measure: (String) -> Int) {
    let format = state.format
    let first = state.guideDays.lowerBound
    let last = state.guideDays.upperBound
    let shownDay = state.dayInView
    // At most a year of labels, around the day in view.
    let firstShown = min(max(first, shownDay - 183), max(first, last - 366))
    let lastShown = min(last, firstShown + 366)
    days = Array(firstShown...lastShown)
    labels = days.map { day in
      " " + format.dayName(LocalTime.startOfDay(day, in: format.zone) + 43_200) + " "
    }
    current = days.firstIndex(of: shownDay)
    let items = labels.map { FlowItem(size: Size(width: Double(measure($0)), height: 1)) }
    let columns = Double(max(1, state.size.columns))
    let flow = InsetFlowLayout(
      configuration: InsetFlowLayout.Configuration(
        scrollDirection: .horizontal, minimumLineSpacing: 1, minimumInteritemSpacing: 0,
        sectionInset: EdgeInsets(left: 1, right: 1)),
      containerSize: Size(width: columns, height: 1), sections: [FlowSection(items: items)])
    let scroll =
      current.flatMap {
        flow.scrollOffset(
          revealing: IndexPath(item: $0, section: 0), viewportLength: columns, currentOffset: 0)
      } ?? 0
    frames = items.indices.map { index in
      let frame = flow.item(at: IndexPath(item: index, section: 0))?.frame ?? .zero
      return (Int(frame.minX - scroll), Int(frame.width))
    }
  }

  /// The day whose label covers screen column `x`.
  func day(atColumn x: Int) -> Int64? {
    guard let index = frames.firstIndex(where: { x >= $0.x && x < $0.x + $0.width }) else {
      return nil
    }
    return days[index]
  }
}

extension AppState {
  /// The local day whose day-bar label is at column `x`, if any.
  func dayBarDay(atColumn x: Int) -> Int64? {
    let canvas = Canvas(size: CellSize(columns: 1, rows: 1), unicode: settings.unicode)
    return DayBar(state: self, measure: canvas.measure).day(atColumn: x)
  }
}
