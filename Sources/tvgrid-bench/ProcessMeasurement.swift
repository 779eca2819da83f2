import EPGPlatform
import Foundation

/// Wall time, CPU time and peak memory of one child process, measured with
/// `posix_spawn` and `wait4`.
///
/// The peak resident set size comes from GNU time (`/usr/bin/time -f %M`)
/// when it is installed: Linux carries a process's memory high-water mark
/// across `execve`, so `ru_maxrss` of a child spawned by this (large)
/// process would never read below this process's own size.
struct ProcessMeasurement {
  /// Wall-clock seconds from spawn to exit.
  var seconds: Double
  /// User plus system CPU seconds (steadier than wall time on a busy machine).
  var cpuSeconds: Double
  /// Peak resident set size in bytes (`ru_maxrss`).
  var peakBytes: Int
  /// Exit status (or 128 + signal).
  var status: Int32

  /// Runs `arguments[0]` (looked up in PATH) with stdout to `/dev/null`
  /// (or to `stdoutPath`) and stderr discarded.
  static func run(_ command: [String], stdoutPath: String = "/dev/null") -> ProcessMeasurement? {
    let timeTool = "/usr/bin/time"
    let peakFile = NSTemporaryDirectory() + "tvgrid-bench-peak-\(getpid())"
    let usesTime = FileManager.default.isExecutableFile(atPath: timeTool)
    defer { if usesTime { try? FileManager.default.removeItem(atPath: peakFile) } }
    let arguments = usesTime ? [timeTool, "-f", "%M", "-o", peakFile] + command : command
    var actions = posix_spawn_file_actions_t()
    posix_spawn_file_actions_init(&actions)
    defer { posix_spawn_file_actions_destroy(&actions) }
    posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0)
    posix_spawn_file_actions_addopen(&actions, 1, stdoutPath, O_WRONLY | O_CREAT | O_TRUNC, 0o644)
    posix_spawn_file_actions_addopen(&actions, 2, "/dev/null", O_WRONLY, 0)
    let cArguments = arguments.map { strdup($0) } + [nil]
    defer { cArguments.forEach { free($0) } }
    var pid: pid_t = 0
    let start = monotonicSeconds()
    let spawned = posix_spawnp(&pid, arguments[0], &actions, nil, cArguments, environ)
    guard spawned == 0 else { return nil }
    var rawStatus: Int32 = 0
    var usage = rusage()
    while wait4(pid, &rawStatus, 0, &usage) < 0 && errno == EINTR {}
    let seconds = monotonicSeconds() - start
    let exited = (rawStatus & 0x7f) == 0
    let status = exited ? (rawStatus >> 8) & 0xff : 128 + (rawStatus & 0x7f)
    let cpu =
      Double(usage.ru_utime.tv_sec + usage.ru_stime.tv_sec)
      + Double(usage.ru_utime.tv_usec + usage.ru_stime.tv_usec) / 1e6
    var peakKilobytes = usage.ru_maxrss
    if usesTime, let text = try? String(contentsOfFile: peakFile, encoding: .utf8),
      let last = text.split(separator: "\n").last, let kilobytes = Int(last)
    {
      peakKilobytes = kilobytes
    }
    return ProcessMeasurement(
      seconds: seconds, cpuSeconds: cpu, peakBytes: peakKilobytes * 1024, status: status)
  }

  /// Seconds on the monotonic clock.
  static func monotonicSeconds() -> Double {
    var now = timespec()
    clock_gettime(CLOCK_MONOTONIC, &now)
    return Double(now.tv_sec) + Double(now.tv_nsec) / 1e9
  }
}
