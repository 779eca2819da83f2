import EPGActions
import EPGLayout
import EPGSchedule
import Foundation

/// A player command (`player =` in the config; default `mpv`): a
/// `CommandTemplate` (split into words without a shell, each placeholder
/// inside one argument; `{start}`/`{stop}` are epoch seconds,
/// `{start_iso}`/`{stop_iso}` UTC ISO 8601) plus the rules for the URL:
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
/// the template's own options win. Secret headers (`Cookie`,
/// `Authorization`, … : `StreamHeaders.isSecret`) are not arguments: they
/// go to an options file readable by the user only
/// (`PlayerInvocation.secretHeaderOptions`, given as `--include=FILE` by
/// `PlayerLauncher`). Other players get no headers
/// (`PlayerInvocation.droppedHeaders` says so).
public struct PlayerCommand: Hashable, Sendable {
  public var template: CommandTemplate

  /// The template's words, placeholders unexpanded.
  public var words: [String] { template.words }

  /// The default template.
  public static let defaultTemplate = "mpv"

  /// Why a template cannot be used; `description` is the message.
  public typealias ParseError = CommandTemplate.ParseError

  /// Splits a template into words and checks it.
  public init(template text: String) throws(ParseError) {
    let template = try CommandTemplate(text)
    let words = template.words
    if let index = words.firstIndex(where: { $0.contains("{url}") }) {
      guard words[index] == "{url}" else {
        throw ParseError(message: "{url} must be a word of its own")
      }
      guard index == words.count - 1 else {
        throw ParseError(message: "{url} must be the last word (the URL goes last, after --)")
      }
    }
    self.template = template
  }

  /// The program as written in the template (a name looked up on PATH, or
  /// a path).
  public var program: String { template.program }

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
    var values: [String: String] = ["title": clean(title), "channel": clean(channel)]
    if let start {
      values["start"] = String(start)
      values["start_iso"] = ScheduleJSON.isoString(start)
    }
    if let stop {
      values["stop"] = String(stop)
      values["stop_iso"] = ScheduleJSON.isoString(stop)
    }
    if let start, let stop { values["duration"] = String(max(0, stop - start)) }
    return invocation(url: url, headers: headers, values: values)
  }

  /// The argument vector for playing `fields.url` with every placeholder
  /// of `fields` (the programme a reminder or the guide names).
  public func invocation(fields: ProgrammeFields, headers: StreamHeaders = StreamHeaders())
    -> PlayerInvocation
  {
    invocation(url: fields.url, headers: headers, values: fields.values)
  }

  func invocation(url: String, headers: StreamHeaders, values: [String: String])
    -> PlayerInvocation
  {
    var values = values
    values["url"] = nil
    var droppedHeaders = false
    var headerArguments: [String] = []
    var secretHeaderOptions: String?
    if !headers.isEmpty {
      if isMPV {
        if let userAgent = headers.userAgent { headerArguments.append("--user-agent=" + userAgent) }
        if let referrer = headers.referrer { headerArguments.append("--referrer=" + referrer) }
        for field in headers.plainFields {
          headerArguments.append("--http-header-fields-append=\(field.name): \(field.value)")
        }
        let secret = headers.secretFields
        if !secret.isEmpty { secretHeaderOptions = PlayerHeaderFile.options(for: secret) }
      } else {
        droppedHeaders = true
      }
    }
    var arguments = template.arguments(values) { $0 != "{url}" }
    arguments.insert(contentsOf: headerArguments, at: 1)
    // Only the template itself can end in "--": a value never starts with "-".
    if arguments.last != "--" { arguments.append("--") }
    arguments.append(url)
    return PlayerInvocation(
      arguments: arguments, droppedHeaders: droppedHeaders,
      secretHeaderOptions: secretHeaderOptions)
  }
}

/// What to run for one stream: `arguments[0]` is the program, the last
/// argument the URL, `--` right before it.
public struct PlayerInvocation: Hashable, Sendable {
  public var arguments: [String]
  /// The stream needs headers this player was not given (it is not mpv).
  public var droppedHeaders: Bool
  /// mpv options with the stream's secret headers, for a file the player
  /// reads (`--include=`), never an argument; nil when there are none.
  public var secretHeaderOptions: String?

  public init(arguments: [String], droppedHeaders: Bool, secretHeaderOptions: String? = nil) {
    self.arguments = arguments
    self.droppedHeaders = droppedHeaders
    self.secretHeaderOptions = secretHeaderOptions
  }
}
