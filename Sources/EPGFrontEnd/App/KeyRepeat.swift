/// A held arrow key speeds up: once the terminal's auto-repeat has sent the
/// same arrow `holdRepeats` times in a row, each `repeatGap` or less after
/// the one before (or already waiting behind it), each further repeat acts
/// as its page key (Up/Down a screen of channels, Left/Right a screen of
/// time). A key tapped by hand, at any pace, moves one step: taps come
/// 0.1 s or more apart and a hand does not keep that up for six presses.
/// The run loop asks it about each key with the monotonic time it was read.
public struct KeyRepeat: Hashable, Sendable {
  /// The longest gap (seconds) between two copies of a key that still
  /// counts as auto-repeat: terminals repeat 10–60 times a second (the
  /// Linux console about 11, X and most desktops 25–33) once the first
  /// repeat delay (0.25–0.6 s) has passed; that delay, and any longer gap,
  /// is a new press.
  public static let repeatGap = 0.1
  /// How many repeat gaps in a row make a key held (the sixth copy of it
  /// pages): at 30 a second, a sixth of a second of repeating.
  public static let holdRepeats = 5

  private var key: Key?
  /// When the key was last seen (monotonic seconds).
  private var last = 0.0
  /// Repeat gaps in a row up to the last copy of `key`.
  private var repeats = 0

  public init() {}

  /// The key to act on for `key` read at `time` (monotonic seconds).
  /// `queued`: the key was already waiting when the loop asked for input
  /// (it arrived while a frame was drawn), so its own gap is unknown but
  /// no longer than the frame: a copy of the key before it counts as a
  /// repeat whatever the clock says.
  public mutating func key(for key: Key, at time: Double, queued: Bool = false) -> Key {
    guard let page = Self.pageKey(key) else {
      self.key = nil
      repeats = 0
      return key
    }
    let gap = time - last
    if self.key == key, gap >= 0, queued || gap <= Self.repeatGap {
      repeats += 1
    } else {
      repeats = 0
    }
    self.key = key
    last = time
    return repeats >= Self.holdRepeats ? page : key
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
