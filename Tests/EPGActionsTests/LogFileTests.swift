import EPGPlatform
import Foundation
import Testing

@testable import EPGActions

/// The logs of started programs stay bounded (issue 25, item 5): 1 MiB,
/// one older copy kept.
@Suite struct LogFileTests {
  @Test func aLogOverItsLimitIsCutBeforeTheNextStartKeepingOneOlderCopy() throws {
    let folder = Support.folder()
    defer { try? FileManager.default.removeItem(atPath: folder) }
    let path = folder + "/commands.log"
    // 1.5 MiB of numbered lines: the older copy keeps the last 1 MiB.
    var text = ""
    var line = 0
    while text.utf8.count < 3 << 19 {
      text += String(format: "line %07d\n", line)
      line += 1
    }
    try Data(text.utf8).write(to: URL(fileURLWithPath: path))
    let process = try CommandLauncher.launch(
      ["echo", "fresh"], logDirectory: folder, logName: "commands.log", now: 0, mask: { $0 })
    #expect(process.waitForExit() == 0)
    let log = try String(contentsOfFile: path, encoding: .utf8)
    #expect(log == "1970-01-01T00:00:00Z start: echo fresh\nfresh\n")
    let older = try Data(contentsOf: URL(fileURLWithPath: path + ".1"))
    #expect(older == Data(text.utf8.suffix(1 << 20)))
    let attributes = try FileManager.default.attributesOfItem(atPath: path + ".1")
    #expect(attributes[.posixPermissions] as? Int == 0o600)
  }

  @Test func aRunningCommandsLogIsCutWhenPolled() throws {
    let folder = Support.folder()
    defer { try? FileManager.default.removeItem(atPath: folder) }
    let stub = folder + "/chatty.sh"
    // Writes 1.25 MiB, then waits on a FIFO nobody writes to.
    Support.script(
      stub,
      """
      head -c 1310720 /dev/zero | tr '\\0' x
      echo
      mkfifo "$0.fifo"
      read x < "$0.fifo"
      echo after

      """)
    var running = RunningCommands()
    let process = try CommandLauncher.launch(
      ["/bin/sh", stub], logDirectory: folder, logName: "commands.log", now: 0, mask: { $0 })
    running.add("chatty", process)
    defer {
      process.terminate()
      _ = process.waitForExit()
    }
    let path = folder + "/commands.log"
    func size(_ path: String) -> Int {
      ((try? FileManager.default.attributesOfItem(atPath: path))?[.size] as? Int) ?? 0
    }
    for _ in 0..<500 where !FileManager.default.fileExists(atPath: stub + ".fifo") {
      usleep(10_000)
    }
    #expect(size(path) > LogFile.sizeLimit)
    #expect(running.reap().isEmpty)
    #expect(size(path) == 0)
    #expect(size(path + ".1") == LogFile.sizeLimit)
    // The program goes on writing at the log's new start.
    let fifo = open(stub + ".fifo", O_WRONLY | O_NONBLOCK)
    if fifo >= 0 {
      _ = write(fifo, "go\n", 3)
      close(fifo)
    }
    #expect(process.waitForExit() == 0)
    #expect((try? String(contentsOfFile: path, encoding: .utf8)) == "after\n")
  }
}
