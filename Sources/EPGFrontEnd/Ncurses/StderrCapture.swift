#if canImport(Glibc)
  import Glibc
#endif

/// Sends everything written to standard error during a curses session to a
/// temporary file and replays it after the terminal is restored (htop's
/// `redirectStderr`/`dumpStderr`), so warnings never corrupt the screen.
///
/// Plain file descriptors only: `restore()` is also called from signal
/// handlers.
struct StderrCapture: Sendable {
  /// The original standard error, duplicated.
  let savedDescriptor: Int32
  /// The temporary file standard error points at.
  let fileDescriptor: Int32

  /// Starts capturing; nil when no temporary file could be made (then
  /// standard error is left alone).
  static func start() -> StderrCapture? {
    var template = Array("/tmp/tvgrid-stderr-XXXXXX".utf8CString)
    let file = template.withUnsafeMutableBufferPointer { mkstemp($0.baseAddress!) }
    guard file >= 0 else { return nil }
    template.withUnsafeBufferPointer { _ = unlink($0.baseAddress!) }
    let saved = dup(2)
    guard saved >= 0, dup2(file, 2) >= 0 else {
      close(file)
      if saved >= 0 { close(saved) }
      return nil
    }
    return StderrCapture(savedDescriptor: saved, fileDescriptor: file)
  }

  /// Points standard error back at the terminal and copies what was
  /// captured to it.
  func restore() {
    _ = dup2(savedDescriptor, 2)
    _ = lseek(fileDescriptor, 0, SEEK_SET)
    var buffer = [UInt8](repeating: 0, count: 4096)
    while true {
      let count = buffer.withUnsafeMutableBytes { read(fileDescriptor, $0.baseAddress, 4096) }
      if count <= 0 { break }
      _ = buffer.withUnsafeBytes { write(2, $0.baseAddress, count) }
    }
    close(fileDescriptor)
    close(savedDescriptor)
  }
}
