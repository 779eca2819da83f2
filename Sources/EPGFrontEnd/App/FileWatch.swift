/// Decides when a watched guide file should be loaded again (live reload):
/// pure, given the file's snapshots and the times they were taken.
///
/// A change is loaded only once the file has stayed the same for `settle`
/// seconds, so a file still being written is not read half-way. Each
/// version is tried once: when it does not load (a half-written file that
/// stays put), the next try waits for the file to change again.
public struct FileWatch: Sendable {
  public enum Decision: Hashable, Sendable {
    /// Nothing new since the last load (or the file is missing).
    case unchanged
    /// The file changed and has not settled yet: look again later.
    case wait
    /// The file changed and settled: load it now.
    case load
  }

  /// Seconds a changed file must stay the same before it is loaded.
  public var settle: Double
  /// The version loaded (or tried) last.
  public private(set) var handled: FileSnapshot?
  /// A changed version seen, and when it was first seen (seconds, any
  /// monotonic origin).
  public private(set) var pending: (snapshot: FileSnapshot, since: Double)?

  /// Watches a file whose loaded version is `loaded` (nil: it could not be
  /// stat'ed then).
  public init(loaded: FileSnapshot?, settle: Double = 1) {
    self.handled = loaded
    self.settle = settle
  }

  /// Whether a change is waiting to settle.
  public var isPending: Bool { pending != nil }

  /// Takes the file's `current` snapshot seen at `time` (seconds, the same
  /// clock on every call) and says what to do. A `.load` answer marks the
  /// version as handled.
  public mutating func observe(_ current: FileSnapshot?, at time: Double) -> Decision {
    guard let current else {
      // Missing for now (being replaced): wait for it to come back.
      pending = nil
      return .unchanged
    }
    if current == handled {
      pending = nil
      return .unchanged
    }
    if let pending, pending.snapshot == current {
      guard time - pending.since >= settle else { return .wait }
      handled = current
      self.pending = nil
      return .load
    }
    pending = (current, time)
    return .wait
  }
}
