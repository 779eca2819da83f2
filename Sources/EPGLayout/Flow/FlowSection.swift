/// One section of an ``InsetFlowLayout``: its items and optional overrides of
/// the configuration's section values (the flow delegate's per-section
/// methods of UIKit).
public struct FlowSection: Hashable, Sendable {
  public var items: [FlowItem]
  /// Overrides ``InsetFlowLayout/Configuration/headerSize`` for this section.
  public var headerSize: Size?
  /// Overrides ``InsetFlowLayout/Configuration/footerSize`` for this section.
  public var footerSize: Size?
  /// Overrides ``InsetFlowLayout/Configuration/sectionInset`` for this section.
  public var sectionInset: EdgeInsets?
  /// Overrides ``InsetFlowLayout/Configuration/minimumLineSpacing`` for this
  /// section (UIKit's `minimumLineSpacingForSectionAt`).
  public var minimumLineSpacing: Double?
  /// Overrides ``InsetFlowLayout/Configuration/minimumInteritemSpacing`` for
  /// this section (UIKit's `minimumInteritemSpacingForSectionAt`).
  public var minimumInteritemSpacing: Double?

  public init(
    items: [FlowItem], headerSize: Size? = nil, footerSize: Size? = nil,
    sectionInset: EdgeInsets? = nil, minimumLineSpacing: Double? = nil,
    minimumInteritemSpacing: Double? = nil
  ) {
    self.items = items
    self.headerSize = headerSize
    self.footerSize = footerSize
    self.sectionInset = sectionInset
    self.minimumLineSpacing = minimumLineSpacing
    self.minimumInteritemSpacing = minimumInteritemSpacing
  }
}
