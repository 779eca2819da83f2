/// A person in a programme's credits (an element of XMLTV `<credits>`).
public struct Credit: Hashable, Sendable {
  /// What the person did, as the XMLTV element names it; in the DTD's order.
  public enum Role: String, CaseIterable, Hashable, Sendable {
    case director, actor, writer, adapter, producer, composer, editor, presenter, commentator,
      guest
  }

  public var role: Role
  public var name: String
  /// The character an actor plays (the `role` attribute), if given.
  public var character: String?

  public init(role: Role, name: String, character: String? = nil) {
    self.role = role
    self.name = name
    self.character = character
  }
}
