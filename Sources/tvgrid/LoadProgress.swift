import EPGRemote
import Foundation

/// Shows "loading FILE… 42%" (or "downloading HOST… 12.3 MB at 4.1 MB/s")
/// on standard error once a load has taken more than half a second. A class (with `@unchecked Sendable`) because the
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

  /// Called during a download: bytes so far (and of how many, when
  /// announced) and the rate; always lets the download go on.
  func report(transfer: TransferProgress) -> Bool {
    guard Date().timeIntervalSince(started) > 0.5 else { return true }
    shown = true
    var amount = Self.megabytes(transfer.bytes)
    if transfer.expectedBytes > 0 { amount += " of " + Self.megabytes(transfer.expectedBytes) }
    let line =
      "\rtvgrid: downloading \(name)… \(amount) at \(Self.megabytes(Int64(transfer.bytesPerSecond)))/s"
    FileHandle.standardError.write(Data((line + "\u{1B}[K").utf8))
    return true
  }

  /// "12.3 MB" (10⁶ bytes).
  static func megabytes(_ bytes: Int64) -> String {
    let tenths = bytes / 100_000
    return "\(tenths / 10).\(tenths % 10) MB"
  }

  /// Clears the progress line, if one was shown.
  func finish() {
    if shown { FileHandle.standardError.write(Data("\r\u{1B}[K".utf8)) }
  }
}
