/// Follows a POSIX shell script's quoting, character by character (Unicode
/// scalars: a shell sees bytes, so a quote followed by a combining mark is
/// still a quote), far enough to say of each placeholder whether it is
/// outside quotes, in `'…'` or in `"…"`, whether it starts a shell word,
/// and whether it is somewhere quoting cannot make safe (see
/// `ShellScript`). It reads `\` escapes, `'…'`, `"…"`, `$'…'`, `` `…` ``,
/// `$(…)`, `$((…))`, `((…))`, `$[…]`, `${…}`, comments, `<(…)`, here-document
/// operators and the words of simple commands (to know the command name).
/// Where it could lose track (quotes inside `${…}` or `$((…))`, `case`
/// inside `$(…)`, a here-document's body) every later placeholder is
/// refused rather than guessed.
struct ShellScriptLexer {
  /// One thing of the script: a character, or a placeholder.
  enum Item {
    case scalar(Unicode.Scalar)
    case placeholder(String)
  }

  /// What the characters being read are inside.
  enum Frame {
    /// Commands: the whole script, or `$(…)`, `<(…)` (`substitution`).
    case code(substitution: Bool)
    case single, double, ansiC, backtick
    /// `${…}`, its open braces.
    case parameter(depth: Int)
    /// `$((…))`, `((…))` (closed by `))`) or `$[…]` (by `]`); open
    /// brackets inside.
    case arithmetic(close: Unicode.Scalar, depth: Int)
    case comment
  }

  /// The simple command being read in a code frame.
  struct Command {
    /// Open `(` of subshells inside this frame.
    var parens = 0
    /// The next word names the command (not yet seen a command name).
    var atCommandName = true
    /// The word being read is the target of a redirection.
    var redirection = false
    /// A `<<` here-document operator was seen on this line.
    var hereDocument = false
    /// The word being read, as written (quotes included).
    var word = ""
    var inWord = false
    /// The word has text besides quote characters.
    var hasText = false
    /// Why placeholders in the rest of this simple command are refused
    /// ("in the words of eval"), if they are.
    var refusal: String?
    /// The interpreter this simple command runs, when it is one, and the
    /// name it was given by.
    var interpreter: Interpreter?
    var interpreterName = ""
  }

  private let items: [Item]
  private var index = 0
  private var frames: [Frame] = [.code(substitution: false)]
  /// One per `.code` frame: the innermost is the current command.
  private var commands = [Command()]
  private var segments: [ShellScript.Segment] = []
  private var text = ""
  /// Why every later placeholder is refused, once the lexer cannot follow.
  private var lost: String?

  /// Words that leave the next word in command-name position.
  static let prefixWords: Set<String> = [
    "if", "then", "else", "elif", "fi", "do", "done", "while", "until", "time", "!", "{", "}",
    "esac", "exec", "command", "builtin", "nohup",
  ]

  private init(items: [Item]) {
    self.items = items
  }

  /// The segments of a script given as text pieces and placeholders.
  static func segments(of pieces: [ShellScript.Piece]) throws(ShellScript.Refusal)
    -> [ShellScript.Segment]
  {
    var items: [Item] = []
    for piece in pieces {
      switch piece {
      case .text(let text): items += text.unicodeScalars.map(Item.scalar)
      case .placeholder(let name): items.append(.placeholder(name))
      }
    }
    var lexer = ShellScriptLexer(items: items)
    try lexer.run()
    return lexer.segments
  }

  private mutating func run() throws(ShellScript.Refusal) {
    var firstPlaceholder: String?
    while index < items.count {
      switch items[index] {
      case .placeholder(let name):
        firstPlaceholder = firstPlaceholder ?? name
        try placeholder(name)
        index += 1
      case .scalar(let scalar):
        try step(scalar)
      }
    }
    if !text.isEmpty { segments.append(.text(text)) }
    if case .comment = frames[frames.count - 1] { pop() }  // a comment ends the script
    if let firstPlaceholder, frames.count > 1 {
      throw ShellScript.Refusal(
        name: firstPlaceholder,
        reason: "in a script whose quote, substitution or expansion is never closed")
    }
  }

  // MARK: - Placeholders

  private mutating func placeholder(_ name: String) throws(ShellScript.Refusal) {
    func refuse(_ reason: String) -> ShellScript.Refusal {
      ShellScript.Refusal(name: name, reason: reason)
    }
    if let lost { throw refuse(lost) }
    let context: ShellScript.Context
    switch frames[frames.count - 1] {
    case .code: context = .unquoted
    case .single: context = .singleQuoted
    case .double: context = .doubleQuoted
    case .ansiC: throw refuse("inside $'…'")
    case .backtick: throw refuse("inside `…` (write $(…) instead)")
    case .parameter: throw refuse("inside ${…}")
    case .arithmetic: throw refuse("inside an arithmetic expression")
    case .comment: throw refuse("in a comment")
    }
    var command = commands[commands.count - 1]
    if let refusal = command.refusal { throw refuse(refusal) }
    if let interpreter = command.interpreter, command.word.hasPrefix("-"),
      Self.isCodeOption(command.word, of: interpreter)
    {
      throw refuse("in the code of a nested \(command.interpreterName) \(command.word)")
    }
    if command.atCommandName && !command.redirection && !Self.isAssignment(command.word) {
      throw refuse("the name of a command")
    }
    let startsWord = !command.hasText
    command.inWord = true
    command.hasText = true
    command.word += "\u{FFFC}"
    commands[commands.count - 1] = command
    if !text.isEmpty { segments.append(.text(text)) }
    text = ""
    segments.append(.placeholder(name: name, context: context, startsWord: startsWord))
  }

  // MARK: - Characters

  private func peek(_ offset: Int) -> Unicode.Scalar? {
    guard index + offset < items.count, case .scalar(let scalar) = items[index + offset] else {
      return nil
    }
    return scalar
  }

  private func isPlaceholder(at offset: Int) -> Bool {
    guard index + offset < items.count, case .placeholder = items[index + offset] else {
      return false
    }
    return true
  }

  private func placeholderName(at offset: Int) -> String {
    if index + offset < items.count, case .placeholder(let name) = items[index + offset] {
      return name
    }
    return ""
  }

  /// Copies `count` scalars to the output and moves past them.
  private mutating func take(_ count: Int = 1) {
    for _ in 0..<count {
      if let scalar = peek(0) { text.unicodeScalars.append(scalar) }
      index += 1
    }
  }

  private mutating func push(_ frame: Frame) {
    frames.append(frame)
    if case .code = frame { commands.append(Command()) }
  }

  private mutating func pop() {
    if case .code = frames.removeLast() { commands.removeLast() }
  }

  private mutating func step(_ scalar: Unicode.Scalar) throws(ShellScript.Refusal) {
    switch frames[frames.count - 1] {
    case .code(let substitution): try code(scalar, substitution: substitution)
    case .single:
      if scalar == "'" { pop() } else { markText() }
      take()
    case .double: try double(scalar)
    case .ansiC, .backtick:
      let close: Unicode.Scalar = {
        if case .ansiC = frames[frames.count - 1] { return "'" }
        return "`"
      }()
      if scalar == "\\" {
        take(isPlaceholder(at: 1) ? 1 : 2)
      } else {
        if scalar == close { pop() }
        take()
      }
    case .parameter(let depth):
      if "'\"`$\\".unicodeScalars.contains(scalar) {
        lost = lost ?? "after a ${…} with quotes or expansions inside"
      }
      if scalar == "{" { frames[frames.count - 1] = .parameter(depth: depth + 1) }
      if scalar == "}" {
        if depth == 1 { pop() } else { frames[frames.count - 1] = .parameter(depth: depth - 1) }
      }
      take()
    case .arithmetic(let close, let depth):
      if "'\"`\\".unicodeScalars.contains(scalar) || (scalar == "$" && peek(1) == "(") {
        lost = lost ?? "after an arithmetic expression with quotes or substitutions inside"
      }
      let open: Unicode.Scalar = close == "]" ? "[" : "("
      if scalar == open {
        frames[frames.count - 1] = .arithmetic(close: close, depth: depth + 1)
        take()
      } else if scalar == close && depth > 0 {
        frames[frames.count - 1] = .arithmetic(close: close, depth: depth - 1)
        take()
      } else if scalar == close {
        pop()
        // `))` closes `$((`; a lone `)` means it was `$( (…) )` after all.
        if close == ")" && peek(1) == ")" {
          take(2)
        } else {
          lost = lost ?? "after a $(( that is not an arithmetic expression"
          take()
        }
      } else {
        take()
      }
    case .comment:
      if scalar == "\n" { pop() } else { take() }
    }
  }

  /// `$` in code or inside `"…"`.
  private mutating func dollar(inDoubleQuotes: Bool) throws(ShellScript.Refusal) {
    if isPlaceholder(at: 1) {
      throw ShellScript.Refusal(name: placeholderName(at: 1), reason: "right after $")
    }
    markText()
    switch peek(1) {
    case "(":
      if peek(2) == "(" {
        take(3)
        frames.append(.arithmetic(close: ")", depth: 0))
      } else {
        take(2)
        push(.code(substitution: true))
      }
    case "{":
      take(2)
      frames.append(.parameter(depth: 1))
    case "[":
      take(2)
      frames.append(.arithmetic(close: "]", depth: 0))
    case "'" where !inDoubleQuotes:
      take(2)
      frames.append(.ansiC)
    case "\"" where !inDoubleQuotes:
      take(2)
      frames.append(.double)
    default:
      take()
    }
  }

  private mutating func double(_ scalar: Unicode.Scalar) throws(ShellScript.Refusal) {
    switch scalar {
    case "\\":
      if isPlaceholder(at: 1) {
        throw ShellScript.Refusal(
          name: placeholderName(at: 1), reason: "right after a backslash")
      }
      markText()
      take(2)
    case "\"":
      pop()
      take()
    case "`":
      markText()
      take()
      frames.append(.backtick)
    case "$":
      try dollar(inDoubleQuotes: true)
    default:
      markText()
      take()
    }
  }

  private mutating func code(_ scalar: Unicode.Scalar, substitution: Bool) throws(ShellScript
    .Refusal)
  {
    switch scalar {
    case "\\":
      if isPlaceholder(at: 1) {
        throw ShellScript.Refusal(
          name: placeholderName(at: 1), reason: "right after a backslash")
      }
      if peek(1) == "\n" {
        take(2)  // a line continued
      } else {
        addToWord(scalar)
        if let next = peek(1) { addToWord(next) }
        take(2)
      }
    case "'":
      addToWord(scalar, isText: false)
      take()
      frames.append(.single)
    case "\"":
      addToWord(scalar, isText: false)
      take()
      frames.append(.double)
    case "`":
      addToWord(scalar)
      take()
      frames.append(.backtick)
    case "$":
      addToWord(scalar)
      try dollar(inDoubleQuotes: false)
    case "#" where !commands[commands.count - 1].inWord:
      take()
      frames.append(.comment)
    case " ", "\t":
      endWord()
      take()
    case "\n":
      endWord()
      if commands[commands.count - 1].hereDocument {
        lost = lost ?? "in a here-document"
      }
      separator()
      take()
    case ";", "|":
      endWord()
      separator()
      take()
    case "&":
      endWord()
      if peek(1) == ">" {
        take()
        redirection()
      } else {
        separator()
        take()
      }
    case "(":
      endWord()
      if commands[commands.count - 1].atCommandName && peek(1) == "(" {
        take(2)
        frames.append(.arithmetic(close: ")", depth: 0))
      } else {
        commands[commands.count - 1].parens += 1
        separator()
        take()
      }
    case ")":
      endWord()
      if commands[commands.count - 1].parens > 0 {
        commands[commands.count - 1].parens -= 1
        separator()
        take()
      } else if substitution {
        take()
        pop()
      } else {
        separator()
        take()
      }
    case "<", ">":
      if peek(1) == "(" {
        // <(…) and >(…): a command's output as a file name.
        addToWord(scalar)
        take(2)
        push(.code(substitution: true))
        return
      }
      // `2>`: the digits belong to the operator, not a word.
      let current = commands[commands.count - 1]
      if current.inWord && !current.word.isEmpty
        && current.word.unicodeScalars.allSatisfy({ ("0"..."9").contains($0) })
      {
        commands[commands.count - 1].inWord = false
        commands[commands.count - 1].word = ""
        commands[commands.count - 1].hasText = false
      } else {
        endWord()
      }
      redirection()
    default:
      addToWord(scalar)
      take()
    }
  }

  /// Reads a redirection operator at `index` (`<`, `>>`, `>&`, `<<-`,
  /// `<<<` …); the next word is its target.
  private mutating func redirection() {
    var operatorText = ""
    while let next = peek(0), "<>&|-".unicodeScalars.contains(next), operatorText.count < 3 {
      operatorText.unicodeScalars.append(next)
      take()
    }
    if operatorText.hasPrefix("<<") && !operatorText.hasPrefix("<<<") {
      commands[commands.count - 1].hereDocument = true
    }
    commands[commands.count - 1].redirection = true
  }

  // MARK: - Words

  /// The current word has text (a quoted part's characters count too).
  private mutating func markText() {
    commands[commands.count - 1].inWord = true
    commands[commands.count - 1].hasText = true
  }

  private mutating func addToWord(_ scalar: Unicode.Scalar, isText: Bool = true) {
    var command = commands[commands.count - 1]
    command.inWord = true
    if isText { command.hasText = true }
    command.word.unicodeScalars.append(scalar)
    commands[commands.count - 1] = command
  }

  /// A command ends: the next word names a command again.
  private mutating func separator() {
    var command = commands[commands.count - 1]
    command.atCommandName = true
    command.redirection = false
    command.refusal = nil
    command.interpreter = nil
    commands[commands.count - 1] = command
  }

  private mutating func endWord() {
    var command = commands[commands.count - 1]
    guard command.inWord else { return }
    let word = command.word
    let bare = String(
      String.UnicodeScalarView(word.unicodeScalars.filter { !"'\"\\".unicodeScalars.contains($0) })
    )
    if command.redirection {
      command.redirection = false
    } else if command.atCommandName {
      if Self.prefixWords.contains(bare) || Self.isAssignment(word) {
        // Still before the command's name.
      } else {
        command.atCommandName = false
        if bare == "eval" {
          command.refusal = "in the words of eval, which runs them as code"
        } else if bare == "case" && frames.count > 1 {
          lost = lost ?? "after a case inside $(…)"
        }
        noteInterpreter(bare, in: &command, isName: true)
      }
    } else if let interpreter = command.interpreter {
      if command.refusal == nil && Self.isCodeOption(bare, of: interpreter) {
        command.refusal = "in the code of a nested \(command.interpreterName) \(bare)"
      }
    } else {
      // `env sh -c …`, `xargs sh -c …`, `find … -exec sh -c …`: its code
      // options count from here on.
      noteInterpreter(bare, in: &command, isName: false)
    }
    command.inWord = false
    command.word = ""
    command.hasText = false
    commands[commands.count - 1] = command
  }

  /// Notes that `command` may run `name` when it is an interpreter; one
  /// whose operands are code (awk, ssh) refuses placeholders from here on
  /// when it is the command's name (`isName`; as a later word, `notify-send
  /// watch {title}`, it is only text).
  private func noteInterpreter(_ name: String, in command: inout Command, isName: Bool) {
    guard let interpreter = Interpreter.named(name) else { return }
    command.interpreter = interpreter
    command.interpreterName = name
    if isName && interpreter.codeOperand != nil && command.refusal == nil {
      command.refusal = "in a command of a nested \(name), which runs its words as code"
    }
  }

  /// Whether `word` is one of `interpreter`'s options that give it code.
  static func isCodeOption(_ word: String, of interpreter: Interpreter) -> Bool {
    let lowered = interpreter.caseInsensitive ? word.lowercased() : word
    if interpreter.codeOptions.contains(String(lowered.prefix { $0 != "=" })) { return true }
    guard word.hasPrefix("-"), !word.hasPrefix("--") else { return false }
    return word.dropFirst().contains { interpreter.codeLetters.contains($0) }
  }

  /// `NAME=` or `NAME+=` at the start of a word: an assignment, not a
  /// command name.
  static func isAssignment(_ word: String) -> Bool {
    var name = 0
    var scalars = word.unicodeScalars.makeIterator()
    while let scalar = scalars.next() {
      if scalar == "=" { return name > 0 }
      if scalar == "+" { return name > 0 && scalars.next() == "=" }
      let isNameCharacter =
        scalar.isASCII
        && (scalar.properties.isAlphabetic || scalar == "_"
          || (name > 0 && ("0"..."9").contains(scalar)))
      guard isNameCharacter else { return false }
      name += 1
    }
    return false
  }
}
