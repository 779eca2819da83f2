extension RandomAccessCollection {
  /// The index of the first element for which `belongsInSecondPartition`
  /// is true, or `endIndex` if there is none, by bisection: O(log n)
  /// calls. The collection must be partitioned by the predicate (every
  /// element for which it is false comes before every element for which it
  /// is true), as a sorted collection is by `{ $0 >= x }` or `{ $0 > x }`.
  /// The one binary search of the layout, the schedule and the rasteriser.
  @inlinable
  public func partitioningIndex(
    where belongsInSecondPartition: (Element) throws -> Bool
  ) rethrows -> Index {
    var low = startIndex
    var count = self.count
    while count > 0 {
      let half = count / 2
      let middle = index(low, offsetBy: half)
      if try belongsInSecondPartition(self[middle]) {
        count = half
      } else {
        low = index(after: middle)
        count -= half + 1
      }
    }
    return low
  }
}
