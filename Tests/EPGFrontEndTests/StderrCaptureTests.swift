import EPGPlatform
import Foundation
import Testing

@testable import EPGNcurses

@Suite(.serialized) struct StderrCaptureTests {
  /// What was written to standard error during a session comes back whole
  /// when it ends, even when it is many times the replay buffer (which is
  /// on the stack, so that `restore` allocates nothing in a signal handler).
  @Test func restoreReplaysEverythingCaptured() throws {
    // Standard error points at a file of ours while the test runs.
    let folder = FileManager.default.temporaryDirectory.path
    var template = Array("\(folder)/tvgrid-test-stderr-XXXXXX".utf8CString)
    let target = template.withUnsafeMutableBufferPointer { mkstemp($0.baseAddress!) }
    try #require(target >= 0)
    template.withUnsafeBufferPointer { _ = unlink($0.baseAddress!) }
    let original = dup(2)
    try #require(original >= 0)
    _ = dup2(target, 2)
    defer {
      _ = dup2(original, 2)
      close(original)
      close(target)
    }

    let capture = try #require(StderrCapture.start())
    // 10,000 bytes: digits 0–9 repeated, then a newline.
    let text = Array(String(repeating: "0123456789", count: 1000).utf8) + [10]
    let sent = text.withUnsafeBytes { write(2, $0.baseAddress, $0.count) }
    #expect(sent == text.count)
    // Standard error is the whole process's: a test running beside this
    // one, or a child it starts, may write to it too. One `write` to a file
    // is never split by another's, so the text is looked for whole.
    #expect(Self.contents(target).firstRange(of: text) == nil, "captured, not written through")
    capture.restore()
    #expect(Self.contents(target).firstRange(of: text) != nil, "replayed whole")
  }

  /// Issue 25: neither the saved standard error nor the file it is kept
  /// in reaches a program the guide starts (both close-on-exec); standard
  /// error itself (descriptor 2, the file while captured) stays inherited.
  @Test func itsDescriptorsAreCloseOnExec() throws {
    let capture = try #require(StderrCapture.start())
    let saved = fcntl(capture.savedDescriptor, F_GETFD)
    let file = fcntl(capture.fileDescriptor, F_GETFD)
    let standardError = fcntl(2, F_GETFD)
    capture.restore()
    #expect(saved >= 0 && saved & FD_CLOEXEC != 0)
    #expect(file >= 0 && file & FD_CLOEXEC != 0)
    #expect(standardError >= 0 && standardError & FD_CLOEXEC == 0)
  }

  /// The bytes of the file open as `descriptor`, from its start.
  static func contents(_ descriptor: Int32) -> [UInt8] {
    var bytes: [UInt8] = []
    var chunk = [UInt8](repeating: 0, count: 65_536)
    var offset: off_t = 0
    while true {
      let count = chunk.withUnsafeMutableBytes {
        pread(descriptor, $0.baseAddress, $0.count, offset)
      }
      guard count > 0 else { return bytes }
      bytes += chunk.prefix(count)
      offset += off_t(count)
    }
  }
}
