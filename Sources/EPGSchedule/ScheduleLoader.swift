import CXMLTVReader
import EPGCore

/// Loads a guide file into a normalised `Schedule`.
///
/// Formats, told apart by content: XMLTV (streamed through libxml2, never
/// a DOM) and the project's JSON (name ending `.json`, or first byte `{`).
/// Either may be gzip-compressed (recognised by its magic bytes). The path
/// `-` reads standard input. The file is only ever opened read-only, and
/// nothing else is read: no DTD, no external entity, no network.
public enum ScheduleLoader {
  /// Loads `path` ("-" for standard input).
  ///
  /// Throws when the file cannot be read or is not well-formed (the error's
  /// description is `FILE:LINE:COLUMN: message`). Local damage (one bad
  /// programme) does not throw: the rest loads and `schedule.report` lists
  /// what was skipped or repaired, with line numbers.
  public static func load(path: String, options: LoadOptions = LoadOptions()) throws(LoadError)
    -> Schedule
  {
    var message = [CChar](repeating: 0, count: 256)
    guard let source = xmltv_source_open(path, &message, message.count) else {
      let text = String(
        decoding: message.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
      throw LoadError(kind: .unreadable, path: path, message: text)
    }
    defer { xmltv_source_close(source) }
    return try load(source: source, path: path, options: options)
  }

  /// Loads a guide (XMLTV or JSON, maybe gzip-compressed) from bytes in
  /// memory; `name` is used in messages.
  public static func load(
    bytes: [UInt8], name: String = "<memory>", options: LoadOptions = LoadOptions()
  ) throws(LoadError) -> Schedule {
    let result: Result<Schedule, LoadError> = bytes.withUnsafeBufferPointer { buffer in
      guard let source = xmltv_source_open_memory(buffer.baseAddress, buffer.count) else {
        return .failure(LoadError(kind: .unreadable, path: name, message: "cannot read the data"))
      }
      defer { xmltv_source_close(source) }
      do throws(LoadError) {
        return .success(try load(source: source, path: name, options: options))
      } catch {
        return .failure(error)
      }
    }
    return try result.get()
  }

  private static func load(source: OpaquePointer, path: String, options: LoadOptions)
    throws(LoadError) -> Schedule
  {
    if xmltv_source_set_limit(source, options.maxGuideBytes) != 0 {
      throw tooLarge(path: path, options: options)
    }
    let first = xmltv_source_first_byte(source)
    if first == -2, xmltv_source_over_limit(source) != 0 {
      throw tooLarge(path: path, options: options)
    }
    if first == -2 {
      throw LoadError(
        kind: .unreadable, path: path, message: String(cString: xmltv_source_error(source)))
    }
    if first == -1 {
      throw LoadError(kind: .unreadable, path: path, message: "empty input (no guide data)")
    }
    let lowered = path.lowercased()
    if lowered.hasSuffix(".json") || lowered.hasSuffix(".json.gz")
      || first == Int32(UInt8(ascii: "{"))
    {
      let data = try readAll(source, path: path, options: options)
      return try ScheduleJSON.decode(data, path: path, options: options)
    }
    if let schedule = try XMLTVParts.load(source, path: path, options: options) {
      return schedule
    }
    return try loadXMLTV(source, path: path, options: options)
  }

  private static func readAll(_ source: OpaquePointer, path: String, options: LoadOptions)
    throws(LoadError) -> [UInt8]
  {
    var data: [UInt8] = []
    var chunk = [UInt8](repeating: 0, count: 1 << 16)
    // Strings are cut as they are read: a huge one is never held.
    var limiter = JSONStringLimiter()
    while true {
      let got = chunk.withUnsafeMutableBufferPointer {
        xmltv_source_read(source, $0.baseAddress, $0.count)
      }
      if got < 0 {
        if xmltv_source_over_limit(source) != 0 { throw tooLarge(path: path, options: options) }
        throw LoadError(
          kind: .unreadable, path: path, message: String(cString: xmltv_source_error(source)))
      }
      if got == 0 { break }
      chunk.withUnsafeBufferPointer {
        limiter.append(UnsafeBufferPointer(rebasing: $0[0..<got]), to: &data)
      }
      if let progress = options.progress,
        !progress(xmltv_source_position(source), xmltv_source_size(source))
      {
        throw LoadError(kind: .cancelled, path: path, message: "cancelled")
      }
    }
    return data
  }

  private static func loadXMLTV(_ source: OpaquePointer, path: String, options: LoadOptions)
    throws(LoadError) -> Schedule
  {
    let builder = ScheduleBuilder(options: options)
    let reader = XMLTVRecordReader(builder: builder)
    // This thread parses; a worker turns the records into programmes.
    let pipe = XMLTVRecordPipe()
    let building = pipe.startBuilding(with: reader)
    let result = parseXMLTV(
      source, send: { batch in batch = pipe.send(batch) }, progress: options.progress)
    pipe.close()
    building.wait()
    if result.status == Int32(XMLTV_READ_ERROR.rawValue), xmltv_source_over_limit(source) != 0 {
      throw tooLarge(path: path, options: options)
    }
    try check(result, path: path)
    builder.report.invalidByteCount = result.invalid_bytes
    builder.report.controlCharacterCount = result.control_characters
    builder.report.repairCount = result.repairs
    return builder.finish()
  }

  /// The error of a guide larger than `options.maxGuideBytes`: which
  /// limit, and how to raise it.
  static func tooLarge(path: String, options: LoadOptions) -> LoadError {
    LoadError(
      kind: .tooLarge, path: path,
      message: "the guide is larger than max_guide_size (\(Self.size(options.maxGuideBytes)),"
        + " counted after decompression); raise max_guide_size in the config to load it")
  }

  /// `2 GiB`, `500 MiB`, `4096 bytes`: sizes as the config writes them.
  public static func size(_ bytes: Int64) -> String {
    for (unit, shift) in [("GiB", 30), ("MiB", 20), ("KiB", 10)] as [(String, Int64)]
    where bytes >= 1 << shift && bytes % (1 << shift) == 0 {
      return "\(bytes >> shift) \(unit)"
    }
    return "\(bytes) bytes"
  }

  /// Runs the C reader over `source`, copying its records and diagnostics
  /// into batches for `send` (which leaves it empty, or gives an empty one
  /// back; the last batch is sent before this returns), to be read on
  /// another thread. `progress`: the reading position (false cancels).
  static func parseXMLTV(
    _ source: OpaquePointer, send: @escaping (inout XMLTVRecordBatch) -> Void,
    progress: ((Int64, Int64) -> Bool)?
  ) -> xmltv_result {
    var batch = XMLTVRecordBatch()
    let result = parseXMLTV(
      record: { record in
        batch.append(record)
        if batch.isFull { send(&batch) }
      },
      diagnostic: { kind, line, column, message in
        batch.appendDiagnostic(kind: kind, line: line, column: column, message: message)
      },
      progress: progress,
      parse: { callbacks, result in xmltv_parse_part(source, callbacks, 0, result) }
    ).result
    send(&batch)
    return result
  }

  /// Runs the C reader over `source`, `reader` reading each record and
  /// diagnostic on this thread as the parser gives it (the record's bytes
  /// where the parser keeps them: no copy). `diagnostic` sees each
  /// diagnostic's message first. `quietLines`: see `xmltv_parse_part`;
  /// `progress`: the reading position (false cancels).
  static func parseXMLTV<Sink>(
    _ source: OpaquePointer, quietLines: Int = 0, reader: XMLTVRecordReader<Sink>,
    diagnostic: ((String) -> Void)? = nil, progress: ((Int64, Int64) -> Bool)?
  ) -> xmltv_result {
    parseXMLTV(
      reader: reader, diagnostic: diagnostic, progress: progress,
      parse: { callbacks, result in xmltv_parse_part(source, callbacks, quietLines, result) }
    ).result
  }

  /// As above, with `parse` the C call that reads the input through the
  /// callbacks into the result; also gives back what `parse` returned.
  static func parseXMLTV<Sink, Value>(
    reader: XMLTVRecordReader<Sink>, diagnostic: ((String) -> Void)? = nil,
    progress: ((Int64, Int64) -> Bool)?,
    parse: (UnsafePointer<xmltv_callbacks>, UnsafeMutablePointer<xmltv_result>) -> Value
  ) -> (result: xmltv_result, value: Value) {
    parseXMLTV(
      record: reader.read,
      diagnostic: { kind, line, column, message in
        diagnostic?(message)
        reader.readDiagnostic(kind: kind, line: line, column: column, message: message)
      },
      progress: progress, parse: parse)
  }

  private static func parseXMLTV<Value>(
    record: @escaping (UnsafePointer<xmltv_record>) -> Void,
    diagnostic: @escaping (_ kind: Int32, _ line: Int, _ column: Int, _ message: String) -> Void,
    progress: ((Int64, Int64) -> Bool)?,
    parse: (UnsafePointer<xmltv_callbacks>, UnsafeMutablePointer<xmltv_result>) -> Value
  ) -> (result: xmltv_result, value: Value) {
    let context = XMLTVContext(record: record, diagnostic: diagnostic, progress: progress)
    var result = xmltv_result()
    let unmanaged = Unmanaged.passRetained(context)
    defer { unmanaged.release() }
    var callbacks = xmltv_callbacks(
      record: { context, record in
        guard let context, let record else { return 0 }
        Unmanaged<XMLTVContext>.fromOpaque(context).takeUnretainedValue().record(record)
        return 0
      },
      diagnostic: { context, kind, line, column, message in
        guard let context, let message else { return }
        Unmanaged<XMLTVContext>.fromOpaque(context).takeUnretainedValue().diagnostic(
          kind, line, column, String(cString: message))
      },
      progress: { context, position, size in
        guard let context else { return 0 }
        let box = Unmanaged<XMLTVContext>.fromOpaque(context).takeUnretainedValue()
        guard let progress = box.progress else { return 0 }
        return progress(position, size) ? 0 : 1
      },
      context: unmanaged.toOpaque())
    let value = parse(&callbacks, &result)
    return (result, value)
  }

  /// Throws the error a finished parse ended with, if any.
  static func check(_ result: xmltv_result, path: String, lines: XMLTVPartLines = .file)
    throws(LoadError)
  {
    switch result.status {
    case Int32(XMLTV_OK.rawValue):
      return
    case Int32(XMLTV_CANCELLED.rawValue):
      throw LoadError(kind: .cancelled, path: path, message: "cancelled")
    case Int32(XMLTV_READ_ERROR.rawValue):
      throw LoadError(kind: .unreadable, path: path, message: message(of: result))
    case Int32(XMLTV_NOT_XMLTV.rawValue):
      throw LoadError(
        kind: .notAGuide, path: path, line: result.line > 0 ? lines(result.line) : 0,
        column: result.column, message: message(of: result))
    default:
      // After a repaired end tag the message names that end tag, the likely
      // cause (libxml2's own words follow in parentheses, as they are).
      let text = lines.message(message(of: result))
      throw LoadError(
        kind: .malformed, path: path, line: lines(result.line), column: result.column,
        message: result.structural_repairs > 0
          ? text : friendlier(text, endedEarly: result.ended_early != 0))
    }
  }

  /// The result's one-line message.
  static func message(of result: xmltv_result) -> String {
    withUnsafeBytes(of: result.message) { raw in
      String(decoding: raw.prefix { $0 != 0 }, as: UTF8.self)
    }
  }

  /// libxml2's messages, with the common ones made plainer. `endedEarly`:
  /// the error came where the input ran out (the file is cut short).
  private static func friendlier(_ message: String, endedEarly: Bool) -> String {
    if message.contains("Extra content at the end of the document") {
      return "extra content after the end of the guide (</tv>)"
    }
    if endedEarly || message.contains("Premature end of data")
      || message.contains("EndTag: '</' not found")
    {
      return "the file ends too early (truncated?): \(message)"
    }
    if message.contains("Detected an entity reference loop")
      || message.contains("amplification")
      || message.contains("entity")
        && message.contains("loop")
    {
      return "entity expansion limit exceeded (\(message))"
    }
    return message
  }
}

extension ScheduleLoader {
  /// The C callbacks' state: where records and diagnostics go.
  fileprivate final class XMLTVContext {
    // A class: passed to C as one opaque pointer.
    let record: (UnsafePointer<xmltv_record>) -> Void
    let diagnostic: (Int32, Int, Int, String) -> Void
    let progress: ((Int64, Int64) -> Bool)?
    init(
      record: @escaping (UnsafePointer<xmltv_record>) -> Void,
      diagnostic: @escaping (Int32, Int, Int, String) -> Void,
      progress: ((Int64, Int64) -> Bool)?
    ) {
      self.record = record
      self.diagnostic = diagnostic
      self.progress = progress
    }
  }
}
