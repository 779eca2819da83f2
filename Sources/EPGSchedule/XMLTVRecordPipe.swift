import Dispatch
import Foundation

/// Hands the C reader's records from the parsing thread to a building
/// thread, so that libxml2 parses the next part of the file while the
/// previous records become programmes (two cores instead of one).
///
/// Records travel in `XMLTVRecordBatch`es, diagnostics in the same stream,
/// so the builder sees records and warnings in exactly the order the parser
/// produced them.
///
/// A class: one queue shared by the two threads, guarded by `condition`.
final class XMLTVRecordPipe: @unchecked Sendable {
  /// Batches sent and not yet received; the parser waits above this many.
  private static let depth = 4
  private let condition = NSCondition()
  private var queue: [XMLTVRecordBatch] = []
  private var spare: [XMLTVRecordBatch] = []
  private var closed = false

  /// Queues `batch` (waiting while the builder is `depth` batches behind)
  /// and returns an empty one to fill next.
  func send(_ batch: XMLTVRecordBatch) -> XMLTVRecordBatch {
    condition.lock()
    defer { condition.unlock() }
    while queue.count >= Self.depth { condition.wait() }
    queue.append(batch)
    condition.broadcast()
    var next = spare.popLast() ?? XMLTVRecordBatch()
    next.removeAll()
    return next
  }

  /// No more batches will be sent.
  func close() {
    condition.lock()
    closed = true
    condition.broadcast()
    condition.unlock()
  }

  /// The next batch, or nil once the pipe is closed and drained.
  func receive() -> XMLTVRecordBatch? {
    condition.lock()
    defer { condition.unlock() }
    while queue.isEmpty && !closed { condition.wait() }
    if queue.isEmpty { return nil }
    let batch = queue.removeFirst()
    condition.broadcast()
    return batch
  }

  /// Gives a processed batch back for reuse (its storage, not its content).
  func recycle(_ batch: XMLTVRecordBatch) {
    condition.lock()
    if spare.count < Self.depth { spare.append(batch) }
    condition.unlock()
  }

  /// Builds from every batch until the pipe is closed, on a thread of its
  /// own (not a Dispatch queue: a load may itself run on one, and the
  /// queue's threads may all be taken); `wait` returns once all of them
  /// went through `reader`.
  func startBuilding(with reader: XMLTVRecordReader<ScheduleBuilder>) -> DispatchSemaphore {
    let finished = DispatchSemaphore(value: 0)
    let work = UncheckedBox((self, reader))
    let thread = Thread {
      let (pipe, reader) = work.value
      while let batch = pipe.receive() {
        reader.read(batch)
        pipe.recycle(batch)
      }
      finished.signal()
    }
    thread.qualityOfService = .userInitiated
    thread.start()
    return finished
  }
}

/// Moves a value to another thread that alone uses it from then on.
struct UncheckedBox<Value>: @unchecked Sendable {
  let value: Value
  init(_ value: Value) { self.value = value }
}
