extension Rect {
  /// Whether the two rectangles share interior area. A zero-width or
  /// zero-height rectangle intersects a rectangle that contains its edge, so
  /// hairline elements are found by rect queries.
  public func intersects(_ other: Rect) -> Bool {
    let overlapsX =
      width == 0 || other.width == 0
      ? minX <= other.maxX && other.minX <= maxX
      : minX < other.maxX && other.minX < maxX
    let overlapsY =
      height == 0 || other.height == 0
      ? minY <= other.maxY && other.minY <= maxY
      : minY < other.maxY && other.minY < maxY
    return overlapsX && overlapsY
  }

  /// Whether `point` lies in `[minX, maxX) × [minY, maxY)`.
  public func contains(_ point: Point) -> Bool {
    point.x >= minX && point.x < maxX && point.y >= minY && point.y < maxY
  }
}
