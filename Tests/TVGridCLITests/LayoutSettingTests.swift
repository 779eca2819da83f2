import EPGLayout
import EPGTestSupport
import Testing

@testable import tvgrid

/// `tvgrid layout`'s own parts: `--set NAME=VALUE` and the JSON lines.
@Suite struct LayoutSettingTests {
  @Test func setAcceptsEveryPropertyByName() throws {
    var c = GuideLayout.Configuration()
    let settings: [(String, String)] = [
      ("sectionGap", "4"), ("sectionHeight", "40"), ("sectionHeaderWidth", "120"),
      ("currentTimeIndicatorSize", "20x5"), ("currentTimeVerticalGridlineWidth", "2"),
      ("horizontalGridlineHeight", "0.5"), ("verticalGridlineWidth", "3"), ("hourWidth", "240"),
      ("hourHeaderHeight", "20"), ("floatingItemOverlaySize", "100 x 20"),
      ("floatingItemOffsetFromSection", "-5"), ("contentMargin", "1,2,3,4"),
      ("cellMargin", "0, 1, 0, 2"), ("headerLayoutType", "dayColumnAboveTimeRow"),
      ("shouldResizeStickyHeaders", "true"), ("shouldUseFloatingItemOverlay", "false"),
      ("currentTimeIndicatorShouldBeBehind", "false"), ("minimumCellWidth", "6"),
      ("families", "cells, sectionHeaders,hourHeaders"),
    ]
    #expect(Set(settings.map(\.0)) == Set(GuideLayout.Configuration.propertyNames))
    for (name, value) in settings { try c.set(property: name, value: value) }
    #expect(c.sectionGap == 4 && c.sectionHeight == 40 && c.sectionHeaderWidth == 120)
    #expect(c.currentTimeIndicatorSize == Size(width: 20, height: 5))
    #expect(c.currentTimeVerticalGridlineWidth == 2 && c.horizontalGridlineHeight == 0.5)
    #expect(c.verticalGridlineWidth == 3 && c.hourWidth == 240 && c.hourHeaderHeight == 20)
    #expect(c.floatingItemOverlaySize == Size(width: 100, height: 20))
    #expect(c.floatingItemOffsetFromSection == -5)
    #expect(c.contentMargin == EdgeInsets(top: 1, left: 2, bottom: 3, right: 4))
    #expect(c.cellMargin == EdgeInsets(top: 0, left: 1, bottom: 0, right: 2))
    #expect(c.headerLayoutType == .dayColumnAboveTimeRow)
    #expect(
      c.shouldResizeStickyHeaders && !c.shouldUseFloatingItemOverlay
        && !c.currentTimeIndicatorShouldBeBehind)
    #expect(c.minimumCellWidth == 6)
    #expect(c.families == [.cells, .sectionHeaders, .hourHeaders])
    try c.set(property: "families", value: "hourOnly")
    #expect(c.families == .hourOnly)
    try c.set(property: "floatingItemOverlaySize", value: "default")
    #expect(c.floatingItemOverlaySizeOverride == nil)
  }

  @Test func setRejectsUnknownNamesAndBadValues() {
    var c = GuideLayout.Configuration()
    let before = c
    #expect(throws: GuideLayout.Configuration.SettingError.unknownProperty("rowHeight")) {
      try c.set(property: "rowHeight", value: "3")
    }
    let bad: [(String, String)] = [
      ("sectionHeight", "-1"), ("sectionHeight", "abc"), ("hourWidth", "0"), ("hourWidth", "inf"),
      ("currentTimeIndicatorSize", "20"), ("currentTimeIndicatorSize", "20x-1"),
      ("contentMargin", "1,2,3"), ("cellMargin", "a,b,c,d"), ("headerLayoutType", "sideways"),
      ("shouldResizeStickyHeaders", "yes"), ("families", "cells,stars"), ("families", ""),
    ]
    for (name, value) in bad {
      #expect(throws: GuideLayout.Configuration.SettingError.self) {
        try c.set(property: name, value: value)
      }
    }
    #expect(c == before)
    let message = GuideLayout.Configuration.SettingError.invalidValue(
      property: "hourWidth", value: "0", expected: "a number of points > 0"
    ).description
    #expect(message == "invalid value '0' for hourWidth: expected a number of points > 0")
    #expect(
      GuideLayout.Configuration.SettingError.unknownProperty("x").description.hasPrefix(
        "unknown layout property 'x' (known: sectionGap, "))
  }

  @Test func jsonLines() throws {
    let layout = LayoutFixture.workedExample()
    let cell = try #require(layout.element(.cell, at: IndexPath(item: 0, section: 0)))
    #expect(
      cell.jsonLine
        == #"{"kind":"cell","section":0,"item":0,"x":100,"y":50,"width":440,"height":60,"z":100,"hidden":false}"#
    )
    let line = try #require(layout.element(.verticalGridline, at: IndexPath(item: 0, section: 0)))
    #expect(
      line.jsonLine
        == #"{"kind":"verticalGridline","section":0,"item":0,"x":-50.5,"y":50,"width":1,"height":130,"z":1,"hidden":false}"#
    )
    var later = layout
    later.now = LayoutFixture.at(15)
    let hidden = try #require(
      later.element(.currentTimeIndicator, at: IndexPath(item: 0, section: 0)))
    #expect(hidden.jsonLine.hasSuffix(#""z":1009,"hidden":true}"#))
    var odd = cell
    odd.frame = Rect(x: .nan, y: -0.0, width: 1e20, height: 0.1)
    #expect(odd.jsonLine.contains(#""x":null,"y":0,"width":1e+20,"height":0.1"#))
  }
}
