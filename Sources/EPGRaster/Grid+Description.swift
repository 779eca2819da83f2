extension Grid: CustomStringConvertible {
  /// The lines between `|` marks, one per row, then the style runs.
  public var description: String {
    var text = lines.map { "|\($0)|" }.joined(separator: "\n")
    let styles = styleDescription
    if !styles.isEmpty { text += "\nstyles:\n" + styles }
    return text
  }

  /// Style runs of the rows that are not all plain, one row per line:
  /// `row 3: 0..<14 fg=15 bg=4 bold, 14..<80 plain`.
  public var styleDescription: String {
    var rows: [String] = []
    for y in 0..<height {
      var runs: [String] = []
      var start = 0
      var allPlain = true
      for x in 0...width {
        if x == width || (x > start && self[x, y].style != self[start, y].style) {
          let style = self[start, y].style
          if style != .plain { allPlain = false }
          runs.append("\(start)..<\(x) \(style.shortDescription)")
          start = x
        }
      }
      if !allPlain { rows.append("row \(y): " + runs.joined(separator: ", ")) }
    }
    return rows.joined(separator: "\n")
  }
}

extension Style {
  /// `plain`, or e.g. `fg=1 bg=4 bold reverse`.
  public var shortDescription: String {
    var parts: [String] = []
    if case .ansi(let n) = foreground { parts.append("fg=\(n)") }
    if case .ansi(let n) = background { parts.append("bg=\(n)") }
    let names: [(Attributes, String)] = [
      (.bold, "bold"), (.dim, "dim"), (.italic, "italic"), (.underline, "underline"),
      (.reverse, "reverse"),
    ]
    for (attribute, name) in names where attributes.contains(attribute) { parts.append(name) }
    return parts.isEmpty ? "plain" : parts.joined(separator: " ")
  }
}
