/// A fast 64-bit hash of bytes, for the snapshot's index checksum and a
/// source's head and tail (`SourceIdentity`). Not cryptographic: it finds
/// accidental damage and changed files, not a deliberate forgery.
///
/// Eight bytes at a time: each word is mixed in with a multiply and a
/// shift (the golden-ratio constant of SplitMix64), the leftover bytes one
/// by one, then the length.
public struct SnapshotHasher: Sendable {
  public private(set) var value: UInt64

  public init(seed: UInt64 = 0x7476_6772_6964_5348) { value = seed }

  /// Mixes in `bytes`. `done`, if given, is called with the number of
  /// bytes hashed so far every `stride` bytes (a multiple of 8), so a
  /// caller can release what it no longer needs.
  public mutating func combine(
    _ bytes: UnsafeRawBufferPointer, stride: Int = 1 << 23, done: ((Int) -> Void)? = nil
  ) {
    var h = value
    let words = bytes.count / 8
    let wordsPerStride = max(1, stride / 8)
    if let base = bytes.baseAddress {
      for index in 0..<words {
        let word = base.loadUnaligned(fromByteOffset: index * 8, as: UInt64.self)
        h = (h ^ word) &* 0x9E37_79B9_7F4A_7C15
        h ^= h >> 29
        if let done, (index + 1) % wordsPerStride == 0 { done((index + 1) * 8) }
      }
    }
    for index in (words * 8)..<bytes.count {
      h = (h ^ UInt64(bytes[index])) &* 0x0000_0100_0000_01b3
    }
    h ^= UInt64(bytes.count)
    value = h
  }

  /// Mixes in a string's UTF-8 and a separator, so ("ab", "c") and
  /// ("a", "bc") differ.
  public mutating func combine(_ text: String) {
    var copy = text
    copy.withUTF8 { combine(UnsafeRawBufferPointer($0)) }
    combine(UInt64(0xff))
  }

  /// Mixes in one number.
  public mutating func combine(_ number: UInt64) {
    withUnsafeBytes(of: number) { combine($0) }
  }

  /// The hash of `bytes` alone.
  public static func hash(_ bytes: UnsafeRawBufferPointer) -> UInt64 {
    var hasher = SnapshotHasher()
    hasher.combine(bytes)
    return hasher.value
  }

  /// 16 lower-case hex digits.
  public static func hex(_ value: UInt64) -> String {
    let digits = String(value, radix: 16)
    return String(repeating: "0", count: 16 - digits.count) + digits
  }
}
