import EPGLayout
import EPGSchedule
import EPGTestSupport
import Testing

@Suite struct OverlapResolutionTests {
  func span(_ start: EpochSeconds, _ end: EpochSeconds) -> TimeSpan {
    TimeSpan(start: start, end: end)
  }

  /// (item, shown start, shown end) of each kept programme.
  func kept(_ spans: [TimeSpan]) -> [[EpochSeconds]] {
    OverlapResolution.resolve(spans).map { [EpochSeconds($0.item), $0.shown.start, $0.shown.end] }
  }

  @Test func disjointProgrammesAreSortedAndUntouched() {
    #expect(
      kept([span(30, 40), span(0, 10), span(10, 30)]) == [[1, 0, 10], [2, 10, 30], [0, 30, 40]])
  }

  @Test func duplicatesKeepTheLongestThenTheFirst() {
    let resolution = OverlapResolution.resolution(of: [
      span(0, 10), span(0, 20), span(0, 20), span(20, 30),
    ])
    #expect(resolution.kept.map(\.item) == [1, 3])
    #expect(resolution.duplicates == [0, 2])
    #expect(resolution.trimmed.isEmpty)
  }

  @Test func theLaterStartWinsAnOverlap() {
    let resolution = OverlapResolution.resolution(of: [span(0, 30), span(20, 40)])
    #expect(kept([span(0, 30), span(20, 40)]) == [[0, 0, 20], [1, 20, 40]])
    #expect(resolution.trimmed == [0])
    #expect(resolution.kept[0].original == span(0, 30))
    #expect(resolution.kept[0].isTrimmed)
  }

  @Test func aContainedProgrammeCutsTheOuterOne() {
    // The outer one is not shown again after the inner one.
    #expect(kept([span(0, 120), span(30, 60)]) == [[0, 0, 30], [1, 30, 60]])
  }

  @Test func zeroLengthAndInvalidSpans() {
    // end < start counts as zero-length; a zero-length programme loses a tie.
    #expect(kept([span(10, 10), span(10, 20), span(30, 25)]) == [[1, 10, 20], [2, 30, 30]])
    let resolution = OverlapResolution.resolution(of: [span(10, 10), span(10, 20)])
    #expect(resolution.duplicates == [0])
    // Alone, a zero-length programme is kept, and cuts a longer one.
    #expect(kept([span(0, 20), span(10, 10)]) == [[0, 0, 10], [1, 10, 10]])
  }

  @Test func theResultDoesNotDependOnInputOrder() {
    let spans = [span(0, 50), span(10, 20), span(10, 40), span(45, 60), span(60, 60)]
    let forward = OverlapResolution.resolve(spans).map { spans[$0.item] }
    let reversedSpans = Array(spans.reversed())
    let backward = OverlapResolution.resolve(reversedSpans).map { reversedSpans[$0.item] }
    #expect(forward == backward)
    #expect(
      OverlapResolution.resolve(spans).map(\.shown) == [
        span(0, 10), span(10, 40), span(45, 60), span(60, 60),
      ])
  }

  @Test func guideRowMapsItemsToPositions() {
    let row = GuideRow(spans: [span(30, 40), span(0, 10), span(0, 5), span(10, 30)])
    #expect(row.count == 3)
    #expect(row.resolved.map(\.item) == [1, 3, 0])
    #expect(row.position(ofItem: 0) == 2)
    #expect(row.position(ofItem: 2) == 0)  // duplicate: the winner's position
    #expect(row.isDuplicate(2))
    #expect(!row.isDuplicate(1))
    #expect(row.position(ofItem: 9) == nil)
    #expect(row.firstPosition(startingAtOrAfter: 5) == 1)
    #expect(row.firstPosition(startingAtOrAfter: -100) == 0)
    #expect(row.firstPosition(startingAtOrAfter: 41) == 3)
    #expect(row.firstPosition(endingAfter: 10) == 1)
    #expect(row.firstPosition(endingAfter: 9) == 0)
    #expect(row.firstPosition(endingAfter: 40) == 3)
  }

  @Test func rowLookupsSurviveSkewedRows() {
    // 500 programmes in one hour, then one a year later: the interpolation
    // guess is far off and the galloping search must still find the answer.
    var spans = (0..<500).map { span(EpochSeconds($0) * 7, EpochSeconds($0) * 7 + 7) }
    spans.append(span(31_536_000, 31_539_600))
    let row = GuideRow(spans: spans)
    let shown = row.resolved.map(\.shown)
    for time in [
      -1, 0, 1, 6, 7, 8, 1000, 3493, 3499, 3500, 3501, 100_000, 31_535_999, 31_536_000, 31_536_001,
    ] {
      let time = EpochSeconds(time)
      #expect(
        row.firstPosition(startingAtOrAfter: time)
          == (shown.firstIndex { $0.start >= time } ?? shown.count))
      #expect(
        row.firstPosition(endingAfter: time) == (shown.firstIndex { $0.end > time } ?? shown.count))
    }
  }

  @Test func rowLookupsAgreeWithALinearScan() {
    var generator = SplitMix64(seed: 7)
    for _ in 0..<50 {
      var spans: [TimeSpan] = []
      for _ in 0..<generator.int(in: 0...40) {
        let start = EpochSeconds(generator.int(in: -500...5000))
        spans.append(span(start, start + EpochSeconds(generator.int(in: -20...400))))
      }
      let row = GuideRow(spans: spans)
      let shown = row.resolved.map(\.shown)
      for _ in 0..<40 {
        let time = EpochSeconds(generator.int(in: -600...5600))
        #expect(
          row.firstPosition(startingAtOrAfter: time)
            == (shown.firstIndex { $0.start >= time } ?? shown.count))
        #expect(
          row.firstPosition(endingAfter: time)
            == (shown.firstIndex { $0.end > time } ?? shown.count))
      }
      // Shown spans never overlap and keep their order.
      for (a, b) in zip(shown, shown.dropFirst()) {
        #expect(a.start < b.start)
        #expect(a.end <= b.start)
      }
    }
  }
}
