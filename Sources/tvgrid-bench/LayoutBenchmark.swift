import EPGLayout
import EPGSchedule

/// Layout speed: the median time of one viewport query (`elements(in:)` on
/// the visible rect) for a large and a small guide, and their ratio. A rect
/// query should cost O(log n + k), so with the same number k of elements per
/// view the ratio stays near 1 (required: under 2).
///
/// Set-up, all in memory and deterministic (seeded generator):
/// - large guide: 1,000 channels × 14 days, gap-free programmes of 5 min to
///   3 h (log-uniform, whole minutes), about 400k programmes;
/// - small guide: 10 channels × 14 days from the same generator;
/// - the view is 200 × 60 terminal cells at 10 points per column and 20
///   points per row, i.e. 2000 × 1200 points, with `sectionHeight` 100 and
///   `sectionGap` 20 (a channel row is 6 terminal rows), so the view shows
///   about 10 channel rows in both guides and k is comparable;
/// - 2,000 queries per guide at random offsets spread over the whole guide,
///   timed one by one, the two guides taking turns so both see the same
///   machine load; the figure is the median.
enum LayoutBenchmark {
  static func run() {
    let large = makeGuide(channels: 1000, days: 14, seed: 1)
    let small = makeGuide(channels: 10, days: 14, seed: 2)
    let results = measure([large.layout, small.layout], queries: 2000, seed: 3)
    let largeResult = results[0]
    let smallResult = results[1]
    print("layout: view 2000x1200 pt (200x60 cells at 10x20 pt per cell), 2000 queries each")
    print(
      "layout: large guide \(large.channels) channels, \(large.programmes) programmes,"
        + " built in \(format(large.buildMicroseconds / 1000)) ms")
    print(
      "layout: small guide \(small.channels) channels, \(small.programmes) programmes,"
        + " built in \(format(small.buildMicroseconds / 1000)) ms")
    print(
      "layout: large median \(format(largeResult.median)) µs/query"
        + " (\(format(largeResult.meanElements)) elements/query)")
    print(
      "layout: small median \(format(smallResult.median)) µs/query"
        + " (\(format(smallResult.meanElements)) elements/query)")
    let ratio = smallResult.median > 0 ? largeResult.median / smallResult.median : 0
    print("layout: ratio large/small \(format(ratio)) (must stay under 2)")
  }

  struct Guide {
    var layout: GuideLayout
    var channels: Int
    var programmes: Int
    var buildMicroseconds: Double
  }

  static func makeGuide(channels: Int, days: Int, seed: UInt64) -> Guide {
    var generator = SplitMix64(seed: seed)
    let start: EpochSeconds = 1_767_225_600  // 2026-01-01T00:00Z
    let end = start + EpochSeconds(days * 86_400)
    var rows: [[TimeSpan]] = []
    var count = 0
    for _ in 0..<channels {
      var spans: [TimeSpan] = []
      var time = start
      while time < end {
        // Log-uniform between 5 and 180 minutes.
        let minutes = (5 * pow36(generator.unit())).rounded()
        let next = Swift.min(end, time + EpochSeconds(minutes) * 60)
        spans.append(TimeSpan(start: time, end: next))
        time = next
      }
      count += spans.count
      rows.append(spans)
    }
    let clock = ContinuousClock()
    var data = GuideData.empty
    let elapsed = clock.measure { data = GuideData(channels: rows) }
    var configuration = GuideLayout.Configuration()
    configuration.sectionHeight = 100
    configuration.sectionGap = 20
    let layout = GuideLayout(
      data: data, configuration: configuration,
      viewport: Viewport(size: Size(width: 2000, height: 1200)), now: start + 12 * 3600)
    return Guide(
      layout: layout, channels: channels, programmes: count,
      buildMicroseconds: microseconds(elapsed))
  }

  /// 36^u for u in [0, 1), without Foundation.
  static func pow36(_ u: Double) -> Double {
    // exp(u · ln 36) by a short series on a reduced argument.
    let x = u * 3.583_518_938_456_110  // ln 36
    var term = 1.0
    var sum = 1.0
    for n in 1..<30 {
      term *= x / Double(n)
      sum += term
    }
    return sum
  }

  /// Times `queries` viewport queries per layout at random offsets, the
  /// layouts taking turns query by query so both see the same machine load.
  static func measure(
    _ layouts: [GuideLayout], queries: Int, seed: UInt64
  ) -> [(median: Double, meanElements: Double)] {
    var generator = SplitMix64(seed: seed)
    var layouts = layouts
    let clock = ContinuousClock()
    var times = [[Double]](repeating: [], count: layouts.count)
    var totals = [Int](repeating: 0, count: layouts.count)
    for _ in 0..<queries {
      for index in layouts.indices {
        let content = layouts[index].contentSize
        let view = layouts[index].viewport.size
        let offset = Point(
          x: (generator.unit() * Swift.max(0, content.width - view.width)).rounded(),
          y: (generator.unit() * Swift.max(0, content.height - view.height)).rounded())
        layouts[index].viewport.contentOffset = offset
        let layout = layouts[index]
        var found = 0
        let elapsed = clock.measure {
          found = layout.elements(in: layout.viewport.visibleRect).count
        }
        totals[index] += found
        times[index].append(microseconds(elapsed))
      }
    }
    return layouts.indices.map { index in
      let sorted = times[index].sorted()
      let median = sorted.isEmpty ? 0 : sorted[sorted.count / 2]
      return (median, Double(totals[index]) / Double(Swift.max(1, queries)))
    }
  }

  static func microseconds(_ duration: Duration) -> Double {
    let parts = duration.components
    return Double(parts.seconds) * 1e6 + Double(parts.attoseconds) / 1e12
  }

  static func format(_ value: Double) -> String {
    let hundredths = (value * 100).rounded()
    guard hundredths.isFinite, Swift.abs(hundredths) < 1e15 else { return "\(value)" }
    let whole = Int64(hundredths) / 100
    let fraction = Int64(Swift.abs(hundredths)) % 100
    return "\(whole).\(fraction < 10 ? "0" : "")\(fraction)"
  }
}
