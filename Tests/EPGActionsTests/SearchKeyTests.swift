import Testing

@testable import EPGActions

/// Folding for search (`SearchKey`): expectations worked by hand from the
/// Unicode charts and the scripts' own rules.
@Suite struct SearchKeyTests {
  @Test func caseIsIgnoredWithoutLowerCasingEveryTitle() {
    #expect(SearchKey("news").isFound(in: "Evening NEWS"))
    #expect(SearchKey("ning n").isFound(in: "Évening News"))
    #expect(!SearchKey("newsx").isFound(in: "News"))
    #expect(!SearchKey("{news}").isFound(in: "[News]"))
    // "@" and "`" sit next to the letters: not folded.
    #expect(!SearchKey("`").isFound(in: "@"))
    #expect(SearchKey("été").isFound(in: "ÉTÉ à Paris"))
    #expect(SearchKey("ニュース").isFound(in: "ニュース for kids"))
    #expect(SearchKey("").isFound(in: "anything"))
  }

  @Test func whatFoldingMeans() {
    let cases: [(String, String)] = [
      ("Híradó", "hirado"), ("Zürich", "zurich"), ("Straße", "strasse"), ("STRAẞE", "strasse"),
      ("Pokémon", "pokemon"), ("ＮＨＫ　ｎｅｗｓ！", "nhk news!"), ("Œuvre", "oeuvre"),
      ("Ærøskøbing", "aeroskobing"), ("Łódź", "lodz"), ("Þórður", "thordur"), ("Đakovo", "dakovo"),
      ("İstanbul", "istanbul"), ("ISPARTA ılıca", "isparta ilica"), ("ﬁlm ﬂow", "film flow"),
      ("Dvořák", "dvorak"), ("Nguyễn", "nguyen"), ("ǄUR", "dzur"),
      // Decomposed text folds as composed text does.
      ("Zu\u{308}rich", "zurich"), ("e\u{301}te\u{301}", "ete"),
      // Greek: accents go, final sigma is sigma.
      ("ΕΙΔΗΣΕΙΣ", "ειδησεισ"), ("Ειδήσεις", "ειδησεισ"), ("ΐ", "ι"),
      // Cyrillic by case only: й and ё keep their marks.
      ("ЙОШКАР-ОЛА", "йошкар-ола"), ("Ёлка", "ёлка"), ("и\u{306}", "и\u{306}"),
      // CJK, kana (voicing marks kept), Hangul, Thai as they are.
      ("東京の夜", "東京の夜"), ("ガンダム", "ガンダム"), ("서울의 봄", "서울의 봄"), ("ข่าวค่ำ", "ข่าวค่ำ"),
    ]
    for (text, folded) in cases {
      #expect(SearchKey.fold(text) == folded, "\(text)")
      #expect(SearchKey(folded).isFound(in: text), "\(text)")
    }
    #expect(!SearchKey("カンダム").isFound(in: "ガンダム"))
    #expect(!SearchKey("иошкар").isFound(in: "Йошкар-Ола"))
    #expect(!SearchKey("елка").isFound(in: "Ёлка"))
  }

  @Test func aKeyIsFoundInPartOfAFoldedLetter() {
    // "ß" folds to "ss": "sse" starts in its second s.
    #expect(SearchKey("sse").isFound(in: "Straße"))
    #expect(SearchKey("ae").isFound(in: "Ærø"))
    #expect(!SearchKey("strase").isFound(in: "Straße"))
  }

  @Test func bytesThatAreNotUTF8AreComparedAsTheyAre() {
    let bytes: [UInt8] = [0x5A, 0xFF, 0xC3, 0xBC, 0x72, 0xC3]
    bytes.withUnsafeBufferPointer { text in
      #expect(SearchKey("ür").isFound(in: text))
      #expect(SearchKey("ur").isFound(in: text))
      #expect(!SearchKey("zu").isFound(in: text))
    }
  }

  @Test func wholeTextsCompareFolded() {
    #expect(SearchKey("tele24.fr").isWhole("TÉLÉ24.fr"))
    #expect(!SearchKey("tele24").isWhole("TÉLÉ24.fr"))
  }

  /// The results list marks the original text: each range covers the
  /// characters the key was found in, marks and all.
  @Test func rangesMarkTheOriginalText() {
    func marked(_ key: String, _ text: String) -> [String] {
      SearchKey(key).ranges(in: text).map { String(text[$0]) }
    }
    #expect(marked("zurich", "Tatort: Zürich") == ["Zürich"])
    #expect(marked("strasse", "Die Straße, die STRASSE") == ["Straße", "STRASSE"])
    #expect(marked("ss", "Straße") == ["ß"])
    #expect(marked("hirado", "Híradó") == ["Híradó"])
    #expect(marked("zu", "Zu\u{308}rich") == ["Zu\u{308}"])
    #expect(marked("nhk", "ＮＨＫ ニュース") == ["ＮＨＫ"])
    #expect(marked("ニュース", "ＮＨＫ ニュース") == ["ニュース"])
    #expect(marked("oe", "Œuvre") == ["Œ"])
    #expect(marked("a", "banana") == ["a", "a", "a"])
    #expect(marked("x", "banana").isEmpty)
  }
}
