import EPGLayout
import Testing

/// Lines with several items: breaking, spacing, alignment, and a line's
/// offset taken over all its items.
@Suite struct FlowLinesTests {
  /// Five items 30 long in a container 100 across, 5 between items, 2
  /// between lines: 3 + 2 items. Rows of items 30 × 10 for vertical,
  /// columns of items 10 × 30 for horizontal.
  private func fiveItems(
    direction: InsetFlowLayout.ScrollDirection = .vertical,
    _ edit: (inout [FlowItem]) -> Void = { _ in }
  ) -> InsetFlowLayout {
    let item = direction == .vertical ? flowItem(30, 10) : flowItem(10, 30)
    var items = Array(repeating: item, count: 5)
    edit(&items)
    return flowLayout(
      [items], crossLength: 100,
      configuration: .init(
        scrollDirection: direction, minimumLineSpacing: 2, minimumInteritemSpacing: 5))
  }

  @Test func itemsFillALineThenWrap() {
    let layout = fiveItems()
    #expect(
      flowLines(layout) == [
        "item[0,0] (0.0, 0.0, 30.0, 10.0)",
        "item[0,1] (35.0, 0.0, 30.0, 10.0)",
        "item[0,2] (70.0, 0.0, 30.0, 10.0)",
        "item[0,3] (0.0, 12.0, 30.0, 10.0)",
        "item[0,4] (35.0, 12.0, 30.0, 10.0)",
      ])
    #expect(layout.contentSize == Size(width: 100, height: 22))
  }

  /// Fix 21: the middle and last items' insets count, the largest top sets
  /// the line's offset, the largest bottom the next line's.
  @Test func verticalLineOffsetIsTheLargestInsetOfAllItsItems() {
    let layout = fiveItems { items in
      items[0].insets = EdgeInsets(left: 3, right: 2)
      items[1].insets = EdgeInsets(top: 4, bottom: 6)
      items[2].insets = EdgeInsets(top: 8, bottom: 1)
    }
    #expect(
      flowLines(layout) == [
        "item[0,0] (3.0, 8.0, 25.0, 10.0)",
        "item[0,1] (35.0, 8.0, 30.0, 10.0)",
        "item[0,2] (70.0, 8.0, 30.0, 10.0)",
        "item[0,3] (0.0, 26.0, 30.0, 10.0)",
        "item[0,4] (35.0, 26.0, 30.0, 10.0)",
      ])
    #expect(layout.contentSize == Size(width: 100, height: 36))
  }

  @Test func horizontalColumnOffsetIsTheLargestInsetOfAllItsItems() {
    let layout = fiveItems(direction: .horizontal) { items in
      items[0].insets = EdgeInsets(top: 3, bottom: 2)
      items[1].insets = EdgeInsets(left: 4, right: 6)
      items[2].insets = EdgeInsets(left: 8, right: 1)
    }
    #expect(
      flowLines(layout) == [
        "item[0,0] (8.0, 3.0, 10.0, 25.0)",
        "item[0,1] (8.0, 35.0, 10.0, 30.0)",
        "item[0,2] (8.0, 70.0, 10.0, 30.0)",
        "item[0,3] (26.0, 0.0, 10.0, 30.0)",
        "item[0,4] (26.0, 35.0, 10.0, 30.0)",
      ])
    #expect(layout.contentSize == Size(width: 36, height: 100))
  }

  /// As in UIKit, items shorter than their line are centred on it.
  @Test func shorterItemsAreCentredOnTheirLine() {
    let layout = flowLayout([[flowItem(30, 10), flowItem(30, 20, top: 4)]], crossLength: 100)
    #expect(flowFrame(layout, 0, 0) == Rect(x: 0, y: 9, width: 30, height: 10))
    #expect(flowFrame(layout, 0, 1) == Rect(x: 30, y: 4, width: 30, height: 20))
    #expect(layout.contentSize == Size(width: 100, height: 24))
  }

  @Test func anItemLongerThanTheLineGetsALineOfItsOwnShortenedToFit() {
    let layout = flowLayout(
      [[flowItem(30, 10), flowItem(200, 10, left: 5), flowItem(30, 10)]], crossLength: 100,
      configuration: .init(
        minimumInteritemSpacing: 5, sectionInset: EdgeInsets(left: 10, right: 10)))
    #expect(
      flowLines(layout) == [
        "item[0,0] (10.0, 0.0, 30.0, 10.0)",
        "item[0,1] (15.0, 10.0, 75.0, 10.0)",
        "item[0,2] (10.0, 20.0, 30.0, 10.0)",
      ])
  }

  @Test func justifiedLinesSpreadTheirSpareRoomExceptTheLast() {
    let items = Array(repeating: flowItem(20, 10), count: 5)
    let layout = flowLayout(
      [items], crossLength: 110,
      configuration: .init(minimumInteritemSpacing: 5, lineAlignment: .justified))
    #expect(layout.elements.map(\.frame.minX) == [0, 30, 60, 90, 0])
    #expect(layout.elements.map(\.frame.minY) == [0, 0, 0, 0, 10])
  }

  /// A lone item is centred as UIKit centres it: on any line but the last,
  /// and on the last when no second item of its width would fit beside it.
  @Test(arguments: [InsetFlowLayout.ScrollDirection.vertical, .horizontal])
  func justifiedLinesCentreALoneItem(direction: InsetFlowLayout.ScrollDirection) {
    let configuration = InsetFlowLayout.Configuration(
      minimumInteritemSpacing: 10, lineAlignment: .justified)
    // 30 + 10 + 80 > 100: two lines of one item. The first is centred,
    // (100 − 30) / 2 = 35; the last too, as 80 + 10 + 80 > 100: 10.
    var layout = flowLayout(
      [[flowItem(30, 10), flowItem(80, 10)]], crossLength: 100,
      configuration: configuration)
    if direction == .horizontal { layout = layout.mirrored }
    let expected = [
      Rect(x: 35, y: 0, width: 30, height: 10), Rect(x: 10, y: 10, width: 80, height: 10),
    ]
    #expect(
      layout.elements.map(\.frame)
        == (direction == .vertical ? expected : expected.map(\.transposed)))
    // 45 + 10 + 45 fills the first line; a last line of one 30-point item,
    // where 30 + 10 + 30 fits: leading.
    let last = flowLayout(
      [[flowItem(45, 10), flowItem(45, 10), flowItem(30, 10)]], crossLength: 100,
      configuration: configuration)
    #expect(last.elements.map(\.frame.minX) == [0, 55, 0])
  }

  /// UIKit's per-section spacing (the delegate's
  /// `minimumLineSpacingForSectionAt` and `minimumInteritemSpacingForSectionAt`).
  @Test func sectionsCanHaveTheirOwnSpacing() {
    let items = Array(repeating: flowItem(40, 10), count: 3)
    let layout = InsetFlowLayout(
      configuration: .init(), containerSize: Size(width: 100, height: 500),
      sections: [
        FlowSection(items: items, minimumLineSpacing: 5, minimumInteritemSpacing: 20),
        FlowSection(items: items),
      ])
    // Section 0: 40 + 20 + 40 = 100 fits, so two items a line, 60 apart; the
    // second line 10 + 5 down. Section 1 (no spacing) starts at 25.
    #expect(
      layout.elements.map(\.frame.origin) == [
        Point(x: 0, y: 0), Point(x: 60, y: 0), Point(x: 0, y: 15),
        Point(x: 0, y: 25), Point(x: 40, y: 25), Point(x: 0, y: 35),
      ])
    #expect(layout.contentSize == Size(width: 100, height: 45))
  }

  @Test func centredLinesShareTheirSpareRoomOnBothSides() {
    let layout = flowLayout(
      [[flowItem(20, 10), flowItem(20, 10, left: 2)]], crossLength: 110,
      configuration: .init(minimumInteritemSpacing: 5, lineAlignment: .centered))
    #expect(flowFrame(layout, 0, 0) == Rect(x: 32.5, y: 0, width: 20, height: 10))
    #expect(flowFrame(layout, 0, 1) == Rect(x: 59.5, y: 0, width: 18, height: 10))
  }

  /// Every layout mirrors: transposing sizes, insets and the container and
  /// switching direction transposes every frame and the content size.
  @Test(arguments: [InsetFlowLayout.LineAlignment.leading, .centered, .justified])
  func horizontalIsTheMirrorImageOfVertical(alignment: InsetFlowLayout.LineAlignment) {
    for seed in UInt64(1)...20 {
      let vertical = mixedFlowLayout(seed: seed, direction: .vertical, alignment: alignment)
      let horizontal = vertical.mirrored
      #expect(horizontal.configuration.scrollDirection == .horizontal)
      #expect(horizontal.elements.map(\.frame) == vertical.elements.map(\.frame.transposed))
      #expect(horizontal.elements.map(\.indexPath) == vertical.elements.map(\.indexPath))
      #expect(horizontal.contentSize == vertical.contentSize.transposed)
    }
  }
}
