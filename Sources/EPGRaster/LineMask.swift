/// The line arms drawn through one cell: right, up, left and down, each with
/// a weight. Lines add arms; the glyph is chosen once, at the end of
/// rasterisation, by a `GlyphSet`, so drawing order never matters and
/// junctions come out right wherever lines cross or meet:
///
///     horizontal line ─ (left+right) and vertical line │ (up+down)
///     in the same cell  → ┼ (all four arms)
///     a line ending on another → ├ ┤ ┬ ┴
///
/// Stored in one byte: 2 bits per arm (right, up, left, down).
public struct LineMask: Hashable, Sendable {
  /// The weight of one arm.
  public enum Weight: UInt8, Comparable, Sendable, CaseIterable {
    case none = 0
    case light = 1
    case heavy = 2
    case double = 3

    public static func < (lhs: Weight, rhs: Weight) -> Bool { lhs.rawValue < rhs.rawValue }
  }

  /// One of the four directions.
  public enum Arm: Int, CaseIterable, Sendable {
    case right = 0
    case up = 1
    case left = 2
    case down = 3

    /// The arm pointing the other way.
    public var opposite: Arm { Arm(rawValue: (rawValue + 2) % 4) ?? self }
  }

  public var rawValue: UInt8

  public init(rawValue: UInt8) { self.rawValue = rawValue }

  public init(right: Weight = .none, up: Weight = .none, left: Weight = .none, down: Weight = .none)
  {
    rawValue =
      right.rawValue | (up.rawValue << 2) | (left.rawValue << 4) | (down.rawValue << 6)
  }

  public static let none = LineMask(rawValue: 0)

  /// A horizontal line through the cell.
  public static func horizontal(_ weight: Weight = .light) -> LineMask {
    LineMask(right: weight, left: weight)
  }

  /// A vertical line through the cell.
  public static func vertical(_ weight: Weight = .light) -> LineMask {
    LineMask(up: weight, down: weight)
  }

  public var isEmpty: Bool { rawValue == 0 }

  public subscript(arm: Arm) -> Weight {
    get { Weight(rawValue: (rawValue >> UInt8(arm.rawValue * 2)) & 3) ?? .none }
    set {
      let shift = UInt8(arm.rawValue * 2)
      rawValue = (rawValue & ~(3 << shift)) | (newValue.rawValue << shift)
    }
  }

  /// Both masks' arms, each with the heavier weight of the two.
  public func merging(_ other: LineMask) -> LineMask {
    let a = rawValue
    let b = other.rawValue
    if a == 0 || a == b { return other }
    if b == 0 { return self }
    let right = max(a & 3, b & 3)
    let up = max((a >> 2) & 3, (b >> 2) & 3)
    let left = max((a >> 4) & 3, (b >> 4) & 3)
    let down = max((a >> 6) & 3, (b >> 6) & 3)
    return LineMask(rawValue: right | (up << 2) | (left << 4) | (down << 6))
  }

  /// Which arms are present, as 4 bits (right 1, up 2, left 4, down 8).
  public var shape: Int {
    let present = (rawValue | (rawValue >> 1)) & 0b0101_0101
    return Int(
      (present & 1) | ((present >> 1) & 2) | ((present >> 2) & 4) | ((present >> 3) & 8))
  }

  /// The heaviest weight of any arm.
  public var maximumWeight: Weight {
    let r = rawValue
    let heaviest = max(max(r & 3, (r >> 2) & 3), max((r >> 4) & 3, (r >> 6) & 3))
    return Weight(rawValue: heaviest) ?? .none
  }
}
