import Testing

@testable import EPGRaster

/// `Grid.put` writes text made only of "simple" scalars one scalar per glyph,
/// without grapheme breaking; these tests check that shortcut against the
/// per-`Character` path it replaces.
@Suite struct SimpleScalarTextTests {
  /// Every scalar the shortcut accepts.
  static let simpleScalars: [Unicode.Scalar] = (0...0x10FFFF).compactMap { value in
    guard let scalar = Unicode.Scalar(UInt32(value)), Grid.isSimple(scalar) else { return nil }
    return scalar
  }

  @Test func simpleScalarsPackAsTheirCharacter() {
    #expect(Self.simpleScalars.count > 20_000)
    for scalar in Self.simpleScalars {
      let character = Character(scalar)
      let width = TextWidth.of(character)
      #expect(TextWidth.width(of: scalar) == width)
      #expect(width == 1 || width == 2)
      #expect(TextSanitizer.unicode.displayForm(of: character)?.width == width)
      #expect(Cell.Glyph(scalar: scalar, width: width) == Cell.Glyph(character, width: width))
    }
  }

  @Test func simpleScalarsAreEachOneCharacter() {
    // Neighbours of every kind, so any joining pair would show up.
    let scalars = Self.simpleScalars
    let step = 7
    var text = String.UnicodeScalarView()
    for index in stride(from: 0, to: scalars.count, by: step) {
      text.append(scalars[index])
      text.append(scalars[(index * 31 + 5) % scalars.count])
    }
    let string = String(text)
    #expect(string.count == string.unicodeScalars.count)
  }

  @Test func othersTakeTheGeneralPath() {
    for scalar: Unicode.Scalar in [
      "\u{AD}", "\u{300}", "\u{302A}", "\u{3099}", "\u{1B}", "\u{9B}",
      "\u{200D}", "\u{FF9E}", "\u{AC00}", "\u{1F600}", "\u{202E}",
    ] {
      #expect(!Grid.isSimple(scalar))
    }
  }

  @Test func wideTextIsCutAsBefore() {
    var grid = Grid(width: 8, height: 1)
    #expect(grid.put("コンピュータ", x: 0, y: 0, clip: 0..<5, style: .plain) == 5)
    #expect(grid.lines[0] == "コン…   ")
    grid = Grid(width: 8, height: 1)
    grid.put("ニュース７", x: -1, y: 0, clip: 0..<8, style: .plain)
    #expect(grid.lines[0] == " ュース…")
    grid = Grid(width: 8, height: 1)
    grid.put("Café ニュース", x: 0, y: 0, clip: 0..<8, style: .plain, sanitizer: .ascii)
    #expect(grid.lines[0] == "Caf? ??…")
  }
}
