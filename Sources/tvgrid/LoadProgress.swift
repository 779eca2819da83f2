import Foundation

/// Shows "loading FILE… 42%" on standard error once a load has taken more
/// than half a second. A class (with `@unchecked Sendable`) because the
/// loader's progress callback must share it: it is only called on the
/// loading thread, one call at a time.
final class LoadProgress: @unchecked Sendable {
  private let name: String
  private let started = Date()
  private var shown = false

  init(name: String) {
    self.name = name
  }

  /// Called by the loader; always lets the load go on.
  func report(read: Int64, total: Int64) -> Bool {
    guard Date().timeIntervalSince(started) > 0.5 else { return true }
    shown = true
    let amount =
      total > 0 ? "\(read * 100 / total)%" : "\(read / 1_048_576) MB"
    FileHandle.standardError.write(Data("\rtvgrid: loading \(name)… \(amount)\u{1B}[K".utf8))
    return true
  }

  /// Clears the progress line, if one was shown.
  func finish() {
    if shown { FileHandle.standardError.write(Data("\r\u{1B}[K".utf8)) }
  }
}
