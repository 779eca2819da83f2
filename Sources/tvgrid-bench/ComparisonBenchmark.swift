import Foundation

/// Issue 7: tvgrid's load figures next to the tools users would otherwise
/// use, measured in the same run on the same generated files:
/// `xmllint --stream --noout` (libxml2 alone: the floor), `tv_grep --on-after
/// now` (the XMLTV tools) and a Python lxml iterparse loader of the same
/// fields. Each figure is the median of several runs, with min and max.
/// Also: start-up to first frame of the interactive program in a tmux pane.
enum ComparisonBenchmark {
  /// The generated guides: (channels, days, gzip).
  static let guides: [(channels: Int, days: Int, gzip: Bool)] = [
    (10, 3, false), (100, 7, false), (1_000, 14, false), (1_000, 14, true),
  ]

  static func run() {
    let directory = workDirectory()
    guard let tvgrid = siblingExecutable("tvgrid") else {
      print("compare: tvgrid binary not found next to tvgrid-bench")
      return
    }
    print("== load: parse, normalise, index — median [min–max] of the runs ==")
    print("   wall s, CPU s (user+system), peak RSS MiB; ratios are of the medians")
    for guide in guides {
      let path = generate(guide, tvgrid: tvgrid, in: directory)
      let size = fileSize(path)
      let plainSize = guide.gzip ? fileSize(String(path.dropLast(3))) : size
      let runs = guide.channels >= 1_000 ? 3 : 5
      print(
        "\n\(guide.channels) channels × \(guide.days) days\(guide.gzip ? ", gzip" : ""): "
          + "\(mib(size)) MiB on disk, \(mib(plainSize)) MiB XML")
      // tv_grep (Perl) keeps the whole guide in memory and takes about
      // 1.5 s per MB: once on the 100 × 7 guide and on the big plain one.
      let tvGrepRuns = guide.channels >= 100 ? (guide.gzip ? 0 : 1) : 3
      let tools: [(String, [String], Int)] = [
        // --no-cache: every run parses (the snapshot's reopen is the
        // `snapshot` suite's figure).
        ("tvgrid check", [tvgrid, "check", path, "--no-cache"], runs),
        ("xmllint --stream --noout", ["xmllint", "--stream", "--noout", path], runs),
        ("python3 lxml iterparse", [systemPython(), lxmlScript(), path], runs),
        ("tv_grep --on-after now", ["tv_grep", "--on-after", "now", path], tvGrepRuns),
      ]
      var tvgridTimes: (wall: Double, cpu: Double)?
      for (name, command, count) in tools {
        guard count > 0 else {
          print("  \(pad(name, 26)) not run on the gzip copy (minutes per run; see the plain file)")
          continue
        }
        guard let result = measure(command, runs: count) else {
          print("  \(pad(name, 26)) not available: \(command[0]) failed")
          continue
        }
        var line =
          "  \(pad(name, 26)) wall \(format(result.wall))  CPU \(format(result.cpu))  "
          + "RSS \(formatMiB(result.memory))"
        if let ours = tvgridTimes {
          line += String(
            format: "   tvgrid/this: wall %.2f×, CPU %.2f×",
            ours.wall / result.wall.median, ours.cpu / result.cpu.median)
        } else {
          tvgridTimes = (result.wall.median, result.cpu.median)
          line += String(
            format: "   RSS/XML size %.2f", result.memory.median / Double(max(plainSize, 1)))
        }
        print(line)
      }
    }
  }

  /// The `startup` suite: start-up to first frame on the biggest guide.
  static func startup() {
    guard let tvgrid = siblingExecutable("tvgrid") else {
      print("startup: tvgrid binary not found next to tvgrid-bench")
      return
    }
    let biggest = generate((1_000, 14, false), tvgrid: tvgrid, in: workDirectory())
    startupToFirstFrame(tvgrid: tvgrid, file: biggest)
  }

  // MARK: Start-up

  /// Seconds from starting `tvgrid FILE` in a 200 × 60 tmux pane until the
  /// grid is on screen (the pane shows the hour row's "00" of a time label).
  static func startupToFirstFrame(
    tvgrid: String, file: String, label: String = "1,000 × 14 guide"
  ) {
    print("\n== start-up to first frame, \(label), tmux 200×60 (s) ==")
    var samples = Samples()
    for run in 0..<3 {
      let socket = "tvgrid-bench-\(getpid())-\(run)"
      let start = ProcessMeasurement.monotonicSeconds()
      _ = ProcessMeasurement.run([
        "tmux", "-L", socket, "new-session", "-d", "-x", "200", "-y", "60",
        "\(tvgrid) --no-cache \(file)",
      ])
      var seen = false
      while ProcessMeasurement.monotonicSeconds() - start < 60 {
        let pane = output(["tmux", "-L", socket, "capture-pane", "-p"])
        if pane.contains(":00") && pane.contains("│") || pane.contains(":00") && pane.contains("|")
        {
          seen = true
          break
        }
        usleep(10_000)
      }
      let elapsed = ProcessMeasurement.monotonicSeconds() - start
      _ = ProcessMeasurement.run(["tmux", "-L", socket, "kill-server"])
      if seen { samples.add(elapsed) }
    }
    print(
      samples.values.isEmpty ? "  no frame seen within 60 s" : "  first frame \(format(samples)) s")
  }

  // MARK: Helpers

  static func measure(_ command: [String], runs: Int) -> (
    wall: Samples, cpu: Samples, memory: Samples
  )? {
    var wall = Samples()
    var cpu = Samples()
    var memory = Samples()
    for _ in 0..<runs {
      guard let result = ProcessMeasurement.run(command), result.status == 0 else { return nil }
      wall.add(result.seconds)
      cpu.add(result.cpuSeconds)
      memory.add(Double(result.peakBytes))
    }
    return (wall, cpu, memory)
  }

  static func generate(
    _ guide: (channels: Int, days: Int, gzip: Bool), tvgrid: String, in directory: String
  ) -> String {
    let plain = "\(directory)/demo-\(guide.channels)x\(guide.days).xml"
    if !FileManager.default.fileExists(atPath: plain) {
      _ = ProcessMeasurement.run(
        [
          tvgrid, "demo", "--channels", "\(guide.channels)", "--days", "\(guide.days)",
          "--seed", "7", "--start", "2026-11-30T00:00:00Z",
        ], stdoutPath: plain)
    }
    guard guide.gzip else { return plain }
    let compressed = plain + ".gz"
    if !FileManager.default.fileExists(atPath: compressed) {
      _ = ProcessMeasurement.run(["gzip", "-k", "-6", plain])
    }
    return compressed
  }

  static func workDirectory() -> String {
    let path = FileManager.default.currentDirectoryPath + "/bench-out"
    try? FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
    return path
  }

  static func siblingExecutable(_ name: String) -> String? {
    let own = URL(fileURLWithPath: CommandLine.arguments[0]).resolvingSymlinksInPath()
    let candidate = own.deletingLastPathComponent().appendingPathComponent(name).path
    return FileManager.default.isExecutableFile(atPath: candidate) ? candidate : nil
  }

  /// Debian's python3, which sees Debian's python3-lxml (a pyenv python
  /// earlier in PATH would not).
  static func systemPython() -> String {
    FileManager.default.isExecutableFile(atPath: "/usr/bin/python3")
      ? "/usr/bin/python3" : "python3"
  }

  static func lxmlScript() -> String {
    FileManager.default.currentDirectoryPath + "/Benchmarks/lxml_load.py"
  }

  /// What a short command prints. Through a file, not a pipe: Foundation's
  /// Process can wait forever on a tmux client.
  static func output(_ arguments: [String]) -> String {
    let path = NSTemporaryDirectory() + "tvgrid-bench-\(getpid()).out"
    defer { try? FileManager.default.removeItem(atPath: path) }
    _ = ProcessMeasurement.run(arguments, stdoutPath: path)
    return (try? String(contentsOfFile: path, encoding: .utf8)) ?? ""
  }

  static func fileSize(_ path: String) -> Int {
    ((try? FileManager.default.attributesOfItem(atPath: path))?[.size] as? Int) ?? 0
  }

  static func mib(_ bytes: Int) -> String { String(format: "%.1f", Double(bytes) / 1_048_576) }

  static func format(_ samples: Samples) -> String {
    String(format: "%.3f [%.3f–%.3f]", samples.median, samples.minimum, samples.maximum)
  }

  static func formatMiB(_ samples: Samples) -> String {
    String(
      format: "%.0f [%.0f–%.0f]", samples.median / 1_048_576, samples.minimum / 1_048_576,
      samples.maximum / 1_048_576)
  }

  static func pad(_ text: String, _ width: Int) -> String {
    text.count >= width ? text : text + String(repeating: " ", count: width - text.count)
  }
}
