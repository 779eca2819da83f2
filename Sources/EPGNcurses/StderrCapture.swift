import EPGPlatform

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
  /// standard error is left alone). Both descriptors it keeps are
  /// close-on-exec, so no program tvgrid starts inherits them.
  static func start() -> StderrCapture? {
    var template = Array("/tmp/tvgrid-stderr-XXXXXX".utf8CString)
    // mkostemp(O_CLOEXEC) is not in the Swift Glibc module; no program is
    // started between these two calls (this runs on the main thread, which
    // is the one that starts programs).
    let file = template.withUnsafeMutableBufferPointer { mkstemp($0.baseAddress!) }
    guard file >= 0 else { return nil }
    _ = fcntl(file, F_SETFD, FD_CLOEXEC)
    template.withUnsafeBufferPointer { _ = unlink($0.baseAddress!) }
    let saved = fcntl(2, F_DUPFD_CLOEXEC, 3)
    guard saved >= 0, dup2(file, 2) >= 0 else {
      close(file)
      if saved >= 0 { close(saved) }
      return nil
    }
    return StderrCapture(savedDescriptor: saved, fileDescriptor: file)
  }

  /// Points standard error back at the terminal and copies what was
  /// captured to it. Allocation-free and async-signal-safe (`dup2`, `lseek`,
  /// `read`, `write`, `close` on a buffer on the stack): it also runs in
  /// signal handlers.
  func restore() {
    _ = dup2(savedDescriptor, 2)
    _ = lseek(fileDescriptor, 0, SEEK_SET)
    // 128 bytes on the stack (a tuple is stored inline, never on the heap).
    var buffer:
      (
        UInt64, UInt64, UInt64, UInt64, UInt64, UInt64, UInt64, UInt64,
        UInt64, UInt64, UInt64, UInt64, UInt64, UInt64, UInt64, UInt64
      ) = (0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0)
    withUnsafeMutableBytes(of: &buffer) { bytes in
      while true {
        let count = read(fileDescriptor, bytes.baseAddress, bytes.count)
        if count <= 0 { break }
        var written = 0
        while written < count {
          let step = write(2, bytes.baseAddress! + written, count - written)
          if step <= 0 { break }
          written += step
        }
        if written < count { break }
      }
    }
    close(fileDescriptor)
    close(savedDescriptor)
  }
}
