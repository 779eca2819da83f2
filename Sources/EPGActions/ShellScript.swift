/// The script of a template word that a POSIX shell runs (`sh -c SCRIPT`,
/// found by `CommandTemplate.codeWords`), split where its placeholders are.
///
/// Each placeholder is put into the script as one single-quoted shell word,
/// whatever the value holds (`'…'`, a `'` in the value written `'\''`, as
/// fzf quotes its `{}`), so the script gets the value exactly as `"$1"`
/// would give it. Where it is written decides how (`ShellScriptLexer`
/// follows the script's quoting up to it):
/// - outside quotes: `'value'`;
/// - inside `'…'`: the value with each `'` written `'\''`;
/// - inside `"…"`: `"'value'"` (the double quote is closed and reopened).
///
/// A value that would start a shell word with `-` gets a leading space, as
/// in a plain argument. A placeholder anywhere else in a script (after `\`
/// or `$`, in a comment, in `` `…` ``, `${…}`, `$((…))`, `$'…'` or a
/// here-document, as the name of a command, in an `eval` or a nested
/// `sh -c`) is refused when the template is read: quoting could not make it
/// safe there.
struct ShellScript: Hashable, Sendable {
  /// A piece of the script: text as written, or a placeholder and how it
  /// is quoted.
  enum Segment: Hashable, Sendable {
    case text(String)
    case placeholder(name: String, context: Context, startsWord: Bool)
  }

  /// The quoting a placeholder is in.
  enum Context: Hashable, Sendable {
    case unquoted, singleQuoted, doubleQuoted
  }

  /// Why a placeholder cannot be in the script.
  struct Refusal: Error, Hashable, Sendable {
    /// The placeholder's name, without braces.
    var name: String
    /// Where it is, completing "{name} is …": "right after a backslash".
    var reason: String
  }

  var segments: [Segment]

  /// Reads `script` (a word of a template; a `{name}` is a placeholder
  /// when `placeholders` has the name).
  init(_ script: String, placeholders: Set<String>) throws(Refusal) {
    var pieces: [Piece] = []
    var rest = Substring(script)
    while let open = rest.firstIndex(of: "{") {
      let after = rest.index(after: open)
      if let close = rest[after...].firstIndex(of: "}"),
        placeholders.contains(String(rest[after..<close]))
      {
        pieces.append(.text(String(rest[..<open])))
        pieces.append(.placeholder(String(rest[after..<close])))
        rest = rest[rest.index(after: close)...]
      } else {
        pieces.append(.text(String(rest[...open])))
        rest = rest[after...]
      }
    }
    pieces.append(.text(String(rest)))
    segments = try ShellScriptLexer.segments(of: pieces)
  }

  /// A piece of the script before it is lexed.
  enum Piece {
    case text(String)
    case placeholder(String)
  }

  /// The script with each placeholder replaced by its value from `values`
  /// (a missing one is ""), quoted for where it is.
  func expanded(_ values: [String: String]) -> String {
    var result = ""
    for segment in segments {
      switch segment {
      case .text(let text): result += text
      case .placeholder(let name, let context, let startsWord):
        var value = values[name] ?? ""
        if startsWord && value.hasPrefix("-") { value = " " + value }
        let escaped = Self.escapedForSingleQuotes(value)
        switch context {
        case .unquoted: result += "'" + escaped + "'"
        case .singleQuoted: result += escaped
        case .doubleQuoted: result += "\"'" + escaped + "'\""
        }
      }
    }
    return result
  }

  /// `value` with each `'` written `'\''` (close, an escaped quote, open).
  static func escapedForSingleQuotes(_ value: String) -> String {
    guard value.unicodeScalars.contains("'") else { return value }
    var result = ""
    for scalar in value.unicodeScalars {
      if scalar == "'" {
        result += "'\\''"
      } else {
        result.unicodeScalars.append(scalar)
      }
    }
    return result
  }
}
