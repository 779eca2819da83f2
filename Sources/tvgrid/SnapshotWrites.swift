import EPGSchedule
import Foundation

/// The snapshots this run's loads asked for, written when nobody waits for
/// them: the interactive guide starts a background thread after its first
/// frame (`startInBackground`); every command finishes the rest before
/// exiting (`finish`, called by `main`), after its output.
///
/// A class: one process-wide queue shared by the loading code, the
/// background thread and `main`, guarded by a lock.
final class SnapshotWrites: @unchecked Sendable {
  /// One snapshot to write.
  struct Job: Sendable {
    var cache: SnapshotCache
    var schedule: Schedule
    var key: SnapshotKey
  }

  static let shared = SnapshotWrites()

  private let lock = NSLock()
  private var jobs: [Job] = []
  private let running = DispatchGroup()

  /// Queues `job` (a later job for the same key replaces it).
  func add(_ job: Job) {
    lock.withLock {
      jobs.removeAll { $0.key == job.key && $0.cache == job.cache }
      jobs.append(job)
    }
  }

  /// Writes the queued snapshots on a new thread of background priority.
  func startInBackground() {
    guard lock.withLock({ !jobs.isEmpty }) else { return }
    running.enter()
    let thread = Thread { [self] in
      drain()
      running.leave()
    }
    thread.qualityOfService = .background
    thread.start()
  }

  /// Writes what is still queued, then waits for the background thread.
  func finish() {
    drain()
    running.wait()
  }

  private func drain() {
    while let job = lock.withLock({ jobs.isEmpty ? nil : jobs.removeFirst() }) {
      job.cache.store(job.schedule, key: job.key, now: Int64(Date().timeIntervalSince1970))
    }
  }
}
