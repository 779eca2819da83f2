/// The kinds of element the program-guide layout produces, one per element
/// family of INSElectronicProgramGuideLayout. Raw values are the names used
/// by `tvgrid layout` (lower camel case).
///
/// Index paths per kind:
/// - `cell`, `floatingItemOverlay`: (item: programme, section: channel)
/// - `sectionHeader`: (item: 0, section: channel)
/// - `horizontalGridline`: (item: 0, section: s) for s ≥ 1, the line above row s
/// - `hourHeader`, `verticalGridline`: (item: k, section: 0), where k counts
///   local hour boundaries from the last one at or before the timeline start
///   (k = 0) through the timeline end (`GuideLayout.time(forHourHeader:)`)
/// - `halfHourHeader`, `halfHourVerticalGridline`: (item: k, section: 0),
///   where k counts local hh:30 marks from the first one after hour header 0
///   (`GuideLayout.time(forHalfHourHeader:)`); in a regular zone half-hour k
///   lies 30 minutes after hour k
/// - backgrounds and current-time elements: (item: 0, section: 0)
///
/// Cells and overlays use the item number of the programme as given to
/// `GuideData`, whatever order the programmes were in.
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
