/// The program-guide layout: a port of INSElectronicProgramGuideLayout with
/// its bugs fixed, as a pure value. Channels are rows (sections), time runs
/// left to right, programmes are cells.
///
/// ```
///  ┌──────────┬─────────────┬─────────────┬──────   ← hour row (sticky top)
///  │ (corner) │ 10:00 │ 10:30 │ 11:00 │ 11:30 │
///  ├──────────┼───────┴──┬──────────┴─────────┬──
///  │ chan 0   │ [0,0]    │ [0,1]              │     ← section 0
///  ├──────────┼──────────┴─────┬──────────────┼──
///  │ chan 1   │ [1,0]          │ [1,1]        │     ← section 1
///  └──────────┴────────────────┴──────────────┴──
///   ↑ channel column (sticky left)
/// ```
///
/// Coordinates are in points, origin at the top-left of the content; x grows
/// right, y grows down. Time maps to x by one left-anchored affine map:
/// `x(t) = gridOriginX + (t − E) · hourWidth / 3600`, where
/// `gridOriginX = sectionHeaderWidth + contentMargin.left` and E is the
/// timeline start (see `timeline`). No rounding happens here: frames are
/// exact `Double`s and the rasteriser snaps them to cells.
///
/// Every query is a pure function of (data, configuration, viewport, now,
/// timeZone): change any of them and the next query sees it; there is no
/// cache to invalidate. `GuideData` holds the only precomputed index (rows
/// sorted and resolved once), so a rect query costs O(log n + k).
///
/// Where the rules are written down:
/// - overlaps and duplicates in a channel: `OverlapResolution`;
/// - timeline window, empty guide and channels without programmes:
///   `timeline`; the time ↔ x map and its inverse: `x(for:)`, `time(forX:)`;
/// - cells, clipping, minimum width, overlays: `GuideLayout+Cells.swift`;
/// - sticky headers, backgrounds, gridlines, current time: `GuideLayout+Elements.swift`;
/// - z-order: `ElementKind+ZIndex.swift`;
/// - hour boundaries, half-hour zones and DST days: `UTCOffsetTable+Marks.swift`;
/// - the programme to select in another row: `GuideLayout+Navigation.swift`.
public struct GuideLayout: Sendable {
  public var data: GuideData
  public var configuration: Configuration
  public var viewport: Viewport
  /// The current time (the layout never reads a clock).
  public var now: EpochSeconds
  /// Decides where local hours start (the layout never reads the process zone).
  public var timeZone: UTCOffsetTable
  /// The floating overlay size of one programme, in points (the original's
  /// `sizeForFloatingItemOverlayAtIndexPath`); nil, or a nil answer, means
  /// `configuration.floatingItemOverlaySize`. The size is cut to the cell.
  public var overlaySizeProvider: (@Sendable (IndexPath) -> Size?)?

  public init(
    data: GuideData, configuration: Configuration = .default, viewport: Viewport,
    now: EpochSeconds, timeZone: UTCOffsetTable = .utc,
    overlaySizeProvider: (@Sendable (IndexPath) -> Size?)? = nil
  ) {
    self.data = data
    self.configuration = configuration
    self.viewport = viewport
    self.now = now
    self.timeZone = timeZone
    self.overlaySizeProvider = overlaySizeProvider
  }
}
