import Testing

@testable import EPGSchedule

/// The interner keys texts by their UTF-8 bytes: equal bytes give the one
/// stored string, different bytes different strings, whatever the hash.
@Suite struct ScheduleInternerTests {
  /// Where a native string's bytes are stored: the same address means the
  /// same stored copy. Texts here are longer than 15 bytes, so that none is
  /// kept inline in the `String` value itself.
  static func storage(_ text: String) -> UnsafeRawPointer? {
    var text = text
    return text.withUTF8 { UnsafeRawPointer($0.baseAddress) }
  }

  static func intern(_ text: String, into interner: inout ScheduleInterner) -> String {
    Array(text.utf8).withUnsafeBufferPointer { interner.intern(utf8: $0) }
  }

  @Test func equalBytesGiveTheStoredString() {
    var interner = ScheduleInterner()
    let first = Self.intern("Documentary about rivers", into: &interner)
    let again = Self.intern("Documentary about rivers", into: &interner)
    let fromString = interner.intern(String("Documentary about rivers".reversed().reversed()))
    #expect(first == "Documentary about rivers")
    #expect(Self.storage(again) == Self.storage(first))
    #expect(Self.storage(fromString) == Self.storage(first))
  }

  @Test func differentBytesGiveDifferentStrings() {
    var interner = ScheduleInterner()
    let texts = ["", "a", "b", "ab", "abcdefgh", "abcdefghi", "abcdefgh\u{0}", "Nature, wildlife"]
    let interned = texts.map { Self.intern($0, into: &interner) }
    for (text, result) in zip(texts, interned) {
      #expect(Array(result.utf8) == Array(text.utf8))
    }
    // "é" precomposed and as "e" + combining acute are equal Strings in
    // Swift, but a guide's bytes are kept as written.
    let composed = "Caf\u{E9} des sports, episode one"
    let decomposed = "Cafe\u{301} des sports, episode one"
    #expect(composed == decomposed)
    let first = Self.intern(composed, into: &interner)
    let second = interner.intern(decomposed)
    #expect(Array(first.utf8) == Array(composed.utf8))
    #expect(Array(second.utf8) == Array(decomposed.utf8))
  }

  @Test func collidingHashesKeepTextsApart() {
    // Every text has the same hash: each lookup compares bytes.
    var interner = ScheduleInterner(hash: { _ in 42 })
    let texts = (0..<100).map { "Colliding title number \($0)" }
    let first = texts.map { Self.intern($0, into: &interner) }
    let second = texts.map { Self.intern($0, into: &interner) }
    for index in texts.indices {
      #expect(first[index] == texts[index])
      #expect(second[index] == texts[index])
    }
    // Those within reach of the probe limit are shared; the rest, still
    // right, are copies of their own.
    for index in 0..<ScheduleInterner.maxProbes {
      #expect(Self.storage(second[index]) == Self.storage(first[index]))
    }
  }

  @Test func textsStaySharedAsTheTableGrows() {
    var interner = ScheduleInterner()
    let texts = (0..<5000).map { "Presenter number \($0) of the guide" }
    let first = texts.map { Self.intern($0, into: &interner) }
    for (text, stored) in zip(texts, first) {
      let again = Self.intern(text, into: &interner)
      #expect(Self.storage(again) == Self.storage(stored))
      #expect(again == text)
    }
  }
}
