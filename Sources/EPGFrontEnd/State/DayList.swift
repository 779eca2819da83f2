import EPGLayout

/// The layout of a list of programmes with a day heading before each new
/// local day (the channel schedule and the search results), made with the
/// inset flow layout: one item per programme, one point per row, and a top
/// inset on the first programme of each day that leaves room for a blank
/// line and the heading.
///
///     y 0   Mon 30 Nov              ← heading (in the first item's top inset)
///     y 1   14:00  News
///     y 2   15:00  Film
///     y 3                           ← blank (inset)
///     y 4   Tue 1 Dec               ← heading
///     y 5   00:10  Late film
///
/// Rows are in cells from the top of the list content.
public struct DayList: Sendable {
  /// Row of each item.
  public let itemRows: [Int]
  /// Row and local day of each heading.
  public let headings: [(row: Int, day: Int64)]
  /// Rows the whole list takes.
  public let contentRows: Int
  let flow: InsetFlowLayout

  /// Lays out items that start at `starts` (in list order) for a list
  /// `width` cells wide.
  public init(starts: [EpochSeconds], format: TimeFormat, width: Int) {
    self.init(groupKeys: starts.map { format.local($0).dayNumber }, width: width)
  }

  /// Lays out items with a heading before each run of equal `groupKeys`
  /// (the saved searches' list: one run per search); each heading's `day`
  /// is then its key.
  public init(groupKeys: [Int64], width: Int) {
    var items: [FlowItem] = []
    var headings: [(row: Int, day: Int64)] = []
    var previousDay: Int64?
    for day in groupKeys {
      var top = 0.0
      if day != previousDay {
        top = previousDay == nil ? 1 : 2
        previousDay = day
      }
      items.append(
        FlowItem(
          size: Size(width: Double(max(1, width)), height: 1), insets: EdgeInsets(top: top)))
    }
    flow = InsetFlowLayout(
      configuration: InsetFlowLayout.Configuration(scrollDirection: .vertical),
      containerSize: Size(width: Double(max(1, width)), height: 0),
      sections: [FlowSection(items: items)])
    var rows: [Int] = []
    previousDay = nil
    for (index, day) in groupKeys.enumerated() {
      let row = Int(flow.item(at: IndexPath(item: index, section: 0))?.frame.minY ?? 0)
      rows.append(row)
      if day != previousDay {
        headings.append((row - 1, day))
        previousDay = day
      }
    }
    itemRows = rows
    self.headings = headings
    contentRows = Int(flow.contentSize.height)
  }

  /// The scroll (first row shown) that shows item `index` in a view
  /// `viewRows` high, moving as little as possible from `scroll`; the day
  /// heading of a day's first item comes along.
  public func scroll(revealing index: Int, viewRows: Int, from scroll: Int) -> Int {
    guard itemRows.indices.contains(index) else { return 0 }
    let offset =
      flow.scrollOffset(
        revealing: IndexPath(item: index, section: 0), viewportLength: Double(max(1, viewRows)),
        currentOffset: Double(scroll)) ?? 0
    var result = Int(offset)
    let row = itemRows[index]
    if let heading = headings.first(where: { $0.row == row - 1 }), heading.row < result {
      result = max(0, heading.row)
    }
    return result
  }

  /// The item shown at content row `row`, if any.
  public func item(atRow row: Int) -> Int? {
    let low = itemRows.partitioningIndex { $0 >= row }
    return low < itemRows.count && itemRows[low] == row ? low : nil
  }
}
