import EPGLayout
import EPGRaster

/// A small guide for picture tests: 2026-11-30 (a Monday), UTC.
struct GuideFixture: GuideContent {
  /// 2026-11-30 20:00 UTC.
  static let eight: EpochSeconds = 1_796_068_800

  struct Programme {
    var start: EpochSeconds
    var end: EpochSeconds
    var label: ProgrammeLabel
  }

  var channels: [(name: String, programmes: [Programme])]
  var selected: IndexPath?
  var now: EpochSeconds
  /// What rows show where they have no programme (`gap(section:)`); nil
  /// leaves the gridlines showing through, the default.
  var gapText: String?
  /// The row whose gaps are drawn selected.
  var selectedGapSection: Int?

  init(
    channels: [(name: String, programmes: [Programme])], now: EpochSeconds = eight + 20 * 60,
    selected: IndexPath? = nil
  ) {
    self.channels = channels
    self.now = now
    self.selected = selected
  }

  /// A programme from minutes after 20:00 to minutes after 20:00.
  static func p(
    _ from: Int, _ to: Int, _ title: String, sub: String? = nil, genre: Genre? = nil
  ) -> Programme {
    Programme(
      start: eight + EpochSeconds(from * 60), end: eight + EpochSeconds(to * 60),
      label: ProgrammeLabel(title: title, subTitle: sub, genre: genre))
  }

  /// Four channels from 20:00 to 23:00.
  static let standard = GuideFixture(channels: [
    (
      "BBC One",
      [
        p(0, 30, "News"), p(30, 60, "The One Show"), p(60, 90, "EastEnders"),
        p(90, 180, "Match of the Day"),
      ]
    ),
    (
      "BBC Two",
      [
        p(0, 50, "Film: The Big Sleep"), p(50, 70, "Newsnight"),
        p(70, 130, "Gardeners' World"), p(130, 180, "Later"),
      ]
    ),
    (
      "ITV1",
      [
        p(0, 60, "Coronation Street"), p(60, 61, "Ad"), p(61, 120, "Documentary"),
        p(120, 180, "News at Ten"),
      ]
    ),
    ("Channel 4", [p(0, 180, "Big Night In")]),
  ])

  var data: GuideData {
    GuideData(
      channels: channels.map { $0.programmes.map { TimeSpan(start: $0.start, end: $0.end) } },
      timelineStart: GuideFixture.eight)
  }

  func layout(
    columns: Int, rows: Int, offsetColumns: Int = 0, offsetRows: Int = 0,
    configuration: GuideLayout.Configuration = TerminalGuideStyle.configuration()
  ) -> GuideLayout {
    GuideLayout(
      data: data, configuration: configuration,
      viewport: TerminalGuideStyle.viewport(
        columns: columns, rows: rows, offsetColumns: offsetColumns, offsetRows: offsetRows),
      now: now, timeZone: .utc)
  }

  // MARK: GuideContent

  func channelName(section: Int) -> String {
    section < channels.count ? channels[section].name : "?"
  }

  func programme(at indexPath: IndexPath) -> ProgrammeLabel? {
    guard indexPath.section < channels.count,
      indexPath.item < channels[indexPath.section].programmes.count
    else { return nil }
    let programme = channels[indexPath.section].programmes[indexPath.item]
    var label = programme.label
    label.startLabel = timeLabel(for: programme.start)
    if programme.end <= now {
      label.state = .past
    } else if programme.start <= now {
      label.state = .now
      label.progress = Double(now - programme.start) / Double(programme.end - programme.start)
    }
    label.isSelected = indexPath == selected
    return label
  }

  func gap(section: Int) -> GapLabel? {
    gapText.map { GapLabel(text: $0, isSelected: section == selectedGapSection) }
  }

  func timeLabel(for instant: EpochSeconds) -> String {
    let minutes = ((instant % 86_400) + 86_400) % 86_400 / 60
    let h = minutes / 60
    let m = minutes % 60
    return (h < 10 ? "0" : "") + "\(h):" + (m < 10 ? "0" : "") + "\(m)"
  }

  func dateLabel(for instant: EpochSeconds) -> String {
    let days = Int((instant - 1_796_004_000) / 86_400)  // 2026-11-30 02:00 UTC
    let names = ["Mon", "Tue", "Wed", "Thu", "Fri", "Sat", "Sun"]
    return names[((days % 7) + 7) % 7] + " \(30 + days) Nov"
  }

  /// Renders a layout with this content (monochrome unless told otherwise).
  func render(
    _ layout: GuideLayout, glyphs: GlyphSet = .unicode, theme: Theme = .monochrome
  ) -> Grid {
    let rasterizer = GuideRasterizer(
      metrics: TerminalGuideStyle.metrics, glyphs: glyphs, theme: theme,
      sanitizer: glyphs.isASCII ? .ascii : .unicode)
    return rasterizer.render(GuideScene(layout: layout), content: self)
  }
}
