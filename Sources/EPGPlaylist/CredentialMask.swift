import Foundation

/// Hides credentials in URLs before they are shown or logged.
///
/// Masked (each replaced by `***`):
/// - the user info of `scheme://user:pass@host` (the whole `user:pass`);
/// - Xtream Codes paths: the two segments after `/live/`, `/movie/`,
///   `/series/` or `/timeshift/`, and the short form `/USER/PASS/ID[.ext]`
///   (exactly three segments, the last a number);
/// - query and Kodi-suffix values whose name says secret: `token`,
///   `password`, `username`, `auth`, `key` and the like (see
///   `secretNames`; matched case-insensitively, also as a suffix such as
///   `access_token` or `api_key`).
///
/// The URL is not parsed strictly: hostile or broken text is masked as
/// well as it can be and never made longer than needed.
public enum CredentialMask {
  /// The stand-in for a hidden value.
  public static let mask = "***"

  /// Parameter names (lowercased) whose values are hidden; a name is
  /// secret when it equals one of these or ends with `_`/`-` and one.
  public static let secretNames: Set<String> = [
    "token", "password", "pass", "passwd", "pwd", "username", "user", "login", "auth",
    "authorization", "key", "apikey", "secret", "signature", "sig", "session", "sessionid",
    "cookie", "code", "hash", "uid", "mac",
  ]

  /// Path segments after which Xtream Codes puts USER/PASS.
  static let xtreamPrefixes: Set<String> = ["live", "movie", "series", "timeshift"]

  /// `url` with its credentials replaced by `***`.
  public static func masked(_ url: String) -> String {
    // Kodi's header suffix: mask its secret values too.
    var main = Substring(url)
    var suffix: Substring = ""
    if let bar = url.firstIndex(of: "|") {
      main = url[..<bar]
      suffix = url[bar...]
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
    var result = maskedAuthorityAndPath(main)
    if let query { result += "?" + maskedParameters(query) }
    result += fragment
    if !suffix.isEmpty { result += "|" + maskedParameters(suffix.dropFirst()) }
    return result
  }

  /// The host (and port) of `url` without user info, e.g. for "stream
  /// host" in details; nil when `url` has no `scheme://`.
  public static func host(of url: String) -> String? {
    guard let range = url.range(of: "://") else { return nil }
    var authority = url[range.upperBound...].prefix { $0 != "/" && $0 != "?" && $0 != "#" }
    if let at = authority.lastIndex(of: "@") {
      authority = authority[authority.index(after: at)...]
    }
    if let bar = authority.firstIndex(of: "|") { authority = authority[..<bar] }
    return authority.isEmpty ? nil : String(authority)
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

  private static func maskedAuthorityAndPath(_ text: Substring) -> String {
    guard let range = text.range(of: "://") else { return maskedPath(text) }
    let scheme = text[..<range.upperBound]
    let rest = text[range.upperBound...]
    let authorityEnd = rest.firstIndex(of: "/") ?? rest.endIndex
    var authority = rest[..<authorityEnd]
    var userInfo = ""
    if let at = authority.lastIndex(of: "@") {
      // `udp://@239.0.0.1:1234` has an empty user info: nothing to hide.
      userInfo = at == authority.startIndex ? "@" : mask + "@"
      authority = authority[authority.index(after: at)...]
    }
    return scheme + userInfo + authority + maskedPath(rest[authorityEnd...])
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
    return segments.joined(separator: "/")
  }

  private static func maskedParameters(_ text: Substring) -> String {
    text.split(separator: "&", omittingEmptySubsequences: false).map { pair -> String in
      guard let equals = pair.firstIndex(of: "=") else { return String(pair) }
      let name = pair[..<equals]
      let decodedName = String(name).removingPercentEncodingOrSelf
      return isSecret(name: decodedName) ? name + "=" + mask : String(pair)
    }.joined(separator: "&")
  }
}

extension String {
  /// Percent-decoded, or unchanged when the encoding is broken.
  var removingPercentEncodingOrSelf: String {
    guard contains("%") else { return self }
    return removingPercentEncoding ?? self
  }
}
