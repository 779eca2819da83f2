/// Why the terminal could not be used, or why options could not be
/// resolved; `description` is the message for the user.
public struct TerminalError: Error, CustomStringConvertible, Sendable {
  public var description: String
  public init(_ description: String) { self.description = description }
}
