import EPGLayout

extension GuideRasterizer {
  /// The rasteriser for a terminal, from what the front end knows about it
  /// (the rasteriser never reads the locale or the environment itself):
  ///
  /// | utf8  | asciiLines (`--ascii`) | lines   | text                          |
  /// |-------|------------------------|---------|-------------------------------|
  /// | true  | false                  | Unicode | as is (sanitised)             |
  /// | true  | true                   | ASCII   | as is (sanitised)             |
  /// | false | any                    | ASCII   | ASCII only, others shown as ? |
  ///
  /// `colour` false (`NO_COLOR`, `--color never`, no colours) picks
  /// `Theme.monochrome`, else `Theme.colour`. Metrics are
  /// `TerminalGuideStyle.metrics`.
  public static func terminal(utf8: Bool, colour: Bool, asciiLines: Bool = false)
    -> GuideRasterizer
  {
    GuideRasterizer(
      metrics: TerminalGuideStyle.metrics,
      glyphs: utf8 && !asciiLines ? .unicode : .ascii,
      theme: colour ? .colour : .monochrome,
      sanitizer: utf8 ? .unicode : .ascii)
  }

  /// Rasterises what `layout` shows in its viewport (`GuideScene(layout:)`).
  public func render(_ layout: GuideLayout, content: some GuideContent) -> Grid {
    render(GuideScene(layout: layout), content: content)
  }
}
