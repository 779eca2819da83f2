/// The address of a layout element: `section` is the channel row (or flow
/// section) and `item` the programme (or flow item) within it. Elements that
/// are not per item use the numbering documented on their element kind.
public struct IndexPath: Hashable, Comparable, Sendable, CustomStringConvertible {
  public var section: Int
  public var item: Int

  public init(item: Int, section: Int) {
    self.item = item
    self.section = section
  }

  public static func < (lhs: IndexPath, rhs: IndexPath) -> Bool {
    (lhs.section, lhs.item) < (rhs.section, rhs.item)
  }

  public var description: String { "[\(section),\(item)]" }
}
