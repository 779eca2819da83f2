import EPGLayout
import EPGRaster
import EPGSchedule
import EPGTestSupport
import Testing

/// Bad input never crashes: elements with extreme, negative, zero, NaN and
/// infinite frames, every kind at every z, hostile and huge text.
@Suite struct RobustnessTests {
  struct HostileContent: GuideContent {
    func channelName(section: Int) -> String { "\u{1B}[2J" + String(repeating: "ア", count: 50) }
    func programme(at indexPath: IndexPath) -> ProgrammeLabel? {
      indexPath.item % 3 == 0
        ? nil
        : ProgrammeLabel(
          title: "\u{202E}\u{9B}x\u{301}" + String(repeating: "👨‍👩‍👧", count: indexPath.item % 5),
          subTitle: "\u{0}", startLabel: "\u{7F}", genre: .movie,
          state: indexPath.item % 2 == 0 ? .now : .past,
          progress: indexPath.item % 4 == 0 ? .nan : 7, isSelected: indexPath.item % 5 == 0)
    }
    func timeLabel(for instant: EpochSeconds) -> String { "\u{1B}]0;x\u{7}" }
    func dateLabel(for instant: EpochSeconds) -> String { "" }
  }

  @Test(arguments: [GlyphSet.unicode, .ascii])
  func randomScenesNeverCrash(glyphs: GlyphSet) {
    var generator = SplitMix64(seed: glyphs.isASCII ? 7 : 8)
    let values: [Double] = [
      0, 1, -1, 10, 19.999, 20, 35, 400, -400, 1e9, -1e9, 1e300, -1e300, .infinity, -.infinity,
      .nan, .ulpOfOne,
    ]
    for _ in 0..<300 {
      var elements: [LayoutElement] = []
      for index in 0..<Int(generator.next() % 40) {
        elements.append(
          LayoutElement(
            kind: generator.pick(ElementKind.allCases),
            indexPath: IndexPath(item: index, section: Int(generator.next() % 4)),
            frame: Rect(
              x: generator.pick(values), y: generator.pick(values),
              width: generator.pick(values), height: generator.pick(values)),
            zIndex: generator.pick([0, 1, 2, 100, 101, 1005, 1009, Int.max, Int.min]),
            isHidden: generator.next() % 10 == 0,
            clipping: generator.pick([[], .start, .end, [.start, .end]])))
      }
      let size = Size(
        width: generator.pick([0, 20, 400, 4000]), height: generator.pick([0, 20, 200]))
      let scene = GuideScene(
        elements: elements,
        viewport: Viewport(
          contentOffset: Point(x: generator.pick(values), y: generator.pick(values)), size: size),
        headerInstant: { _, k in EpochSeconds(k) * 3600 }, dateInstant: 0)
      let rasterizer = GuideRasterizer(
        glyphs: glyphs, sanitizer: glyphs.isASCII ? .ascii : .unicode)
      let grid = rasterizer.render(scene, content: HostileContent())
      #expect(grid.width == CellMetrics.default.columns(in: size.width))
      for y in 0..<grid.height {
        for x in 0..<grid.width where grid[x, y].isContinuation {
          #expect(x > 0 && grid[x - 1, y].width == 2)
        }
      }
      let text = grid.plainText() + grid.ansiText()
      let unsafe = text.unicodeScalars.filter {
        TextSanitizer.isUnsafe($0) && $0 != "\u{1B}" && $0 != "\n"
      }
      #expect(unsafe.isEmpty)
      if glyphs.isASCII {
        let plain = grid.plainText()
        #expect(plain.unicodeScalars.allSatisfy { $0.isASCII })
      }
    }
  }
}
