extension InsetFlowLayout {
  /// The direction the content scrolls in. Lines run across it.
  public enum ScrollDirection: String, CaseIterable, Hashable, Sendable {
    /// Items fill rows left to right; rows stack downward (a list).
    case vertical
    /// Items fill columns top to bottom; columns stack rightward (a bar).
    case horizontal
  }

  /// Where the items of a line sit across the scroll axis when they do not
  /// fill it. The spacing between items is never less than
  /// ``Configuration/minimumInteritemSpacing``.
  public enum LineAlignment: String, CaseIterable, Hashable, Sendable {
    /// Packed at the start (left for vertical, top for horizontal).
    case leading
    /// Packed and centred in the line.
    case centered
    /// Like UIKit's flow layout: a line with two or more items that is not
    /// the last line of its section spreads its spare room between its
    /// items; a lone item is centred, except on the last line when a second
    /// item of its length would fit beside it (UIKit lays the last line out
    /// as if more such items followed); other lines are leading.
    case justified
  }

  /// The flow values of UICollectionViewFlowLayout. Lengths are in points;
  /// negative, infinite and NaN lengths count as 0, lengths above 10¹² as
  /// 10¹².
  ///
  /// The spacings default to 0, not UIKit's 10: tvgrid draws one point as
  /// one terminal cell, where 10 would be ten blank columns or rows.
  /// ``FlowSection`` overrides them per section.
  public struct Configuration: Hashable, Sendable {
    public var scrollDirection: ScrollDirection = .vertical
    /// Space between lines (rows for vertical, columns for horizontal).
    public var minimumLineSpacing: Double = 0
    /// Smallest space between neighbouring items of one line.
    public var minimumInteritemSpacing: Double = 0
    /// Space around each section's items, inside its header and footer.
    public var sectionInset: EdgeInsets = .zero
    /// Header size of every section (UIKit's `headerReferenceSize`): only the
    /// length along the scroll axis is used (height for vertical, width for
    /// horizontal); the header spans the whole container across it. A
    /// section has no header when that length is 0.
    public var headerSize: Size = .zero
    /// Footer size of every section, as ``headerSize``.
    public var footerSize: Size = .zero
    public var lineAlignment: LineAlignment = .leading

    public init(
      scrollDirection: ScrollDirection = .vertical, minimumLineSpacing: Double = 0,
      minimumInteritemSpacing: Double = 0, sectionInset: EdgeInsets = .zero,
      headerSize: Size = .zero, footerSize: Size = .zero, lineAlignment: LineAlignment = .leading
    ) {
      self.scrollDirection = scrollDirection
      self.minimumLineSpacing = minimumLineSpacing
      self.minimumInteritemSpacing = minimumInteritemSpacing
      self.sectionInset = sectionInset
      self.headerSize = headerSize
      self.footerSize = footerSize
      self.lineAlignment = lineAlignment
    }
  }
}
