import EPGLayout
import Foundation

/// Where the app gets "now" from. The app never reads the system clock
/// itself, so tests and `--now` fix time.
public protocol Clock: Sendable {
  /// The current instant in epoch seconds.
  func now() -> EpochSeconds
  /// Clock seconds per real second (1 but for a test's `RunningClock`).
  var rate: Double { get }
}

extension Clock {
  public var rate: Double { 1 }
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

/// A clock that starts at an instant and runs `rate` times as fast as
/// real time: `--now TIME` with `TVGRID_CLOCK_RATE=N` in the environment,
/// for tests that watch reminders fire (not meant for everyday use).
public struct RunningClock: Clock {
  public var start: EpochSeconds
  public var rate: Double
  /// Real time at `start`.
  let origin = Date()

  public init(start: EpochSeconds, rate: Double) {
    self.start = start
    self.rate = rate
  }

  public func now() -> EpochSeconds {
    start + EpochSeconds((Date().timeIntervalSince(origin) * rate).rounded(.down))
  }

  /// The rate `TVGRID_CLOCK_RATE` asks for (a number from 1 to 100000),
  /// nil when unset or unreadable.
  public static func rate(environment: [String: String]) -> Double? {
    guard let text = environment["TVGRID_CLOCK_RATE"], let rate = Double(text),
      (1...100_000).contains(rate)
    else { return nil }
    return rate
  }
}
