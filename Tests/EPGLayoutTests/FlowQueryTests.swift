import EPGLayout
import EPGTestSupport
import Testing

/// Rect queries, single-element look-ups, the data-source initialiser and
/// scrolling to an item.
@Suite struct FlowQueryTests {
  /// The order every query returns: section, then header, items, footer.
  private func orderKey(_ element: FlowElement) -> (Int, Int, Int) {
    let kind = FlowElementKind.allCases.firstIndex(of: element.kind) ?? 0
    return (element.indexPath.section, kind, element.indexPath.item)
  }

  @Test(arguments: [InsetFlowLayout.ScrollDirection.vertical, .horizontal])
  func elementsAreStoredInTheStableOrder(direction: InsetFlowLayout.ScrollDirection) {
    for seed in UInt64(1)...10 {
      let layout = mixedFlowLayout(seed: seed, direction: direction)
      let keys = layout.elements.map(orderKey)
      #expect(zip(keys, keys.dropFirst()).allSatisfy { $0 < $1 })
      let everything = Rect(
        x: -1, y: -1, width: layout.contentSize.width + 2, height: layout.contentSize.height + 2)
      #expect(layout.elements(in: everything) == layout.elements)
    }
  }

  /// The binary search gives the same answer, in the same order, as a
  /// linear filter, for rects of every shape, including 0-wide and 0-tall
  /// rects and rects outside the content.
  @Test(arguments: [InsetFlowLayout.ScrollDirection.vertical, .horizontal])
  func rectQueriesMatchALinearFilter(direction: InsetFlowLayout.ScrollDirection) {
    var random = FlowRandom(state: 99)
    var nonEmptyAnswers = 0
    for seed in UInt64(1)...12 {
      let layout = mixedFlowLayout(
        seed: seed, direction: direction, alignment: seed % 2 == 0 ? .justified : .leading)
      let width = Int(layout.contentSize.width) + 20
      let height = Int(layout.contentSize.height) + 20
      for _ in 0..<150 {
        let rect = Rect(
          x: Double(random.next(-20...width)), y: Double(random.next(-20...height)),
          width: Double(random.next(0...60)), height: Double(random.next(0...60)))
        let expected = layout.elements.filter { $0.frame.intersects(rect) }
        #expect(layout.elements(in: rect) == expected, "rect \(rect), seed \(seed)")
        if !expected.isEmpty { nonEmptyAnswers += 1 }
      }
    }
    #expect(nonEmptyAnswers > 500)
  }

  @Test func aQueryReturnsOnlyTheLinesItReaches() {
    let layout = flowLayout(
      [Array(repeating: flowItem(30, 10), count: 9)], crossLength: 100,
      configuration: .init(minimumLineSpacing: 2, minimumInteritemSpacing: 5))
    // Lines at y 0, 12 and 24; the rect covers only part of line 2's band.
    let found = layout.elements(in: Rect(x: 40, y: 15, width: 60, height: 5))
    #expect(found.map(\.indexPath.item) == [4, 5])
    // A rect that ends where line 2 starts does not reach it (half-open).
    #expect(layout.elements(in: Rect(x: 0, y: 10, width: 100, height: 2)).isEmpty)
  }

  @Test func zeroSizeItemsAreFoundByRectsThatTouchThem() {
    let layout = flowLayout(
      [[flowItem(30, 10), flowItem(0, 0), flowItem(30, 10)]], crossLength: 100,
      configuration: .init(minimumInteritemSpacing: 5))
    // The zero-size item sits in the middle of the line's band.
    #expect(flowFrame(layout, 0, 1) == Rect(x: 35, y: 5, width: 0, height: 0))
    let found = layout.elements(in: Rect(x: 32, y: 0, width: 5, height: 5))
    #expect(found.map(\.indexPath.item) == [1])
    #expect(layout.elements(in: Rect(x: 36, y: 0, width: 3, height: 10)).isEmpty)
  }

  @Test func lookUpsOutsideTheLayoutGiveNil() {
    let layout = flowLayout(
      [[flowItem(10, 10)], [flowItem(10, 10), flowItem(10, 10)]], crossLength: 100,
      configuration: .init(headerSize: Size(width: 0, height: 5)))
    #expect(layout.item(at: IndexPath(item: 1, section: 1))?.frame.minY == 20)
    #expect(layout.item(at: IndexPath(item: 1, section: 0)) == nil)
    #expect(layout.item(at: IndexPath(item: -1, section: 0)) == nil)
    #expect(layout.item(at: IndexPath(item: 0, section: 2)) == nil)
    #expect(layout.item(at: IndexPath(item: 0, section: -1)) == nil)
    #expect(layout.header(section: 1)?.kind == .header)
    #expect(layout.header(section: 2) == nil)
    #expect(layout.footer(section: 0) == nil)
    #expect(layout.numberOfSections == 2)
    #expect(layout.numberOfItems(inSection: 1) == 2)
    #expect(layout.numberOfItems(inSection: 7) == 0)
  }

  @Test func theDataSourceInitialiserAsksOncePerItem() {
    var asked: [IndexPath] = []
    let layout = InsetFlowLayout(
      configuration: .init(), containerSize: Size(width: 100, height: 50), numberOfSections: 2,
      numberOfItems: { $0 == 0 ? 2 : -4 },
      sizeForItem: { _ in Size(width: 100, height: 10) },
      insetForItem: { indexPath in
        asked.append(indexPath)
        return indexPath.item == 0 ? EdgeInsets(bottom: 3) : .zero
      })
    #expect(asked == [IndexPath(item: 0, section: 0), IndexPath(item: 1, section: 0)])
    let arrays = flowLayout(
      [[flowItem(100, 10, bottom: 3), flowItem(100, 10)], []], crossLength: 100)
    #expect(layout.elements == arrays.elements)
    #expect(layout.numberOfSections == 2)
  }

  @Test func scrollingRevealsAnItemWithTheLeastMove() {
    let layout = flowLayout([Array(repeating: flowItem(100, 10), count: 10)], crossLength: 100)
    let fifth = IndexPath(item: 5, section: 0)  // y 50..<60
    #expect(layout.scrollOffset(revealing: fifth, viewportLength: 30, currentOffset: 0) == 30)
    #expect(layout.scrollOffset(revealing: fifth, viewportLength: 30, currentOffset: 55) == 50)
    #expect(layout.scrollOffset(revealing: fifth, viewportLength: 30, currentOffset: 40) == 40)
    // Longer than the viewport: its start is shown.
    #expect(layout.scrollOffset(revealing: fifth, viewportLength: 4, currentOffset: 0) == 50)
    // Never past the end of the content, never before its start.
    let last = IndexPath(item: 9, section: 0)
    #expect(layout.scrollOffset(revealing: last, viewportLength: 30, currentOffset: 99) == 70)
    #expect(layout.scrollOffset(revealing: last, viewportLength: 300, currentOffset: 0) == 0)
    #expect(layout.scrollOffset(revealing: fifth, viewportLength: .nan, currentOffset: .nan) == 50)
    #expect(
      layout.scrollOffset(
        revealing: IndexPath(item: 10, section: 0), viewportLength: 30, currentOffset: 0) == nil)
    let bar = layout.mirrored
    #expect(bar.scrollOffset(revealing: fifth, viewportLength: 30, currentOffset: 0) == 30)
  }
}
