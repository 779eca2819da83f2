/// Splits text into lines of at most `width` columns at spaces; a word
/// longer than a line is cut. `measure` gives the columns of a string.
func wrapText(_ text: String, width: Int, measure: (String) -> Int) -> [String] {
  guard width > 0 else { return [] }
  var lines: [String] = []
  var line = ""
  var lineWidth = 0
  for word in text.split(whereSeparator: { $0.isWhitespace }) {
    var word = String(word)
    var wordWidth = measure(word)
    if lineWidth > 0 && lineWidth + 1 + wordWidth <= width {
      line += " " + word
      lineWidth += 1 + wordWidth
      continue
    }
    if lineWidth > 0 {
      lines.append(line)
      line = ""
      lineWidth = 0
    }
    while wordWidth > width {
      var head = ""
      var headWidth = 0
      for character in word {
        let w = measure(String(character))
        if headWidth + w > width { break }
        head.append(character)
        headWidth += w
      }
      if head.isEmpty { break }
      lines.append(head)
      word.removeFirst(head.count)
      wordWidth = measure(word)
    }
    line = word
    lineWidth = wordWidth
  }
  if lineWidth > 0 { lines.append(line) }
  return lines
}
