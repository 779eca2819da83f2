/// The command-line words after the subcommand, parsed by hand (no outside
/// packages). Options take the forms `--name value` and `--name=value`;
/// `--` ends the options; `-` alone is a positional argument (stdin).
///
/// Usage: declare what a command accepts, then read it:
///
///     var args = try Arguments(words, flags: ["--json"], options: ["--now"])
///     let json = args.flag("--json")
///     let now = args.value("--now")
///     let files = args.positionals
struct Arguments {
  /// Flags that were present.
  private var flags: Set<String> = []
  /// Option values in command-line order, by option name.
  private var values: [String: [String]] = [:]
  /// Positional arguments in order.
  private(set) var positionals: [String] = []

  /// Parses `words`. `flags` take no value; `options` take one value each and
  /// may repeat. Anything else starting with `-` is an error.
  init(_ words: [String], flags knownFlags: Set<String>, options knownOptions: Set<String>)
    throws(UsageError)
  {
    var index = words.startIndex
    var optionsEnded = false
    while index < words.endIndex {
      let word = words[index]
      index += 1
      if optionsEnded || word == "-" || !word.hasPrefix("-") {
        positionals.append(word)
        continue
      }
      if word == "--" {
        optionsEnded = true
        continue
      }
      var name = word
      var inlineValue: String?
      if let equals = word.firstIndex(of: "=") {
        name = String(word[..<equals])
        inlineValue = String(word[word.index(after: equals)...])
      }
      if knownFlags.contains(name) {
        guard inlineValue == nil else { throw UsageError("\(name) takes no value") }
        flags.insert(name)
      } else if knownOptions.contains(name) {
        let value: String
        if let inlineValue {
          value = inlineValue
        } else if index < words.endIndex {
          value = words[index]
          index += 1
        } else {
          throw UsageError("\(name) needs a value")
        }
        values[name, default: []].append(value)
      } else {
        throw UsageError("unknown option \(name)")
      }
    }
  }

  /// Whether the flag was given.
  func flag(_ name: String) -> Bool { flags.contains(name) }

  /// The last value of an option, if it was given.
  func value(_ name: String) -> String? { values[name]?.last }

  /// Every value of a repeatable option, in order.
  func allValues(_ name: String) -> [String] { values[name] ?? [] }

  /// The value of an option as an integer within `range`.
  func integer(_ name: String, in range: ClosedRange<Int>) throws(UsageError) -> Int? {
    guard let text = value(name) else { return nil }
    guard let number = Int(text), range.contains(number) else {
      throw UsageError(
        "\(name) must be a whole number from \(range.lowerBound) to \(range.upperBound), not '\(text)'"
      )
    }
    return number
  }

  /// At most one positional argument, or nil.
  func optionalPositional() throws(UsageError) -> String? {
    guard positionals.count <= 1 else {
      throw UsageError("unexpected argument '\(positionals[1])'")
    }
    return positionals.first
  }
}

/// A command-line mistake: printed with the usage hint, exit status 2.
struct UsageError: Error, CustomStringConvertible {
  var description: String
  init(_ description: String) { self.description = description }
}
