extension AppState {
  /// The filter menu (`y`), full screen below the top bar (which names the
  /// filters on): one line a filter, its state in brackets, the chosen
  /// line in reverse video.
  func drawFilterMenu(selected: Int, into canvas: inout Canvas, palette: Palette) {
    let layout = layout
    canvas.write(" Filters", x: 0, y: 1, style: palette.heading)
    for (index, line) in filterMenuLines.enumerated() where 3 + index < layout.statusRow {
      let style = index == selected ? palette.selected : palette.text
      let text = "  " + line.value + " " + line.label
      let end = canvas.write(text, x: 0, y: 3 + index, style: style)
      if index == selected, end < 30 {
        canvas.write(String(repeating: " ", count: 30 - end), x: end, y: 3 + index, style: style)
      }
    }
    let note = [
      "They combine with f (genre); the grid dims what they leave out and",
      "the arrows skip it. Esc in the guide clears every filter.",
    ]
    for (offset, text) in note.enumerated()
    where 4 + filterMenuLines.count + offset < layout.statusRow {
      canvas.write(" " + text, x: 0, y: 4 + filterMenuLines.count + offset, style: palette.dim)
    }
    drawHints(
      [("Enter", "toggle"), ("j/k", "choose"), ("c", "clear"), ("Esc", "back"), ("q", "quit")],
      x: 1, y: layout.statusRow, into: &canvas, palette: palette)
  }
}
