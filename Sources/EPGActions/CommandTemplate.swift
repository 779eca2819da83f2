/// A command template from the config (`command NAME = …`,
/// `notify_command = …`, `player = …`): the program and its arguments as
/// words, with `{placeholder}`s to fill in for one programme. Nothing goes
/// through a shell: the template is split into words once, by these rules:
/// - words are separated by spaces and tabs;
/// - `'…'` keeps everything inside as written;
/// - `"…"` keeps everything inside, except that `\"` and `\\` stand for
///   `"` and `\`;
/// - outside quotes, `\` makes the next character literal.
/// No other shell syntax exists: `$`, `` ` ``, `;`, `|`, `*`, `~` are
/// ordinary characters.
///
/// Placeholders (`CommandTemplate.placeholders`, filled from
/// `ProgrammeFields`) are replaced inside the words that contain them, in
/// one pass; each word stays one argument whatever the value holds. A
/// value that would make a whole word start with `-` (and so read as an
/// option) gets a leading space. The program itself cannot be a
/// placeholder, and an unknown `{name}` is an error (a typo would
/// otherwise reach the program as written).
///
/// A word that a program runs as code is different (`+Code`): in the
/// script of a POSIX shell called with `-c` (`sh -c "ffmpeg … >
/// {title}.ts"`) each placeholder becomes one single-quoted shell word
/// (`ShellScript`); in code for another interpreter (`python3 -c`, `perl
/// -e`, `fish -c` …: `Interpreter`) a placeholder is refused here.
public struct CommandTemplate: Hashable, Sendable {
  /// The template's words, placeholders unexpanded; never empty.
  public let words: [String]
  /// The words (by index) a POSIX shell runs as its script, with
  /// placeholders in them.
  let scripts: [Int: ShellScript]

  /// Every placeholder a template may use.
  public static let placeholders: Set<String> = [
    "title", "subtitle", "channel", "channel_id", "number", "start", "stop", "start_iso",
    "stop_iso", "duration", "url", "episode",
  ]

  /// Why a template cannot be used; `description` is the message.
  public struct ParseError: Error, Hashable, Sendable, CustomStringConvertible {
    public var message: String
    public init(message: String) { self.message = message }
    public var description: String { message }
  }

  /// Splits `template` into words (see the type's rules) and checks it.
  public init(_ template: String) throws(ParseError) {
    var words: [String] = []
    var word = ""
    var inWord = false
    var quote: Character?
    var escaped = false
    for character in template {
      if escaped {
        word.append(character)
        escaped = false
        continue
      }
      switch (quote, character) {
      case ("'", "'"), ("\"", "\""):
        quote = nil
      case ("'", _):
        word.append(character)
      case ("\"", "\\"):
        escaped = true
      case ("\"", _):
        word.append(character)
      case (nil, " "), (nil, "\t"):
        if inWord { words.append(word) }
        word = ""
        inWord = false
      case (nil, "'"), (nil, "\""):
        quote = character
        inWord = true
      case (nil, "\\"):
        escaped = true
        inWord = true
      default:
        word.append(character)
        inWord = true
      }
    }
    if quote != nil { throw ParseError(message: "a quote in the command is never closed") }
    if escaped { throw ParseError(message: "the command ends with a lone \\") }
    if inWord { words.append(word) }
    guard let program = words.first, !program.isEmpty else {
      throw ParseError(message: "the command is empty")
    }
    for word in words {
      for name in Self.placeholderNames(in: word) where !Self.placeholders.contains(name) {
        let known = Self.placeholders.sorted().map { "{\($0)}" }.joined(separator: " ")
        throw ParseError(message: "unknown placeholder {\(name)} (known: \(known))")
      }
    }
    if !Self.placeholderNames(in: program).isEmpty {
      throw ParseError(message: "the program name cannot be a placeholder")
    }
    self.words = words
    scripts = try Self.codeWords(in: words)
  }

  /// The program as written (a name looked up on PATH, or a path).
  public var program: String { words[0] }

  /// Whether any word uses placeholder `name` (without braces).
  public func uses(_ name: String) -> Bool {
    words.contains { Self.placeholderNames(in: $0).contains(name) }
  }

  /// The argument vector (program first) with the placeholders filled
  /// from `values` (keys without braces; a missing key gives ""). Words
  /// for which `keep` says false are left out (a player drops `{url}`,
  /// which it places itself).
  public func arguments(
    _ values: [String: String], keep: (String) -> Bool = { _ in true }
  ) -> [String] {
    var arguments = [program]
    for (index, word) in words.enumerated().dropFirst() where keep(word) {
      if let script = scripts[index] {
        arguments.append(script.expanded(values))
        continue
      }
      var argument = Self.expand(word, values)
      if argument.hasPrefix("-") && !word.hasPrefix("-") { argument = " " + argument }
      arguments.append(argument)
    }
    return arguments
  }

  /// The names of the `{name}` placeholders in `word` (a name is lower-case
  /// letters, digits and `_`).
  static func placeholderNames(in word: String) -> [String] {
    var names: [String] = []
    var rest = Substring(word)
    while let open = rest.firstIndex(of: "{") {
      rest = rest[rest.index(after: open)...]
      guard let close = rest.firstIndex(of: "}") else { break }
      let name = rest[..<close]
      if !name.isEmpty,
        name.unicodeScalars.allSatisfy({
          ("a"..."z").contains($0) || ("0"..."9").contains($0) || $0 == "_"
        })
      {
        names.append(String(name))
        rest = rest[rest.index(after: close)...]
      }
    }
    return names
  }

  /// `word` with every `{name}` that is a key of `values` (or a known
  /// placeholder, as "") replaced, in one pass: a value is never searched
  /// for placeholders again.
  static func expand(_ word: String, _ values: [String: String]) -> String {
    var result = ""
    var rest = Substring(word)
    while let open = rest.firstIndex(of: "{") {
      result += rest[..<open]
      rest = rest[open...]
      if let close = rest.firstIndex(of: "}") {
        let name = String(rest[rest.index(after: open)..<close])
        if let value = values[name] ?? (placeholders.contains(name) ? "" : nil) {
          result += value
          rest = rest[rest.index(after: close)...]
          continue
        }
      }
      result.append("{")
      rest = rest.dropFirst()
    }
    return result + rest
  }
}
