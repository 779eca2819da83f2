import Foundation

/// One shared copy of each repeated text and list while a guide is read
/// (categories, ratings, credits, extras), so that 358k programmes do not
/// each hold their own copy.
///
/// Texts are keyed by their UTF-8 bytes, so that a reader can intern
/// straight from the parser's bytes: a text seen before is found without
/// making a `String`. Texts with different bytes stay apart, even when
/// Swift's `==` calls them equal (canonically equivalent Unicode). Lists
/// are compared as Swift compares them (keying them by bytes too was
/// measured no faster).
struct ScheduleInterner {
  /// An interned text: its bytes are `keys[offset..<offset + length]`.
  private struct Entry {
    var hash: UInt64
    var offset: Int
    var length: Int
    var text: String
  }

  /// The bytes of every interned text, back to back.
  private var keys: [UInt8] = []
  private var entries: [Entry] = []
  /// Open addressing, linear probing: 1 + an index into `entries`, 0 for
  /// an empty slot. Its count is 0 or a power of two at least twice
  /// `entries.count`.
  private var slots: [Int32] = []
  private var lists: [[String]: [String]] = [:]
  private var extrasLists: [[ProgrammeExtra]: [ProgrammeExtra]] = [:]

  /// `Self.hash`, or one given by a test (e.g. one that makes every text
  /// collide).
  private let hashing: ((UnsafeRawBufferPointer) -> UInt64)?
  /// `Self.seed`, read once (a global's every read checks that it is set).
  private let seed = Self.seed

  init() { hashing = nil }

  /// An interner hashing texts' bytes with `hash` (tests).
  init(hash: @escaping (UnsafeRawBufferPointer) -> UInt64) { hashing = hash }

  /// Slots looked at for one text at most. A text that would need more
  /// (only when many texts collide, e.g. crafted input) is not shared:
  /// its own copy costs memory, never a search through the table.
  static let maxProbes = 32

  /// One shared copy of a short repeated string (categories, ratings).
  mutating func intern(_ text: String) -> String {
    var utf8 = text
    return utf8.withUTF8 { bytes in intern(bytes, making: { text }) }
  }

  /// The shared string of the UTF-8 `bytes` (which must be valid UTF-8,
  /// as the C reader's are), made the first time they are seen.
  mutating func intern(utf8 bytes: UnsafeBufferPointer<UInt8>) -> String {
    intern(bytes, making: { String(decoding: bytes, as: UTF8.self) })
  }

  private mutating func intern(
    _ bytes: UnsafeBufferPointer<UInt8>, making make: () -> String
  ) -> String {
    if slots.count < 2 * (entries.count + 1) { grow() }
    let raw = UnsafeRawBufferPointer(bytes)
    let hash = hashing?(raw) ?? Self.hash(raw, seed: seed)
    let mask = slots.count - 1
    var slot = Int(truncatingIfNeeded: hash) & mask
    for _ in 0..<Self.maxProbes {
      let index = Int(slots[slot]) - 1
      if index < 0 {
        let text = make()
        slots[slot] = Int32(entries.count + 1)
        entries.append(Entry(hash: hash, offset: keys.count, length: bytes.count, text: text))
        keys.append(contentsOf: bytes)
        return text
      }
      if entries[index].hash == hash && entries[index].length == bytes.count
        && keys.withUnsafeBytes({ keys in
          bytes.isEmpty
            || memcmp(keys.baseAddress! + entries[index].offset, bytes.baseAddress!, bytes.count)
              == 0
        })
      {
        return entries[index].text
      }
      slot = (slot + 1) & mask
    }
    return make()
  }

  /// Doubles the slots (at least 64) and places every entry again.
  private mutating func grow() {
    let count = max(64, slots.count * 2)
    slots = [Int32](repeating: 0, count: count)
    let mask = count - 1
    for (index, entry) in entries.enumerated() {
      var slot = Int(truncatingIfNeeded: entry.hash) & mask
      while slots[slot] != 0 { slot = (slot + 1) & mask }
      slots[slot] = Int32(index + 1)
    }
  }

  /// Per process, so that which texts collide cannot be known from a file.
  private static let seed = UInt64.random(in: .min ... .max)

  /// A hash of `bytes` from `seed`: 8 bytes at a time (the last 8 may
  /// overlap the ones before), each step a full-width multiply folded to
  /// 64 bits.
  static func hash(_ bytes: UnsafeRawBufferPointer, seed: UInt64) -> UInt64 {
    func mix(_ a: UInt64, _ b: UInt64) -> UInt64 {
      let product = (a ^ 0xA076_1D64_78BD_642F).multipliedFullWidth(by: b ^ 0xE703_7ED1_A0B4_28DB)
      return product.high ^ product.low
    }
    let count = bytes.count
    var hash = seed ^ UInt64(count)
    guard count >= 8 else {
      var word: UInt64 = 0
      for (shift, byte) in bytes.enumerated() { word |= UInt64(byte) << (8 * UInt64(shift)) }
      return mix(hash, word)
    }
    var offset = 0
    while offset + 8 < count {
      hash = mix(hash, bytes.loadUnaligned(fromByteOffset: offset, as: UInt64.self))
      offset += 8
    }
    return mix(hash, bytes.loadUnaligned(fromByteOffset: count - 8, as: UInt64.self))
  }

  /// One shared copy of a repeated list of extras (`16:9`, `HDTV`,
  /// `stereo` on most programmes of a guide); a list with a programme's
  /// own URL, image or review gets a copy of its own. Never `extras`' own
  /// storage, so a reader may pass a list it reuses.
  mutating func intern(_ extras: [ProgrammeExtra]) -> [ProgrammeExtra] {
    if extras.isEmpty { return [] }
    guard ProgrammeExtra.isShareable(extras) else { return Self.copy(extras) }
    if let existing = extrasLists[extras] { return existing }
    let copy = Self.copy(extras)
    extrasLists[copy] = copy
    return copy
  }

  /// One shared copy of a repeated list (a programme's categories). Never
  /// `list`'s own storage, so a reader may pass a list it reuses.
  mutating func intern(_ list: [String]) -> [String] {
    if list.isEmpty { return [] }
    if let existing = lists[list] { return existing }
    let copy = Self.copy(list)
    lists[copy] = copy
    return copy
  }

  /// A copy of `list` in storage of its own, no larger than it needs.
  private static func copy<Element>(_ list: [Element]) -> [Element] {
    var copy: [Element] = []
    copy.reserveCapacity(list.count)
    copy.append(contentsOf: list)
    return copy
  }
}
