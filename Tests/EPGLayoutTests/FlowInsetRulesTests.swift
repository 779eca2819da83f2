import EPGLayout
import Testing

/// Each per-item inset rule, in both scroll directions, on a one-item-a-line
/// list (three items 100 × 10 points in a container 100 points across).
@Suite struct FlowInsetRulesTests {
  /// Three list rows, one inset on the row `index`.
  private func verticalList(_ index: Int, _ insets: EdgeInsets) -> InsetFlowLayout {
    var items = [flowItem(100, 10), flowItem(100, 10), flowItem(100, 10)]
    items[index].insets = insets
    return flowLayout([items], crossLength: 100)
  }

  /// Three bar cells 10 wide and 100 tall, one inset on the cell `index`.
  private func horizontalBar(_ index: Int, _ insets: EdgeInsets) -> InsetFlowLayout {
    var items = [flowItem(10, 100), flowItem(10, 100), flowItem(10, 100)]
    items[index].insets = insets
    return flowLayout(
      [items], crossLength: 100, configuration: .init(scrollDirection: .horizontal))
  }

  @Test func withoutInsetsTheListIsAPlainFlow() {
    let layout = verticalList(0, .zero)
    #expect(
      flowLines(layout) == [
        "item[0,0] (0.0, 0.0, 100.0, 10.0)",
        "item[0,1] (0.0, 10.0, 100.0, 10.0)",
        "item[0,2] (0.0, 20.0, 100.0, 10.0)",
      ])
    #expect(layout.contentSize == Size(width: 100, height: 30))
  }

  // MARK: Vertical

  @Test func verticalTopMovesTheItemAndEverythingAfterDown() {
    let layout = verticalList(1, EdgeInsets(top: 5))
    #expect(
      flowLines(layout) == [
        "item[0,0] (0.0, 0.0, 100.0, 10.0)",
        "item[0,1] (0.0, 15.0, 100.0, 10.0)",
        "item[0,2] (0.0, 25.0, 100.0, 10.0)",
      ])
    #expect(layout.contentSize == Size(width: 100, height: 35))
  }

  @Test func verticalBottomMovesTheNextLineDown() {
    let layout = verticalList(0, EdgeInsets(bottom: 7))
    #expect(
      flowLines(layout) == [
        "item[0,0] (0.0, 0.0, 100.0, 10.0)",
        "item[0,1] (0.0, 17.0, 100.0, 10.0)",
        "item[0,2] (0.0, 27.0, 100.0, 10.0)",
      ])
    #expect(layout.contentSize == Size(width: 100, height: 37))
  }

  @Test func verticalBottomOfTheLastLineGrowsTheContent() {
    let layout = verticalList(2, EdgeInsets(bottom: 9))
    #expect(flowLines(layout) == flowLines(verticalList(0, .zero)))
    #expect(layout.contentSize == Size(width: 100, height: 39))
  }

  @Test func verticalLeftMovesRightAndShrinksOnlyThatItem() {
    let layout = verticalList(1, EdgeInsets(left: 8))
    #expect(
      flowLines(layout) == [
        "item[0,0] (0.0, 0.0, 100.0, 10.0)",
        "item[0,1] (8.0, 10.0, 92.0, 10.0)",
        "item[0,2] (0.0, 20.0, 100.0, 10.0)",
      ])
    #expect(layout.contentSize == Size(width: 100, height: 30))
  }

  @Test func verticalRightShrinksWithoutMoving() {
    let layout = verticalList(1, EdgeInsets(right: 6))
    #expect(flowFrame(layout, 0, 1) == Rect(x: 0, y: 10, width: 94, height: 10))
    #expect(flowFrame(layout, 0, 2) == Rect(x: 0, y: 20, width: 100, height: 10))
    #expect(layout.contentSize == Size(width: 100, height: 30))
  }

  // MARK: Horizontal

  @Test func horizontalLeftMovesTheItemAndEverythingAfterRight() {
    let layout = horizontalBar(1, EdgeInsets(left: 5))
    #expect(
      flowLines(layout) == [
        "item[0,0] (0.0, 0.0, 10.0, 100.0)",
        "item[0,1] (15.0, 0.0, 10.0, 100.0)",
        "item[0,2] (25.0, 0.0, 10.0, 100.0)",
      ])
    #expect(layout.contentSize == Size(width: 35, height: 100))
  }

  @Test func horizontalRightMovesTheNextColumnRight() {
    let layout = horizontalBar(0, EdgeInsets(right: 7))
    #expect(
      flowLines(layout) == [
        "item[0,0] (0.0, 0.0, 10.0, 100.0)",
        "item[0,1] (17.0, 0.0, 10.0, 100.0)",
        "item[0,2] (27.0, 0.0, 10.0, 100.0)",
      ])
    #expect(layout.contentSize == Size(width: 37, height: 100))
  }

  @Test func horizontalRightOfTheLastColumnGrowsTheContent() {
    let layout = horizontalBar(2, EdgeInsets(right: 9))
    #expect(flowLines(layout) == flowLines(horizontalBar(0, .zero)))
    #expect(layout.contentSize == Size(width: 39, height: 100))
  }

  @Test func horizontalTopMovesDownAndShrinksOnlyThatItem() {
    let layout = horizontalBar(1, EdgeInsets(top: 8))
    #expect(
      flowLines(layout) == [
        "item[0,0] (0.0, 0.0, 10.0, 100.0)",
        "item[0,1] (10.0, 8.0, 10.0, 92.0)",
        "item[0,2] (20.0, 0.0, 10.0, 100.0)",
      ])
    #expect(layout.contentSize == Size(width: 30, height: 100))
  }

  @Test func horizontalBottomShrinksWithoutMoving() {
    let layout = horizontalBar(1, EdgeInsets(bottom: 6))
    #expect(flowFrame(layout, 0, 1) == Rect(x: 10, y: 0, width: 10, height: 94))
    #expect(flowFrame(layout, 0, 2) == Rect(x: 20, y: 0, width: 10, height: 100))
    #expect(layout.contentSize == Size(width: 30, height: 100))
  }

  // MARK: The original's example

  /// The original's sample app: three sections of three full-width rows
  /// (heights 50, 40, 40), line spacing 0, and only item 0 of each section
  /// inset (top 20, bottom 10). Every row is alone on its line, so the
  /// original and this port agree.
  @Test func originalSampleApp() {
    let section = [flowItem(320, 50, top: 20, bottom: 10), flowItem(320, 40), flowItem(320, 40)]
    let layout = flowLayout(
      [section, section, section], crossLength: 320,
      configuration: .init(minimumLineSpacing: 0, minimumInteritemSpacing: 10))
    #expect(
      flowLines(layout) == [
        "item[0,0] (0.0, 20.0, 320.0, 50.0)",
        "item[0,1] (0.0, 80.0, 320.0, 40.0)",
        "item[0,2] (0.0, 120.0, 320.0, 40.0)",
        "item[1,0] (0.0, 180.0, 320.0, 50.0)",
        "item[1,1] (0.0, 240.0, 320.0, 40.0)",
        "item[1,2] (0.0, 280.0, 320.0, 40.0)",
        "item[2,0] (0.0, 340.0, 320.0, 50.0)",
        "item[2,1] (0.0, 400.0, 320.0, 40.0)",
        "item[2,2] (0.0, 440.0, 320.0, 40.0)",
      ])
    #expect(layout.contentSize == Size(width: 320, height: 480))
  }

  /// The original's README: `bottom: 10` on item 0 only.
  @Test func originalReadmeExample() {
    let section = [flowItem(320, 50, bottom: 10), flowItem(320, 40), flowItem(320, 40)]
    let layout = flowLayout([section, section], crossLength: 320)
    #expect(
      flowLines(layout) == [
        "item[0,0] (0.0, 0.0, 320.0, 50.0)",
        "item[0,1] (0.0, 60.0, 320.0, 40.0)",
        "item[0,2] (0.0, 100.0, 320.0, 40.0)",
        "item[1,0] (0.0, 140.0, 320.0, 50.0)",
        "item[1,1] (0.0, 200.0, 320.0, 40.0)",
        "item[1,2] (0.0, 240.0, 320.0, 40.0)",
      ])
    #expect(layout.contentSize == Size(width: 320, height: 280))
    let bar = layout.mirrored
    #expect(flowFrame(bar, 0, 1) == Rect(x: 60, y: 0, width: 40, height: 320))
    #expect(bar.contentSize == Size(width: 280, height: 320))
  }
}
