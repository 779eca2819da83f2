import EPGLayout
import Testing

/// The one binary search: the first index where the predicate turns true.
@Suite struct PartitioningIndexTests {
  @Test func sortedValues() {
    let values = [1, 3, 3, 5, 7]
    #expect(values.partitioningIndex { $0 >= 3 } == 1)  // first 3
    #expect(values.partitioningIndex { $0 > 3 } == 3)  // the 5 after both 3s
    #expect(values.partitioningIndex { $0 >= 0 } == 0)
    #expect(values.partitioningIndex { $0 > 9 } == 5)  // none: endIndex
    #expect([Int]().partitioningIndex { $0 > 0 } == 0)
    // A slice answers in its base's indices.
    #expect(values[2..<5].partitioningIndex { $0 >= 5 } == 3)
    #expect(values[2..<4].partitioningIndex { $0 > 5 } == 4)
  }

  /// Every split point of every short all-false-then-all-true sequence.
  @Test func everySplitOfShortCollections() {
    for count in 0...9 {
      for split in 0...count {
        let flags = (0..<count).map { $0 >= split }
        #expect(flags.partitioningIndex { $0 } == split)
      }
    }
  }
}
