import EPGLayout

/// The one-line JSON form used by `tvgrid layout`.
extension LayoutElement {
  /// One JSON object on one line, keys in a fixed order, e.g.
  /// `{"kind":"cell","section":0,"item":1,"x":100,"y":50,"width":440,"height":60,"z":100,"hidden":false}`.
  /// Lengths in points: whole numbers print without a fraction ("100"),
  /// others in Swift's shortest round-trip form ("849.5"); a non-finite
  /// value prints as `null`.
  var jsonLine: String {
    let f = frame
    return "{\"kind\":\"\(kind.rawValue)\",\"section\":\(indexPath.section),"
      + "\"item\":\(indexPath.item),\"x\":\(LayoutElement.json(f.minX)),"
      + "\"y\":\(LayoutElement.json(f.minY)),\"width\":\(LayoutElement.json(f.width)),"
      + "\"height\":\(LayoutElement.json(f.height)),\"z\":\(zIndex),\"hidden\":\(isHidden)}"
  }

  /// A JSON number for `value` (see `jsonLine`).
  static func json(_ value: Double) -> String {
    guard value.isFinite else { return "null" }
    if value == value.rounded(), Swift.abs(value) < 1e15 {
      return String(Int64(value))
    }
    return "\(value)"
  }
}
