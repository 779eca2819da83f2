import EPGPlatform
import Foundation
import Testing

@testable import EPGActions

/// What a started program gets of tvgrid's (issue 25, item 2): standard
/// input, output and error only, and its own session without a
/// controlling terminal.
@Suite struct LaunchedChildTests {
  /// The descriptors `ls -l /proc/self/fd/` lists in `log` (the one ls
  /// reads the folder with left out): number → target.
  static func descriptors(inLog log: String) -> [String: String] {
    var found: [String: String] = [:]
    for line in log.split(separator: "\n") {
      guard let arrow = line.range(of: " -> ") else { continue }
      let target = String(line[arrow.upperBound...])
      let number = line[..<arrow.lowerBound].split(separator: " ").last.map(String.init) ?? ""
      if target.hasPrefix("/proc/") && target.hasSuffix("/fd") { continue }
      found[number] = target
    }
    return found
  }

  @Test func aDetachedChildGetsOnlyStandardDescriptors() throws {
    let folder = Support.folder()
    defer { try? FileManager.default.removeItem(atPath: folder) }
    // Open without close-on-exec, as Foundation's file reads are, and as a
    // parent may leave them to tvgrid: the child still must not see them.
    let leaked = open("/dev/null", O_RDONLY)
    let leakedPipe = UnsafeMutablePointer<Int32>.allocate(capacity: 2)
    defer {
      close(leaked)
      close(leakedPipe[0])
      close(leakedPipe[1])
      leakedPipe.deallocate()
    }
    #expect(leaked > 2 && fcntl(leaked, F_GETFD) & FD_CLOEXEC == 0)
    #expect(pipe(leakedPipe) == 0)
    let process = try CommandLauncher.launch(
      ["ls", "-l", "/proc/self/fd/"], logDirectory: folder, logName: "fd.log", now: 0,
      mask: { $0 })
    #expect(process.waitForExit() == 0)
    let log = try String(contentsOfFile: folder + "/fd.log", encoding: .utf8)
    #expect(
      Self.descriptors(inLog: log) == [
        "0": "/dev/null", "1": folder + "/fd.log", "2": folder + "/fd.log",
      ], "\(log)")
  }

  @Test func aDetachedChildLeadsItsOwnSessionWithoutATerminal() throws {
    let folder = Support.folder()
    defer { try? FileManager.default.removeItem(atPath: folder) }
    let process = try CommandLauncher.launch(
      ["cat", "/proc/self/stat"], logDirectory: folder, logName: "stat.log", now: 0,
      mask: { $0 })
    #expect(process.waitForExit() == 0)
    let log = try String(contentsOfFile: folder + "/stat.log", encoding: .utf8)
    // proc(5): after "pid (comm)": state ppid pgrp session tty_nr.
    let stat = log.split(separator: "\n").last ?? ""
    let fields = stat[(stat.lastIndex(of: ")").map { stat.index(after: $0) } ?? stat.startIndex)...]
      .split(separator: " ")
    try #require(fields.count > 4, "\(log)")
    #expect(fields[2] == "\(process.pid)", "process group")
    #expect(fields[3] == "\(process.pid)", "session")
    #expect(fields[4] == "0", "controlling terminal")
  }
}
