import EPGLayout
import EPGTestSupport
import Testing

/// The z-order table of seed §1.4 for both header layout types, and the
/// current-time line above the cells.
@Suite struct ZOrderTests {
  static let timeRowAbove: [ElementKind: Int] = [
    .currentTimeIndicator: 1009, .hourHeader: 1008, .halfHourHeader: 1008,
    .hourHeaderBackground: 1007, .sectionHeader: 1006, .sectionHeaderBackground: 1005,
    .currentTimeVerticalGridline: 2, .floatingItemOverlay: 101, .cell: 100, .verticalGridline: 1,
    .halfHourVerticalGridline: 1, .horizontalGridline: 0,
  ]
  static let dayColumnAbove: [ElementKind: Int] = [
    .currentTimeIndicator: 1007, .hourHeader: 1006, .halfHourHeader: 1006,
    .hourHeaderBackground: 1005, .sectionHeader: 1009, .sectionHeaderBackground: 1008,
    .currentTimeVerticalGridline: 2, .floatingItemOverlay: 101, .cell: 100, .verticalGridline: 1,
    .halfHourVerticalGridline: 1, .horizontalGridline: 0,
  ]

  func table(_ type: GuideLayout.HeaderLayoutType, behind: Bool) -> [ElementKind: Int] {
    var configuration = GuideLayout.Configuration()
    configuration.headerLayoutType = type
    configuration.currentTimeIndicatorShouldBeBehind = behind
    return Dictionary(
      uniqueKeysWithValues: ElementKind.allCases.map { ($0, configuration.zIndex(of: $0)) })
  }

  @Test func tableForBothLayoutTypes() {
    #expect(table(.timeRowAboveDayColumn, behind: true) == Self.timeRowAbove)
    #expect(table(.dayColumnAboveTimeRow, behind: true) == Self.dayColumnAbove)
    var above = Self.timeRowAbove
    above[.currentTimeVerticalGridline] = 1000
    #expect(table(.timeRowAboveDayColumn, behind: false) == above)
    var dayAbove = Self.dayColumnAbove
    dayAbove[.currentTimeVerticalGridline] = 1003
    #expect(table(.dayColumnAboveTimeRow, behind: false) == dayAbove)
  }

  /// The layers bottom to top, written from the seed's table (§1.4); the
  /// table's ties (hour and half-hour headers, hour and half-hour lines)
  /// in the order of `ElementKind.paintRank`: hour first.
  @Test func oneLayerOrderFromTheSeedTable() {
    func layers(_ type: GuideLayout.HeaderLayoutType, behind: Bool) -> [ElementKind] {
      var configuration = GuideLayout.Configuration()
      configuration.headerLayoutType = type
      configuration.currentTimeIndicatorShouldBeBehind = behind
      return ElementKind.allCases.sorted {
        (configuration.zIndex(of: $0), $0.paintRank) < (configuration.zIndex(of: $1), $1.paintRank)
      }
    }
    let below: [ElementKind] = [.horizontalGridline, .verticalGridline, .halfHourVerticalGridline]
    #expect(
      layers(.timeRowAboveDayColumn, behind: true)
        == below + [
          .currentTimeVerticalGridline, .cell, .floatingItemOverlay, .sectionHeaderBackground,
          .sectionHeader, .hourHeaderBackground, .hourHeader, .halfHourHeader,
          .currentTimeIndicator,
        ])
    #expect(
      layers(.timeRowAboveDayColumn, behind: false)
        == below + [
          .cell, .floatingItemOverlay, .currentTimeVerticalGridline, .sectionHeaderBackground,
          .sectionHeader, .hourHeaderBackground, .hourHeader, .halfHourHeader,
          .currentTimeIndicator,
        ])
    #expect(
      layers(.dayColumnAboveTimeRow, behind: true)
        == below + [
          .currentTimeVerticalGridline, .cell, .floatingItemOverlay, .hourHeaderBackground,
          .hourHeader, .halfHourHeader, .currentTimeIndicator, .sectionHeaderBackground,
          .sectionHeader,
        ])
    #expect(
      layers(.dayColumnAboveTimeRow, behind: false)
        == below + [
          .cell, .floatingItemOverlay, .currentTimeVerticalGridline, .hourHeaderBackground,
          .hourHeader, .halfHourHeader, .currentTimeIndicator, .sectionHeaderBackground,
          .sectionHeader,
        ])
    #expect(Set(ElementKind.allCases.map(\.paintRank)) == Set(0..<ElementKind.allCases.count))
  }

  /// The layout's elements come in the painter's order, z then
  /// `paintRank`, so the rasteriser never has to sort them.
  @Test(arguments: GuideLayout.HeaderLayoutType.allCases, [true, false])
  func elementsComeInTheOnePaintOrder(type: GuideLayout.HeaderLayoutType, behind: Bool) {
    let layout = Fixture.workedExample(offset: Point(x: 200, y: 0)) {
      $0.headerLayoutType = type
      $0.currentTimeIndicatorShouldBeBehind = behind
    }
    let elements = layout.visibleElements
    #expect(Set(elements.map(\.kind)) == Set(ElementKind.allCases))
    #expect(
      zip(elements, elements.dropFirst()).allSatisfy {
        ($0.zIndex, $0.kind.paintRank) <= ($1.zIndex, $1.kind.paintRank)
      })
  }

  @Test(arguments: GuideLayout.HeaderLayoutType.allCases)
  func elementsCarryTheirZAndComeInPaintOrder(type: GuideLayout.HeaderLayoutType) {
    let layout = Fixture.workedExample(offset: Point(x: 200, y: 0)) { $0.headerLayoutType = type }
    let elements = layout.visibleElements
    #expect(Set(elements.map(\.kind)) == Set(ElementKind.allCases))
    for element in elements {
      #expect(element.zIndex == layout.configuration.zIndex(of: element.kind))
    }
    #expect(zip(elements, elements.dropFirst()).allSatisfy { $0.zIndex <= $1.zIndex })
    // The corner: which band wins where the channel column meets the hour row.
    // At (210, 10) the hour row (10:00 and 10:30 headers) crosses the column.
    let corner = layout.hitTest(Point(x: 210, y: 10))?.kind
    if type == .timeRowAboveDayColumn {
      #expect(corner == .halfHourHeader)  // same z as hour headers, painted later
    } else {
      #expect(corner == .sectionHeaderBackground)
    }
    // Where the hour headers slide over a channel header.
    let crossing = Fixture.workedExample(offset: Point(x: 200, y: 60)) {
      $0.headerLayoutType = type
    }
    let kind = crossing.hitTest(Point(x: 210, y: 80))?.kind
    #expect(kind == (type == .timeRowAboveDayColumn ? .halfHourHeader : .sectionHeader))
  }

  @Test func currentTimeLineCanBeDrawnAboveTheCells() throws {
    let behind = Fixture.workedExample()
    let above = Fixture.workedExample { $0.currentTimeIndicatorShouldBeBehind = false }
    let point = Point(x: 850, y: 150)  // inside cell B, on the 11:30 line
    #expect(
      behind.hitTest(point)?.kind == .floatingItemOverlay || behind.hitTest(point)?.kind == .cell)
    #expect(above.hitTest(point)?.kind == .currentTimeVerticalGridline)
    let line = try #require(
      above.element(.currentTimeVerticalGridline, at: IndexPath(item: 0, section: 0)))
    #expect(line.zIndex > ElementKind.cellZIndex + 1)
  }
}
