import Foundation

/// What a one-shot command loaded, kept until the process exits so that it
/// is never freed piece by piece: freeing the 358k programmes of the
/// 1,000 × 14 guide took 0.13 s after `tvgrid check` had printed its report
/// (perf, 2026-12-01), while the end of the process returns the memory at
/// once. Only for commands that end after one load: the guide's window
/// frees what a reload replaces.
enum KeptUntilExit {
  private static let lock = NSLock()
  /// Guarded by `lock`.
  nonisolated(unsafe) private static var values: [Any] = []

  static func keep(_ value: Any) {
    lock.lock()
    defer { lock.unlock() }
    values.append(value)
  }
}
