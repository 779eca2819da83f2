import EPGRaster
import EPGSchedule

/// What the grid's colours and marks mean (`=`), full screen below the top
/// bar: each genre's title colour beside its name, then the marks that
/// carry meaning without colour.
struct LegendView {
  let state: AppState
  let scroll: Int
  let palette: Palette
  let theme: Theme

  /// (sample, its style, meaning); a nil sample starts a section heading.
  static func lines(theme: Theme, unicode: Bool) -> [(sample: String?, style: Style, text: String)]
  {
    let block = unicode ? "■■■■" : "####"
    var lines: [(sample: String?, style: Style, text: String)] = [(nil, .plain, "Genre colours")]
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
    lines += [
      (nil, .plain, "Marks"),
      ("[S]", .plain, "subtitles"),
      ("[SL]", .plain, "signed (sign language in vision)"),
      ("[AD]", .plain, "audio description"),
      ("HD UHD", .plain, "high / ultra high definition"),
      (GuideRasterView.archiveMark(unicode: unicode), .plain, "playable from the archive"),
      (GuideRasterView.matchMark(unicode: unicode), .plain, "a match of the search"),
      ("underline", Style(attributes: .underline), "on now: the part already shown"),
      ("bold", Style(attributes: .bold), "the genre singled out by f (others dim)"),
    ]
    return lines
  }

  func draw(into canvas: inout Canvas) {
    let layout = state.layout
    let lines = LegendView.lines(theme: theme, unicode: state.settings.unicode)
    let first = min(scroll, max(0, lines.count - layout.textRows))
    let sampleWidth = 12
    for (offset, line) in lines.dropFirst(first).prefix(layout.textRows).enumerated() {
      let y = 1 + offset
      if let sample = line.sample {
        canvas.write(sample, x: 2, y: y, maxWidth: sampleWidth - 2, style: line.style)
        canvas.write(line.text, x: sampleWidth + 1, y: y, style: palette.text)
      } else {
        canvas.write(" " + line.text, x: 0, y: y, style: palette.heading)
      }
    }
    state.drawHints(
      [("Esc", "back"), ("j/k", "scroll"), ("q", "quit")], x: 1, y: layout.statusRow,
      into: &canvas, palette: palette)
  }
}
