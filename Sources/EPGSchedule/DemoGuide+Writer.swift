import EPGCore

extension DemoGuide {
  /// Buffers UTF-8 bytes and hands them to a sink in large pieces.
  struct Writer {
    private var buffer: [UInt8] = []
    private let sink: (UnsafeRawBufferPointer) -> Bool
    private(set) var failed = false
    private static let capacity = 1 << 18

    init(sink: @escaping (UnsafeRawBufferPointer) -> Bool) {
      self.sink = sink
      buffer.reserveCapacity(Self.capacity + 4096)
    }

    mutating func append(_ text: String) {
      buffer.append(contentsOf: text.utf8)
      if buffer.count >= Self.capacity { flush() }
    }

    mutating func append(_ bytes: [UInt8]) {
      buffer.append(contentsOf: bytes)
      if buffer.count >= Self.capacity { flush() }
    }

    mutating func byte(_ value: UInt8) { buffer.append(value) }

    /// A non-negative number in decimal, zero-padded to `width`.
    mutating func number(_ value: Int, width: Int = 1) {
      var rest = max(0, value)
      var divisor = 1
      var digits = 1
      while divisor <= rest / 10 {
        divisor *= 10
        digits += 1
      }
      for _ in digits..<max(digits, width) { buffer.append(48) }
      while divisor > 0 {
        buffer.append(UInt8(48 + rest / divisor))
        rest %= divisor
        divisor /= 10
      }
    }

    /// `YYYYMMDDhhmmss +0000`.
    mutating func timestamp(_ instant: EpochSeconds) {
      let days = TimeMath.floorDiv(instant, 86_400)
      let seconds = Int(instant - days * 86_400)
      let date = CivilDate(daysSinceEpoch: days)
      number(date.year, width: 4)
      number(date.month, width: 2)
      number(date.day, width: 2)
      number(seconds / 3600, width: 2)
      number(seconds / 60 % 60, width: 2)
      number(seconds % 60, width: 2)
      append(" +0000")
    }

    mutating func flush() {
      guard !buffer.isEmpty, !failed else {
        buffer.removeAll(keepingCapacity: true)
        return
      }
      let accepted = buffer.withUnsafeBytes { sink($0) }
      if !accepted { failed = true }
      buffer.removeAll(keepingCapacity: true)
    }
  }
}
