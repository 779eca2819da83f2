import EPGLayout

extension GuideLayout {
  /// The topmost visible element whose frame contains content `point`
  /// (points): the last in paint order, or nil. The z-order tests ask it
  /// what a click would land on; the app hit-tests the drawn cells instead.
  func hitTest(_ point: Point) -> LayoutElement? {
    elements(in: Rect(x: point.x, y: point.y, width: 0, height: 0)).last {
      $0.frame.contains(point)
    }
  }
}
