/// One element placed by an ``InsetFlowLayout``.
///
/// `frame` is in points in content coordinates (origin at the top-left of the
/// content, y growing downward). Item frames already include the item's own
/// insets and every offset accumulated before them.
public struct FlowElement: Hashable, Sendable, CustomStringConvertible {
  public var kind: FlowElementKind
  public var indexPath: IndexPath
  public var frame: Rect

  public init(kind: FlowElementKind, indexPath: IndexPath, frame: Rect) {
    self.kind = kind
    self.indexPath = indexPath
    self.frame = frame
  }

  /// A stable one-line form, e.g. `item[0,2] (10.0, 45.0, 80.0, 30.0)`
  /// (x, y, width, height).
  public var description: String {
    let f = frame
    return "\(kind.rawValue)\(indexPath) (\(f.minX), \(f.minY), \(f.width), \(f.height))"
  }
}
