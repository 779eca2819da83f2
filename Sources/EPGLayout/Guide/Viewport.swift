/// The visible part of the content, in points.
///
/// `contentOffset` is the content point shown at the top-left corner of the
/// view (a scroll position; negative values are overscroll). `size` is the
/// size of the whole view. `contentInset` shrinks the area the sticky headers
/// use: the hour row sticks below `contentInset.top`, the channel column right
/// of `contentInset.left`.
public struct Viewport: Hashable, Sendable {
  public var contentOffset: Point
  public var size: Size
  public var contentInset: EdgeInsets

  public init(contentOffset: Point = .zero, size: Size, contentInset: EdgeInsets = .zero) {
    self.contentOffset = contentOffset
    self.size = size
    self.contentInset = contentInset
  }

  /// The visible rectangle in content coordinates.
  public var visibleRect: Rect {
    Rect(origin: contentOffset, size: size)
  }
}
