/// One item of an ``InsetFlowLayout``: the size the flow places it with, and
/// its own insets (the per-item `insetForItemAt` of the original).
///
/// All lengths are in points. For vertical scrolling (horizontal is the
/// mirror image, top/bottom ↔ left/right):
///
/// ```
///            ┌ line top: max(top) of the line's items
///            ▼
///   ┌──────────────────┐  ─┐
///   │left│ frame │right│   │ item height (unchanged)
///   └──────────────────┘  ─┘
///            ▲
///            └ next line moves down by max(bottom) of this line's items
/// ```
///
/// - `top` moves the item (and its line) down; `bottom` moves the next line
///   down, or grows the content after the last line. Later elements and the
///   content size move by the accumulated offsets.
/// - `left` moves the item right and shrinks its width; `right` shrinks its
///   width. Neither moves any other item.
///
/// Negative, infinite and NaN lengths count as 0 (and lengths above 10¹²
/// points as 10¹²), so frames are monotonic along the scroll axis and no
/// size is negative.
public struct FlowItem: Hashable, Sendable {
  /// The item's size before its insets are applied (its slot in the line).
  public var size: Size
  public var insets: EdgeInsets

  public init(size: Size, insets: EdgeInsets = .zero) {
    self.size = size
    self.insets = insets
  }
}
