import EPGRaster
import EPGSchedule

/// A programme's details, full screen below the top bar: title, sub-title,
/// then labelled fields, then the description; every line wrapped to the
/// width, a labelled one under its label.
struct DetailsView {
  let state: AppState
  let ref: ProgrammeRef
  let scroll: Int
  let palette: Palette
  /// Only the channel of `ref.row` (a playlist row without listings):
  /// its entry and why it has no listings.
  var channelOnly = false

  /// `S2 E5/10 Part 1/2`; without season and episode the on-screen form
  /// leads (`E12 Part 1/2`).
  static func episodeText(_ episode: EpisodeNumber) -> String {
    var parts: [String] = []
    if episode.season == nil, episode.episode == nil, let onscreen = episode.onscreen {
      parts.append(onscreen)
    }
    if let season = episode.season {
      parts.append("S\(season)" + (episode.seasonCount.map { "/\($0)" } ?? ""))
    }
    if let number = episode.episode {
      parts.append("E\(number)" + (episode.episodeCount.map { "/\($0)" } ?? ""))
    }
    if let part = episode.part {
      parts.append("Part \(part)" + (episode.partCount.map { "/\($0)" } ?? ""))
    }
    return parts.joined(separator: " ")
  }

  /// The lines of the view, each with its style: (label, text).
  func lines(width: Int, measure: (String) -> Int) -> [(label: String?, text: String, style: Style)]
  {
    if channelOnly {
      guard state.guide.rows.indices.contains(ref.row) else { return [] }
      return wrapped(channelLines(state.guide.rows[ref.row]), width: width, measure: measure)
    }
    guard let programme = state.guide.programme(ref) else {
      return [(nil, "This programme is no longer in the guide.", palette.message)]
    }
    let format = state.format
    let channel = state.guide.rows[ref.row].channel
    let dash = state.settings.unicode ? "–" : "-"
    var result: [(label: String?, text: String, style: Style)] = []
    result.append((nil, programme.title, palette.heading))
    if let sub = programme.subTitle { result.append((nil, sub, palette.info)) }
    if let index = state.reminders.index(of: programme, key: channel.key) {
      let reminder = state.reminders.reminders[index]
      let mark = OverlayView.reminderMark(unicode: state.settings.unicode)
      let text =
        reminder.hasFired
        ? "Reminder fired"
        : "Reminder set: fires at "
          + state.reminderFireText(start: programme.start)
      result.append((nil, mark + text + " (r removes it)", palette.message))
    }
    result.append((nil, "", palette.text))
    var time =
      format.date(programme.start) + "  " + format.clock(programme.start) + dash
      + format.clock(programme.stop) + " (" + TimeFormat.duration(programme.stop - programme.start)
      + ")"
    if programme.stopIsEstimated { time += ", end estimated" }
    if let relative = state.relativeTime(programme) { time += ", " + relative }
    result.append(("Time", time, palette.text))
    result.append(
      (
        "Channel",
        channel.name + (channel.nameIsNumber ? "" : channel.number.map { " (\($0))" } ?? ""),
        palette.text
      ))
    let row = state.guide.rows[ref.row].programmes
    if row.indices.contains(ref.item + 1) {
      let next = row[ref.item + 1]
      result.append(("Next", format.clock(next.start) + "  " + next.title, palette.text))
    }
    result += playlistLines(state.guide.rows[ref.row], programme: programme)
    result += recordingLines(row: ref.row, programme: programme)
    if let episode = programme.episode {
      let text = DetailsView.episodeText(episode)
      if !text.isEmpty { result.append(("Episode", text, palette.text)) }
    }
    if !programme.categories.isEmpty {
      result.append(("Categories", programme.categories.joined(separator: ", "), palette.text))
    }
    if !programme.ratings.isEmpty {
      // Each with its icon's URL, if it has one.
      let icons = programme.ratingIcons
      let ratings = programme.ratings.map { rating in
        rating + (icons.first { $0.rating == rating }.map { " (icon \($0.url))" } ?? "")
      }
      result.append(("Rating", ratings.joined(separator: ", "), palette.text))
    }
    if !programme.starRatings.isEmpty {
      result.append(("Stars", programme.starRatings.joined(separator: ", "), palette.text))
    }
    let flags = programme.flags.words
    if !flags.isEmpty { result.append(("Flags", flags.joined(separator: ", "), palette.text)) }
    result += contentLines(programme)
    if let date = programme.dateText {
      result.append((date.count == 4 ? "Year" : "Date", date, palette.text))
    }
    for (label, names) in DetailsView.creditLines(programme.credits) {
      result.append((label, names, palette.text))
    }
    if let description = programme.description, !description.isEmpty {
      result.append((nil, "", palette.text))
      result.append((nil, description, palette.text))
    }
    for review in programme.reviews {
      result.append((nil, "", palette.text))
      let by = review.by.map { " (\($0))" } ?? ""
      result.append(("Review", review.text + by, palette.text))
    }
    // Other airings last (Tab picks one, Enter goes there): to come, on
    // now, then ended (dimmed), each group under its label.
    let airings = state.otherAirings(of: ref)
    if !airings.isEmpty { result.append((nil, "", palette.text)) }
    var group: AppState.AiringTime?
    for (index, other) in airings.enumerated() {
      guard let airing = state.guide.programme(other) else { continue }
      let picked = index == state.airingPick
      let time = state.airingTime(airing)
      let label = time == group ? "" : Self.airingLabel(time)
      group = time
      let text =
        (picked ? "> " : "  ") + format.shortDate(airing.start) + " "
        + format.clock(airing.start) + "  " + state.guide.rows[other.row].channel.name
      let style = picked ? palette.selected : time == .ended ? palette.dim : palette.text
      result.append((label, text, style))
    }
    return wrapped(result, width: width, measure: measure)
  }

  /// The label of the first other airing of a group.
  static func airingLabel(_ time: AppState.AiringTime) -> String {
    switch time {
    case .toCome: "Also"
    case .onNow: "On now"
    case .ended: "Earlier"
    }
  }

  /// Access, sound, picture, links and image in words.
  func contentLines(_ programme: Programme) -> [(label: String?, text: String, style: Style)] {
    var result: [(label: String?, text: String, style: Style)] = []
    let access = programme.content.accessWords
    if !access.isEmpty { result.append(("Access", access.joined(separator: ", "), palette.text)) }
    if programme.content.contains(.noSound) {
      result.append(("Sound", "none", palette.text))
    } else if let sound = programme.sound {
      result.append(("Sound", sound, palette.text))
    }
    var picture: [String] = []
    if programme.content.contains(.noPicture) { picture.append("none") }
    if let aspect = programme.aspect { picture.append(aspect) }
    if let quality = programme.quality {
      let definition =
        programme.content.contains(.uhd)
        ? " (ultra high definition)" : programme.content.contains(.hd) ? " (high definition)" : ""
      picture.append(quality + definition)
    }
    if programme.content.contains(.blackAndWhite) { picture.append("black and white") }
    if !picture.isEmpty {
      result.append(("Picture", picture.joined(separator: ", "), palette.text))
    }
    for url in programme.urls { result.append(("Link", url, palette.text)) }
    if let image = programme.imageURL { result.append(("Image", image, palette.text)) }
    return result
  }

  /// `lines` wrapped to `width`.
  func wrapped(
    _ result: [(label: String?, text: String, style: Style)], width: Int,
    measure: (String) -> Int
  ) -> [(label: String?, text: String, style: Style)] {
    // Every line wraps to the width; a labelled one under its label, or,
    // when that leaves less than 16 columns, on the lines below it.
    let labelled = width + 1 - Self.labelWidth
    return result.flatMap { line -> [(label: String?, text: String, style: Style)] in
      if labelled < 16, let label = line.label {
        let below = wrapText(line.text, width: width, measure: measure)
        return [(label, "", palette.label)] + below.map { (nil, $0, line.style) }
      }
      let available = line.label == nil ? width : labelled
      // A line that fits stays as written (its double spaces too), unless
      // it has line breaks, which wrapping turns into spaces.
      let wrapped = wrapText(line.text, width: available, measure: measure)
      if wrapped.isEmpty || (wrapped.count == 1 && !line.text.contains(where: \.isNewline)) {
        return [line]
      }
      return wrapped.enumerated().map { index, text in
        (index == 0 ? line.label : line.label.map { _ in "" }, text, line.style)
      }
    }
  }

  /// Columns of the labels (" Categories ").
  static let labelWidth = 12

  /// The credits as (label, names) lines, one per role in the DTD's order:
  /// `Cast: David Thompson (Walter Johnson), Ryan Lee`.
  static func creditLines(_ credits: [Credit]) -> [(label: String, names: String)] {
    let labels: [Credit.Role: String] = [
      .director: "Director", .actor: "Cast", .writer: "Writer", .adapter: "Adapted by",
      .producer: "Producer", .composer: "Music", .editor: "Editor", .presenter: "Presenter",
      .commentator: "Commentary", .guest: "Guests",
    ]
    return Credit.Role.allCases.compactMap { role in
      let names = credits.filter { $0.role == role }.map { credit in
        credit.name + (credit.character.map { " (\($0))" } ?? "")
      }
      guard !names.isEmpty, let label = labels[role] else { return nil }
      return (label, names.joined(separator: ", "))
    }
  }

  /// Columns of the text on a screen `columns` wide (a space each side).
  static func textWidth(columns: Int) -> Int { max(10, columns - 2) }

  /// Number of lines of the details of `ref` at the state's screen size,
  /// as `draw` lays them out.
  static func lineCount(state: AppState, ref: ProgrammeRef, channelOnly: Bool = false) -> Int {
    let canvas = Canvas(size: state.size, glyphs: state.glyphs)
    let view = DetailsView(
      state: state, ref: ref, scroll: 0, palette: .monochrome, channelOnly: channelOnly)
    return view.lines(width: textWidth(columns: canvas.width), measure: canvas.measure).count
  }

  func draw(into canvas: inout Canvas) {
    let layout = state.layout
    let labelWidth = Self.labelWidth
    let all = lines(width: Self.textWidth(columns: canvas.width), measure: canvas.measure)
    let top = 1
    let visible = layout.textRows
    let first = min(scroll, max(0, all.count - visible))
    for (offset, line) in all.dropFirst(first).prefix(visible).enumerated() {
      let y = top + offset
      if let label = line.label {
        canvas.write(" " + label, x: 0, y: y, maxWidth: labelWidth, style: palette.label)
        canvas.write(line.text, x: labelWidth, y: y, style: line.style)
      } else {
        canvas.write(" " + line.text, x: 0, y: y, style: line.style)
      }
    }
    let arrows = state.settings.unicode ? "←/→" : "h/l"
    let updown = state.settings.unicode ? "↑/↓" : "j/k"
    // The position counter first; the hints in the columns left of it.
    let hintsEnd = state.drawPosition(
      first: first, visible: visible, count: all.count, into: &canvas, palette: palette)
    let watch: [(key: String, action: String)] =
      state.guide.rows.indices.contains(ref.row) && state.guide.rows[ref.row].playlist != nil
      ? [("w", "watch")] : []
    let programmes: [(key: String, action: String)] =
      channelOnly ? [] : [(arrows, "previous/next programme")]
    state.drawViewStatus(
      [("Esc", "back")] + watch + programmes + [(updown, "scroll"), ("q", "quit")],
      x: 1, y: layout.statusRow, end: hintsEnd, into: &canvas, palette: palette)
  }
}
