/// The form in which entry names and guide display names are compared:
///
/// 1. tags are taken out: every `[…]` (iptv-org's `[Not 24/7]`,
///    `[Geo-blocked]`) and every `(…)` holding only quality words
///    (`(1080p)`, `(576i)`, `(HD)`, `(4K)`);
/// 2. lowercased; every run of characters that are not letters or digits
///    (spaces, `_`, `.`, `-`, brackets …) is a word break, except that a
///    `+` right after a letter or digit and not before a digit is the word
///    `plus` (`CCTV-5+`, `Canal+`; `BBC One +1` keeps its `1`);
/// 3. trailing quality words (`hd`, `sd`, `fhd`, `uhd`, `4k`, `8k`, and a
///    resolution such as `1080p`) are dropped while other words remain;
/// 4. the words are joined without spaces.
///
/// "BBC One HD", "bbc_one", "BBC-One (SD)" all give "bbcone"; "BBC One +1"
/// gives "bbcone1"; "CCTV-1 综合 (1080p) [Not 24/7]" gives "cctv1综合";
/// "CCTV-5+" gives "cctv5plus".
public enum ChannelNameKey {
  static let qualityWords: Set<String> = ["hd", "sd", "fhd", "uhd", "4k", "8k"]

  /// Longest name looked at, in characters (longer names are cut first).
  static let lengthLimit = 256

  public static func key(_ name: String) -> String {
    var words: [String] = []
    var word = ""
    let characters = Array(withoutTags(String(name.prefix(lengthLimit))).lowercased())
    for (index, character) in characters.enumerated() {
      if character.isLetter || character.isNumber {
        word.append(character)
        continue
      }
      let beforeDigit = index + 1 < characters.count && characters[index + 1].isNumber
      if character == "+", !word.isEmpty, !beforeDigit {
        words.append(word)
        word = "plus"
      } else if !word.isEmpty {
        words.append(word)
        word = ""
      }
    }
    if !word.isEmpty { words.append(word) }
    while words.count > 1, let last = words.last, isQuality(last) { words.removeLast() }
    return words.joined()
  }

  /// Whether `word` (lowercased) says only the picture's quality: a
  /// quality word or a resolution (`1080p`, `576i`).
  static func isQuality(_ word: String) -> Bool {
    if qualityWords.contains(word) { return true }
    guard let last = word.last, last == "p" || last == "i" else { return false }
    let digits = word.dropLast()
    return (3...4).contains(digits.count) && digits.allSatisfy { $0.isASCII && $0.isNumber }
  }

  /// `name` without its tags: `[…]` groups, and `(…)` groups of quality
  /// words only. An unclosed bracket is left as it is.
  static func withoutTags(_ name: String) -> String {
    var result = ""
    var rest = Substring(name)
    while let open = rest.firstIndex(where: { $0 == "[" || $0 == "(" }) {
      let close: Character = rest[open] == "[" ? "]" : ")"
      guard let end = rest[open...].firstIndex(of: close) else { break }
      let inside = rest[rest.index(after: open)..<end]
      let words = inside.lowercased().split(whereSeparator: { !$0.isLetter && !$0.isNumber })
      let isTag = close == "]" || (!words.isEmpty && words.allSatisfy { isQuality(String($0)) })
      result += rest[..<open]
      if !isTag { result += rest[open...end] }
      result += " "
      rest = rest[rest.index(after: end)...]
    }
    return result + rest
  }
}
