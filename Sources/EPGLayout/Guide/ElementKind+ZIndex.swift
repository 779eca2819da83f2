/// Z-order: the layers of the original's table (seed §1.4), as integers.
/// Higher z paints later (on top).
///
/// | element                      | timeRowAboveDayColumn | dayColumnAboveTimeRow |
/// |------------------------------|-----------------------|-----------------------|
/// | currentTimeIndicator         | 1009                  | 1007                  |
/// | hourHeader, halfHourHeader   | 1008                  | 1006                  |
/// | hourHeaderBackground         | 1007                  | 1005                  |
/// | sectionHeader                | 1006                  | 1009                  |
/// | sectionHeaderBackground      | 1005                  | 1008                  |
/// | currentTimeVerticalGridline  | 2 behind, else 1000   | 2 behind, else 1003   |
/// | floatingItemOverlay          | 101                   | 101                   |
/// | cell                         | 100                   | 100                   |
/// | verticalGridline, halfHour…  | 1                     | 1                     |
/// | horizontalGridline           | 0                     | 0                     |
///
/// The original's fractional 1000.9 and 1003.9 truncate to 1000 and 1003: the
/// current-time line drawn "above" sits over cells and overlays and under
/// every header band.
extension ElementKind {
  /// Cells sit at this z; overlays one above.
  public static let cellZIndex = 100
  /// Header layers start here.
  public static let overlayZIndex = 1000

  /// The z-index of elements of this kind.
  public func zIndex(
    headerLayoutType: GuideLayout.HeaderLayoutType, currentTimeIndicatorShouldBeBehind: Bool
  ) -> Int {
    let timeRowAbove = headerLayoutType == .timeRowAboveDayColumn
    let top = ElementKind.overlayZIndex
    switch self {
    case .currentTimeIndicator: return top + (timeRowAbove ? 9 : 7)
    case .hourHeader, .halfHourHeader: return top + (timeRowAbove ? 8 : 6)
    case .hourHeaderBackground: return top + (timeRowAbove ? 7 : 5)
    case .sectionHeader: return top + (timeRowAbove ? 6 : 9)
    case .sectionHeaderBackground: return top + (timeRowAbove ? 5 : 8)
    case .currentTimeVerticalGridline:
      if currentTimeIndicatorShouldBeBehind { return 2 }
      return top + (timeRowAbove ? 0 : 3)
    case .floatingItemOverlay: return ElementKind.cellZIndex + 1
    case .cell: return ElementKind.cellZIndex
    case .verticalGridline, .halfHourVerticalGridline: return 1
    case .horizontalGridline: return 0
    }
  }

  /// Paint order among elements of equal z (lower first), for the layout's
  /// `elements(in:)` and the rasteriser alike. The seed's table ties only
  /// the hour and half-hour headers and the two vertical gridline kinds;
  /// half-hour headers and gridlines come after their hour ones. Dense in
  /// 0..<12 (the layout sorts by counting into these buckets).
  public var paintRank: Int {
    switch self {
    case .horizontalGridline: 0
    case .verticalGridline: 1
    case .halfHourVerticalGridline: 2
    case .currentTimeVerticalGridline: 3
    case .cell: 4
    case .floatingItemOverlay: 5
    case .sectionHeaderBackground: 6
    case .sectionHeader: 7
    case .hourHeaderBackground: 8
    case .hourHeader: 9
    case .halfHourHeader: 10
    case .currentTimeIndicator: 11
    }
  }

  /// The family that switches this kind on and off.
  public var family: GuideLayout.ElementFamilies {
    switch self {
    case .cell: return .cells
    case .sectionHeader, .sectionHeaderBackground: return .sectionHeaders
    case .hourHeader, .hourHeaderBackground: return .hourHeaders
    case .halfHourHeader: return .halfHourHeaders
    case .currentTimeIndicator, .currentTimeVerticalGridline: return .currentTime
    case .verticalGridline: return .verticalGridlines
    case .halfHourVerticalGridline: return .halfHourVerticalGridlines
    case .horizontalGridline: return .horizontalGridlines
    case .floatingItemOverlay: return .floatingItemOverlays
    }
  }
}

extension GuideLayout.Configuration {
  /// The z-index of `kind` under this configuration.
  public func zIndex(of kind: ElementKind) -> Int {
    kind.zIndex(
      headerLayoutType: headerLayoutType,
      currentTimeIndicatorShouldBeBehind: currentTimeIndicatorShouldBeBehind)
  }
}
