/// A position in points.
///
/// Layout coordinates have their origin at the top-left corner of the
/// content; x grows to the right and y grows downward (as in UIKit).
public struct Point: Hashable, Sendable {
  public var x: Double
  public var y: Double

  public init(x: Double, y: Double) {
    self.x = x
    self.y = y
  }

  public static let zero = Point(x: 0, y: 0)
}
