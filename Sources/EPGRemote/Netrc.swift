import Foundation

/// Credentials from a `.netrc` file, looked up by tvgrid itself rather
/// than by libcurl: only for the host the URL names, and handed to
/// libcurl as the request's user and password, which it never sends to
/// another host a redirect leads to (a `default` entry would otherwise be
/// sent to every host along the way).
///
/// The format is curl's and ftp's: whitespace-separated words, `machine
/// NAME` or `default` starting an entry, `login NAME`, `password WORD`,
/// `account WORD`, and `macdef NAME` starting a macro that runs to the
/// next empty line; a word may be quoted (`"a b\"c"`). The first entry
/// that matches (its machine is the host, case-insensitively, or it is
/// `default`) and has a login wins.
enum Netrc {
  /// The credentials for `host` in the file at `path`; nil when the file
  /// cannot be read (or is over 1 MiB) or no entry matches.
  static func credentials(host: String, path: String) -> HTTPCredentials? {
    guard case .bytes(let bytes) = readFile(path) else { return nil }
    return credentials(host: host, text: String(decoding: bytes, as: UTF8.self))
  }

  private static func readFile(_ path: String) -> CacheFile.Read {
    // A link (`~/.netrc` kept elsewhere) is fine here; a FIFO is not.
    var info = stat()
    guard stat(path, &info) == 0 else { return .missing }
    guard info.st_mode & S_IFMT == S_IFREG else { return .unusable("not a regular file") }
    guard let resolved = realpath(path, nil) else { return .missing }
    defer { free(resolved) }
    return CacheFile.read(String(cString: resolved), limit: 1 << 20)
  }

  static func credentials(host: String, text: String) -> HTTPCredentials? {
    var matching = false
    var login: String?
    var password: String?
    var words = Words(text)
    func found() -> HTTPCredentials? {
      guard matching, let login else { return nil }
      return HTTPCredentials(user: login, password: password ?? "")
    }
    while let word = words.next() {
      switch word {
      case "machine", "default":
        if let credentials = found() { return credentials }
        matching = word == "default" || words.next()?.lowercased() == host.lowercased()
        login = nil
        password = nil
      case "login": login = words.next()
      case "password": password = words.next()
      case "account": _ = words.next()
      case "macdef": words.skipMacro()
      default: break
      }
    }
    return found()
  }

  /// The words of a `.netrc` file.
  private struct Words {
    private let scalars: [Unicode.Scalar]
    private var index = 0

    init(_ text: String) { scalars = Array(text.unicodeScalars) }

    private static func isSpace(_ scalar: Unicode.Scalar) -> Bool {
      scalar == " " || scalar == "\t" || scalar == "\n" || scalar == "\r"
    }

    mutating func next() -> String? {
      while index < scalars.count, Self.isSpace(scalars[index]) { index += 1 }
      guard index < scalars.count else { return nil }
      var word = String.UnicodeScalarView()
      if scalars[index] == "\"" {
        index += 1
        while index < scalars.count, scalars[index] != "\"" {
          if scalars[index] == "\\", index + 1 < scalars.count { index += 1 }
          word.append(scalars[index])
          index += 1
        }
        index += 1
      } else {
        while index < scalars.count, !Self.isSpace(scalars[index]) {
          word.append(scalars[index])
          index += 1
        }
      }
      return String(word)
    }

    /// Skips a macro: the rest of its line, then up to an empty line.
    mutating func skipMacro() {
      while index < scalars.count, scalars[index] != "\n" { index += 1 }
      while index < scalars.count {
        index += 1  // the newline
        var end = index
        while end < scalars.count,
          scalars[end] == " " || scalars[end] == "\t" || scalars[end] == "\r"
        {
          end += 1
        }
        if end >= scalars.count || scalars[end] == "\n" {
          index = end
          return
        }
        while index < scalars.count, scalars[index] != "\n" { index += 1 }
      }
    }
  }
}
