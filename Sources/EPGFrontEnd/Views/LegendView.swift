import EPGRaster
import EPGSchedule

/// What the grid's colours and marks mean (`=`), full screen below the top
/// bar: each genre's title colour beside its name, then every mark, badge
/// and line the grid can draw, each drawn as the grid draws it (from the
/// glyph set in use: the ASCII twins in ASCII mode), so nothing needs
/// colour to be understood.
struct LegendView {
  let state: AppState
  let scroll: Int
  let palette: Palette
  let theme: Theme

  /// One entry: a sample as the grid shows it, in its style, and what it
  /// means; a nil sample starts a section heading.
  typealias Entry = (sample: String?, style: Style, text: String)

  /// The entries, in order: genre colours, marks before a title, badges
  /// and marks after it, then the rest of the grid.
  static func entries(theme: Theme, glyphs: GlyphSet) -> [Entry] {
    let block = glyphs.isASCII ? "####" : "■■■■"
    let marks = glyphs.marks
    var lines: [Entry] = [(nil, .plain, "Genre colours")]
    if theme.genreColours.isEmpty {
      lines.append(("", .plain, "none in the monochrome theme: the details name the categories"))
    }
    for genre in Genre.allCases {
      guard let colour = theme.genreColours[genre] else { continue }
      lines.append((block, Style(foreground: colour), genre.displayName))
    }
    if !theme.genreColours.isEmpty {
      lines.append(("", .plain, "no colour: no genre recognised"))
    }
    let bold = Style(attributes: .bold)
    let heavy = String(glyphs.glyph(for: .vertical(.heavy)))
    let bar = String(glyphs.glyph(for: .vertical()))
    let ellipsis = String(glyphs.ellipsis)
    lines += [
      (nil, .plain, "Before a title"),
      (marks.reminder, .plain, "a reminder is set (r)"),
      (marks.recording, .plain, "tvheadend records it (R)"),
      (marks.archive, .plain, "ended, and playable from the archive (w)"),
      (marks.searchMatch, .plain, "a match of the search (/)"),
      (marks.favourite, .plain, "before a channel's name: a favourite (*)"),
      (nil, .plain, "At the right of a title, when there is room"),
    ]
    for (_, badge) in Programme.Flags.badgeTable {
      lines.append((badge, bold, Self.badgeMeanings[badge] ?? ""))
    }
    lines += [
      ("[S]", .plain, "subtitles"),
      ("[SL]", .plain, "signed (sign language in vision)"),
      ("[AD]", .plain, "audio description"),
      ("HD UHD", .plain, "high / ultra high definition"),
      (nil, .plain, "In the grid"),
      ("Title " + marks.subTitleSeparator + " Sub", .plain, "the sub-title follows its title"),
      ("Long tit" + ellipsis, .plain, "a title cut short (Enter shows it whole)"),
      (
        bar + ellipsis + bar, .plain, "a programme too short for a column at this zoom (+ zooms in)"
      ),
      (
        String(glyphs.continuesLeft) + " " + String(glyphs.continuesRight), .plain,
        "the programme runs on before / after the guide's time"
      ),
      (String(glyphs.nowIndicator) + " " + heavy, .plain, "the current time"),
      ("no information", Style(attributes: .dim), "nothing in the guide for this time"),
      ("underline", Style(attributes: .underline), "on now: the part already shown"),
      ("dim", Style(attributes: .dim), "over, or left out by a filter (f, y)"),
      ("bold", bold, "on now, or kept by a filter"),
      ("reverse", Style(attributes: .reverse), "the selection"),
    ]
    return lines
  }

  /// What each badge of `Programme.Flags.badgeTable` means.
  static let badgeMeanings = [
    "LIVE": "broadcast live", "PREM": "a premiere", "NEW": "new (a new episode)",
    "LAST": "the last chance to see it",
  ]

  /// Columns of the samples (from the left edge, with their indent).
  static let sampleWidth = 17

  /// One screen line of the legend: the sample (nil on a heading and a
  /// continuation), its style, the text and whether it is a heading.
  struct Line {
    var sample: String?
    var style: Style
    var text: String
    var isHeading: Bool
    /// The column the text starts at.
    var textColumn: Int
  }

  /// The entries laid out for a screen `width` columns wide: each text
  /// wrapped right of the samples, or, when that leaves it less than 20
  /// columns, under its sample.
  static func lines(theme: Theme, unicode: Bool, width: Int, measure: (String) -> Int) -> [Line] {
    let stacked = width - sampleWidth < 20
    let textColumn = stacked ? 4 : sampleWidth
    let textWidth = max(10, width - textColumn - 1)
    var result: [Line] = []
    for entry in entries(theme: theme, glyphs: unicode ? .unicode : .ascii) {
      guard let sample = entry.sample else {
        result.append(
          Line(sample: nil, style: entry.style, text: entry.text, isHeading: true, textColumn: 0))
        continue
      }
      let text = wrapText(entry.text, width: textWidth, measure: measure)
      if stacked {
        if !sample.isEmpty {
          result.append(
            Line(sample: sample, style: entry.style, text: "", isHeading: false, textColumn: 0))
        }
        for line in text {
          result.append(
            Line(
              sample: nil, style: entry.style, text: line, isHeading: false,
              textColumn: textColumn))
        }
        continue
      }
      for (index, line) in text.enumerated() {
        result.append(
          Line(
            sample: index == 0 ? sample : nil, style: entry.style, text: line, isHeading: false,
            textColumn: textColumn))
      }
    }
    return result
  }

  func draw(into canvas: inout Canvas) {
    let layout = state.layout
    let lines = LegendView.lines(
      theme: theme, unicode: state.settings.unicode, width: canvas.width,
      measure: canvas.measure)
    let first = min(scroll, max(0, lines.count - layout.textRows))
    for (offset, line) in lines.dropFirst(first).prefix(layout.textRows).enumerated() {
      let y = 1 + offset
      if line.isHeading {
        canvas.write(" " + line.text, x: 0, y: y, style: palette.heading)
        continue
      }
      if let sample = line.sample {
        canvas.write(sample, x: 2, y: y, style: line.style)
      }
      canvas.write(line.text, x: line.textColumn, y: y, style: palette.text)
    }
    let end = state.drawPosition(
      first: first, visible: layout.textRows, count: lines.count,
      section: lines.prefix(first + 1).last(where: \.isHeading)?.text, into: &canvas,
      palette: palette)
    state.drawHints(
      [("Esc", "back"), ("j/k", "scroll"), ("q", "quit")], x: 1, y: layout.statusRow, end: end,
      into: &canvas, palette: palette)
  }
}
