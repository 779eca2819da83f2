/// Repeated measurements of one figure: the median, minimum and maximum.
struct Samples {
  private(set) var values: [Double] = []

  mutating func add(_ value: Double) { values.append(value) }

  var median: Double {
    guard !values.isEmpty else { return .nan }
    let sorted = values.sorted()
    let middle = sorted.count / 2
    return sorted.count % 2 == 1 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2
  }
  var minimum: Double { values.min() ?? .nan }
  var maximum: Double { values.max() ?? .nan }
}
