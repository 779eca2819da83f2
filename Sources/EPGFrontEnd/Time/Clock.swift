import EPGLayout
import Foundation

/// Where the app gets "now" from. The app never reads the system clock
/// itself, so tests and `--now` fix time.
public protocol Clock: Sendable {
  /// The current instant in epoch seconds.
  func now() -> EpochSeconds
}

/// The system clock.
public struct SystemClock: Clock {
  public init() {}
  public func now() -> EpochSeconds { EpochSeconds(Date().timeIntervalSince1970.rounded(.down)) }
}

/// A clock that always reports the same instant (`--now TIME`).
public struct FixedClock: Clock {
  public var instant: EpochSeconds
  public init(_ instant: EpochSeconds) { self.instant = instant }
  public func now() -> EpochSeconds { instant }
}
