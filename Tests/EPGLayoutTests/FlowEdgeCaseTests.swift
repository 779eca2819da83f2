import EPGLayout
import Testing

/// The cases the original gets wrong (seed spec §3, items 21–25), empty
/// layouts, and bad input.
@Suite struct FlowEdgeCaseTests {
  /// The original finds a line's end by comparing with the container's
  /// right edge, so a short last line loses its bottom inset.
  @Test(arguments: [InsetFlowLayout.ScrollDirection.vertical, .horizontal])
  func aShortLastLineKeepsItsInsets(direction: InsetFlowLayout.ScrollDirection) {
    var items = Array(repeating: flowItem(30, 10), count: 4)
    items[3].insets = EdgeInsets(top: 5, bottom: 10)
    let vertical = flowLayout(
      [items], crossLength: 100, configuration: .init(minimumInteritemSpacing: 5))
    #expect(flowFrame(vertical, 0, 3) == Rect(x: 0, y: 15, width: 30, height: 10))
    #expect(vertical.contentSize == Size(width: 100, height: 35))
    if direction == .horizontal {
      let bar = vertical.mirrored
      #expect(flowFrame(bar, 0, 3) == Rect(x: 15, y: 0, width: 10, height: 30))
      #expect(bar.contentSize == Size(width: 35, height: 100))
    }
  }

  /// A lone narrow item, centred as UIKit centres it, is neither at the
  /// section's left inset nor at the right edge: the original drops both its
  /// top and its bottom.
  @Test(arguments: [InsetFlowLayout.ScrollDirection.vertical, .horizontal])
  func aLoneCentredItemKeepsItsInsets(direction: InsetFlowLayout.ScrollDirection) {
    let item = flowItem(50, 20, top: 4, left: 5, bottom: 6, right: 5)
    var layout = flowLayout(
      [[item], [item]], crossLength: 320, configuration: .init(lineAlignment: .centered))
    #expect(flowFrame(layout, 0, 0) == Rect(x: 140, y: 4, width: 40, height: 20))
    #expect(flowFrame(layout, 1, 0) == Rect(x: 140, y: 34, width: 40, height: 20))
    #expect(layout.contentSize == Size(width: 320, height: 60))
    if direction == .horizontal {
      layout = layout.mirrored
      #expect(flowFrame(layout, 1, 0) == Rect(x: 34, y: 140, width: 20, height: 40))
      #expect(layout.contentSize == Size(width: 60, height: 320))
    }
  }

  @Test func sectionInsetsBoundTheLinesAndItemInsetsStillCount() {
    let layout = flowLayout(
      [[flowItem(288, 20, bottom: 10), flowItem(100, 20, left: 4)]], crossLength: 320,
      configuration: .init(sectionInset: EdgeInsets(top: 3, left: 16, bottom: 2, right: 16)))
    #expect(flowFrame(layout, 0, 0) == Rect(x: 16, y: 3, width: 288, height: 20))
    #expect(flowFrame(layout, 0, 1) == Rect(x: 20, y: 33, width: 96, height: 20))
    #expect(layout.contentSize == Size(width: 320, height: 55))
  }

  /// Fix 24: insets larger than the item leave it 0 long, never negative,
  /// and never move it past its own slot.
  @Test func insetsLargerThanTheItemGiveZeroNotNegativeSizes() {
    let layout = flowLayout(
      [[flowItem(40, 10, left: 30, right: 30), flowItem(40, 10, left: 50)]], crossLength: 100,
      configuration: .init(minimumInteritemSpacing: 5))
    #expect(flowFrame(layout, 0, 0) == Rect(x: 30, y: 0, width: 0, height: 10))
    #expect(flowFrame(layout, 0, 1) == Rect(x: 85, y: 0, width: 0, height: 10))
    let bar = flowLayout(
      [[flowItem(10, 40, top: 30, bottom: 30)]], crossLength: 100,
      configuration: .init(scrollDirection: .horizontal))
    #expect(flowFrame(bar, 0, 0) == Rect(x: 0, y: 30, width: 10, height: 0))
  }

  /// Fix 22 and 23: headers and footers are laid out, span the container,
  /// and move with the offsets accumulated before them.
  @Test func headersAndFootersMoveWithTheirSection() {
    let layout = flowLayout(
      [
        [flowItem(100, 10), flowItem(100, 10, bottom: 5)],
        [flowItem(100, 10, top: 3)],
      ], crossLength: 100,
      configuration: .init(
        headerSize: Size(width: 0, height: 12), footerSize: Size(width: 0, height: 7)))
    #expect(
      flowLines(layout) == [
        "header[0,0] (0.0, 0.0, 100.0, 12.0)",
        "item[0,0] (0.0, 12.0, 100.0, 10.0)",
        "item[0,1] (0.0, 22.0, 100.0, 10.0)",
        "footer[0,0] (0.0, 37.0, 100.0, 7.0)",
        "header[1,0] (0.0, 44.0, 100.0, 12.0)",
        "item[1,0] (0.0, 59.0, 100.0, 10.0)",
        "footer[1,0] (0.0, 69.0, 100.0, 7.0)",
      ])
    #expect(layout.contentSize == Size(width: 100, height: 76))
    #expect(layout.header(section: 1)?.frame == Rect(x: 0, y: 44, width: 100, height: 12))
    #expect(layout.footer(section: 0)?.frame == Rect(x: 0, y: 37, width: 100, height: 7))

    let bar = layout.mirrored
    #expect(bar.header(section: 1)?.frame == Rect(x: 44, y: 0, width: 12, height: 100))
    #expect(bar.footer(section: 1)?.frame == Rect(x: 69, y: 0, width: 7, height: 100))
    #expect(bar.contentSize == Size(width: 76, height: 100))
  }

  @Test func perSectionValuesOverrideTheConfiguration() {
    let configuration = InsetFlowLayout.Configuration(
      sectionInset: EdgeInsets(top: 1), headerSize: Size(width: 0, height: 12))
    let layout = InsetFlowLayout(
      configuration: configuration, containerSize: Size(width: 100, height: 50),
      sections: [
        FlowSection(items: [flowItem(100, 10)], headerSize: .zero),
        FlowSection(
          items: [flowItem(100, 10)], footerSize: Size(width: 0, height: 4),
          sectionInset: EdgeInsets(top: 2, left: 6)),
      ])
    #expect(
      flowLines(layout) == [
        "item[0,0] (0.0, 1.0, 100.0, 10.0)",
        "header[1,0] (0.0, 11.0, 100.0, 12.0)",
        "item[1,0] (6.0, 25.0, 94.0, 10.0)",
        "footer[1,0] (0.0, 35.0, 100.0, 4.0)",
      ])
    #expect(layout.header(section: 0) == nil)
    #expect(layout.footer(section: 0) == nil)
  }

  @Test func anEmptySectionKeepsItsHeaderInsetsAndFooter() {
    let layout = flowLayout(
      [[]], crossLength: 100,
      configuration: .init(
        sectionInset: EdgeInsets(top: 2, bottom: 6), headerSize: Size(width: 0, height: 12),
        footerSize: Size(width: 0, height: 7)))
    #expect(
      flowLines(layout) == [
        "header[0,0] (0.0, 0.0, 100.0, 12.0)",
        "footer[0,0] (0.0, 20.0, 100.0, 7.0)",
      ])
    #expect(layout.contentSize == Size(width: 100, height: 27))
    #expect(layout.numberOfItems(inSection: 0) == 0)
  }

  @Test func noSectionsGiveAnEmptyLayout() {
    let layout = flowLayout([], crossLength: 100)
    #expect(layout.elements.isEmpty)
    #expect(layout.contentSize == Size(width: 100, height: 0))
    #expect(layout.numberOfSections == 0)
    #expect(layout.elements(in: Rect(x: -10, y: -10, width: 500, height: 500)).isEmpty)
    #expect(layout.item(at: IndexPath(item: 0, section: 0)) == nil)
    #expect(layout.header(section: 0) == nil)
  }

  /// Negative, infinite and NaN lengths count as 0, huge ones as 10¹²;
  /// nothing traps.
  @Test func badLengthsCountAsZero() {
    let layout = InsetFlowLayout(
      configuration: .init(
        minimumLineSpacing: .infinity, minimumInteritemSpacing: -.infinity,
        sectionInset: EdgeInsets(top: .nan, left: -5), headerSize: Size(width: 0, height: -3)),
      containerSize: Size(width: 100, height: .nan),
      sections: [
        FlowSection(items: [
          flowItem(.nan, 10, top: -5, left: .nan),
          flowItem(40, -.infinity, bottom: .infinity),
          flowItem(30, 10, right: -7),
        ])
      ])
    #expect(
      flowLines(layout) == [
        "item[0,0] (0.0, 0.0, 0.0, 10.0)",
        "item[0,1] (0.0, 5.0, 40.0, 0.0)",
        "item[0,2] (40.0, 0.0, 30.0, 10.0)",
      ])
    #expect(layout.contentSize == Size(width: 100, height: 10))
    let huge = flowLayout(
      [[flowItem(.greatestFiniteMagnitude, .greatestFiniteMagnitude, bottom: 1e300)]],
      crossLength: 100)
    #expect(flowFrame(huge, 0, 0) == Rect(x: 0, y: 0, width: 100, height: 1e12))
    #expect(huge.contentSize == Size(width: 100, height: 2e12))
    let negative = flowLayout([[flowItem(30, 10)]], crossLength: -50)
    #expect(flowFrame(negative, 0, 0) == Rect(x: 0, y: 0, width: 0, height: 10))
    #expect(negative.contentSize == Size(width: 0, height: 10))
  }
}
