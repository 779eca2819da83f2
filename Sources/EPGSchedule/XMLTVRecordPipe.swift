import CXMLTVReader
import Dispatch
import Foundation

/// Hands the C reader's records from the parsing thread to a building
/// thread, so that libxml2 parses the next part of the file while the
/// previous records become programmes (two cores instead of one).
///
/// Records are copied out of the callbacks (their bytes are valid only
/// during the call) into batches: one byte arena, the fields and the items
/// in file order. Diagnostics travel in the same stream, so the builder sees
/// records and warnings in exactly the order the parser produced them.
///
/// A class: one queue shared by the two threads, guarded by `condition`.
final class XMLTVRecordPipe: @unchecked Sendable {
  /// Bytes in a batch's arena; `offset` -1 stands for an absent (NULL) value.
  struct Span {
    var offset: Int
    var length: Int
    static let absent = Span(offset: -1, length: 0)
  }

  struct Field {
    var kind: Int32
    var qualifier: Span
    var text: Span
    var extra: Span
  }

  enum Item {
    case record(Record)
    case diagnostic(kind: Int32, line: Int, column: Int, message: String)
  }

  struct Record {
    var kind: Int32
    var line: Int
    var column: Int
    var id: Span
    var start: Span
    var stop: Span
    var clumpidx: Span
    var fields: Range<Int>
  }

  /// Copied records, in file order.
  struct Batch {
    /// Never empty, so that a zero-length span still has an address.
    var bytes: [UInt8] = [0]
    var fields: [Field] = []
    var items: [Item] = []

    /// Whether the batch is worth sending.
    var isFull: Bool { items.count >= 1024 || bytes.count >= 1 << 18 }

    mutating func removeAll() {
      bytes.removeAll(keepingCapacity: true)
      bytes.append(0)
      fields.removeAll(keepingCapacity: true)
      items.removeAll(keepingCapacity: true)
    }

    mutating func span(_ value: xmltv_bytes) -> Span {
      guard let base = value.bytes else { return .absent }
      let offset = bytes.count
      bytes.append(contentsOf: UnsafeRawBufferPointer(start: base, count: value.length))
      return Span(offset: offset, length: value.length)
    }

    mutating func append(_ record: UnsafePointer<xmltv_record>) {
      let r = record.pointee
      let first = fields.count
      for field in UnsafeBufferPointer(start: r.fields, count: r.field_count) {
        fields.append(
          Field(
            kind: field.kind, qualifier: span(field.qualifier), text: span(field.text),
            extra: span(field.extra)))
      }
      items.append(
        .record(
          Record(
            kind: r.kind, line: r.line, column: r.column, id: span(r.id), start: span(r.start),
            stop: span(r.stop), clumpidx: span(r.clumpidx), fields: first..<fields.count)))
    }
  }

  /// Batches sent and not yet received; the parser waits above this many.
  private static let depth = 4
  private let condition = NSCondition()
  private var queue: [Batch] = []
  private var spare: [Batch] = []
  private var closed = false

  /// Queues `batch` (waiting while the builder is `depth` batches behind)
  /// and returns an empty one to fill next.
  func send(_ batch: Batch) -> Batch {
    condition.lock()
    defer { condition.unlock() }
    while queue.count >= Self.depth { condition.wait() }
    queue.append(batch)
    condition.broadcast()
    var next = spare.popLast() ?? Batch()
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
  func receive() -> Batch? {
    condition.lock()
    defer { condition.unlock() }
    while queue.isEmpty && !closed { condition.wait() }
    if queue.isEmpty { return nil }
    let batch = queue.removeFirst()
    condition.broadcast()
    return batch
  }

  /// Gives a processed batch back for reuse (its storage, not its content).
  func recycle(_ batch: Batch) {
    condition.lock()
    if spare.count < Self.depth { spare.append(batch) }
    condition.unlock()
  }

  /// Builds from every batch until the pipe is closed, on a thread of its
  /// own (not a Dispatch queue: a load may itself run on one, and the
  /// queue's threads may all be taken); `wait` returns once all of them
  /// went through `reader`.
  func startBuilding(with reader: XMLTVRecordReader) -> DispatchSemaphore {
    let finished = DispatchSemaphore(value: 0)
    let work = UncheckedBox((self, reader))
    let thread = Thread {
      let (pipe, reader) = work.value
      while let batch = pipe.receive() {
        Self.deliver(batch, to: reader)
        pipe.recycle(batch)
      }
      finished.signal()
    }
    thread.qualityOfService = .userInitiated
    thread.start()
    return finished
  }

  /// Replays a batch's items through `reader`, as the callbacks would have.
  static func deliver(_ batch: Batch, to reader: XMLTVRecordReader) {
    batch.bytes.withUnsafeBufferPointer { arena in
      guard let start = arena.baseAddress else { return }
      let base = UnsafeRawPointer(start).assumingMemoryBound(to: CChar.self)
      func bytes(_ span: Span) -> xmltv_bytes {
        span.offset < 0
          ? xmltv_bytes(bytes: nil, length: 0)
          : xmltv_bytes(bytes: base + span.offset, length: span.length)
      }
      var fields: [xmltv_field] = []
      for item in batch.items {
        switch item {
        case .record(let r):
          fields.removeAll(keepingCapacity: true)
          for field in batch.fields[r.fields] {
            fields.append(
              xmltv_field(
                kind: field.kind, qualifier: bytes(field.qualifier), text: bytes(field.text),
                extra: bytes(field.extra)))
          }
          fields.withUnsafeBufferPointer { fields in
            var record = xmltv_record(
              kind: r.kind, line: r.line, column: r.column, id: bytes(r.id), start: bytes(r.start),
              stop: bytes(r.stop), clumpidx: bytes(r.clumpidx), fields: fields.baseAddress,
              field_count: fields.count)
            withUnsafePointer(to: &record) { reader.handle($0) }
          }
        case .diagnostic(let kind, let line, let column, let message):
          let findingKind: LoadReport.Finding.Kind =
            switch kind {
            case Int32(XMLTV_DIAG_INVALID_BYTES.rawValue): .invalidBytes
            case Int32(XMLTV_DIAG_CONTROL_CHARACTER.rawValue): .controlCharacter
            default: .warning
            }
          reader.builder.warn(findingKind, line: line, column: column, message)
        }
      }
    }
  }
}

/// Moves a value to another thread that alone uses it from then on.
struct UncheckedBox<Value>: @unchecked Sendable {
  let value: Value
  init(_ value: Value) { self.value = value }
}
