import EPGLayout
import EPGRaster
import EPGSchedule

/// Frame speed: the time to produce one 200 × 60 guide frame, layout query
/// included (`GuideScene(layout:)` + `GuideRasterizer.render`), for guides of
/// growing size, and the ratios to a 10-channel guide and to the smallest
/// guide that fills the screen (10k programmes, 29 channels). A frame costs
/// O(visible cells + visible elements), independent of the guide's size.
///
/// Set-up, all in memory and deterministic (SplitMix64), no schedule loading:
/// - programmes of 5 min to 3 h (log-uniform, whole minutes), gap-free,
///   14 days per channel (about 25 per channel per day);
/// - guides: 10 channels (≈ 3.5k programmes), ≈ 10k, 100k, 350k (1,000
///   channels) and 1M programmes;
/// - the terminal configuration and metrics (`TerminalGuideStyle`), the
///   colour theme and Unicode glyphs, titles from a small pool (some wide);
/// - per guide 2,000 frames at offsets spread over the whole guide (whole
///   cells), after 200 warm-up frames; each frame timed on its own.
///
/// The breakdown splits a frame into the empty frame (the same viewport with
/// no elements: a blank 200 × 60 grid) and a cost per programme shown, and
/// prints the cost per programme that a 350k / 10-channel ratio below 2
/// would need: the 10-channel guide shows about a third as many programmes.
enum FrameBenchmark {
  static func run() {
    let sizes: [(label: String, channels: Int)] = [
      ("10 channels", 10), ("10k programmes", 29), ("100k programmes", 286),
      ("350k (1,000 channels)", 1000), ("1M programmes", 2858),
    ]
    print("frame: 200x60 cells, layout query + rasterise, 2000 frames per guide")
    print("frame: guide                      programmes   median µs   worst µs   p99 µs")
    var results: [String: Result] = [:]
    for (index, size) in sizes.enumerated() {
      let guide = Guide(channels: size.channels, days: 14, seed: UInt64(10 + index))
      let result = measure(guide, frames: 2000, seed: UInt64(100 + index))
      results[size.label] = result
      print(
        "frame: " + pad(size.label, 26) + pad("\(guide.programmes)", 12, left: true)
          + pad(format(result.median), 12, left: true) + pad(format(result.worst), 11, left: true)
          + pad(format(result.p99), 9, left: true))
    }
    guard let small = results["10 channels"], let full = results["10k programmes"] else { return }
    for size in sizes.dropFirst() {
      guard let result = results[size.label] else { continue }
      print(
        "frame: ratio " + pad(size.label, 22) + " / 10 channels: median "
          + format(result.median / small.median) + ", p99 " + format(result.p99 / small.p99)
          + "; / 10k (screen equally full): median " + format(result.median / full.median)
          + ", p99 " + format(result.p99 / full.p99))
    }
    // Where the cost goes: frame ≈ empty grid + cost per programme shown.
    print(
      "frame: breakdown                programmes shown   empty frame µs   layout query µs"
        + "   µs per programme")
    for size in sizes {
      guard let result = results[size.label] else { continue }
      let perProgramme =
        (result.median - result.emptyMedian) / Double(max(1, result.programmesShown))
      print(
        "frame: breakdown " + pad(size.label, 22) + pad("\(result.programmesShown)", 12, left: true)
          + pad(format(result.emptyMedian), 17, left: true)
          + pad(format(result.queryMedian), 18, left: true)
          + pad(format(perProgramme), 19, left: true))
    }
    if let big = results["350k (1,000 channels)"] {
      // E + p·P350 < 2·(E + p·P10)  ⟺  p < E / (P350 − 2·P10).
      let excess = big.programmesShown - 2 * small.programmesShown
      let measured = (big.median - big.emptyMedian) / Double(max(1, big.programmesShown))
      let bound =
        excess > 0
        ? format(small.emptyMedian / Double(excess) * 1000) + " ns" : "any cost"
      print(
        "frame: 350k / 10 channels < 2 needs a cost per programme shown below " + bound
          + " (empty frame / (programmes shown at 350k − 2 × at 10 channels)); measured "
          + format(measured * 1000) + " ns")
      // A painter that cost nothing per programme: empty frame + layout query.
      print(
        "frame: with painting free, 350k / 10 channels would be "
          + format(
            (big.emptyMedian + big.queryMedian) / (small.emptyMedian + small.queryMedian))
          + " (empty frame + layout query)")
    }
  }

  // MARK: Measuring

  struct Result {
    var median: Double
    var p99: Double
    var worst: Double
    /// Median cost of the same viewport with no elements: the fixed cost
    /// of a 200 × 60 grid (allocation, blank cells, line resolution).
    var emptyMedian: Double
    /// Median cost of the layout query alone (`GuideScene(layout:)`).
    var queryMedian: Double
    /// Median number of programme cells the frames paint.
    var programmesShown: Int
  }

  static func measure(_ guide: Guide, frames: Int, seed: UInt64) -> Result {
    var generator = SplitMix64(seed: seed)
    let columns = 200
    let rows = 60
    var layout = GuideLayout(
      data: guide.data, configuration: TerminalGuideStyle.configuration(),
      viewport: TerminalGuideStyle.viewport(columns: columns, rows: rows),
      now: guide.start + 3 * 86_400 + 1234, timeZone: .utc)
    let content = layout.contentSize
    let metrics = TerminalGuideStyle.metrics
    let maxColumn = max(0, metrics.columns(in: content.width) - columns)
    let maxRow = max(0, metrics.rows(in: content.height) - rows)
    let rasterizer = GuideRasterizer.terminal(utf8: true, colour: true)
    let clock = ContinuousClock()
    var samples: [Double] = []
    samples.reserveCapacity(frames)
    var checksum = 0
    var emptySamples: [Double] = []
    var querySamples: [Double] = []
    var shown: [Int] = []
    for frame in 0..<(frames + 200) {
      let column = Int(generator.unit() * Double(maxColumn + 1))
      let row = Int(generator.unit() * Double(maxRow + 1))
      layout.viewport = TerminalGuideStyle.viewport(
        columns: columns, rows: rows, offsetColumns: column, offsetRows: row)
      let start = clock.now
      let grid = rasterizer.render(GuideScene(layout: layout), content: guide)
      let elapsed = clock.now - start
      checksum &+= grid.cells.count
      if frame >= 200 { samples.append(microseconds(elapsed)) }
      // The same viewport without elements, every tenth frame.
      if frame >= 200 && frame % 10 == 0 {
        let queryStart = clock.now
        let scene = GuideScene(layout: layout)
        querySamples.append(microseconds(clock.now - queryStart))
        shown.append(scene.elements.count { $0.kind == .cell && !$0.isHidden })
        let emptyStart = clock.now
        let empty = rasterizer.render(
          GuideScene(elements: [], viewport: layout.viewport), content: guide)
        let emptyElapsed = clock.now - emptyStart
        checksum &+= empty.cells.count
        emptySamples.append(microseconds(emptyElapsed))
      }
    }
    if checksum == 42 { print("frame: (checksum)") }  // keeps the work observable
    samples.sort()
    emptySamples.sort()
    querySamples.sort()
    shown.sort()
    return Result(
      median: samples[samples.count / 2], p99: samples[samples.count * 99 / 100],
      worst: samples[samples.count - 1], emptyMedian: emptySamples[emptySamples.count / 2],
      queryMedian: querySamples[querySamples.count / 2], programmesShown: shown[shown.count / 2])
  }

  static func microseconds(_ duration: Duration) -> Double {
    let parts = duration.components
    return Double(parts.seconds) * 1_000_000 + Double(parts.attoseconds) / 1_000_000_000_000
  }

  // MARK: Guide

  /// A synthetic guide with titles: the layout data and a `GuideContent`.
  struct Guide: GuideContent {
    let data: GuideData
    let spans: [[TimeSpan]]
    let programmes: Int
    let start: EpochSeconds
    let now: EpochSeconds

    static let titles = [
      "News", "The One Show", "EastEnders", "Match of the Day", "Film: The Big Sleep",
      "Newsnight", "Gardeners' World", "Coronation Street", "Documentary: Oceans", "Later",
      "ニュース７", "クローズアップ現代", "Weather", "Doctor Who", "University Challenge",
      "Panorama",
    ]
    static let genres: [Genre?] = [.news, .entertainment, .series, .sports, .movie, nil]

    init(channels: Int, days: Int, seed: UInt64) {
      var generator = SplitMix64(seed: seed)
      let start: EpochSeconds = 1_796_000_400  // 2026-11-29 12:20 UTC → floored below
      let origin = start - start % 3600
      let end = origin + EpochSeconds(days) * 86_400
      var rows: [[TimeSpan]] = []
      rows.reserveCapacity(channels)
      var total = 0
      for _ in 0..<channels {
        var row: [TimeSpan] = []
        var time = origin
        while time < end {
          // Log-uniform between 5 and 180 minutes, whole minutes.
          let minutes = Int((5.0 * Guide.pow36(generator.unit())).rounded(.down))
          let next = min(end, time + EpochSeconds(max(5, minutes)) * 60)
          row.append(TimeSpan(start: time, end: next))
          time = next
        }
        total += row.count
        rows.append(row)
      }
      self.spans = rows
      self.programmes = total
      self.start = origin
      self.now = origin + 3 * 86_400 + 1234
      self.data = GuideData(channels: rows, timelineStart: origin)
    }

    /// 36^u for u in [0, 1): log-uniform factor from 1 to 36.
    static func pow36(_ u: Double) -> Double {
      var result = 1.0
      var base = 36.0
      var exponent = u
      // exp(u·ln 36) by repeated square roots: precise enough for a benchmark.
      for _ in 0..<30 {
        base = base.squareRoot()
        exponent *= 2
        if exponent >= 1 {
          result *= base
          exponent -= 1
        }
      }
      return result
    }

    func channelName(section: Int) -> String { "Channel \(section + 1)" }

    func programme(at indexPath: IndexPath) -> ProgrammeLabel? {
      guard indexPath.section < spans.count, indexPath.item < spans[indexPath.section].count
      else { return nil }
      let span = spans[indexPath.section][indexPath.item]
      let key = indexPath.item &* 31 &+ indexPath.section
      var label = ProgrammeLabel(
        title: Guide.titles[key % Guide.titles.count],
        genre: Guide.genres[key % Guide.genres.count])
      if span.end <= now {
        label.state = .past
      } else if span.start <= now {
        label.state = .now
        label.progress = Double(now - span.start) / Double(max(1, span.duration))
      }
      return label
    }

    func timeLabel(for instant: EpochSeconds) -> String {
      let minutes = instant % 86_400 / 60
      let h = minutes / 60
      let m = minutes % 60
      return (h < 10 ? "0" : "") + "\(h):" + (m < 10 ? "0" : "") + "\(m)"
    }

    func dateLabel(for instant: EpochSeconds) -> String { "Day \(instant / 86_400)" }
  }

  // MARK: Formatting

  static func format(_ value: Double) -> String {
    let hundredths = Int((value * 100).rounded())
    let fraction = hundredths % 100
    return "\(hundredths / 100)." + (fraction < 10 ? "0" : "") + "\(fraction)"
  }

  static func pad(_ text: String, _ width: Int, left: Bool = false) -> String {
    let padding = String(repeating: " ", count: max(0, width - text.count))
    return left ? padding + text : text + padding
  }
}
