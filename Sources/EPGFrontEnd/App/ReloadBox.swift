import Foundation

/// Hands the result of a background guide load to the interactive loop.
///
/// A `final class` because the loading thread and the loop's thread must
/// share one box; every access goes through the lock, hence
/// `@unchecked Sendable`.
final class ReloadBox: @unchecked Sendable {
  private let lock = NSLock()
  private var running = false
  private var outcome: Result<ReloadedGuide, LoadFailure>?

  /// Whether a load is in flight.
  var isLoading: Bool { lock.withLock { running } }

  /// Marks a load as started.
  func begin() {
    lock.withLock {
      running = true
      outcome = nil
    }
  }

  /// Stores the finished load (called on the loading thread).
  func finish(_ result: Result<ReloadedGuide, LoadFailure>) {
    lock.withLock {
      outcome = result
      running = false
    }
  }

  /// The finished load, once; nil while none is waiting.
  func take() -> Result<ReloadedGuide, LoadFailure>? {
    lock.withLock {
      defer { outcome = nil }
      return outcome
    }
  }
}

/// Why a reload failed, as one line (usually `file:line:column: message`).
public struct LoadFailure: Error, Sendable {
  public var description: String
  public init(_ description: String) { self.description = description }
}
