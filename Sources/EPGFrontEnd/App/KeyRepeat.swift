/// A held arrow key speeds up: once the same arrow has kept arriving (the
/// terminal's key repeat, gaps of at most `repeatGap`) for `holdDelay`
/// seconds, each repeat acts as its page key (Up/Down a screen of
/// channels, Left/Right a screen of time). The run loop asks it about each
/// key with the monotonic time it was read.
public struct KeyRepeat: Hashable, Sendable {
  /// Seconds a key is held before it speeds up.
  public static let holdDelay = 0.5
  /// The longest gap (seconds) between two repeats of a held key; a longer
  /// one is a new press. Key repeat runs at 10–60 a second after its first
  /// delay (often 0.25–0.6 s), so the first repeat counts too.
  public static let repeatGap = 0.7

  private var key: Key?
  /// When the key was first pressed, and last seen (monotonic seconds).
  private var since = 0.0
  private var last = 0.0

  public init() {}

  /// The key to act on for `key` read at `time`.
  public mutating func key(for key: Key, at time: Double) -> Key {
    guard let page = Self.pageKey(key) else {
      self.key = nil
      return key
    }
    if self.key != key || time - last > Self.repeatGap || time < last {
      self.key = key
      since = time
    }
    last = time
    return time - since >= Self.holdDelay ? page : key
  }

  /// The page key an arrow speeds up to.
  static func pageKey(_ key: Key) -> Key? {
    switch key {
    case .up: .pageUp
    case .down: .pageDown
    case .left: .shiftLeft
    case .right: .shiftRight
    default: nil
    }
  }
}
