/// Where a command's guide comes from, and who said so (for messages).
///
/// One source today; a playlist file or several `--guide FILE` sources are
/// meant to become further cases here (and a list of them in
/// `GuideOptions`), resolved in the same place as the rest of the options.
public enum GuideSource: Hashable, Sendable {
  /// Who named a file.
  public enum Origin: Hashable, Sendable {
    /// FILE on the command line.
    case commandLine
    /// `guide =` in the config file at `path`, on `line` (from 1).
    case configFile(path: String, line: Int)
  }

  /// The built-in demo guide (no FILE, no `guide =`).
  case demo
  /// A guide file (`-`: standard input).
  case file(String, origin: Origin)

  /// The file's path; nil for the demo guide.
  public var path: String? {
    guard case .file(let path, _) = self else { return nil }
    return path
  }

  /// `message` (about loading the source, usually `FILE:…: text`) with
  /// where the source was named, when that was not the command line:
  /// `CONFIG:LINE: guide = FILE:…: text`.
  public func explaining(_ message: String) -> String {
    guard case .file(let path, .configFile(let config, let line)) = self else { return message }
    let located = message.hasPrefix(path + ":") ? message : "\(path): \(message)"
    return "\(config):\(line): guide = \(located)"
  }
}
