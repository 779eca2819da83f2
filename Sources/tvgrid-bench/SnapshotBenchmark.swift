@preconcurrency import EPGPlatform
import Foundation

/// Issue 17: reopening a guide from its snapshot next to opening it the
/// first time, in one run on the same generated guides — 1,000 × 14 (235
/// MiB) and 4,000 × 14 (943 MiB, fewer runs) — with the suite's own cache
/// folder (`bench-out/cache`, set as `XDG_CACHE_HOME` for every process
/// this suite starts; the user's cache is never touched).
enum SnapshotBenchmark {
  static func run() {
    guard let tvgrid = ComparisonBenchmark.siblingExecutable("tvgrid") else {
      print("snapshot: tvgrid binary not found next to tvgrid-bench")
      return
    }
    let directory = ComparisonBenchmark.workDirectory()
    let cache = directory + "/cache"
    setenv("XDG_CACHE_HOME", cache, 1)
    for (channels, firstRuns, reopenRuns, runs) in [(1_000, 3, 5, 5), (4_000, 2, 3, 3)] {
      let file = ComparisonBenchmark.generate(
        (channels, 14, false), tvgrid: tvgrid, in: directory)
      measure(
        file: file, label: "\(channels.formatted()) × 14", tvgrid: tvgrid, cache: cache,
        runs: (firstRuns, reopenRuns, runs))
    }
  }

  static func measure(
    file: String, label: String, tvgrid: String, cache: String,
    runs: (first: Int, reopen: Int, commands: Int)
  ) {
    let snapshots = cache + "/tvgrid/snapshots"
    func clear() { try? FileManager.default.removeItem(atPath: snapshots) }
    print("\n== snapshots (issue 17): \(label) guide, median [min–max] ==")

    // First open: no snapshot; the snapshot is written after the frame.
    var first = Samples()
    for run in 0..<runs.first {
      clear()
      if let frame = firstFrame(tvgrid: tvgrid, file: file, run: run) { first.add(frame.seconds) }
    }
    clear()
    _ = ProcessMeasurement.run([tvgrid, "check", file])
    let snapshotSize = ((try? FileManager.default.contentsOfDirectory(atPath: snapshots)) ?? [])
      .filter { $0.hasSuffix(".tvgsnap") }
      .map { ComparisonBenchmark.fileSize(snapshots + "/" + $0) }.reduce(0, +)
    var reopen = Samples()
    var guideMemory = Samples()
    for run in 0..<runs.reopen {
      if let frame = firstFrame(tvgrid: tvgrid, file: file, run: 10 + run) {
        reopen.add(frame.seconds)
        if let peak = frame.peakBytes { guideMemory.add(peak) }
      }
    }
    print("  first frame, tmux 200×60 (s):")
    print("    first open (no snapshot)   \(ComparisonBenchmark.format(first))")
    print(
      "    reopen (snapshot)          \(ComparisonBenchmark.format(reopen))"
        + String(format: "   reopen/first %.3f×", reopen.median / first.median))
    let size = Double(ComparisonBenchmark.fileSize(file))
    if !guideMemory.values.isEmpty {
      print(
        "    reopened guide's peak RSS  \(ComparisonBenchmark.formatMiB(guideMemory)) MiB"
          + String(format: "   %.2f× the file", guideMemory.median / size))
    }

    let now = [tvgrid, "now", file, "--now", "2026-12-06T20:00Z"]
    let tools: [(String, [String])] = [
      ("tvgrid now (snapshot)", now),
      ("tvgrid now --no-cache", now + ["--no-cache"]),
      ("xmllint --stream --noout", ["xmllint", "--stream", "--noout", file]),
      ("tvgrid render (snapshot)", [tvgrid, "render", file, "--size", "200x60"]),
    ]
    var results: [String: (wall: Samples, cpu: Samples, memory: Samples)] = [:]
    print("  commands: wall s, CPU s, peak RSS MiB")
    for (name, command) in tools {
      guard let result = ComparisonBenchmark.measure(command, runs: runs.commands) else {
        print("    \(ComparisonBenchmark.pad(name, 26)) failed: \(command[0])")
        continue
      }
      results[name] = result
      print(
        "    \(ComparisonBenchmark.pad(name, 26)) wall \(ComparisonBenchmark.format(result.wall))"
          + "  CPU \(ComparisonBenchmark.format(result.cpu))"
          + "  RSS \(ComparisonBenchmark.formatMiB(result.memory))")
    }
    if let ours = results["tvgrid now (snapshot)"], let lint = results["xmllint --stream --noout"] {
      print(
        String(
          format: "  now (snapshot)/xmllint wall %.2f×; peak RSS/file size: now %.2f",
          ours.wall.median / lint.wall.median, ours.memory.median / size)
          + (results["tvgrid render (snapshot)"].map {
            String(format: ", render %.2f", $0.memory.median / size)
          } ?? ""))
    }
    print(
      String(
        format: "  snapshot %.1f MiB, file %.1f MiB: %.2f× the file",
        Double(snapshotSize) / 1_048_576,
        size / 1_048_576, Double(snapshotSize) / size))
  }

  /// Seconds from starting `tvgrid FILE` in a 200 × 60 tmux pane to the
  /// grid on screen (as `ComparisonBenchmark.startupToFirstFrame`), and
  /// tvgrid's peak resident memory (bytes, `VmHWM`) when it is read just
  /// before the pane is closed.
  static func firstFrame(tvgrid: String, file: String, run: Int) -> (
    seconds: Double, peakBytes: Double?
  )? {
    let socket = "tvgrid-bench-snap-\(getpid())-\(run)"
    let start = ProcessMeasurement.monotonicSeconds()
    _ = ProcessMeasurement.run([
      "tmux", "-L", socket, "new-session", "-d", "-x", "200", "-y", "60", "\(tvgrid) \(file)",
    ])
    var seen: Double?
    while ProcessMeasurement.monotonicSeconds() - start < 60 {
      let pane = ComparisonBenchmark.output(["tmux", "-L", socket, "capture-pane", "-p"])
      if pane.contains(":00") && (pane.contains("│") || pane.contains("|")) {
        seen = ProcessMeasurement.monotonicSeconds() - start
        break
      }
      usleep(10_000)
    }
    // Let the background writer finish before the server goes (else a
    // first open leaves only a temporary file).
    usleep(run < 10 ? 3_000_000 : 100_000)
    let pane = ComparisonBenchmark.output(["tmux", "-L", socket, "display", "-p", "#{pane_pid}"])
    let peak = Int32(pane.trimmingCharacters(in: .whitespacesAndNewlines)).flatMap(peakMemory)
    _ = ProcessMeasurement.run(["tmux", "-L", socket, "kill-server"])
    return seen.map { ($0, peak) }
  }

  /// `VmHWM` of `pid` in bytes, or of its child when it is a shell that
  /// started tvgrid.
  static func peakMemory(_ pid: Int32) -> Double? {
    let status = (try? String(contentsOfFile: "/proc/\(pid)/status", encoding: .utf8)) ?? ""
    if status.contains("Name:\ttvgrid") {
      let line = status.split(separator: "\n").first { $0.hasPrefix("VmHWM:") }
      let kilobytes = line.flatMap {
        Double($0.split(separator: " ", omittingEmptySubsequences: true).dropFirst().first ?? "")
      }
      return kilobytes.map { $0 * 1024 }
    }
    let children =
      (try? String(contentsOfFile: "/proc/\(pid)/task/\(pid)/children", encoding: .utf8)) ?? ""
    return children.split(separator: " ").compactMap { Int32($0) }.lazy.compactMap(peakMemory).first
  }
}
