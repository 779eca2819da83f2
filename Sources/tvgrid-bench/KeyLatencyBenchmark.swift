@preconcurrency import EPGPlatform
import Foundation

/// Issue 18 item 10: key-to-screen latency under a held key. `tvgrid` runs
/// on the 1,000 × 14 demo guide in a 200 × 60 tmux pane whose output is
/// copied to a file (`pipe-pane`); arrow keys are sent at a key repeat's
/// 30 a second (`send-keys`, one client each) for a few seconds per
/// direction. A key's latency is from just before its `send-keys` starts to
/// the first output after it (all keys waiting then count as answered:
/// they were coalesced into that frame), so it includes starting the tmux
/// client, whose own time is printed too, with the latency counted from
/// its return. After the last key of a direction ("release"), the backlog
/// is how long output goes on after that key's `send-keys` returned.
enum KeyLatencyBenchmark {
  /// (key, seconds held): each direction past the sixth repeat after which
  /// a held arrow moves a screen at a time (`KeyRepeat`).
  static let holds: [(key: String, seconds: Double)] = [
    ("Right", 1.5), ("Left", 1.5), ("Down", 0.9), ("Up", 0.9),
  ]
  static let rate = 30.0

  static func run() {
    guard let tvgrid = ComparisonBenchmark.siblingExecutable("tvgrid") else {
      print("keys: tvgrid binary not found next to tvgrid-bench")
      return
    }
    guard ProcessMeasurement.run(["tmux", "-V"])?.status == 0 else {
      print("keys: tmux not found (make bench-deps installs it)")
      return
    }
    let directory = ComparisonBenchmark.workDirectory()
    let file = ComparisonBenchmark.generate((1_000, 14, false), tvgrid: tvgrid, in: directory)
    print("\n== key to screen under a held key, 1,000 × 14 guide, tmux 200×60 (ms) ==")
    let socket = "tvgrid-bench-keys-\(getpid())"
    let log = "\(directory)/keys-\(getpid()).out"
    defer {
      _ = ProcessMeasurement.run(["tmux", "-L", socket, "kill-server"])
      unlink(log)
    }
    // Three days into the guide's fortnight, so that no held key reaches
    // an end (Right: 15 steps and 30 pages of 7.5 h, 9.4 days; Down: 15
    // rows and 12 pages of 56); no favourites file of the user's.
    _ = ProcessMeasurement.run([
      "tmux", "-L", socket, "new-session", "-d", "-x", "200", "-y", "60",
      "env TZ=UTC LANG=C.UTF-8 XDG_DATA_HOME=/nonexistent \(tvgrid) --now 2026-12-03T12:00Z \(file)",
    ])
    let start = ProcessMeasurement.monotonicSeconds()
    var ready = false
    while ProcessMeasurement.monotonicSeconds() - start < 120 {
      let pane = ComparisonBenchmark.output(["tmux", "-L", socket, "capture-pane", "-p"])
      if pane.contains(":00") && pane.contains("│") {
        ready = true
        break
      }
      usleep(20_000)
    }
    guard ready else {
      print("  no first frame within 120 s")
      return
    }
    _ = ProcessMeasurement.run(["tmux", "-L", socket, "pipe-pane", "-O", "cat >> '\(log)'"])
    usleep(300_000)
    var latencies: [Double] = []
    var unanswered = 0
    var backlogs: [Double] = []
    var sends: [Double] = []
    var afterDelivery: [Double] = []
    for hold in holds {
      let result = measureHold(key: hold.key, seconds: hold.seconds, socket: socket, log: log)
      latencies += result.latencies
      unanswered += result.unanswered
      backlogs.append(result.backlog)
      sends += result.sends
      afterDelivery += result.afterDelivery
    }
    let sorted = latencies.sorted()
    func percentile(_ p: Double) -> Double {
      sorted.isEmpty ? .nan : sorted[min(sorted.count - 1, Int(Double(sorted.count) * p))] * 1000
    }
    print(
      String(
        format: "  %d keys at %.0f/s: median %.1f, p99 %.1f, worst %.1f; %d without output",
        latencies.count + unanswered, rate, percentile(0.5), percentile(0.99),
        (sorted.last ?? .nan) * 1000, unanswered))
    print(
      String(
        format: "  tmux send-keys itself (client start to exit): median %.1f, p99 %.1f",
        Self.percentile(sends, 0.5) * 1000, Self.percentile(sends, 0.99) * 1000))
    print(
      String(
        format: "  from send-keys' return to output: median %.1f, p99 %.1f, worst %.1f",
        Self.percentile(afterDelivery, 0.5) * 1000, Self.percentile(afterDelivery, 0.99) * 1000,
        (afterDelivery.max() ?? .nan) * 1000))
    print(
      String(
        format: "  backlog after release: worst %.1f (per direction: %@)",
        (backlogs.max() ?? .nan) * 1000,
        backlogs.map { String(format: "%.1f", $0 * 1000) }.joined(separator: ", ")))
  }

  /// Holds `key` for `seconds`; the latencies (seconds) of the keys that
  /// got output, how many got none, the backlog after the last one was
  /// delivered, how long each `send-keys` took, and the latencies counted
  /// from the return of each key's `send-keys` (0 when the output came
  /// while it ran).
  static func measureHold(
    key: String, seconds: Double, socket: String, log: String
  ) -> (
    latencies: [Double], unanswered: Int, backlog: Double, sends: [Double],
    afterDelivery: [Double]
  ) {
    var latencies: [Double] = []
    var sends: [Double] = []
    // Each waiting key: when its send-keys started and when it returned.
    var pending: [(sent: Double, delivered: Double)] = []
    var afterDelivery: [Double] = []
    var size = fileSize(log)
    var lastOutput = 0.0
    let begin = ProcessMeasurement.monotonicSeconds()
    let count = Int(seconds * rate)
    /// Polls the output until `deadline`, answering the waiting keys.
    func watch(until deadline: Double) {
      while ProcessMeasurement.monotonicSeconds() < deadline {
        let now = fileSize(log)
        if now != size {
          let time = ProcessMeasurement.monotonicSeconds()
          size = now
          lastOutput = time
          latencies += pending.map { time - $0.sent }
          afterDelivery += pending.map { max(0, time - $0.delivered) }
          pending = []
        }
        usleep(200)
      }
    }
    var lastSent = begin
    for index in 0..<count {
      let sent = ProcessMeasurement.monotonicSeconds()
      _ = ProcessMeasurement.run(["tmux", "-L", socket, "send-keys", key])
      lastSent = ProcessMeasurement.monotonicSeconds()
      sends.append(lastSent - sent)
      pending.append((sent, lastSent))
      watch(until: begin + Double(index + 1) / rate)
    }
    // After the release: until no output for half a second.
    var quietSince = ProcessMeasurement.monotonicSeconds()
    while ProcessMeasurement.monotonicSeconds() - quietSince < 0.5 {
      let before = size
      watch(until: ProcessMeasurement.monotonicSeconds() + 0.01)
      if size != before { quietSince = ProcessMeasurement.monotonicSeconds() }
    }
    return (latencies, pending.count, max(0, lastOutput - lastSent), sends, afterDelivery)
  }

  /// The `p` quantile of `values` (nearest rank), NaN for none.
  static func percentile(_ values: [Double], _ p: Double) -> Double {
    let sorted = values.sorted()
    return sorted.isEmpty ? .nan : sorted[min(sorted.count - 1, Int(Double(sorted.count) * p))]
  }

  static func fileSize(_ path: String) -> Int {
    var info = stat()
    return stat(path, &info) == 0 ? Int(info.st_size) : 0
  }
}
