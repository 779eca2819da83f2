import EPGLayout
import EPGSchedule
import Foundation

/// Load figures for `make bench` (issue 4).
///
/// Method: the guide files are generated with `DemoGuide` into a temporary
/// directory (1,000 channels × 14 days, seed 1, plain and gzip). Each load
/// runs in a fresh child process (this executable, `tvgrid-bench load`, with
/// `TVGRID_BENCH_LOAD_FILE` set) so that its peak memory is its own: the
/// child times `ScheduleLoader.load` (parse, normalise, index) with a
/// monotonic clock and reads its peak RSS (`VmHWM`) from /proc/self/status.
/// `xmllint --stream --noout` and `tv_grep` are run under `/usr/bin/time`
/// for comparison (tv_grep on the 100-channel × 7-day tier only: it builds
/// the whole guide in Perl memory). Targets: load ≤ 1.5 × xmllint's time,
/// peak RSS below the uncompressed file's size.
enum LoadBenchmark {
  static func run() {
    if let path = ProcessInfo.processInfo.environment["TVGRID_BENCH_LOAD_FILE"] {
      child(path: path)
      return
    }
    print("load: generating guides…")
    let directory = FileManager.default.temporaryDirectory
      .appendingPathComponent("tvgrid-bench-load-\(ProcessInfo.processInfo.processIdentifier)")
    try? FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: directory) }
    let start = TimestampParser.parse("2026-11-30T00:00:00Z") ?? 0
    let tiers: [(name: String, channels: Int, days: Int)] = [("M", 100, 7), ("L", 1000, 14)]
    for tier in tiers {
      let plain = directory.appendingPathComponent("guide-\(tier.name).xml").path
      let clock = ContinuousClock()
      let began = clock.now
      guard let handle = FileHandle(forWritingAtPath: plain) ?? create(plain) else {
        print("load: cannot write \(plain)")
        return
      }
      DemoGuide.write(
        channels: tier.channels, days: tier.days, seed: 1, start: start,
        fileDescriptor: handle.fileDescriptor)
      try? handle.close()
      let generated = seconds(clock.now - began)
      let size = (try? FileManager.default.attributesOfItem(atPath: plain)[.size] as? Int) ?? 0
      let gzipped = plain + ".gz"
      _ = shell("/bin/sh", ["-c", "gzip -c '\(plain)' > '\(gzipped)'"])
      let gzSize = (try? FileManager.default.attributesOfItem(atPath: gzipped)[.size] as? Int) ?? 0
      print(
        "load[\(tier.name)]: \(tier.channels) channels × \(tier.days) days: "
          + "\(mb(size)) MB XMLTV (\(mb(gzSize)) MB gzip), generated in \(format(generated)) s")
      for file in [plain, gzipped] {
        let label = file.hasSuffix(".gz") ? "gzip " : "plain"
        guard let ours = loadInChild(file) else { continue }
        var line =
          "load[\(tier.name)] \(label): tvgrid wall \(format(ours.wall)) s, CPU \(format(ours.cpu)) s, "
          + "peak RSS \(mb(ours.maxRSS)) MB (\(ours.programmes) programmes; "
          + "RSS/file \(format(Double(ours.maxRSS) / Double(max(size, 1)))))"
        if let lint = timed("xmllint", ["--stream", "--noout", file]) {
          line +=
            "\n  xmllint --stream --noout: wall \(format(lint.wall)) s, CPU \(format(lint.cpu)) s, "
            + "\(mb(lint.maxRSS)) MB → tvgrid/xmllint wall \(format(ours.wall / max(lint.wall, 0.001)))×, "
            + "CPU \(format(ours.cpu / max(lint.cpu, 0.001)))× (target ≤ 1.5×)"
        } else {
          line += "\n  xmllint or /usr/bin/time missing (apt-get install libxml2-utils time)"
        }
        print(line)
      }
      if tier.name == "M",
        let grep = timed(
          "tv_grep",
          ["--on-after", "20261201120000 +0000", "--on-before", "20261201120000 +0000", plain])
      {
        print(
          "load[M] plain: tv_grep --on-after/--on-before: wall \(format(grep.wall)) s, "
            + "CPU \(format(grep.cpu)) s, \(mb(grep.maxRSS)) MB")
      }
    }
    print(
      "load: wall times suffer when other processes share the CPUs; CPU time is the steadier figure"
    )
  }

  /// In the child: load, then print `seconds peakRSSbytes programmes
  /// channels cpuSeconds`.
  private static func child(path: String) {
    let clock = ContinuousClock()
    let began = clock.now
    do {
      let schedule = try ScheduleLoader.load(path: path)
      let elapsed = seconds(clock.now - began)
      print(
        "\(elapsed) \(peakRSS()) \(schedule.programmeCount) \(schedule.channels.count) \(cpuSeconds())"
      )
    } catch {
      print("error \(error)")
    }
  }

  /// One measured load: wall and CPU seconds, peak RSS in bytes.
  struct Figures {
    var wall: Double
    var cpu: Double
    var maxRSS: Int
    var programmes: Int
  }

  private static func loadInChild(_ path: String) -> Figures? {
    let process = Process()
    process.executableURL = URL(fileURLWithPath: "/proc/self/exe").resolvingSymlinksInPath()
    process.arguments = ["load"]
    var environment = ProcessInfo.processInfo.environment
    environment["TVGRID_BENCH_LOAD_FILE"] = path
    process.environment = environment
    let pipe = Pipe()
    process.standardOutput = pipe
    do { try process.run() } catch { return nil }
    let data = pipe.fileHandleForReading.readDataToEndOfFile()
    process.waitUntilExit()
    let fields = String(decoding: data, as: UTF8.self)
      .split(whereSeparator: { $0 == " " || $0 == "\n" })
    guard fields.count == 5, let wall = Double(fields[0]), let rss = Int(fields[1]),
      let count = Int(fields[2]), let cpu = Double(fields[4])
    else {
      print("load: child failed: \(String(decoding: data, as: UTF8.self))")
      return nil
    }
    return Figures(wall: wall, cpu: cpu, maxRSS: rss, programmes: count)
  }

  /// User + system CPU seconds of this process so far.
  private static func cpuSeconds() -> Double {
    var usage = rusage()
    getrusage(__rusage_who_t(RUSAGE_SELF.rawValue), &usage)
    let user = Double(usage.ru_utime.tv_sec) + Double(usage.ru_utime.tv_usec) / 1e6
    let system = Double(usage.ru_stime.tv_sec) + Double(usage.ru_stime.tv_usec) / 1e6
    return user + system
  }

  /// Runs a program found on PATH under /usr/bin/time: wall and CPU
  /// seconds and peak RSS, or nil if it (or /usr/bin/time) is missing.
  private static func timed(_ name: String, _ arguments: [String]) -> Figures? {
    guard let program = which(name), FileManager.default.isExecutableFile(atPath: "/usr/bin/time")
    else { return nil }
    let output = shell(
      "/usr/bin/time", ["-f", "TIME %e %U %S %M", program] + arguments, discardStdout: true)
    guard let line = output.split(separator: "\n").last(where: { $0.hasPrefix("TIME ") }) else {
      return nil
    }
    let parts = line.split(separator: " ")
    guard parts.count == 5, let wall = Double(parts[1]), let user = Double(parts[2]),
      let system = Double(parts[3]), let kb = Int(parts[4])
    else { return nil }
    return Figures(wall: wall, cpu: user + system, maxRSS: kb * 1024, programmes: 0)
  }

  private static func which(_ name: String) -> String? {
    let path = ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin"
    return path.split(separator: ":").map { "\($0)/\(name)" }.first {
      FileManager.default.isExecutableFile(atPath: $0)
    }
  }

  /// Runs a program; returns its standard error (and output unless discarded).
  @discardableResult
  private static func shell(_ program: String, _ arguments: [String], discardStdout: Bool = false)
    -> String
  {
    let process = Process()
    process.executableURL = URL(fileURLWithPath: program)
    process.arguments = arguments
    let err = Pipe()
    process.standardError = err
    process.standardOutput = discardStdout ? FileHandle.nullDevice : FileHandle.standardError
    do { try process.run() } catch { return "" }
    let data = err.fileHandleForReading.readDataToEndOfFile()
    process.waitUntilExit()
    return String(decoding: data, as: UTF8.self)
  }

  private static func create(_ path: String) -> FileHandle? {
    _ = FileManager.default.createFile(atPath: path, contents: nil)
    return FileHandle(forWritingAtPath: path)
  }

  /// Peak resident set size in bytes (VmHWM), 0 if unknown.
  private static func peakRSS() -> Int {
    guard let status = try? String(contentsOfFile: "/proc/self/status", encoding: .utf8) else {
      return 0
    }
    for line in status.split(separator: "\n") where line.hasPrefix("VmHWM:") {
      let digits = line.filter(\.isNumber)
      return (Int(digits) ?? 0) * 1024
    }
    return 0
  }

  private static func seconds(_ duration: Duration) -> Double {
    Double(duration.components.seconds) + Double(duration.components.attoseconds) / 1e18
  }

  private static func format(_ value: Double) -> String { String(format: "%.2f", value) }
  private static func mb(_ bytes: Int) -> String {
    String(format: "%.1f", Double(bytes) / 1_048_576)
  }
}
