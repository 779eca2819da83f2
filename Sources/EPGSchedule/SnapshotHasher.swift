/// A fast 64-bit hash of bytes, for the snapshot's index checksum and a
/// source's head and tail (`SourceIdentity`). Not cryptographic: it finds
/// accidental damage and changed files, not a deliberate forgery.
///
/// Four lanes of eight bytes each: each 32-byte block mixes one word into
/// each lane with a multiply and a shift (the golden-ratio constant of
/// SplitMix64), so the four chains run side by side (one chain spent most
/// of a reopen of a 1 GB guide's time checking its index). `value` mixes
/// the lanes, the last partial block and the length. Streaming: feeding
/// bytes in several calls gives the same value as one call with all of
/// them.
public struct SnapshotHasher: Sendable {
  private var lane0: UInt64
  private var lane1: UInt64
  private var lane2: UInt64
  private var lane3: UInt64
  /// Bytes of a partial block (fewer than 32).
  private var pending: [UInt8] = []
  private var length: UInt64 = 0

  static let blockSize = 32

  public init(seed: UInt64 = 0x7476_6772_6964_5348) {
    lane0 = seed
    lane1 = seed ^ 0x1111_1111_1111_1111
    lane2 = seed ^ 0x2222_2222_2222_2222
    lane3 = seed ^ 0x3333_3333_3333_3333
  }

  @inline(__always) private static func mix(_ state: UInt64, _ word: UInt64) -> UInt64 {
    let mixed = (state ^ word) &* 0x9E37_79B9_7F4A_7C15
    return mixed ^ (mixed >> 29)
  }

  /// The hash of everything combined so far.
  public var value: UInt64 {
    var h = Self.mix(Self.mix(Self.mix(Self.mix(length, lane0), lane1), lane2), lane3)
    var tail = pending
    tail += [UInt8](repeating: 0, count: (8 - tail.count % 8) % 8)
    tail.withUnsafeBytes { raw in
      for index in 0..<(raw.count / 8) {
        h = Self.mix(
          h, UInt64(littleEndian: raw.loadUnaligned(fromByteOffset: index * 8, as: UInt64.self)))
      }
    }
    return Self.mix(h, UInt64(pending.count))
  }

  @inline(__always) private mutating func mixBlock(_ base: UnsafeRawPointer, at offset: Int) {
    func word(_ lane: Int) -> UInt64 {
      UInt64(littleEndian: base.loadUnaligned(fromByteOffset: offset + lane * 8, as: UInt64.self))
    }
    lane0 = Self.mix(lane0, word(0))
    lane1 = Self.mix(lane1, word(1))
    lane2 = Self.mix(lane2, word(2))
    lane3 = Self.mix(lane3, word(3))
  }

  /// Mixes in `bytes`. `done`, if given, is called with the number of
  /// bytes of this call hashed so far about every `stride` bytes, so a
  /// caller can release what it no longer needs.
  public mutating func combine(
    _ bytes: UnsafeRawBufferPointer, stride: Int = 1 << 23, done: ((Int) -> Void)? = nil
  ) {
    length &+= UInt64(bytes.count)
    guard let base = bytes.baseAddress, !bytes.isEmpty else { return }
    var offset = 0
    if !pending.isEmpty {
      let take = min(Self.blockSize - pending.count, bytes.count)
      pending += bytes[0..<take]
      offset = take
      guard pending.count == Self.blockSize else { return }
      pending.withUnsafeBytes { mixBlock($0.baseAddress!, at: 0) }
      pending = []
    }
    let blocks = (bytes.count - offset) / Self.blockSize
    let blocksPerStride = max(1, stride / Self.blockSize)
    var index = 0
    while index < blocks {
      let end = min(blocks, index + blocksPerStride)
      for block in index..<end { mixBlock(base, at: offset + block * Self.blockSize) }
      index = end
      if let done, index % blocksPerStride == 0 { done(offset + index * Self.blockSize) }
    }
    offset += blocks * Self.blockSize
    if offset < bytes.count { pending = Array(bytes[offset...]) }
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
