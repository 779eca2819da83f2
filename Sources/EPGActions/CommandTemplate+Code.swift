import Foundation

/// Templates whose program runs code given in an argument (issue 25): the
/// script of a POSIX shell called with `-c` gets its placeholders quoted
/// (`ShellScript`); a placeholder in code for any other interpreter is
/// refused when the template is read, with the safe form in the message.
extension CommandTemplate {
  /// The script words of `words` that have placeholders, by index, read
  /// for quoting. The program is found through wrappers (`env`, `busybox`,
  /// `nice`, `timeout` … : `ProgramWrapper`), given by name or path; a
  /// shell's options (`bash -e -c`, `-ec`, `-o pipefail`) are read as the
  /// shell reads them; words after the script (`$0`, `$1` …) are ordinary
  /// arguments.
  static func codeWords(in words: [String]) throws(ParseError) -> [Int: ShellScript] {
    var program = 0
    var wrappers: [String] = []
    while let wrapper = ProgramWrapper.named(words[program]) {
      switch wrapper.program(in: words, after: program) {
      case .program(let index):
        wrappers.append(words[program])
        program = index
      case .none:
        try refuseHiddenCode(in: words, after: program, under: words[program])
        return [:]
      case .splitting(let option, let start):
        if let name = words[start...].lazy.compactMap(firstPlaceholder).first {
          throw ParseError(
            message:
              "{\(name)} is among the words that \(words[program]) \(option) splits again or "
              + "hands to a shell, which tvgrid cannot quote for; "
              + Self.advice(for: name))
        }
        return [:]
      }
    }
    if program > 0, let name = firstPlaceholder(words[program]) {
      throw ParseError(
        message: "the program that \(wrappers.joined(separator: " ")) runs cannot be a "
          + "placeholder ({\(name)})")
    }
    guard let interpreter = Interpreter.named(words[program]) else {
      try refuseHiddenCode(in: words, after: program, under: words[program])
      return [:]
    }
    let shown = shortName(words[program])
    let code = interpreter.code(in: words, program: program)
    if let file = code.scriptFile, let name = firstPlaceholder(words[file]) {
      throw ParseError(
        message: "{\(name)} would name the script file that \(shown) runs; "
          + safeForm(interpreter, name))
    }
    var scripts: [Int: ShellScript] = [:]
    for index in code.words {
      guard let name = firstPlaceholder(words[index]) else { continue }
      guard interpreter.isPOSIXShell else {
        throw ParseError(
          message: "{\(name)} is in the code that \(shown) runs, where text from the guide "
            + "or playlist would run as \(shown) code; " + safeForm(interpreter, name))
      }
      do throws(ShellScript.Refusal) {
        scripts[index] = try ShellScript(words[index], placeholders: placeholders)
      } catch {
        throw ParseError(
          message: "{\(error.name)} in the script of \(shown) -c is \(error.reason): quoting "
            + "cannot make it safe there; " + safeForm(interpreter, error.name))
      }
    }
    return scripts
  }

  /// Refuses a placeholder in code that an interpreter named after the
  /// program runs (`sudo -u tv sh -c '… {title}'`, `xargs python3 -c …`):
  /// tvgrid cannot tell how the program hands it on, so it cannot quote.
  /// Only code given with the interpreter's code option counts here, so a
  /// word that merely equals a name (`--lang es`) is left alone.
  static func refuseHiddenCode(in words: [String], after program: Int, under wrapper: String)
    throws(ParseError)
  {
    for index in (program + 1)..<max(program + 1, words.count) {
      guard let interpreter = Interpreter.named(words[index]) else { continue }
      guard Self.hasCodeOption(words[(index + 1)...], interpreter),
        let name = interpreter.code(in: words, program: index).words.lazy.compactMap({
          firstPlaceholder(words[$0])
        }).first
      else { continue }
      let shown = shortName(words[index])
      throw ParseError(
        message: "{\(name)} is in code that \(shown) runs under \(shortName(wrapper)), "
          + "which tvgrid cannot quote for; run \(shown) as the program, or "
          + safeForm(interpreter, name))
    }
  }

  /// Whether `words` hold one of `interpreter`'s code options.
  static func hasCodeOption(_ words: ArraySlice<String>, _ interpreter: Interpreter) -> Bool {
    words.contains { ShellScriptLexer.isCodeOption($0, of: interpreter) }
  }

  /// The interpreter's safe form for placeholder `name`.
  static func safeForm(_ interpreter: Interpreter, _ name: String) -> String {
    interpreter.safeForm.replacingOccurrences(of: "{title}", with: "{\(name)}")
  }

  /// The advice when no interpreter is known.
  static func advice(for name: String) -> String {
    #"pass it as an argument after a script instead: sh -c '… "$1" …' sh {"# + name + "}"
  }

  /// The first known placeholder's name in `word`, if any.
  static func firstPlaceholder(_ word: String) -> String? {
    placeholderNames(in: word).first { placeholders.contains($0) }
  }

  /// A program's file name (`/bin/sh` → `sh`).
  static func shortName(_ program: String) -> String {
    program.split(separator: "/").last.map(String.init) ?? program
  }
}
