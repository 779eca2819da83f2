import Foundation

/// Hides credentials in URLs before they are shown or logged.
///
/// Masked (each replaced by `***`):
/// - the user info of `scheme://user:pass@host`: everything between `://`
///   and the last `@` that is followed by a host name, whatever it holds,
///   so a password with `/`, `?`, `#`, `|` or `@` in it is hidden whole
///   (an `@` later in the URL followed by something that looks like a host
///   name is taken for that one: the mask errs on the side of hiding);
/// - Xtream Codes paths: the two segments after `/live/`, `/movie/`,
///   `/series/` or `/timeshift/`, and the short form `/USER/PASS/ID[.ext]`
///   (exactly three segments, the last a number);
/// - query, path (`;name=value`) and Kodi-suffix values whose name says
///   secret: `token`, `password`, `user`, `u`, `p`, `key` and the like (see
///   `secretNames`; matched case-insensitively, also as a suffix such as
///   `access_token` or `api_key`); query parameters are separated by `&`
///   or `;`.
///
/// The URL is not parsed strictly: hostile or broken text is masked as
/// well as it can be and never made longer than needed.
public enum CredentialMask {
  /// The stand-in for a hidden value.
  public static let mask = "***"

  /// Parameter names (lowercased) whose values are hidden; a name is
  /// secret when it equals one of these or ends with `_`/`-` and one.
  public static let secretNames: Set<String> = [
    "token", "tok", "password", "pass", "passwd", "pwd", "pw", "username", "user", "u", "p",
    "login", "auth", "authorization", "key", "apikey", "secret", "signature", "sig", "session",
    "sessionid", "cookie", "code", "hash", "uid", "mac",
  ]

  /// Path segments after which Xtream Codes puts USER/PASS.
  static let xtreamPrefixes: Set<String> = ["live", "movie", "series", "timeshift"]

  /// `url` with its credentials replaced by `***`.
  public static func masked(_ url: String) -> String {
    let (scheme, userInfo, rest) = split(url)
    var result = scheme
    if let userInfo { result += userInfo.isEmpty ? "@" : mask + "@" }
    // Kodi's header suffix: mask its secret values too.
    var main = rest
    var suffix: Substring = ""
    if let bar = rest.firstIndex(of: "|") {
      main = rest[..<bar]
      suffix = rest[bar...]
    }
    var fragment: Substring = ""
    if let hash = main.firstIndex(of: "#") {
      fragment = main[hash...]
      main = main[..<hash]
    }
    var query: Substring?
    if let question = main.firstIndex(of: "?") {
      query = main[main.index(after: question)...]
      main = main[..<question]
    }
    if scheme.isEmpty {
      result += maskedPath(main)
    } else {
      let authorityEnd = main.firstIndex(of: "/") ?? main.endIndex
      result += main[..<authorityEnd] + maskedPath(main[authorityEnd...])
    }
    if let query { result += "?" + maskedParameters(query, separators: ["&", ";"]) }
    result += fragment
    if !suffix.isEmpty { result += "|" + maskedParameters(suffix.dropFirst(), separators: ["&"]) }
    return result
  }

  /// The host (and port) of `url` without user info, e.g. for "stream
  /// host" in details; nil when `url` has no `scheme://`.
  public static func host(of url: String) -> String? {
    let (scheme, _, rest) = split(url)
    guard !scheme.isEmpty else { return nil }
    let authority = rest.prefix { !"/?#|".contains($0) }
    return authority.isEmpty ? nil : String(authority)
  }

  /// Whether `url` holds user info (`scheme://user:pass@host`), read as
  /// `masked` reads it.
  public static func hasUserInfo(_ url: String) -> Bool {
    split(url).userInfo?.isEmpty == false
  }

  /// Whether a parameter or header name holds a secret.
  public static func isSecret(name: String) -> Bool {
    let lower = name.lowercased()
    if secretNames.contains(lower) { return true }
    for separator in ["_", "-"] {
      if let last = lower.split(separator: Character(separator)).last,
        secretNames.contains(String(last))
      {
        return true
      }
    }
    return false
  }

  /// `url` as `scheme://` (empty without a scheme), its user info (nil
  /// without one; empty for `udp://@239.0.0.1`) and the rest from the
  /// host on.
  private static func split(_ url: String) -> (
    scheme: String, userInfo: Substring?, rest: Substring
  ) {
    guard let separator = url.range(of: "://"), isScheme(url[..<separator.lowerBound]) else {
      return ("", nil, Substring(url))
    }
    let rest = url[separator.upperBound...]
    var at = rest.endIndex
    while let candidate = rest[..<at].lastIndex(of: "@") {
      let after = rest[rest.index(after: candidate)...].prefix { !"/?#|".contains($0) }
      if after.allSatisfy(isHostCharacter) {
        return (
          String(url[..<separator.upperBound]), rest[..<candidate],
          rest[rest.index(after: candidate)...]
        )
      }
      at = candidate
    }
    return (String(url[..<separator.upperBound]), nil, rest)
  }

  /// RFC 3986's `ALPHA *( ALPHA / DIGIT / "+" / "-" / "." )`.
  private static func isScheme(_ text: Substring) -> Bool {
    guard let first = text.first, first.isASCII, first.isLetter else { return false }
    return text.allSatisfy { $0.isASCII && ($0.isLetter || $0.isNumber || "+-.".contains($0)) }
  }

  /// A character of a host name, IP address or port (any non-ASCII one:
  /// internationalised names).
  private static func isHostCharacter(_ character: Character) -> Bool {
    !character.isASCII || character.isLetter || character.isNumber
      || ".-_~:[]%".contains(character)
  }

  private static func maskedPath(_ path: Substring) -> String {
    var segments = path.split(separator: "/", omittingEmptySubsequences: false).map(String.init)
    var index = 0
    while index < segments.count {
      if xtreamPrefixes.contains(segments[index].lowercased()), index + 2 < segments.count {
        segments[index + 1] = mask
        segments[index + 2] = mask
        index += 3
      } else {
        index += 1
      }
    }
    // Short Xtream form: /USER/PASS/12345[.ts]
    let named = segments.filter { !$0.isEmpty }
    if named.count == 3, segments.first == "", !xtreamPrefixes.contains(named[0].lowercased()),
      named[0] != mask, let id = named[2].split(separator: ".").first,
      !id.isEmpty, id.allSatisfy(\.isASCII), id.allSatisfy(\.isNumber)
    {
      segments[1] = mask
      segments[2] = mask
    }
    // Matrix parameters: `/live;token=abc/…`.
    for index in segments.indices where segments[index].contains(";") {
      let segment = Substring(segments[index])
      let semicolon = segment.firstIndex(of: ";")!
      segments[index] =
        segment[..<semicolon] + ";"
        + maskedParameters(segment[segment.index(after: semicolon)...], separators: [";"])
    }
    return segments.joined(separator: "/")
  }

  /// `name=value` pairs separated by any of `separators`, each value
  /// whose name is secret replaced by the mask.
  private static func maskedParameters(_ text: Substring, separators: Set<Character>) -> String {
    var result = ""
    var pair = text.startIndex
    while pair <= text.endIndex {
      let end = text[pair...].firstIndex { separators.contains($0) } ?? text.endIndex
      result += maskedPair(text[pair..<end])
      guard end < text.endIndex else { break }
      result.append(text[end])
      pair = text.index(after: end)
    }
    return result
  }

  private static func maskedPair(_ pair: Substring) -> String {
    guard let equals = pair.firstIndex(of: "=") else { return String(pair) }
    let name = pair[..<equals]
    let decodedName = String(name).removingPercentEncodingOrSelf
    return isSecret(name: decodedName) ? name + "=" + mask : String(pair)
  }
}

extension String {
  /// Percent-decoded, or unchanged when the encoding is broken.
  var removingPercentEncodingOrSelf: String {
    guard contains("%") else { return self }
    return removingPercentEncoding ?? self
  }
}
