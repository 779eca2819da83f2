/// What a channel row shows where it has no programme in view: a gap in
/// its listings, or the whole row (`GuideContent.gap(section:)`). The
/// rasteriser draws the time as one box (no hour lines through it), with
/// `text` at its left when it fits whole.
public struct GapLabel: Hashable, Sendable {
  /// "no information", or why there is none ("no listings (unmatched)").
  public var text: String
  /// The row is selected and has no programme selected: the box is drawn
  /// as a selection is, so the cursor is seen on an empty row.
  public var isSelected: Bool

  public init(text: String, isSelected: Bool = false) {
    self.text = text
    self.isSelected = isSelected
  }
}
