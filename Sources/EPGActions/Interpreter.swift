/// A program that runs code given in one of its arguments: a POSIX shell
/// (`sh -c SCRIPT`), whose placeholders `ShellScript` quotes, or another
/// interpreter (`python3 -c CODE`, `perl -e CODE`, `fish -c CODE`, `awk
/// PROGRAM`, `ssh HOST COMMAND`), where a placeholder inside the code is
/// refused: tvgrid does not quote for those languages. A new interpreter is
/// one entry of `all`.
struct Interpreter: Sendable {
  /// Whether tvgrid quotes placeholders in its code (POSIX shells only).
  enum Language: Sendable {
    case posixShell, other
  }

  /// File names it goes by; a name ending in `*` also matches that name
  /// followed by version digits and dots (`python3.12`, `lua5.4`).
  var names: [String]
  var language: Language
  /// Option letters that mean code, alone or in a cluster (`-c`, `-ec`).
  /// For a shell the script is then its first operand; for the others the
  /// code is the rest of the cluster (`-e'print 1'`) or the next word.
  var codeLetters: Set<Character> = []
  /// Whole options (`--eval`, `-command`) whose value (`--eval=CODE` or
  /// the next word) is code.
  var codeOptions: Set<String> = []
  /// Option letters and whole options that take the next word as their
  /// value (so that word is not read as an operand).
  var valueLetters: Set<Character> = []
  var valueOptions: Set<String> = []
  /// Which operand (from 0) is code without a code option (awk's program,
  /// ssh's command after the host); nil when operands are never code.
  var codeOperand: Int?
  /// Option letters after which `codeOperand` is not code (`awk -f FILE`,
  /// `sed -e SCRIPT`, `watch -x`).
  var fileLetters: Set<Character> = []
  /// Whole options that name the script file (`pwsh -File`), so the
  /// operands after it are its arguments.
  var fileOptions: Set<String> = []
  /// Every word after the code is code too (`pwsh -Command`, `ssh`).
  var restIsCode = false
  /// Options compare ignoring case (PowerShell).
  var caseInsensitive = false
  /// How to pass a value instead, for the message (`{title}` stands for
  /// the placeholder).
  var safeForm: String

  /// Whether it is a POSIX shell.
  var isPOSIXShell: Bool { language == .posixShell }

  /// The interpreter a program (a name or a path) is, if any.
  static func named(_ program: String) -> Interpreter? {
    let name =
      program.split(separator: "/", omittingEmptySubsequences: false).last.map(
        String.init) ?? program
    return all.first { $0.matches(name) }
  }

  func matches(_ name: String) -> Bool {
    names.contains { pattern in
      guard pattern.hasSuffix("*") else { return pattern == name }
      let stem = pattern.dropLast()
      guard name.hasPrefix(stem) else { return false }
      return name.dropFirst(stem.count).allSatisfy { $0.isASCII && ($0.isNumber || $0 == ".") }
    }
  }

  /// Where the code is when this interpreter is `words[program]`.
  struct Code: Hashable, Sendable {
    /// Indices of the words that are code (for a shell, its script).
    var words: [Int] = []
    /// Index of the script file it runs (a shell without `-c`, `python3
    /// FILE`), if any.
    var scriptFile: Int?
  }

  /// Reads the options after `words[program]` as this interpreter does,
  /// closely enough to find every word that is code: where it cannot tell,
  /// it errs towards code (a refusal, never a word run unquoted).
  func code(in words: [String], program: Int) -> Code {
    var found = Code()
    var optionsEnded = false
    var sawCodeLetter = false
    var sawFileLetter = false
    var readsStandardInput = false
    var operand = 0
    var index = program + 1
    func takeRest(from start: Int) { found.words += Array(start..<words.count) }
    while index < words.count {
      let word = words[index]
      let lowered = caseInsensitive ? word.lowercased() : word
      if !optionsEnded && (word == "--" || (word == "-" && isPOSIXShell)) {
        optionsEnded = true
        index += 1
        continue
      }
      let isOption =
        !optionsEnded && word.count > 1
        && (word.hasPrefix("-") || (isPOSIXShell && word.hasPrefix("+")))
      if isOption {
        // A whole option: `--name`, `--name=value`, or PowerShell's `-Name`.
        let name = String(lowered.prefix { $0 != "=" })
        let hasValue = lowered.contains("=")
        if codeOptions.contains(name) {
          if hasValue {
            found.words.append(index)
            if restIsCode { takeRest(from: index + 1) }
          } else {
            if restIsCode {
              takeRest(from: index + 1)
            } else if index + 1 < words.count {
              found.words.append(index + 1)
            }
            index += 1
          }
          sawCodeLetter = true
          index += 1
          continue
        }
        if word.hasPrefix("--") || caseInsensitive {
          if fileOptions.contains(name) { sawFileLetter = true }
          if valueOptions.contains(name) && !hasValue { index += 1 }
          index += 1
          continue
        }
        // A cluster of letters: `-ec`, `-e CODE`, `-eCODE`, `-o pipefail`.
        let letters = Array(word.dropFirst())
        for (position, letter) in letters.enumerated() {
          let attached = position + 1 < letters.count
          if codeLetters.contains(letter) {
            sawCodeLetter = true
            if isPOSIXShell { continue }
            if attached {
              found.words.append(index)
              if restIsCode { takeRest(from: index + 1) }
            } else if restIsCode {
              takeRest(from: index + 1)
            } else if index + 1 < words.count {
              found.words.append(index + 1)
              index += 1
            }
            break
          }
          if fileLetters.contains(letter) { sawFileLetter = true }
          if letter == "s" && isPOSIXShell { readsStandardInput = true }
          if valueLetters.contains(letter) {
            if !attached { index += 1 }
            break
          }
        }
        index += 1
        continue
      }
      // An operand.
      optionsEnded = true
      if isPOSIXShell {
        if sawCodeLetter {
          found.words.append(index)
        } else if !readsStandardInput {
          found.scriptFile = index
        }
        break
      }
      if let codeOperand, !sawFileLetter, !sawCodeLetter || codeOperand > 0 {
        if operand == codeOperand {
          found.words.append(index)
          if restIsCode { takeRest(from: index + 1) }
          break
        }
      } else if !sawCodeLetter && !sawFileLetter && codeOperand == nil && operand == 0 {
        found.scriptFile = index
      }
      operand += 1
      index += 1
    }
    found.words = Array(Set(found.words)).sorted()
    return found
  }
}

extension Interpreter {
  /// The programs tvgrid knows to run code given in an argument.
  static let all: [Interpreter] = [
    Interpreter(
      names: [
        "sh", "ash", "dash", "bash", "rbash", "zsh", "ksh", "ksh93", "mksh", "lksh", "pdksh",
        "oksh", "loksh", "posh", "yash", "hush", "bosh",
      ],
      language: .posixShell, codeLetters: ["c"], valueLetters: ["o", "O", "T", "R"],
      valueOptions: ["--rcfile", "--init-file", "--emulate"],
      safeForm:
        #"pass it as an argument after the script and read it there: sh -c '… "$1" …' sh {title}"#),
    Interpreter(
      names: ["fish"], language: .other, codeLetters: ["c", "C"],
      codeOptions: ["--command", "--init-command"],
      safeForm: "pass it as a separate argument and read it there: fish -c '… $argv[1] …' {title}"),
    Interpreter(
      names: ["csh", "tcsh"], language: .other, codeLetters: ["c"],
      safeForm: "pass it as a separate argument and read it there: csh -c '… $argv[1] …' {title}"),
    Interpreter(
      names: ["elvish", "xonsh", "nushell"], language: .other,
      codeLetters: ["c"], codeOptions: ["--commands", "--command"],
      safeForm: "pass it as a separate argument and read it from the argument list"),
    Interpreter(
      names: ["python*", "pypy*"], language: .other, codeLetters: ["c", "m"],
      valueLetters: ["W", "X", "Q"],
      safeForm:
        "pass it as a separate argument and read it there: python3 -c '… sys.argv[1] …' {title}"),
    Interpreter(
      names: ["perl*"], language: .other, codeLetters: ["e", "E", "M", "m"],
      valueLetters: ["I", "x"],
      safeForm: "pass it as a separate argument and read it there: perl -e '… $ARGV[0] …' {title}"),
    Interpreter(
      names: ["ruby*", "jruby"], language: .other, codeLetters: ["e", "r"],
      valueLetters: ["I", "C", "E", "x"],
      safeForm: "pass it as a separate argument and read it there: ruby -e '… ARGV[0] …' {title}"),
    Interpreter(
      names: ["node", "nodejs", "bun", "deno"], language: .other, codeLetters: ["e", "p", "r"],
      codeOptions: ["--eval", "--print", "--require", "--import"],
      safeForm:
        "pass it as a separate argument and read it there: node -e '… process.argv[1] …' {title}"),
    Interpreter(
      names: ["pwsh", "pwsh-preview", "powershell"], language: .other,
      codeOptions: Interpreter.powerShellCodeOptions,
      valueOptions: [
        "-f", "-file", "-executionpolicy", "-ex", "-ep", "-inputformat", "-outputformat",
        "-workingdirectory", "-wd", "-configurationname", "-custompipename", "-settingsfile",
      ], fileOptions: ["-f", "-file"], restIsCode: true, caseInsensitive: true,
      safeForm:
        "pass it as an argument of a script file and read $args[0] there: pwsh -File script.ps1 {title}"
    ),
    Interpreter(
      names: ["php*"], language: .other, codeLetters: ["r", "B", "R", "E"],
      valueLetters: ["c", "d", "z", "F", "f"],
      safeForm: "pass it as a separate argument and read it there: php -r '… $argv[1] …' {title}"),
    Interpreter(
      names: ["lua*", "luajit"], language: .other, codeLetters: ["e", "l"],
      safeForm:
        "pass it as an argument of a script file and read arg[1] there: lua script.lua {title}"),
    Interpreter(
      names: ["Rscript"], language: .other, codeLetters: ["e"],
      safeForm:
        "pass it as a separate argument and read it there: Rscript -e '… commandArgs(TRUE)[1] …' {title}"
    ),
    Interpreter(
      names: ["julia*"], language: .other, codeLetters: ["e", "E", "L"],
      safeForm: "pass it as a separate argument and read it there: julia -e '… ARGS[1] …' {title}"),
    Interpreter(
      names: ["tclsh*", "wish*"], language: .other, codeLetters: [],
      safeForm: "pass it as an argument of a script file and read it from $argv"),
    Interpreter(
      names: ["awk", "gawk", "mawk", "nawk", "original-awk"], language: .other,
      codeLetters: ["e"], codeOptions: ["--source"], valueLetters: ["v", "F", "f"],
      valueOptions: ["--assign", "--field-separator", "--file"], codeOperand: 0,
      fileLetters: ["f"], fileOptions: ["--file"],
      safeForm:
        "pass it as a separate argument and read it there: awk 'BEGIN { print ARGV[1]; exit }' {title}"
    ),
    Interpreter(
      names: ["sed", "gsed"], language: .other, codeLetters: ["e"],
      codeOptions: ["--expression"], valueLetters: ["f", "l"], valueOptions: ["--file"],
      codeOperand: 0, fileLetters: ["f", "e"], fileOptions: ["--file", "--expression"],
      safeForm:
        "sed cannot read a value from an argument: use sh -c '… \"$1\" …' sh {title} instead"),
    Interpreter(
      names: ["ssh", "slogin"], language: .other,
      valueLetters: Set("BbcDEeFIiJLlmOopQRSWw"), codeOperand: 1, restIsCode: true,
      safeForm:
        "tvgrid cannot quote for the shell on the other machine; run a script there that reads its arguments"
    ),
    Interpreter(
      names: ["su"], language: .other, codeLetters: ["c"],
      codeOptions: ["--command", "--session-command"], valueLetters: ["s", "g", "G", "w"],
      safeForm: "run a script that reads it from \"$1\" instead"),
    Interpreter(
      names: ["watch"], language: .other, valueLetters: ["n", "d"],
      valueOptions: ["--interval"], codeOperand: 0, fileLetters: ["x"], restIsCode: true,
      safeForm: "use watch -x, which runs its command without a shell"),
  ]

  /// `-c`, `-e`, `-ec` and the prefixes PowerShell accepts of `-Command`
  /// and `-EncodedCommand`, lower-cased.
  static let powerShellCodeOptions: Set<String> = {
    var options: Set<String> = ["-c", "-e", "-ec", "--command"]
    for (word, shortest) in [("-command", 4), ("-encodedcommand", 4)] {
      for length in shortest...word.count { options.insert(String(word.prefix(length))) }
    }
    return options
  }()
}
