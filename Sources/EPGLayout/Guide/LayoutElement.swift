/// One element placed by the program-guide layout.
///
/// `frame` is in points in content coordinates (origin at the top-left of the
/// content). Sticky elements (headers, backgrounds, the current-time
/// indicator) are already moved by the viewport's content offset, so a
/// renderer needs no special case for them: it paints in ascending `zIndex`.
public struct LayoutElement: Hashable, Sendable, CustomStringConvertible {
  public var kind: ElementKind
  public var indexPath: IndexPath
  public var frame: Rect
  public var zIndex: Int
  public var isHidden: Bool
  /// For cells and overlays: which ends of the programme were cut off by a
  /// forced timeline window (so a UI can draw "continues" marks).
  public var clipping: Clipping

  public init(
    kind: ElementKind, indexPath: IndexPath, frame: Rect, zIndex: Int,
    isHidden: Bool = false, clipping: Clipping = []
  ) {
    self.kind = kind
    self.indexPath = indexPath
    self.frame = frame
    self.zIndex = zIndex
    self.isHidden = isHidden
    self.clipping = clipping
  }

  /// Ends of a programme that lie outside the timeline window.
  public struct Clipping: OptionSet, Hashable, Sendable {
    public let rawValue: UInt8
    public init(rawValue: UInt8) { self.rawValue = rawValue }
    /// The programme starts before the timeline start.
    public static let start = Clipping(rawValue: 1)
    /// The programme ends after the timeline end.
    public static let end = Clipping(rawValue: 2)
  }

  /// A stable one-line form, e.g. `cell[1,0] (550.0, 120.0, 890.0, 60.0) z=100`.
  public var description: String {
    let f = frame
    var text =
      "\(kind.rawValue)\(indexPath) (\(f.minX), \(f.minY), \(f.width), \(f.height)) z=\(zIndex)"
    if isHidden { text += " hidden" }
    return text
  }
}
