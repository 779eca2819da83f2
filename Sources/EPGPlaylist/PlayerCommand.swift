import EPGLayout
import EPGSchedule
import Foundation

/// A player command template (`player =` in the config; default `mpv`) and
/// the argument vector it gives for one stream. Nothing goes through a
/// shell: the template is split into words once, by these rules:
/// - words are separated by spaces and tabs;
/// - `'…'` keeps everything inside as written;
/// - `"…"` keeps everything inside, except that `\"` and `\\` stand for
///   `"` and `\`;
/// - outside quotes, `\` makes the next character literal.
/// No other shell syntax exists: `$`, `` ` ``, `;`, `|`, `*`, `~` are
/// ordinary characters.
///
/// Placeholders `{title}`, `{channel}`, `{start}`, `{stop}` are replaced
/// inside the words that contain them, each word staying one argument
/// whatever the value holds. `{start}`/`{stop}` are UTC ISO 8601
/// (`2026-11-30T20:15:00Z`). A value that would make a whole word start
/// with `-` (and so read as an option) gets a leading space.
///
/// `{url}` must be a word of its own and the last one; the URL is always
/// the last argument, after `--` (added when the template has none right
/// before it; when there is no `{url}`, `-- URL` is appended). So the
/// player gets exactly one URL and a URL cannot be read as an option.
///
/// For mpv (the program's file name is `mpv`) the stream's headers become
/// `--user-agent=…`, `--referrer=…` and one `--http-header-fields-append=
/// Name: value` per other header (the `-append` form takes one item, so a
/// comma in a value cannot split it), placed right after the program so
/// the template's own options win. Other players get no headers
/// (`PlayerInvocation.droppedHeaders` says so).
public struct PlayerCommand: Hashable, Sendable {
  /// The template's words, placeholders unexpanded.
  public var words: [String]

  /// The default template.
  public static let defaultTemplate = "mpv"

  /// Why a template cannot be used; `description` is the message.
  public struct ParseError: Error, Hashable, Sendable, CustomStringConvertible {
    public var message: String
    public var description: String { message }
  }

  /// Splits a template into words (see the type's rules) and checks it.
  public init(template: String) throws(ParseError) {
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
    if quote != nil { throw ParseError(message: "a quote in the player command is never closed") }
    if escaped { throw ParseError(message: "the player command ends with a lone \\") }
    if inWord { words.append(word) }
    guard let program = words.first, !program.isEmpty else {
      throw ParseError(message: "the player command is empty")
    }
    if program.contains("{") && Self.placeholders.contains(where: program.contains) {
      throw ParseError(message: "the program name cannot be a placeholder")
    }
    if let index = words.firstIndex(where: { $0.contains("{url}") }) {
      guard words[index] == "{url}" else {
        throw ParseError(message: "{url} must be a word of its own")
      }
      guard index == words.count - 1 else {
        throw ParseError(message: "{url} must be the last word (the URL goes last, after --)")
      }
    }
    self.words = words
  }

  static let placeholders = ["{url}", "{title}", "{channel}", "{start}", "{stop}"]

  /// The program as written in the template (a name looked up on PATH, or
  /// a path).
  public var program: String { words[0] }

  /// Whether the program is mpv (its file name).
  public var isMPV: Bool {
    let name = program.split(separator: "/").last.map(String.init) ?? program
    return name == "mpv"
  }

  /// The argument vector (program first) for playing `url`.
  /// - Parameters:
  ///   - title: the programme's title; `channel`: the entry's name. Both
  ///     pass `clean` first (the caller's guide text sanitiser, so control
  ///     characters and escape sequences never reach the player's title).
  ///   - start, stop: the programme's times in epoch seconds, if any.
  public func invocation(
    url: String, headers: StreamHeaders = StreamHeaders(), title: String = "",
    channel: String = "", start: EpochSeconds? = nil, stop: EpochSeconds? = nil,
    clean: (String) -> String = { $0 }
  ) -> PlayerInvocation {
    let values: [String: String] = [
      "{title}": clean(title), "{channel}": clean(channel),
      "{start}": start.map(ScheduleJSON.isoString) ?? "",
      "{stop}": stop.map(ScheduleJSON.isoString) ?? "",
    ]
    var arguments = [program]
    var droppedHeaders = false
    if !headers.isEmpty {
      if isMPV {
        if let userAgent = headers.userAgent { arguments.append("--user-agent=" + userAgent) }
        if let referrer = headers.referrer { arguments.append("--referrer=" + referrer) }
        for field in headers.other {
          arguments.append("--http-header-fields-append=\(field.name): \(field.value)")
        }
      } else {
        droppedHeaders = true
      }
    }
    for word in words.dropFirst() where word != "{url}" {
      var argument = word.expandingPlaceholders(values)
      if argument.hasPrefix("-") && !word.hasPrefix("-") { argument = " " + argument }
      arguments.append(argument)
    }
    // Only the template itself can end in "--": a value never starts with "-".
    if arguments.last != "--" { arguments.append("--") }
    arguments.append(url)
    return PlayerInvocation(arguments: arguments, droppedHeaders: droppedHeaders)
  }
}

/// What to run for one stream: `arguments[0]` is the program, the last
/// argument the URL, `--` right before it.
public struct PlayerInvocation: Hashable, Sendable {
  public var arguments: [String]
  /// The stream needs headers this player was not given (it is not mpv).
  public var droppedHeaders: Bool
}

extension String {
  /// Every `{name}` that is a key of `values` replaced by its value, in
  /// one pass (a value is never searched for placeholders again).
  fileprivate func expandingPlaceholders(_ values: [String: String]) -> String {
    var result = ""
    var rest = Substring(self)
    while let open = rest.firstIndex(of: "{") {
      result += rest[..<open]
      rest = rest[open...]
      if let close = rest.firstIndex(of: "}"), let value = values[String(rest[...close])] {
        result += value
        rest = rest[rest.index(after: close)...]
      } else {
        result.append("{")
        rest = rest.dropFirst()
      }
    }
    return result + rest
  }
}
