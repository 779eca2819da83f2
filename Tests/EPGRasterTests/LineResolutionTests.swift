import EPGSchedule
import EPGTestSupport
import Testing

@testable import EPGRaster

/// `LineCanvas.resolveLines` takes shortcuts (eight cells at a time where no
/// line ends); these tests compare it with the two join rules applied one
/// cell at a time, on random line drawings. This is a differential test of
/// the fast path against the slow statement of the same rules, so it cannot
/// say whether the rules are right: `JunctionTests` does, with hand-drawn
/// pictures of crossings, tees and ends in both glyph sets.
@Suite struct LineResolutionTests {
  /// The rules as documented on `resolveLines`, cell by cell, row-major.
  static func reference(_ original: [UInt8], width: Int, height: Int) -> [UInt8] {
    var result = original
    func join(_ index: Int, _ neighbourIndex: Int, shift: UInt8) {
      let mask = original[index]
      guard (mask >> shift) & 3 == 0 else { return }
      let neighbour = original[neighbourIndex]
      guard neighbour != 0 else { return }
      let oppositeShift = (shift + 4) & 7
      let pointing = (neighbour >> oppositeShift) & 3
      if pointing != 0 {
        result[index] |= pointing << shift
        return
      }
      let along = (mask >> oppositeShift) & 3
      guard along != 0 else { return }
      result[index] |= along << shift
      if (result[neighbourIndex] >> oppositeShift) & 3 < along {
        result[neighbourIndex] =
          (result[neighbourIndex] & ~(3 << oppositeShift)) | (along << oppositeShift)
      }
    }
    for y in 0..<height {
      for x in 0..<width where original[y * width + x] != 0 {
        let index = y * width + x
        if x + 1 < width { join(index, index + 1, shift: 0) }
        if y > 0 { join(index, index - width, shift: 2) }
        if x > 0 { join(index, index - 1, shift: 4) }
        if y + 1 < height { join(index, index + width, shift: 6) }
      }
    }
    return result
  }

  @Test(arguments: 0..<40)
  func matchesTheRulesCellByCell(seed: Int) {
    var random = SplitMix64(seed: UInt64(seed))
    let width = 20 + random.next(60)
    let height = 3 + random.next(20)
    var canvas = LineCanvas(width: width, height: height)
    let weights: [LineMask.Weight] = [.light, .light, .light, .heavy, .double]
    for _ in 0..<(5 + random.next(40)) {
      let weight = weights[random.next(weights.count)]
      let from = random.next(width + 4) - 2
      switch random.next(5) {
      case 0, 1:
        // Long rules, like gridlines.
        canvas.horizontalLine(
          y: random.next(height), columns: from..<(from + 1 + random.next(width)),
          style: .plain, weight: weight)
      case 2, 3:
        let top = random.next(height + 2) - 1
        canvas.verticalLine(
          x: random.next(width), rows: top..<(top + 1 + random.next(height)), style: .plain,
          weight: weight)
      default:
        let mask = LineMask(rawValue: UInt8(random.next(256)))
        canvas.addLine(mask, x: random.next(width), y: random.next(height), style: .plain)
      }
    }
    let drawn = canvas.masks
    let expected = Self.reference(drawn, width: width, height: height)
    let grid = canvas.resolveLines(glyphs: .unicode)
    #expect(canvas.masks == expected)
    for index in expected.indices where expected[index] != 0 {
      #expect(grid.cells[index].glyph == GlyphSet.unicode.packedByMask[Int(expected[index])])
    }
  }
}
