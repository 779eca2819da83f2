extension InsetFlowLayout {
  /// The scroll offset, along the scroll axis, that shows the item at
  /// `indexPath` in a viewport `viewportLength` points long while moving as
  /// little as possible from `currentOffset`; nil when there is no such item.
  ///
  /// Offsets are in points from the content origin: y for vertical
  /// scrolling, x for horizontal. An item longer than the viewport is
  /// aligned to the viewport's start. The result lies in
  /// `0...max(0, content length − viewportLength)`. Non-finite or negative
  /// arguments count as 0.
  public func scrollOffset(
    revealing indexPath: IndexPath, viewportLength: Double, currentOffset: Double
  ) -> Double? {
    guard let item = item(at: indexPath) else { return nil }
    let axes = FlowAxes(direction: configuration.scrollDirection)
    let length = viewportLength.isFinite ? max(0, viewportLength) : 0
    var offset = currentOffset.isFinite ? max(0, currentOffset) : 0
    let start = axes.minMain(item.frame)
    let end = axes.maxMain(item.frame)
    if start < offset || end - start > length {
      offset = start
    } else if end > offset + length {
      offset = end - length
    }
    let limit = max(0, axes.main(contentSize) - length)
    return min(max(0, offset), limit)
  }
}
