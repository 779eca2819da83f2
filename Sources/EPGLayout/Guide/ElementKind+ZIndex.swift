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
