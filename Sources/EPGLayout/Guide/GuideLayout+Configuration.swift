extension GuideLayout {
  /// Which header band wins where the channel column and the hour row cross.
  /// It changes z-indices only, never frames (as in the original).
  public enum HeaderLayoutType: String, CaseIterable, Hashable, Sendable {
    /// The hour row (and the current-time indicator) above the channel column.
    case timeRowAboveDayColumn
    /// The channel column above the hour row.
    case dayColumnAboveTimeRow
  }

  /// Element families that can be switched off one by one.
  public struct ElementFamilies: OptionSet, Hashable, Sendable {
    public let rawValue: UInt16
    public init(rawValue: UInt16) { self.rawValue = rawValue }

    public static let cells = ElementFamilies(rawValue: 1 << 0)
    /// Channel headers and their background.
    public static let sectionHeaders = ElementFamilies(rawValue: 1 << 1)
    /// Hour headers and the hour-row background.
    public static let hourHeaders = ElementFamilies(rawValue: 1 << 2)
    public static let halfHourHeaders = ElementFamilies(rawValue: 1 << 3)
    public static let verticalGridlines = ElementFamilies(rawValue: 1 << 4)
    public static let halfHourVerticalGridlines = ElementFamilies(rawValue: 1 << 5)
    public static let horizontalGridlines = ElementFamilies(rawValue: 1 << 6)
    /// The current-time indicator and its vertical gridline.
    public static let currentTime = ElementFamilies(rawValue: 1 << 7)
    /// Also needs `shouldUseFloatingItemOverlay`.
    public static let floatingItemOverlays = ElementFamilies(rawValue: 1 << 8)

    public static let all: ElementFamilies = [
      .cells, .sectionHeaders, .hourHeaders, .halfHourHeaders, .verticalGridlines,
      .halfHourVerticalGridlines, .horizontalGridlines, .currentTime, .floatingItemOverlays,
    ]
    /// Hour lines and labels only: no half-hour headers or lines.
    public static let hourOnly: ElementFamilies = all.subtracting([
      .halfHourHeaders, .halfHourVerticalGridlines,
    ])
  }

  /// Every property of INSElectronicProgramGuideLayout, with its default.
  /// All lengths are in points. A changed property takes effect on the next
  /// query: the layout derives everything from it on demand.
  ///
  /// Bad values never crash: a negative or non-finite length is treated as 0
  /// (margins may be negative but not non-finite), and a non-positive
  /// `hourWidth` as 1.
  public struct Configuration: Hashable, Sendable {
    /// Vertical gap between channel rows.
    public var sectionGap: Double = 10
    /// Height of one channel row.
    public var sectionHeight: Double = 60
    /// Width of the channel column.
    public var sectionHeaderWidth: Double = 100
    /// Set to override the derived size (sectionHeaderWidth × 10).
    public var currentTimeIndicatorSizeOverride: Size? = nil
    public var currentTimeVerticalGridlineWidth: Double = 1
    public var horizontalGridlineHeight: Double = 1
    public var verticalGridlineWidth: Double = 1
    /// Points per hour of time. A value that is not a positive finite number
    /// is treated as 1.
    public var hourWidth: Double = 600
    /// Height of the hour row.
    public var hourHeaderHeight: Double = 50
    /// Set to override the derived default overlay size; a per-programme size
    /// given with the data wins over both.
    public var floatingItemOverlaySizeOverride: Size? = nil
    /// Gap between the channel column's right edge and a stuck overlay.
    public var floatingItemOffsetFromSection: Double = 10
    public var contentMargin: EdgeInsets = .zero
    /// Inset of each programme cell within its time slot and row.
    public var cellMargin = EdgeInsets(top: 0, left: 0, bottom: 0, right: 10)
    public var headerLayoutType: HeaderLayoutType = .timeRowAboveDayColumn
    /// When true, sticky headers stop at the content origin on overscroll.
    public var shouldResizeStickyHeaders = false
    public var shouldUseFloatingItemOverlay = true
    /// When true (the default) the current-time vertical gridline is drawn
    /// behind the cells; false draws it above them.
    public var currentTimeIndicatorShouldBeBehind = true
    /// Element families to produce.
    public var families: ElementFamilies = .all
    /// Smallest width of a cell, so zero-length and very short programmes stay
    /// visible. It never pushes a cell past the start of the next programme.
    public var minimumCellWidth: Double = 1

    public init() {}

    /// The INS defaults.
    public static let `default` = Configuration()

    /// (sectionHeaderWidth × 10) unless overridden.
    public var currentTimeIndicatorSize: Size {
      get { currentTimeIndicatorSizeOverride ?? Size(width: sectionHeaderWidth, height: 10) }
      set { currentTimeIndicatorSizeOverride = newValue }
    }

    /// The overlay size used when no per-programme size is given:
    /// (hourWidth / 2 × sectionHeight) unless overridden, i.e. half an hour
    /// of room for a title. (The original's default width of 0 made overlays
    /// invisible.) Every overlay is cut to its cell's frame, so a short
    /// programme's overlay is never wider or taller than its cell.
    public var floatingItemOverlaySize: Size {
      get {
        floatingItemOverlaySizeOverride ?? Size(width: hourWidth / 2, height: sectionHeight)
      }
      set { floatingItemOverlaySizeOverride = newValue }
    }
  }
}
