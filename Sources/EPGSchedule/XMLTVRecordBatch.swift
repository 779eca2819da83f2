import CXMLTVReader

/// The C reader's records and diagnostics, copied out of its callbacks
/// (their bytes are valid only during the call) in file order: the form in
/// which records travel from the parsing thread to another
/// (`XMLTVRecordPipe`). `forEach` gives them back as C records for
/// `XMLTVRecordReader`, which reads records on the parsing thread as the
/// parser gives them.
///
/// Texts are spans of one byte arena; a record's fields are a range of
/// `fields`.
struct XMLTVRecordBatch {
  /// Bytes `offset..<offset + length` of the arena; `offset` -1 stands for
  /// an absent attribute (NULL in the C record).
  struct Span {
    var offset: Int
    var length: Int
    static let absent = Span(offset: -1, length: 0)
    var isAbsent: Bool { offset < 0 }
  }

  /// One child element of a record, as `xmltv_field`.
  struct Field {
    /// An `xmltv_field_kind`.
    var kind: Int32
    var qualifier: Span
    var text: Span
    var extra: Span
  }

  /// One `<channel>` or `<programme>`, as `xmltv_record`.
  struct Record {
    /// An `xmltv_record_kind`.
    var kind: Int32
    /// 1-based line and column where the start tag ends.
    var line: Int
    var column: Int
    var id: Span
    var start: Span
    var stop: Span
    var clumpidx: Span
    /// Indices into `fields`.
    var fields: Range<Int>
  }

  enum Item {
    case record(Record)
    /// `kind` is an `xmltv_diag_kind`.
    case diagnostic(kind: Int32, line: Int, column: Int, message: String)
  }

  /// The arena. Never empty, so that a zero-length span still has an address.
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

  private mutating func span(_ value: xmltv_bytes) -> Span {
    guard let base = value.bytes else { return .absent }
    let offset = bytes.count
    bytes.append(contentsOf: UnsafeRawBufferPointer(start: base, count: value.length))
    return Span(offset: offset, length: value.length)
  }

  /// Copies `record` (valid only during the C callback) into the batch.
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

  /// Adds a diagnostic from the C callback, after the records before it.
  mutating func appendDiagnostic(kind: Int32, line: Int, column: Int, message: String) {
    items.append(.diagnostic(kind: kind, line: line, column: column, message: message))
  }

  /// Gives the records back as the C reader gave them (their bytes valid
  /// only during the call), and the diagnostics, in order.
  func forEach(
    record: (UnsafePointer<xmltv_record>) -> Void,
    diagnostic: (_ kind: Int32, _ line: Int, _ column: Int, _ message: String) -> Void
  ) {
    bytes.withUnsafeBufferPointer { arena in
      // The arena is never empty, so it has an address.
      let base = UnsafeRawPointer(arena.baseAddress!).assumingMemoryBound(to: CChar.self)
      func cBytes(_ span: Span) -> xmltv_bytes {
        span.isAbsent
          ? xmltv_bytes(bytes: nil, length: 0)
          : xmltv_bytes(bytes: base + span.offset, length: span.length)
      }
      let cFields = fields.map { field in
        xmltv_field(
          kind: field.kind, qualifier: cBytes(field.qualifier), text: cBytes(field.text),
          extra: cBytes(field.extra))
      }
      cFields.withUnsafeBufferPointer { cFields in
        for item in items {
          switch item {
          case .record(let r):
            var c = xmltv_record(
              kind: r.kind, line: r.line, column: r.column, id: cBytes(r.id),
              start: cBytes(r.start), stop: cBytes(r.stop), clumpidx: cBytes(r.clumpidx),
              fields: cFields.baseAddress.map { $0 + r.fields.lowerBound },
              field_count: r.fields.count)
            record(&c)
          case .diagnostic(let kind, let line, let column, let message):
            diagnostic(kind, line, column, message)
          }
        }
      }
    }
  }
}
