import EPGLayout

/// What the rasteriser draws: the layout's elements for one viewport, plus
/// the few instants the labels need. Build it from a `GuideLayout` with
/// `GuideScene(layout:)`, or by hand in tests.
public struct GuideScene: Sendable {
  /// Elements in points, content coordinates, sticky ones already moved by
  /// the content offset (as `GuideLayout.elements(in:)` returns them), in any
  /// order. Hidden elements are skipped.
  public var elements: [LayoutElement]
  /// The visible part of the content; the cell at column 0, row 0 shows the
  /// content point `viewport.contentOffset` (snapped to whole cells).
  public var viewport: Viewport
  /// The instant of an hour or half-hour header: called with the header's
  /// kind (`.hourHeader` or `.halfHourHeader`) and its k (`indexPath.item`),
  /// as `GuideLayout.time(forHourHeader:)` / `time(forHalfHourHeader:)`
  /// answer. Nil (or a nil answer) leaves the header without a label.
  public var headerInstant: (@Sendable (ElementKind, Int) -> EpochSeconds?)?
  /// The instant at the left edge of the grid area, for the date in the
  /// top-left corner; nil shows no date.
  public var dateInstant: EpochSeconds?

  public init(
    elements: [LayoutElement], viewport: Viewport,
    headerInstant: (@Sendable (ElementKind, Int) -> EpochSeconds?)? = nil,
    dateInstant: EpochSeconds? = nil
  ) {
    self.elements = elements
    self.viewport = viewport
    self.headerInstant = headerInstant
    self.dateInstant = dateInstant
  }
}

extension GuideScene {
  /// The scene a layout shows: its elements in its viewport's visible
  /// rectangle, its hour-header instants, and the date at the left edge of
  /// the grid area (the instant just right of the channel column).
  public init(layout: GuideLayout) {
    let viewport = layout.viewport
    let copy = layout
    let gridLeft =
      viewport.contentOffset.x + viewport.contentInset.left
      + layout.configuration.sectionHeaderWidth
    self.init(
      elements: layout.elements(in: viewport.visibleRect), viewport: viewport,
      headerInstant: { kind, k in
        kind == .halfHourHeader ? copy.time(forHalfHourHeader: k) : copy.time(forHourHeader: k)
      },
      dateInstant: layout.time(forX: gridLeft))
  }
}
