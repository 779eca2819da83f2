/// A user name and password for HTTP Basic or Digest authentication.
///
/// Never shown: `description` masks the password, and messages about a
/// transfer use the masked URL only.
public struct HTTPCredentials: Sendable, Hashable, CustomStringConvertible {
  public var user: String
  public var password: String

  public init(user: String, password: String) {
    self.user = user
    self.password = password
  }

  public var description: String { "\(user):***" }
}
