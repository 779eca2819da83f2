/// The kinds of element the program-guide layout produces, one per element
/// family of INSElectronicProgramGuideLayout. Raw values are the names used
/// by `tvgrid layout` (lower camel case).
///
/// Index paths per kind:
/// - `cell`, `floatingItemOverlay`: (item: programme, section: channel)
/// - `sectionHeader`: (item: 0, section: channel)
/// - `horizontalGridline`: (item: 0, section: s) for s ≥ 1, the line above row s
/// - `hourHeader`, `verticalGridline`, `halfHourHeader`,
///   `halfHourVerticalGridline`: (item: k, section: 0), where k counts hours
///   from the first local hour boundary at or before the timeline start
/// - backgrounds and current-time elements: (item: 0, section: 0)
public enum ElementKind: String, CaseIterable, Hashable, Sendable {
  case cell
  case sectionHeader
  case sectionHeaderBackground
  case hourHeader
  case halfHourHeader
  case hourHeaderBackground
  case currentTimeIndicator
  case currentTimeVerticalGridline
  case verticalGridline
  case halfHourVerticalGridline
  case horizontalGridline
  case floatingItemOverlay
}
