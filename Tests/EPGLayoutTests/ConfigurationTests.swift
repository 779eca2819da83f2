import EPGLayout
import EPGTestSupport
import Testing

/// Defaults, derived sizes, element families, the text setter and the JSON
/// dump used by `tvgrid layout`.
@Suite struct ConfigurationTests {
  @Test func defaultsAreTheOriginals() {
    let c = GuideLayout.Configuration.default
    #expect(c.sectionGap == 10 && c.sectionHeight == 60 && c.sectionHeaderWidth == 100)
    #expect(c.hourWidth == 600 && c.hourHeaderHeight == 50)
    #expect(c.currentTimeIndicatorSize == Size(width: 100, height: 10))
    #expect(
      c.currentTimeVerticalGridlineWidth == 1 && c.verticalGridlineWidth == 1
        && c.horizontalGridlineHeight == 1)
    #expect(c.floatingItemOffsetFromSection == 10)
    #expect(c.cellMargin == EdgeInsets(top: 0, left: 0, bottom: 0, right: 10))
    #expect(c.contentMargin == .zero)
    #expect(c.headerLayoutType == .timeRowAboveDayColumn)
    #expect(
      !c.shouldResizeStickyHeaders && c.shouldUseFloatingItemOverlay
        && c.currentTimeIndicatorShouldBeBehind)
    #expect(c.families == .all)
  }

  @Test func derivedSizesFollowTheirSources() {
    var c = GuideLayout.Configuration()
    c.sectionHeaderWidth = 140
    c.sectionHeight = 40
    c.hourWidth = 240
    #expect(c.currentTimeIndicatorSize == Size(width: 140, height: 10))
    #expect(c.floatingItemOverlaySize == Size(width: 120, height: 40))
    c.floatingItemOverlaySize = Size(width: 50, height: 20)
    c.sectionHeight = 80
    #expect(c.floatingItemOverlaySize == Size(width: 50, height: 20))
  }

  @Test func aChangedPropertyTakesEffectOnTheNextQuery() {
    var layout = Fixture.workedExample()
    #expect(layout.frame(.cell, 0, 1) == Rect(x: 550, y: 120, width: 890, height: 60))
    layout.configuration.sectionHeight = 30
    layout.configuration.hourWidth = 60
    #expect(layout.frame(.cell, 0, 1) == Rect(x: 145, y: 90, width: 80, height: 30))
    #expect(layout.contentSize == Size(width: 325, height: 120))
    layout.data = GuideData(channels: [[Fixture.span(10, 0, 10, 30)]])
    #expect(layout.frame(.cell, 0, 1) == nil)
    #expect(layout.frame(.cell, 0, 0) == Rect(x: 100, y: 50, width: 20, height: 30))
  }

  @Test func familiesSwitchElementsOff() {
    let hourOnly = Fixture.workedExample { $0.families = .hourOnly }
    let kinds = Set(hourOnly.visibleElements.map(\.kind))
    #expect(!kinds.contains(.halfHourHeader) && !kinds.contains(.halfHourVerticalGridline))
    #expect(
      kinds.contains(.hourHeader) && kinds.contains(.verticalGridline) && kinds.contains(.cell))
    #expect(hourOnly.element(.halfHourHeader, at: IndexPath(item: 0, section: 0)) == nil)
    let noOverlays = Fixture.workedExample { $0.shouldUseFloatingItemOverlay = false }
    #expect(!noOverlays.visibleElements.contains { $0.kind == .floatingItemOverlay })
    let nothing = Fixture.workedExample { $0.families = [] }
    #expect(nothing.visibleElements.isEmpty)
    let families: [(String, GuideLayout.ElementFamilies)] = [
      ("cells", .cells), ("sectionHeaders", .sectionHeaders), ("hourHeaders", .hourHeaders),
      ("halfHourHeaders", .halfHourHeaders), ("verticalGridlines", .verticalGridlines),
      ("halfHourVerticalGridlines", .halfHourVerticalGridlines),
      ("horizontalGridlines", .horizontalGridlines), ("currentTime", .currentTime),
      ("floatingItemOverlays", .floatingItemOverlays),
    ]
    for (name, family) in families {
      let only = Fixture.workedExample { $0.families = family }
      let found = Set(only.visibleElements.map(\.kind.family))
      #expect(found == [family], "\(name)")
    }
  }
}
