import Foundation

/// Issue 14: a guide from a URL next to the same file on disk. Python's
/// `http.server` serves the generated 1,000 × 14 guide (plain and gzip) on
/// 127.0.0.1; each figure is `tvgrid now` to exit (load the whole guide,
/// print what is on), median [min–max] of five runs:
/// - the file on disk;
/// - the URL, first start (an empty cache: download, streamed into the
///   loader, and written to the cache);
/// - the URL again with `refresh = 0` (a conditional GET answered 304: the
///   cached copy is loaded).
enum RemoteBenchmark {
  static func run() {
    guard let tvgrid = ComparisonBenchmark.siblingExecutable("tvgrid") else {
      print("remote: tvgrid binary not found next to tvgrid-bench")
      return
    }
    let directory = ComparisonBenchmark.workDirectory()
    let plain = ComparisonBenchmark.generate((1_000, 14, false), tvgrid: tvgrid, in: directory)
    let compressed = ComparisonBenchmark.generate((1_000, 14, true), tvgrid: tvgrid, in: directory)
    guard let server = HTTPServer(directory: directory) else {
      print("remote: python3 -m http.server did not start")
      return
    }
    defer { server.stop() }
    let config = directory + "/remote-config"
    try? FileManager.default.createDirectory(
      atPath: config + "/tvgrid", withIntermediateDirectories: true)
    FileManager.default.createFile(
      atPath: config + "/tvgrid/config", contents: Data("refresh = 0\n".utf8))
    print("\n== a guide from a URL (python3 http.server on 127.0.0.1) vs the file (s) ==")
    print("   tvgrid now to exit: wall, CPU (user+system), peak RSS MiB; median [min–max] of 5")
    for path in [plain, compressed] {
      let name = URL(fileURLWithPath: path).lastPathComponent
      let url = "http://127.0.0.1:\(server.port)/\(name)"
      print(
        "\n\(name): \(ComparisonBenchmark.mib(ComparisonBenchmark.fileSize(path))) MiB")
      let cache = directory + "/remote-cache"
      func command(_ source: String) -> [String] {
        [
          "env", "XDG_CACHE_HOME=\(cache)", "XDG_CONFIG_HOME=\(config)", tvgrid, "now", source,
          "--now", "2026-12-01T20:00Z",
        ]
      }
      var file = Samples()
      var first = Samples()
      var again = Samples()
      var fileCPU = Samples()
      var firstCPU = Samples()
      var againCPU = Samples()
      var fileRSS = Samples()
      var firstRSS = Samples()
      var againRSS = Samples()
      for _ in 0..<5 {
        try? FileManager.default.removeItem(atPath: cache)
        guard let onDisk = ProcessMeasurement.run(command(path)),
          let download = ProcessMeasurement.run(command(url)),
          let notModified = ProcessMeasurement.run(command(url)),
          onDisk.status == 0, download.status == 0, notModified.status == 0
        else {
          print("  a run failed")
          return
        }
        file.add(onDisk.seconds)
        first.add(download.seconds)
        again.add(notModified.seconds)
        fileCPU.add(onDisk.cpuSeconds)
        firstCPU.add(download.cpuSeconds)
        againCPU.add(notModified.cpuSeconds)
        fileRSS.add(Double(onDisk.peakBytes))
        firstRSS.add(Double(download.peakBytes))
        againRSS.add(Double(notModified.peakBytes))
      }
      for (label, wall, cpu, rss) in [
        ("the file on disk", file, fileCPU, fileRSS),
        ("the URL, first start", first, firstCPU, firstRSS),
        ("the URL again (304)", again, againCPU, againRSS),
      ] {
        var line =
          "  \(ComparisonBenchmark.pad(label, 22)) wall \(ComparisonBenchmark.format(wall))"
          + "  CPU \(ComparisonBenchmark.format(cpu))  RSS \(ComparisonBenchmark.formatMiB(rss))"
        if label != "the file on disk" {
          line += String(format: "   /file: wall %.2f×", wall.median / file.median)
        }
        print(line)
      }
    }
  }

  /// Python's `http.server` on 127.0.0.1, a free port, serving a folder.
  /// It exits when its standard input closes, so it never outlives the
  /// bench, even one that is killed.
  ///
  /// A class: it owns the process.
  final class HTTPServer {
    let process = Process()
    private let input = Pipe()
    let port: Int

    static let script = """
      import functools, http.server, sys, threading
      handler = functools.partial(http.server.SimpleHTTPRequestHandler, directory=sys.argv[1])
      server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), handler)
      print("PORT %d" % server.server_address[1], flush=True)
      threading.Thread(target=server.serve_forever, daemon=True).start()
      sys.stdin.read()
      """

    init?(directory: String) {
      process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
      process.arguments = ["python3", "-c", Self.script, directory]
      let output = Pipe()
      process.standardInput = input
      process.standardOutput = output
      process.standardError = FileHandle.nullDevice
      guard (try? process.run()) != nil else { return nil }
      var line = ""
      let descriptor = output.fileHandleForReading.fileDescriptor
      let deadline = Date().addingTimeInterval(10)
      while !line.hasSuffix("\n"), Date() < deadline {
        var poller = pollfd(fd: descriptor, events: Int16(POLLIN), revents: 0)
        guard poll(&poller, 1, 200) > 0 else { continue }
        var byte: UInt8 = 0
        guard read(descriptor, &byte, 1) == 1 else { break }
        line.append(Character(Unicode.Scalar(byte)))
      }
      guard line.hasPrefix("PORT "), let port = Int(line.dropFirst(5).dropLast()) else {
        process.terminate()
        return nil
      }
      self.port = port
    }

    func stop() {
      try? input.fileHandleForWriting.close()
      process.waitUntilExit()
    }
  }
}
