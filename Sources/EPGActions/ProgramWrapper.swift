/// A program that runs another program named in its arguments (`env`,
/// `busybox`, `nice`, `timeout` …), so that `env sh -c SCRIPT` or `timeout
/// 2h bash -ec SCRIPT` is still a shell given a script. `program(in:after:)`
/// reads the wrapper's options as it does and finds the program it runs. A
/// new wrapper is one entry of `all`; a program tvgrid does not know here
/// (`sudo -u tv sh -c …`) still has its `sh -c` found, and refused when a
/// placeholder is in the script (`CommandTemplate.codeWords`).
struct ProgramWrapper: Sendable {
  var names: [String]
  /// Option letters and whole options that take the next word as their
  /// value (when not attached: `-n 10`, `-n10`, `--adjustment=10`).
  var valueLetters: Set<Character> = []
  var valueOptions: Set<String> = []
  /// Operands before the program (`timeout DURATION`, `chrt PRIORITY`).
  var operandsBefore = 0
  /// Option letters after which no program follows (`chrt -p PID`).
  var noProgramLetters: Set<Character> = []
  /// Option letters and whole options whose value the wrapper splits into
  /// words itself, or hands to a shell (`env -S`, `sudo -s`): a
  /// placeholder there or after cannot be followed.
  var splittingLetters: Set<Character> = []
  var splittingOptions: Set<String> = []
  /// `NAME=VALUE` words before the program are settings (`env`).
  var takesAssignments = false

  /// What follows the wrapper.
  enum Wrapped: Hashable, Sendable {
    /// The program is `words[index]`.
    case program(Int)
    /// No program follows (none given, or a mode without one).
    case none
    /// The wrapper splits or hands to a shell the words from `index` on.
    case splitting(option: String, from: Int)
  }

  static func named(_ program: String) -> ProgramWrapper? {
    let name =
      program.split(separator: "/", omittingEmptySubsequences: false).last.map(
        String.init) ?? program
    return all.first { $0.names.contains(name) }
  }

  /// The program the wrapper at `words[wrapper]` runs.
  func program(in words: [String], after wrapper: Int) -> Wrapped {
    var index = wrapper + 1
    var operands = 0
    while index < words.count {
      let word = words[index]
      if word == "--" {
        index += 1
        break
      }
      if word.hasPrefix("--") {
        let name = String(word.prefix { $0 != "=" })
        if splittingOptions.contains(name) { return .splitting(option: name, from: index) }
        if valueOptions.contains(name) && !word.contains("=") { index += 1 }
        index += 1
        continue
      }
      if word.hasPrefix("-") && word.count > 1 {
        let letters = Array(word.dropFirst())
        for (position, letter) in letters.enumerated() {
          if splittingLetters.contains(letter) {
            return .splitting(option: "-" + String(letter), from: index)
          }
          if noProgramLetters.contains(letter) { return .none }
          if valueLetters.contains(letter) {
            if position + 1 == letters.count { index += 1 }
            break
          }
        }
        index += 1
        continue
      }
      if takesAssignments, Self.isAssignment(word) {
        index += 1
        continue
      }
      if operands < operandsBefore {
        operands += 1
        index += 1
        continue
      }
      break
    }
    while operands < operandsBefore && index < words.count {
      operands += 1
      index += 1
    }
    return index < words.count ? .program(index) : .none
  }

  /// `NAME=VALUE` with a name a shell would take.
  static func isAssignment(_ word: String) -> Bool {
    guard let equals = word.firstIndex(of: "="), equals != word.startIndex else { return false }
    return word[..<equals].unicodeScalars.allSatisfy {
      $0.isASCII && ($0.properties.isAlphabetic || $0 == "_" || ("0"..."9").contains($0))
    }
  }
}

extension ProgramWrapper {
  static let all: [ProgramWrapper] = [
    ProgramWrapper(
      names: ["env"], valueLetters: ["u", "C"], valueOptions: ["--unset", "--chdir"],
      splittingLetters: ["S"], splittingOptions: ["--split-string"], takesAssignments: true),
    ProgramWrapper(names: ["busybox"]),
    ProgramWrapper(names: ["nice"], valueLetters: ["n"], valueOptions: ["--adjustment"]),
    ProgramWrapper(names: ["nohup"]),
    ProgramWrapper(names: ["setsid"]),
    ProgramWrapper(
      names: ["timeout"], valueLetters: ["s", "k"], valueOptions: ["--signal", "--kill-after"],
      operandsBefore: 1),
    ProgramWrapper(
      names: ["stdbuf"], valueLetters: ["i", "o", "e"],
      valueOptions: ["--input", "--output", "--error"]),
    ProgramWrapper(
      names: ["ionice"], valueLetters: ["c", "n"], valueOptions: ["--class", "--classdata"],
      noProgramLetters: ["p", "P", "u"]),
    ProgramWrapper(
      names: ["chrt"], valueLetters: ["T", "P", "D"],
      valueOptions: ["--sched-runtime", "--sched-period", "--sched-deadline"], operandsBefore: 1,
      noProgramLetters: ["p"]),
    ProgramWrapper(names: ["taskset"], operandsBefore: 1, noProgramLetters: ["p"]),
    ProgramWrapper(
      names: ["time"], valueLetters: ["o", "f"], valueOptions: ["--output", "--format"]),
    ProgramWrapper(
      names: ["sudo"], valueLetters: Set("CDghpRrtTUu"),
      valueOptions: [
        "--close-from", "--chdir", "--group", "--host", "--prompt", "--chroot", "--role",
        "--type", "--command-timeout", "--other-user", "--user",
      ], splittingLetters: ["s", "i"], splittingOptions: ["--shell", "--login"],
      takesAssignments: true),
    ProgramWrapper(names: ["doas"], valueLetters: ["u", "C"], splittingLetters: ["s"]),
  ]
}
