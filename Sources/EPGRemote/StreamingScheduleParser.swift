import CCurlShim
import EPGSchedule
import Foundation

/// Feeds a download to `ScheduleLoader` while it arrives: the bytes go
/// into a pipe whose other end a parser thread reads as `/dev/fd/N`, so a
/// large guide is parsed as it downloads and memory holds neither the
/// whole compressed nor the whole raw text (only the pipe's buffer).
///
/// A class: it owns the pipe's descriptors and the parser thread.
final class StreamingScheduleParser: @unchecked Sendable {
  // @unchecked: `outcome` is guarded by `lock`; the descriptors are only
  // used by the writer (write end) and the parser thread (read end).
  private let readEnd: Int32
  private var writeEnd: Int32
  private let finished = DispatchSemaphore(value: 0)
  private let lock = NSLock()
  private var outcome: Result<Schedule, LoadError>?

  /// Starts the parser thread. `name` replaces the pipe's path in errors.
  init?(name: String, options: LoadOptions) {
    var descriptors: [Int32] = [0, 0]
    guard tvg_pipe_cloexec(&descriptors) == 0 else { return nil }
    readEnd = descriptors[0]
    writeEnd = descriptors[1]
    let readEnd = readEnd
    let thread = Thread { [self] in
      let result: Result<Schedule, LoadError>
      do throws(LoadError) {
        result = .success(try ScheduleLoader.load(path: "/dev/fd/\(readEnd)", options: options))
      } catch {
        var renamed = error
        renamed.path = name
        result = .failure(renamed)
      }
      lock.withLock { outcome = result }
      // Drain what the writer still sends, so it never blocks or gets EPIPE.
      var sink = [UInt8](repeating: 0, count: 1 << 16)
      while true {
        let got = sink.withUnsafeMutableBytes { read(readEnd, $0.baseAddress, $0.count) }
        if got > 0 || (got < 0 && errno == EINTR) { continue }
        break
      }
      close(readEnd)
      finished.signal()
    }
    thread.stackSize = 8 << 20
    thread.start()
  }

  /// Whether the parser has already stopped (it failed before the end of
  /// the data: the rest need not be downloaded).
  var hasStopped: Bool { lock.withLock { outcome != nil } }

  /// Passes `bytes` to the parser; blocks while the pipe is full.
  func write(_ bytes: UnsafeRawBufferPointer) {
    guard var base = bytes.baseAddress, writeEnd >= 0 else { return }
    var left = bytes.count
    while left > 0 {
      let wrote = Foundation.write(writeEnd, base, left)
      if wrote < 0 {
        if errno == EINTR { continue }
        return
      }
      left -= wrote
      base += wrote
    }
  }

  /// Ends the input and waits for the parser's result.
  func finish() -> Result<Schedule, LoadError> {
    if writeEnd >= 0 {
      close(writeEnd)
      writeEnd = -1
    }
    finished.wait()
    return lock.withLock { outcome! }
  }
}
