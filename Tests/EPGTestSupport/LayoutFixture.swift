import EPGLayout
import EPGSchedule

/// The layout tests' fixtures (also used by the `tvgrid layout` command's
/// tests): times are seconds since the epoch; `day` is 2026-01-01T00:00Z,
/// so `at(10, 15)` is 10:15 UTC that day.
public enum LayoutFixture {
  public static let day: EpochSeconds = 1_767_225_600

  public static func at(_ hour: Int, _ minute: Int = 0, _ second: Int = 0) -> EpochSeconds {
    day + EpochSeconds(hour * 3600 + minute * 60 + second)
  }

  public static func span(_ h1: Int, _ m1: Int, _ h2: Int, _ m2: Int) -> TimeSpan {
    TimeSpan(start: at(h1, m1), end: at(h2, m2))
  }

  /// The worked example of seed §1.9: channel 0 has A 10:15–11:00, channel 1
  /// has B 11:00–12:30 and C 12:30–14:00; defaults; view 1024×768 at (0, 0);
  /// now 11:30.
  public static func workedExample(
    offset: Point = .zero, configure: (inout GuideLayout.Configuration) -> Void = { _ in }
  ) -> GuideLayout {
    var configuration = GuideLayout.Configuration()
    configure(&configuration)
    let data = GuideData(channels: [
      [span(10, 15, 11, 0)], [span(11, 0, 12, 30), span(12, 30, 14, 0)],
    ])
    return GuideLayout(
      data: data, configuration: configuration,
      viewport: Viewport(contentOffset: offset, size: Size(width: 1024, height: 768)),
      now: at(11, 30))
  }
}

extension GuideLayout {
  /// The frame of one element, or nil.
  public func frame(_ kind: ElementKind, _ item: Int, _ section: Int = 0) -> Rect? {
    element(kind, at: IndexPath(item: item, section: section))?.frame
  }

  /// Every visible element in the visible rect.
  public var visibleElements: [LayoutElement] { elements(in: viewport.visibleRect) }
}
