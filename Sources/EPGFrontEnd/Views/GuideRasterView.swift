import EPGLayout
import EPGRaster
import EPGSchedule

/// The guide area (time row and channel rows) drawn by the layers below:
/// the program-guide layout places the elements in points, the rasteriser
/// turns them into cells. This view only translates the state's viewport
/// (a start instant and a top row, on whole cells) into the layout's
/// viewport and supplies the text (with what a row shows where it has no
/// programme: `gap(section:)`).
struct GuideRasterView {
  let state: AppState
  let theme: Theme
  let glyphs: GlyphSet

  var layout: GuideLayout { state.guideLayout }

  func draw(into canvas: inout Canvas) {
    let rasterizer = GuideRasterizer(
      metrics: TerminalGuideStyle.metrics, glyphs: glyphs, theme: theme,
      sanitizer: glyphs.sanitizer)
    let grid = rasterizer.render(GuideScene(layout: layout), content: Content(state: state))
    let top = state.layout.timeRow
    for y in 0..<min(grid.height, canvas.height - top) {
      for x in 0..<min(grid.width, canvas.width) {
        canvas.grid[x, top + y] = grid[x, y]
      }
    }
  }

  /// Put before the title of an ended programme that can be played from
  /// the archive (a mark, not only a colour).
  static func archiveMark(unicode: Bool) -> String { marks(unicode).archive + " " }

  /// Put before the title of a programme tvheadend is to record (or is
  /// recording).
  static func recordingMark(unicode: Bool) -> String { marks(unicode).recording + " " }

  /// Put before the title of a match of the active search (a mark, not
  /// only a colour).
  static func matchMark(unicode: Bool) -> String { marks(unicode).searchMatch + " " }

  /// The marks of the Unicode or the ASCII glyph set.
  static func marks(_ unicode: Bool) -> GlyphSet.Marks { unicode ? .unicode : .ascii }

  /// A row's stretches without programmes in view: "no information", or
  /// why a playlist entry has no listings at all.
  static func gapText(_ row: GuideModel.Row) -> String {
    guard let playlist = row.playlist, playlist.match.channel == nil else {
      return "no information"
    }
    if case .ambiguous(let candidates) = playlist.match {
      return "no listings (ambiguous: \(candidates.count) guide channels fit)"
    }
    return "no listings (unmatched)"
  }

  /// The text of the guide, from the state.
  struct Content: GuideContent {
    let state: AppState

    func channelName(section: Int) -> String {
      guard state.guide.rows.indices.contains(section) else { return "" }
      let star = GuideRasterView.marks(state.settings.unicode).favourite
      // Numbers go before the names, right-aligned, where known.
      return state.guide.channelLabel(
        row: section, mark: state.guide.rows[section].isFavourite ? star : "")
    }

    func programme(at indexPath: IndexPath) -> ProgrammeLabel? {
      let ref = ProgrammeRef(row: indexPath.section, item: indexPath.item)
      guard let programme = state.guide.programme(ref) else { return nil }
      let now = state.now
      let labelState: ProgrammeLabel.State =
        programme.stop <= now ? .past : programme.start <= now ? .now : .future
      let length = max(1, programme.stop - programme.start)
      let genre = state.guide.genres[ref.row][ref.item]
      var title = programme.title
      if labelState == .past,
        state.isPlayableFromArchive(programme, row: state.guide.rows[ref.row])
      {
        title = GuideRasterView.archiveMark(unicode: state.settings.unicode) + title
      } else if labelState == .future, state.hasReminder(programme, row: ref.row) {
        title = OverlayView.reminderMark(unicode: state.settings.unicode) + title
      }
      if state.recording(of: programme, row: ref.row) != nil {
        title = GuideRasterView.recordingMark(unicode: state.settings.unicode) + title
      }
      if state.search?.matchSet.contains(ref) == true {
        title = GuideRasterView.matchMark(unicode: state.settings.unicode) + title
      }
      return ProgrammeLabel(
        title: title, subTitle: programme.subTitle,
        startLabel: state.format.clock(programme.start),
        genre: genre, state: labelState,
        progress: labelState == .now ? Double(now - programme.start) / Double(length) : 0,
        isSelected: ref == state.selection,
        isMuted: state.isFiltering && !state.passesFilters(ref),
        isEmphasised: state.isFiltering && state.passesFilters(ref),
        markers: programme.content.markers, badges: programme.flags.badges)
    }

    /// Every row's empty stretches are one box; the selected row's when it
    /// has no programme selected is drawn selected.
    func gap(section: Int) -> GapLabel? {
      guard state.guide.rows.indices.contains(section) else { return nil }
      return GapLabel(
        text: GuideRasterView.gapText(state.guide.rows[section]),
        isSelected: section == state.selectedRow && state.selectedItem == nil)
    }

    /// Every half hour, or fewer at a tight zoom (`TimeFormat.labelInterval`).
    func timeLabel(for instant: EpochSeconds) -> String {
      let interval = state.format.labelInterval(columnsPerHour: state.settings.columnsPerHour)
      return state.format.timeRowLabel(instant, interval: interval)
    }

    func dayStartLabel(for instant: EpochSeconds) -> String? {
      state.format.isStartOfDay(instant) ? state.format.dayName(instant) : nil
    }

    func dateLabel(for instant: EpochSeconds) -> String { state.format.shortDate(instant) }
  }
}
