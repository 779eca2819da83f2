/// Which stream headers are secrets (issue 25): their values are never
/// logged or shown (`***`), and a player gets them from a file readable by
/// the user only (`PlayerHeaderFile`), never in its arguments, which every
/// user of the machine can read in the process list.
extension StreamHeaders {
  /// Whether a header's value is a secret: `Cookie`, `Authorization`,
  /// `Proxy-Authorization`, or a name with `token`, `key`, `secret` or
  /// `auth` in it (any case: `X-Api-Key`, `X-Auth-Token`).
  public static func isSecret(name: String) -> Bool {
    let lower = name.lowercased()
    if lower == "cookie" || lower == "authorization" || lower == "proxy-authorization" {
      return true
    }
    return ["token", "key", "secret", "auth"].contains { lower.contains($0) }
  }

  /// The other headers whose values are secret, in order.
  public var secretFields: [Field] { other.filter { Self.isSecret(name: $0.name) } }

  /// The other headers whose values are not secret, in order.
  public var plainFields: [Field] { other.filter { !Self.isSecret(name: $0.name) } }

  /// `text` (an argument, a line for a log) with the value of every secret
  /// header in it replaced by `***`: a header written `Name: value` at the
  /// start, after `=` (`--http-header-fields-append=Cookie: a=b`), after a
  /// `,` of a list or a quote, or on a line of its own (`-headers
  /// "Cookie: a=b\r\n…"`). The value is hidden to the end of its line, so
  /// a list's later items may be hidden with it (never too little).
  public static func masked(_ text: String) -> String {
    guard text.contains(":") else { return text }
    var result = ""
    var index = text.startIndex
    var atItemStart = true
    while index < text.endIndex {
      let character = text[index]
      if atItemStart && character != " " {
        let nameEnd = text[index...].firstIndex { !Self.isTokenCharacter($0) } ?? text.endIndex
        if nameEnd > index, nameEnd < text.endIndex, text[nameEnd] == ":",
          isSecret(name: String(text[index..<nameEnd]))
        {
          result += text[index...nameEnd] + " " + CredentialMask.mask
          index =
            text[nameEnd...].firstIndex { $0 == "\n" || $0 == "\r" || $0 == "\r\n" }
            ?? text.endIndex
          atItemStart = false
          continue
        }
      }
      result.append(character)
      if character != " " {
        atItemStart = "=,;\"'\n\r".contains(character) || character == "\r\n"
      }
      index = text.index(after: index)
    }
    return result
  }

  /// A character of an HTTP header name (RFC 9110 `tchar`).
  static func isTokenCharacter(_ character: Character) -> Bool {
    guard let ascii = character.asciiValue else { return false }
    switch ascii {
    case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"),
      UInt8(ascii: "0")...UInt8(ascii: "9"):
      return true
    default: return "!#$%&'*+-.^_`|~".contains(character)
    }
  }
}
