/// The form in which entry names and guide display names are compared:
/// lowercased; every run of characters that are not letters or digits
/// (spaces, `_`, `.`, `+`, `-`, brackets …) is a word break; one trailing
/// quality word `hd`, `sd`, `fhd`, `uhd` or `4k` is dropped when other
/// words remain; the words are joined without spaces.
///
/// "BBC One HD", "bbc_one", "BBC-One (SD)" all give "bbcone"; "BBC One +1"
/// gives "bbcone1".
public enum ChannelNameKey {
  static let qualityWords: Set<String> = ["hd", "sd", "fhd", "uhd", "4k"]

  /// Longest name looked at, in characters (longer names are cut first).
  static let lengthLimit = 256

  public static func key(_ name: String) -> String {
    var words: [String] = []
    var word = ""
    for character in name.prefix(lengthLimit).lowercased() {
      if character.isLetter || character.isNumber {
        word.append(character)
      } else if !word.isEmpty {
        words.append(word)
        word = ""
      }
    }
    if !word.isEmpty { words.append(word) }
    if words.count > 1, let last = words.last, qualityWords.contains(last) { words.removeLast() }
    return words.joined()
  }
}
