import EPGActions

/// libFuzzer target: the command-template engine (`CommandTemplate`: word
/// splitting, placeholders, finding a shell's script or another
/// interpreter's code, quoting for the shell). The input is a template,
/// then NUL-separated values for the placeholders. Reading may refuse the
/// template; it never crashes. For a template it accepts:
/// - there is one argument per word, the program first and unchanged;
/// - a word without placeholders is its argument as written;
/// - a word with placeholders that is not a shell's script is the word
///   with each placeholder replaced by its value (a leading space when the
///   value would start the word with `-`), by this target's own
///   replacement;
/// - a shell's script (any other word) means the same to a shell with the
///   values as with plain stand-ins: split into shell words and operators
///   and unquoted by this target's own small reader of POSIX quoting
///   (XCU 2.2, 2.3), it gives the same tokens, each stand-in replaced by
///   its value. The check covers scripts of quotes, `\`, words and
///   operators (not `$(…)`, `${…}`, `` ` ``, comments or line breaks,
///   which the reader does not know).
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzCommandTemplate(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
  let parts = UnsafeBufferPointer(start: data, count: size).split(
    separator: 0, omittingEmptySubsequences: false
  ).map { String(decoding: $0, as: UTF8.self) }
  guard let text = parts.first, let template = try? CommandTemplate(text) else { return 0 }
  let names = CommandTemplate.placeholders.sorted()
  var values: [String: String] = [:]
  var standIns: [String: String] = [:]
  for (index, name) in names.enumerated() {
    values[name] = parts.count > 1 ? parts[1 + index % (parts.count - 1)] : ""
    // Private-use characters: nothing a shell reads specially.
    standIns[name] = "\u{E000}\(index)\u{E001}"
  }
  let arguments = template.arguments(values)
  let plain = template.arguments(standIns)
  guard arguments.count == template.words.count, arguments.first == template.program else {
    fatalError("arguments \(arguments) for words \(template.words)")
  }
  for (index, word) in template.words.enumerated().dropFirst() {
    let argument = arguments[index]
    guard word.contains("{") else {
      guard argument == word else { fatalError("\(word.debugDescription) became \(argument)") }
      continue
    }
    if argument == replaced(word, values) { continue }
    // A shell's script: the same tokens as with the stand-ins.
    guard let expected = ShellWords.tokens(of: plain[index]) else { continue }
    guard let got = ShellWords.tokens(of: argument) else {
      fatalError("script \(argument.debugDescription) does not read")
    }
    guard got.count == expected.count,
      zip(got, expected).allSatisfy({
        matches(Array($0.unicodeScalars)[...], pieces(of: $1, standIns, values)[...])
      })
    else { fatalError("script \(argument.debugDescription) reads \(got) for \(expected)") }
  }
  return 0
}

/// `word` with each `{name}` of `values` replaced, once, left to right; a
/// value that would start the word with `-` gets a leading space.
func replaced(_ word: String, _ values: [String: String]) -> String {
  var result = ""
  var rest = Substring(word)
  while let open = rest.firstIndex(of: "{") {
    result += rest[..<open]
    let after = rest.index(after: open)
    if let close = rest[after...].firstIndex(of: "}"),
      let value = values[String(rest[after..<close])]
    {
      result += value
      rest = rest[rest.index(after: close)...]
    } else {
      result += "{"
      rest = rest[after...]
    }
  }
  result += rest
  return result.hasPrefix("-") && !word.hasPrefix("-") ? " " + result : result
}

/// A token read with the stand-ins, as text and values (Unicode scalars:
/// a shell reads bytes, not grapheme clusters).
enum Piece {
  case text([Unicode.Scalar])
  case value([Unicode.Scalar])
}

func pieces(of token: String, _ standIns: [String: String], _ values: [String: String])
  -> [Piece]
{
  var result: [Piece] = []
  var text: [Unicode.Scalar] = []
  var scalars = Array(token.unicodeScalars)[...]
  while let scalar = scalars.popFirst() {
    guard scalar == "\u{E000}", let close = scalars.firstIndex(of: "\u{E001}") else {
      text.append(scalar)
      continue
    }
    let standIn = "\u{E000}" + String(String.UnicodeScalarView(scalars[..<close])) + "\u{E001}"
    scalars = scalars[(close + 1)...]
    result.append(.text(text))
    text = []
    let name = standIns.first { $0.value == standIn }?.key ?? ""
    result.append(.value(Array((values[name] ?? "").unicodeScalars)))
  }
  result.append(.text(text))
  return result
}

/// Whether `token` is `pieces` in order; a value that starts with `-` may
/// have a space before it (where it starts a shell word).
func matches(_ token: ArraySlice<Unicode.Scalar>, _ pieces: ArraySlice<Piece>) -> Bool {
  guard let first = pieces.first else { return token.isEmpty }
  switch first {
  case .text(let text):
    return token.starts(with: text) && matches(token.dropFirst(text.count), pieces.dropFirst())
  case .value(let value):
    if token.starts(with: value) && matches(token.dropFirst(value.count), pieces.dropFirst()) {
      return true
    }
    let spaced = [" "] + value
    return value.first == "-" && token.starts(with: spaced)
      && matches(token.dropFirst(spaced.count), pieces.dropFirst())
  }
}

/// A small reader of POSIX shell quoting for the check: splits a script
/// into words (quotes removed) and operator characters, or nil for a
/// script with what it does not read.
enum ShellWords {
  static func tokens(of script: String) -> [String]? {
    var tokens: [String] = []
    var word = ""
    var inWord = false
    var scalars = Array(script.unicodeScalars)[...]
    func end() {
      if inWord { tokens.append(word) }
      word = ""
      inWord = false
    }
    while let scalar = scalars.popFirst() {
      switch scalar {
      case "`", "\n": return nil
      case "#" where !inWord: return nil
      case "\\":
        // Outside quotes: the next character as it is.
        guard let next = scalars.popFirst() else { return nil }
        if next == "\n" { continue }
        word.unicodeScalars.append(next)
        inWord = true
      case "$":
        if let next = scalars.first, "({'\"[".unicodeScalars.contains(next) { return nil }
        word.unicodeScalars.append(scalar)
        inWord = true
      case " ", "\t": end()
      case ";", "|", "&", "(", ")", "<", ">":
        end()
        tokens.append(String(scalar))
      case "'":
        inWord = true
        while true {
          guard let next = scalars.popFirst() else { return nil }
          if next == "'" { break }
          word.unicodeScalars.append(next)
        }
      case "\"":
        inWord = true
        while true {
          guard let next = scalars.popFirst() else { return nil }
          if next == "\"" { break }
          if next == "`" { return nil }
          if next == "$", let after = scalars.first, "({[".unicodeScalars.contains(after) {
            return nil
          }
          if next == "\\", let after = scalars.first, "$`\"\\\n".unicodeScalars.contains(after) {
            scalars.removeFirst()
            if after != "\n" { word.unicodeScalars.append(after) }
            continue
          }
          word.unicodeScalars.append(next)
        }
      default:
        word.unicodeScalars.append(scalar)
        inWord = true
      }
    }
    end()
    return tokens
  }
}
