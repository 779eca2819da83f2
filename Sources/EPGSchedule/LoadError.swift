/// Why a guide could not be loaded. `description` is the one-line message
/// for the terminal: `FILE:LINE:COLUMN: message` when a position is known,
/// else `FILE: message`.
public struct LoadError: Error, Hashable, Sendable, CustomStringConvertible {
  public enum Kind: String, Hashable, Sendable {
    /// The file could not be opened or read (missing, directory, empty,
    /// unreadable, gzip cut short…).
    case unreadable
    /// Not well-formed XML / JSON, or entity limits exceeded.
    case malformed
    /// Well-formed but not a guide (e.g. wrong root, wrong JSON shape).
    case notAGuide
    /// Larger than `LoadOptions.maxGuideBytes` (`max_guide_size`) once
    /// decompressed.
    case tooLarge
    /// The progress callback asked to stop.
    case cancelled
  }

  public var kind: Kind
  /// The path as given ("-" is standard input, shown as `<stdin>`).
  public var path: String
  /// 1-based line, or 0 when unknown.
  public var line: Int
  /// 1-based column, or 0 when unknown.
  public var column: Int
  public var message: String

  public init(kind: Kind, path: String, line: Int = 0, column: Int = 0, message: String) {
    self.kind = kind
    self.path = path
    self.line = line
    self.column = column
    self.message = message
  }

  /// The name used in messages: the path, or `<stdin>` for "-".
  public var displayPath: String { path == "-" ? "<stdin>" : path }

  public var description: String {
    if line > 0 {
      return "\(displayPath):\(line):\(max(column, 1)): \(message)"
    }
    return "\(displayPath): \(message)"
  }
}
