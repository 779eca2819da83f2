import EPGLayout
import EPGPlaylist
import EPGRaster
import EPGSchedule

/// The guide as the front end shows it: the schedule's channels in display
/// order (favourites first, hidden ones left out), each with its programmes
/// sorted by start. Rows are numbered from 0 at the top.
public struct GuideModel: Sendable {
  /// One displayed channel.
  public struct Row: Sendable {
    public var channel: Channel
    public var programmes: ProgrammeColumn
    public var isFavourite: Bool
    /// The playlist entry this row shows, with how it was matched, when the
    /// guide came from a playlist (nil for a guide-only channel).
    public var playlist: PlaylistRow?
    /// The channel's place in the schedule (file or playlist order), from
    /// 0: where it goes back to when it stops being a favourite.
    public var position = 0
  }

  public private(set) var rows: [Row]
  /// Earliest start and latest stop over all programmes (a zero span at 0
  /// for an empty guide).
  public private(set) var span: TimeSpan
  /// The programmes' times for the layout, built once (sorting and overlap
  /// resolution happen here, not per frame). Items are the indices in
  /// `rows[r].programmes`.
  public private(set) var guideData: GuideData
  /// Genre of each programme, classified once at load.
  public private(set) var genres: [[Genre?]]
  /// The genres some programme has, in `Genre.allCases` order.
  public private(set) var genresPresent: [Genre] = []
  /// The channel column's width for numbers (characters of the longest
  /// number of the rows shown), as in guides exported by tvheadend or an
  /// IPTV set-up; nil when no row has one. Rows without a number get a
  /// blank of this width, so the names line up.
  public private(set) var channelNumberWidth: Int?
  /// The playlist's groups (`group-title`) in playlist order; empty when
  /// the guide did not come from a playlist or it has no groups.
  public private(set) var groups: [String] = []
  /// Whether the guide came from a playlist (rows may carry `playlist`).
  public private(set) var isPlaylist = false

  /// Builds the display order from `schedule` (`ChannelArrangement`):
  /// channels whose id, name or number is in `favourites` come first, in the
  /// order listed; those in `hidden` are left out. `genreKeywords` come before the built-in ones
  /// when programmes are given a genre.
  public init(
    schedule: Schedule, favourites: [String] = [], hidden: [String] = [],
    genreKeywords: [GenreKeyword] = []
  ) {
    let order = ChannelArrangement(favourites: favourites, hidden: hidden).order(
      schedule.channels)
    rows = order.map { index, isFavourite in
      let programmes = index < schedule.programmes.count ? schedule.programmes[index] : []
      return Row(
        channel: schedule.channels[index], programmes: programmes, isFavourite: isFavourite,
        position: index)
    }
    span = Self.span(of: rows)
    guideData = GuideData(channels: rows.map(\.programmes.spans))
    var classifier = GenreClassifier(userKeywords: genreKeywords)
    genres = rows.map { classifier.genres(of: $0.programmes) }
    let present = classifier.present
    genresPresent = Genre.allCases.filter(present.contains)
    channelNumberWidth = Self.numberWidth(of: rows)
  }

  /// The guide of a playlist: its schedule (one channel per entry, in
  /// playlist order) with each row's entry and match, and its groups.
  public init(
    playlist: PlaylistGuide, favourites: [String] = [], hidden: [String] = [],
    genreKeywords: [GenreKeyword] = []
  ) {
    self.init(
      schedule: playlist.schedule, favourites: favourites, hidden: hidden,
      genreKeywords: genreKeywords)
    for index in rows.indices {
      rows[index].playlist = playlist.rows[rows[index].channel.id]
    }
    groups = playlist.groups
    isPlaylist = true
  }

  /// The rows of `model` that `keep` accepts, in its order (a group's).
  init(rowsOf model: GuideModel, where keep: (Row) -> Bool) {
    let kept = model.rows.indices.filter { keep(model.rows[$0]) }
    self.init(rowsOf: model, picking: kept.map { ($0, model.rows[$0].isFavourite) })
  }

  /// Rows of `model` (indices into its `rows`) in the order given, each
  /// marked a favourite or not.
  init(rowsOf model: GuideModel, picking picked: [(index: Int, isFavourite: Bool)]) {
    let kept = picked.map(\.index)
    rows = picked.map { index, isFavourite in
      var row = model.rows[index]
      row.isFavourite = isFavourite
      return row
    }
    genres = kept.map { model.genres[$0] }
    span = Self.span(of: rows)
    guideData = GuideData(channels: rows.map(\.programmes.spans))
    genresPresent = model.genresPresent
    channelNumberWidth = Self.numberWidth(of: rows)
    groups = model.groups
    isPlaylist = model.isPlaylist
  }

  /// Earliest start to latest stop of `rows`' programmes (a zero span at 0
  /// when they have none).
  static func span(of rows: [Row]) -> TimeSpan {
    var start = EpochSeconds.max
    var end = EpochSeconds.min
    for row in rows {
      guard !row.programmes.isEmpty else { continue }
      start = min(start, row.programmes.span(at: 0).start)
      end = max(end, row.programmes.span(at: row.programmes.count - 1).end)
    }
    return start <= end ? TimeSpan(start: start, end: end) : TimeSpan(start: 0, end: 0)
  }

  /// The rows in the order and with the favourites `arrangement` gives,
  /// taken in schedule order (`Row.position`): a changed arrangement
  /// (favourites and hidden channels chosen in the guide) applied to the
  /// rows the config file left shown.
  public func arranged(_ arrangement: ChannelArrangement) -> GuideModel {
    let byPosition = rows.indices.sorted { rows[$0].position < rows[$1].position }
    let order = arrangement.order(byPosition.map { rows[$0].channel })
    return GuideModel(
      rowsOf: self, picking: order.map { (byPosition[$0.index], $0.isFavourite) })
  }

  public var isEmpty: Bool { rows.isEmpty }

  /// The programme at `ref`, if it exists.
  public func programme(_ ref: ProgrammeRef) -> Programme? {
    guard rows.indices.contains(ref.row), rows[ref.row].programmes.indices.contains(ref.item)
    else { return nil }
    return rows[ref.row].programmes[ref.item]
  }

  /// Index of the first programme of `row` whose stop is after `instant`
  /// (binary search); `programmes.count` when none.
  public func firstItem(endingAfter instant: EpochSeconds, inRow row: Int) -> Int {
    guard rows.indices.contains(row) else { return 0 }
    return rows[row].programmes.firstIndex(endingAfter: instant)
  }

  /// The programme of `row` on at `instant`, if any.
  public func item(at instant: EpochSeconds, inRow row: Int) -> Int? {
    let index = firstItem(endingAfter: instant, inRow: row)
    guard rows.indices.contains(row), index < rows[row].programmes.count,
      rows[row].programmes.span(at: index).start <= instant
    else { return nil }
    return index
  }

  /// The row showing the channel with `id`, if any.
  public func row(ofChannel id: String) -> Int? {
    rows.firstIndex { $0.channel.id == id }
  }

  /// The rows whose channel has `key` (`Channel.key`: for a playlist, the
  /// entries showing one guide channel with one shift), in display order.
  public func rows(ofKey key: ChannelKey) -> [Int] {
    rows.indices.filter { rows[$0].channel.key == key }
  }
}

/// A programme's address in a `GuideModel`: row (display order) and item
/// (index in the row's programmes).
public struct ProgrammeRef: Hashable, Sendable, Comparable {
  public var row: Int
  public var item: Int

  public init(row: Int, item: Int) {
    self.row = row
    self.item = item
  }

  public static func < (lhs: ProgrammeRef, rhs: ProgrammeRef) -> Bool {
    (lhs.row, lhs.item) < (rhs.row, rhs.item)
  }
}
