/// One problem found while reading a playlist. The entries that could be
/// read are kept; `description` is `FILE:LINE: message`.
public struct PlaylistDiagnostic: Hashable, Sendable, CustomStringConvertible {
  /// The playlist as given ("-" is standard input, shown as `<stdin>`).
  public var path: String
  /// 1-based line in the playlist, or 0 when the problem is the whole file.
  public var line: Int
  public var message: String

  public init(path: String, line: Int, message: String) {
    self.path = path
    self.line = line
    self.message = message
  }

  public var description: String {
    let name = path == "-" ? "<stdin>" : path
    return line > 0 ? "\(name):\(line): \(message)" : "\(name): \(message)"
  }
}
