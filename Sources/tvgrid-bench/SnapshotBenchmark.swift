@preconcurrency import EPGPlatform
import Foundation

/// Issue 17: reopening a guide from its snapshot next to opening it the
/// first time, in one run on the same generated 1,000 × 14 guide, with its
/// own cache folder (`bench-out/cache`, set as `XDG_CACHE_HOME` for every
/// process this suite starts; the user's cache is never touched).
enum SnapshotBenchmark {
  static func run() {
    guard let tvgrid = ComparisonBenchmark.siblingExecutable("tvgrid") else {
      print("snapshot: tvgrid binary not found next to tvgrid-bench")
      return
    }
    let directory = ComparisonBenchmark.workDirectory()
    let cache = directory + "/cache"
    setenv("XDG_CACHE_HOME", cache, 1)
    let file = ComparisonBenchmark.generate((1_000, 14, false), tvgrid: tvgrid, in: directory)
    let snapshots = cache + "/tvgrid/snapshots"
    func clear() { try? FileManager.default.removeItem(atPath: snapshots) }
    print("\n== snapshots (issue 17): 1,000 × 14 guide, median [min–max] ==")

    // First open: no snapshot; the snapshot is written after the frame.
    var first = Samples()
    for run in 0..<3 {
      clear()
      if let seconds = firstFrame(tvgrid: tvgrid, file: file, run: run) { first.add(seconds) }
    }
    clear()
    _ = ProcessMeasurement.run([tvgrid, "check", file])
    let snapshotSize = ((try? FileManager.default.contentsOfDirectory(atPath: snapshots)) ?? [])
      .filter { $0.hasSuffix(".tvgsnap") }
      .map { ComparisonBenchmark.fileSize(snapshots + "/" + $0) }.reduce(0, +)
    var reopen = Samples()
    for run in 0..<5 {
      if let seconds = firstFrame(tvgrid: tvgrid, file: file, run: 10 + run) { reopen.add(seconds) }
    }
    print("  first frame, tmux 200×60 (s):")
    print("    first open (no snapshot)   \(ComparisonBenchmark.format(first))")
    print(
      "    reopen (snapshot)          \(ComparisonBenchmark.format(reopen))"
        + String(format: "   reopen/first %.2f×", reopen.median / first.median))

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
      guard let result = ComparisonBenchmark.measure(command, runs: 5) else {
        print("    \(ComparisonBenchmark.pad(name, 26)) failed: \(command[0])")
        continue
      }
      results[name] = result
      print(
        "    \(ComparisonBenchmark.pad(name, 26)) wall \(ComparisonBenchmark.format(result.wall))"
          + "  CPU \(ComparisonBenchmark.format(result.cpu))"
          + "  RSS \(ComparisonBenchmark.formatMiB(result.memory))")
    }
    let size = Double(ComparisonBenchmark.fileSize(file))
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
  /// grid on screen (as `ComparisonBenchmark.startupToFirstFrame`).
  static func firstFrame(tvgrid: String, file: String, run: Int) -> Double? {
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
    _ = ProcessMeasurement.run(["tmux", "-L", socket, "kill-server"])
    return seen
  }
}
