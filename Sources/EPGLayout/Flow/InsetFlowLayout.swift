/// A flow layout in which every item carries its own insets: a port of
/// VSCollectionViewCellInsetFlowLayout (a UICollectionViewFlowLayout
/// subclass) with its bugs fixed, as a pure value.
///
/// Coordinates are in points, origin at the top-left of the content, y
/// growing downward. The diagram shows vertical scrolling; horizontal
/// scrolling is its mirror image (rows become columns, top/bottom ↔
/// left/right, width ↔ height).
///
/// ```
///  0 ┌──────────────── container width ────────────────┐
///    │ header[0,0]  (full width, header height)        │
///    ├─────────────────────────────────────────────────┤
///    │ sectionInset.top                                │
///    │   max(top) of line 1                            │
///    │ ┌──────┐ ┌────────────┐ ┌───┐   ← line 1, items │
///    │ └──────┘ └────────────┘ └───┘     centred on    │
///    │   max(bottom) of line 1           the line      │
///    │ minimumLineSpacing                              │
///    │   max(top) of line 2 ...                        │
///    │ sectionInset.bottom                             │
///    ├─────────────────────────────────────────────────┤
///    │ footer[0,0]                                     │
///    ├─────────────────────────────────────────────────┤
///    │ header[1,0] ...                                 │
/// ```
///
/// Lines come from the flow itself: items fill a line (the container's cross
/// length minus the section inset) with at least `minimumInteritemSpacing`
/// between them; an item that does not fit starts the next line, and an item
/// longer than the whole line gets a line to itself, shortened to fit.
///
/// Fixes to the original:
/// - a line's offset is the largest top (bottom) inset of **all** its items,
///   so a short last line, a lone item or a centred item keeps its insets;
/// - headers and footers are laid out and move with their section;
/// - no size is negative (insets larger than an item leave it 0 long);
/// - rect queries are O(log n + k) and return a stable order: section, then
///   header, items (by index), footer.
///
/// Every frame is computed once, at initialisation.
public struct InsetFlowLayout: Equatable, Sendable {
  public let configuration: Configuration
  /// The size of the scroll view's content area. Only the length across the
  /// scroll axis is used: the width for vertical, the height for horizontal.
  public let containerSize: Size
  public let sections: [FlowSection]
  /// Across the scroll axis: the container's length. Along it: the end of
  /// the last element plus every inset after it.
  public let contentSize: Size
  /// Every element, in the stable order of ``elements(in:)``.
  public let elements: [FlowElement]
  /// Runs of elements that share a span of the scroll axis, in order.
  let bands: [Band]
  /// Where each section's elements are in `elements`.
  let sectionSlots: [SectionSlots]

  /// Lays out `sections` in a container of `containerSize` points.
  public init(configuration: Configuration, containerSize: Size, sections: [FlowSection]) {
    self.configuration = configuration
    self.containerSize = containerSize
    self.sections = sections
    let built = Self.build(
      configuration: configuration, containerSize: containerSize, sections: sections)
    self.contentSize = built.contentSize
    self.elements = built.elements
    self.bands = built.bands
    self.sectionSlots = built.sectionSlots
  }

  /// Lays out items asked one by one from a data source, as the original
  /// asks its delegate (`insetForItemAt`). The closures are called once per
  /// item, during this call only. Negative counts count as 0.
  public init(
    configuration: Configuration, containerSize: Size, numberOfSections: Int,
    numberOfItems: (_ section: Int) -> Int, sizeForItem: (IndexPath) -> Size,
    insetForItem: (IndexPath) -> EdgeInsets = { _ in .zero }
  ) {
    var sections: [FlowSection] = []
    for section in 0..<max(0, numberOfSections) {
      let items = (0..<max(0, numberOfItems(section))).map { item in
        let indexPath = IndexPath(item: item, section: section)
        return FlowItem(size: sizeForItem(indexPath), insets: insetForItem(indexPath))
      }
      sections.append(FlowSection(items: items))
    }
    self.init(configuration: configuration, containerSize: containerSize, sections: sections)
  }
}
