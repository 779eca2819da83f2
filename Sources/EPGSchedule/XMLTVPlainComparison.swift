import CXMLTVReader

/// What the plain scanner (`xmltv_parse_plain`) and libxml2 hand over for
/// the same bytes of a part, one line per record or diagnostic, to compare
/// the two: the tests' and the fuzzer's oracle (`PlainScannerTests`,
/// `Fuzz/Targets/XMLTVPlainFuzz.swift`). The part is read after a fixed
/// prolog, as `xmltv_source_open_part` reads a part after the file's.
package enum XMLTVPlainComparison {
  static let prolog = "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<tv generator-info-name=\"t\">"
  /// Lines of the prolog plus the newline after it: the part's first line
  /// is the next.
  static let firstLine = 3

  /// Everything the C reader hands over, one line per record or
  /// diagnostic, and the result's status and line count.
  /// A class: handed to C as the callbacks' context.
  final class Dump {
    var lines: [String] = []
    var result = xmltv_result()

    static func text(_ bytes: xmltv_bytes) -> String {
      guard let base = bytes.bytes else { return "∅" }
      return String(
        decoding: UnsafeRawBufferPointer(start: base, count: bytes.length), as: UTF8.self)
    }

    static let callbacks:
      (
        record: @convention(c) (UnsafeMutableRawPointer?, UnsafePointer<xmltv_record>?) -> Int32,
        diagnostic:
          @convention(c) (UnsafeMutableRawPointer?, Int32, Int, Int, UnsafePointer<CChar>?) -> Void
      ) = (
        { context, record in
          guard let context, let r = record?.pointee else { return 0 }
          let dump = Unmanaged<Dump>.fromOpaque(context).takeUnretainedValue()
          var line =
            "record \(r.kind) at \(r.line):\(r.column) id=\(text(r.id)) start=\(text(r.start))"
          line += " stop=\(text(r.stop)) clump=\(text(r.clumpidx))"
          for field in UnsafeBufferPointer(start: r.fields, count: r.field_count) {
            line +=
              " | \(field.kind) [\(text(field.qualifier))] \(text(field.text)) (\(text(field.extra)))"
          }
          dump.lines.append(line)
          return 0
        },
        { context, kind, line, column, message in
          guard let context, let message else { return }
          let dump = Unmanaged<Dump>.fromOpaque(context).takeUnretainedValue()
          dump.lines.append("diagnostic \(kind) at \(line):\(column) \(String(cString: message))")
        }
      )

    func run(_ parse: (UnsafePointer<xmltv_callbacks>, UnsafeMutablePointer<xmltv_result>) -> Void)
    {
      let unmanaged = Unmanaged.passRetained(self)
      defer { unmanaged.release() }
      var callbacks = xmltv_callbacks(
        record: Self.callbacks.record, diagnostic: Self.callbacks.diagnostic, progress: nil,
        context: unmanaged.toOpaque())
      parse(&callbacks, &result)
    }
  }

  /// `content` read by libxml2 as a part is: after the prolog and a
  /// newline, followed by the root's end tag unless `isLast` (then it holds
  /// it). Nil when libxml2 finds it not well-formed, also when it made a
  /// mistake good (the plain scanner reads only what is well-formed).
  package static func libxml2(_ content: [UInt8], isLast: Bool) -> [String]? {
    let document = Array((prolog + "\n").utf8) + content + (isLast ? [] : Array("</tv>".utf8))
    let dump = Dump()
    document.withUnsafeBufferPointer { buffer in
      guard let source = xmltv_source_open_memory(buffer.baseAddress, buffer.count) else { return }
      defer { xmltv_source_close(source) }
      dump.run { callbacks, result in xmltv_parse_part(source, callbacks, 2, result) }
    }
    guard dump.result.status == Int32(XMLTV_OK.rawValue), dump.result.repairs == 0 else {
      return nil
    }
    return dump.lines + ["status \(dump.result.status)", "newlines \(dump.result.newlines - 2)"]
  }

  /// `content` read by the plain scanner; nil when it gives up.
  package static func plain(_ content: [UInt8], isLast: Bool) -> [String]? {
    let dump = Dump()
    var plain: Int32 = 0
    content.withUnsafeBufferPointer { buffer in
      dump.run { callbacks, result in
        plain = xmltv_parse_plain(
          buffer.baseAddress ?? UnsafePointer(bitPattern: 1)!, buffer.count, firstLine,
          isLast ? "tv" : nil, callbacks, result)
      }
    }
    guard plain != 0 else { return nil }
    return dump.lines + ["status \(dump.result.status)", "newlines \(dump.result.newlines)"]
  }
}
