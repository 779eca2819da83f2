import Testing

@testable import EPGRaster

@Suite struct TextWidthTests {
  @Test(arguments: [
    ("a", 1), (" ", 1), ("é", 1), ("e\u{301}", 1), ("\u{301}", 0), ("\u{200D}", 0),
    ("\u{200B}", 0), ("\u{AD}", 0), ("あ", 2), ("漢", 2), ("한", 2), ("ｱ", 1), ("Ａ", 2),
    ("⚽", 2), ("😀", 2), ("🇯🇵", 2), ("👨‍👩‍👧", 2), ("☺", 1), ("☺\u{FE0F}", 2), ("€", 1),
    ("Ω", 1), ("\u{20000}", 2), ("─", 1),
  ])
  func clusterWidth(text: String, expected: Int) {
    #expect(text.count == 1)
    if let character = text.first { #expect(TextWidth.of(character) == expected) }
  }

  @Test func stringWidthSumsClusters() {
    #expect(TextWidth.of("コンピュータ") == 12)
    #expect(TextWidth.of("Cafe\u{301}") == 4)
    #expect(TextWidth.of("⚽ Football") == 11)
  }

  @Test func wideTableIsSortedAndDisjoint() {
    let ranges = TextWidth.wideRanges
    for (a, b) in zip(ranges, ranges.dropFirst()) { #expect(a.upperBound < b.lowerBound) }
  }

  /// The search agrees with the table's meaning (a value in some range)
  /// at every range's edges and just outside them.
  @Test func isWideAtEveryRangeEdge() {
    let ranges = TextWidth.wideRanges
    var probes: [UInt32] = [0, 0x10FFFF]
    for range in ranges {
      probes += [range.lowerBound, range.upperBound, range.lowerBound &- 1, range.upperBound + 1]
    }
    for value in probes {
      let expected = ranges.contains { $0.contains(value) }
      #expect(TextWidth.isWide(value) == expected, "U+\(String(value, radix: 16))")
    }
  }
}

@Suite struct TextSanitizerTests {
  @Test(arguments: [
    "\u{1B}", "\u{07}", "\u{0}", "\t", "\n", "\r\n", "\u{7F}", "\u{9B}", "\u{9D}", "\u{85}",
    "\u{202A}", "\u{202B}", "\u{202C}", "\u{202D}", "\u{202E}", "\u{2066}", "\u{2067}",
    "\u{2068}", "\u{2069}", "\u{200E}", "\u{200F}", "\u{2028}",
  ])
  func unsafeCharactersBecomeOnePlaceholder(text: String) {
    #expect(TextSanitizer.unicode.sanitize(text) == "\u{FFFD}")
    #expect(TextSanitizer.ascii.sanitize(text) == "?")
    if let character = text.first { #expect(!TextSanitizer.isSafe(character)) }
  }

  @Test func escapeSequencesAreShownNotExecuted() {
    let text = "\u{1B}[2J\u{1B}]0;title\u{07}Hi\u{9B}31m"
    let clean = TextSanitizer.unicode.sanitize(text)
    #expect(clean == "\u{FFFD}[2J\u{FFFD}]0;title\u{FFFD}Hi\u{FFFD}31m")
    #expect(!clean.unicodeScalars.contains { TextSanitizer.isUnsafe($0) })
  }

  @Test func safeTextIsKeptAndZeroWidthDropped() {
    #expect(TextSanitizer.unicode.sanitize("Café ニュース ⚽") == "Café ニュース ⚽")
    #expect(TextSanitizer.unicode.sanitize("a\u{200B}b") == "ab")
    #expect(TextSanitizer.unicode.sanitize("\u{301}x") == "x")
  }

  @Test func asciiModeReplacesEveryNonASCIICharacter() {
    #expect(TextSanitizer.ascii.sanitize("Café ニュース") == "Caf? ????")
  }

  /// The width the views measure with is the width `Grid.put` writes:
  /// counted by hand (a placeholder 1, a zero-width space 0, katakana 2).
  @Test func widthIsWhatPutWrites() {
    let text = "a\u{1B}\u{200B}ニュ"
    #expect(TextSanitizer.unicode.width(of: text) == 1 + 1 + 0 + 2 + 2)
    #expect(TextSanitizer.ascii.width(of: text) == 1 + 1 + 0 + 1 + 1)
    for sanitizer in [TextSanitizer.unicode, .ascii] {
      var grid = Grid(width: 20, height: 1)
      let end = grid.put(text, x: 3, y: 0, style: Style(), sanitizer: sanitizer)
      #expect(end - 3 == sanitizer.width(of: text))
    }
  }
}
