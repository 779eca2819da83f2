/// A fast 64-bit hash of bytes, for the snapshot's index checksum and a
/// source's head and tail (`SourceIdentity`). Not cryptographic: it finds
/// accidental damage and changed files, not a deliberate forgery.
///
/// Eight bytes at a time: each word is mixed in with a multiply and a
/// shift (the golden-ratio constant of SplitMix64); `value` mixes in the
/// last partial word and the length. Streaming: feeding bytes in several
/// calls gives the same value as one call with all of them.
public struct SnapshotHasher: Sendable {
  private var state: UInt64
  /// Bytes of a partial word (little end first) and how many.
  private var pending: UInt64 = 0
  private var pendingCount = 0
  private var length: UInt64 = 0

  public init(seed: UInt64 = 0x7476_6772_6964_5348) { state = seed }

  /// The hash of everything combined so far.
  public var value: UInt64 {
    var h = state
    if pendingCount > 0 { h = (h ^ pending) &* 0x0000_0100_0000_01b3 }
    return h ^ length
  }

  private mutating func mix(_ word: UInt64) {
    state = (state ^ word) &* 0x9E37_79B9_7F4A_7C15
    state ^= state >> 29
  }

  private mutating func add(byte: UInt8) {
    pending |= UInt64(byte) << (8 * UInt64(pendingCount))
    pendingCount += 1
    if pendingCount == 8 {
      mix(pending)
      pending = 0
      pendingCount = 0
    }
  }

  /// Mixes in `bytes`. `done`, if given, is called with the number of
  /// bytes of this call hashed so far about every `stride` bytes, so a
  /// caller can release what it no longer needs.
  public mutating func combine(
    _ bytes: UnsafeRawBufferPointer, stride: Int = 1 << 23, done: ((Int) -> Void)? = nil
  ) {
    length &+= UInt64(bytes.count)
    var offset = 0
    while pendingCount != 0 && offset < bytes.count {
      add(byte: bytes[offset])
      offset += 1
    }
    guard let base = bytes.baseAddress else { return }
    let words = (bytes.count - offset) / 8
    let wordsPerStride = max(1, stride / 8)
    for index in 0..<words {
      mix(
        UInt64(
          littleEndian: base.loadUnaligned(fromByteOffset: offset + index * 8, as: UInt64.self)))
      if let done, (index + 1) % wordsPerStride == 0 { done(offset + (index + 1) * 8) }
    }
    offset += words * 8
    while offset < bytes.count {
      add(byte: bytes[offset])
      offset += 1
    }
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
