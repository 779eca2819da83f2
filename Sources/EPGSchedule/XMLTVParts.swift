import CXMLTVReader
import Foundation

/// Loads a large plain XMLTV file on several cores: the file is cut at
/// `<programme` lines into parts (`xmltv_source_split`); worker threads
/// each parse a part (every part but the first by the plain scanner,
/// `xmltv_parse_plain_part`, when its bytes keep to the subset it reads,
/// else by libxml2) and read its records into an `XMLTVPartLog`, and the
/// calling thread replays the logs into one `ScheduleBuilder` in file
/// order, with each part's lines turned into the file's.
///
/// Why the result is the single stream's: every part after the first is
/// parsed after the file's own prolog and root start tag, and every part
/// but the last is closed with the root's end tag. A part that parses
/// without error therefore ended between two children of the root, so the
/// next part starts where the single stream is in the same state (same
/// namespaces, no entities: a DOCTYPE with an internal subset is never
/// cut). Whenever that is not shown — a part fails after reading the end
/// tag that was added, a read fails, or a warning names a line of its own —
/// the caller parses the file as one stream, so errors and reports are
/// exactly the single stream's. An error before that point is the single
/// stream's error, and is reported as such, its lines (also those in its
/// message) the file's.
enum XMLTVParts {
  /// Bytes per part unless `LoadOptions.partBytes` says otherwise. A file
  /// is cut when it holds two parts (8 MiB, about 0.1 s of loading; below
  /// that a second core saves little). Each part's programmes wait in
  /// memory until the parts before it are in: on the 1,000 × 14 guide,
  /// 8 MiB parts raised the peak RSS by 13 MiB over one stream, 4 MiB
  /// parts by 9 MiB.
  static let defaultPartBytes: Int64 = 4 << 20
  /// Parts read ahead of the one being replayed, beyond one per worker.
  static let readAhead = 1
  /// The largest part the plain scanner reads (it holds a part whole): a
  /// larger one, where no cut was found (a huge text, say), is streamed
  /// through libxml2, so that memory stays bounded.
  static let largestPlainPart: Int64 = 16 << 20

  /// The schedule, or nil when the file is not cut (too small, not a plain
  /// file, one core, an encoding or prolog that cannot be cut) or a part
  /// failed in a way the single stream might not: then the caller parses it
  /// as one stream.
  static func load(_ source: OpaquePointer, path: String, options: LoadOptions)
    throws(LoadError) -> Schedule?
  {
    var plainParts = 0
    return try load(source, path: path, options: options, plainParts: &plainParts)
  }

  /// As above; `plainParts`: how many parts the plain scanner read.
  static func load(
    _ source: OpaquePointer, path: String, options: LoadOptions, plainParts: inout Int
  ) throws(LoadError) -> Schedule? {
    let cores = ProcessInfo.processInfo.activeProcessorCount
    guard let partBytes = options.partBytes ?? (cores > 1 ? defaultPartBytes : nil) else {
      return nil
    }
    var prolog = xmltv_prolog()
    var starts = [Int64](repeating: 0, count: 4096)
    let count = Int(xmltv_source_split(source, partBytes, &prolog, &starts, Int32(starts.count)))
    // A root other than <tv> is refused by one stream at once.
    guard count > 1, Self.rootIsTV(prolog) else { return nil }
    let size = xmltv_source_size(source)
    var parts: [Part] = []
    for index in 0..<count {
      let end = index + 1 < count ? starts[index + 1] : size
      parts.append(Part(start: starts[index], length: end - starts[index]))
    }
    let workerCount = max(2, min(cores, 8))
    let shared = Shared(
      source: UncheckedBox(source), prolog: prolog, parts: parts, options: options,
      window: workerCount + readAhead)
    let workers = shared.start(workers: workerCount)
    defer {
      shared.stop()
      for worker in workers { worker.wait() }
    }
    return try replay(shared, path: path, size: size, plainParts: &plainParts)
  }

  /// Takes each part's outcome in file order and replays it; nil to fall
  /// back to one stream.
  private static func replay(
    _ shared: Shared, path: String, size: Int64, plainParts: inout Int
  ) throws(LoadError) -> Schedule? {
    let options = shared.options
    let builder = ScheduleBuilder(options: options)
    var reported = XMLTVPartLog.Reported()
    var invalidBytes = 0
    var controlCharacters = 0
    var repairs = 0
    /// The file's line where the part being replayed starts.
    var fileLine = 1
    let prologLines = shared.prolog.newlines
    for index in shared.parts.indices {
      guard let outcome = shared.outcome(of: index, progress: options.progress, size: size) else {
        throw LoadError(kind: .cancelled, path: path, message: "cancelled")
      }
      let lines =
        index == 0
        ? XMLTVPartLines.file : XMLTVPartLines(firstLine: prologLines + 2, fileLine: fileLine)
      let result = outcome.result
      // An end tag read as another's may have put the part out of step
      // with the file: one stream decides.
      if result.structural_repairs > 0 { return nil }
      if result.status != Int32(XMLTV_OK.rawValue) {
        // An error before the added end tag was read is the single
        // stream's; anything else is parsed again as one stream.
        let isLast = index == shared.parts.count - 1
        guard result.status == Int32(XMLTV_SYNTAX_ERROR.rawValue), isLast || !outcome.sawEnd,
          index == 0 || result.line >= lines.firstLine
        else { return nil }
        try ScheduleLoader.check(result, path: path, lines: lines)
        return nil
      }
      if outcome.namesLines { return nil }
      outcome.log.replay(into: builder, lines: lines, reported: &reported)
      if outcome.plain { plainParts += 1 }
      invalidBytes += result.invalid_bytes
      controlCharacters += result.control_characters
      repairs += result.repairs
      fileLine += result.newlines - (index == 0 ? 0 : prologLines + 1)
    }
    if let progress = options.progress, !progress(size, size) {
      throw LoadError(kind: .cancelled, path: path, message: "cancelled")
    }
    builder.report.invalidByteCount = invalidBytes
    builder.report.controlCharacterCount = controlCharacters
    builder.report.repairCount = repairs
    return builder.finish()
  }

  /// Whether the prolog's root element is `tv` (with or without a prefix).
  static func rootIsTV(_ prolog: xmltv_prolog) -> Bool {
    let root = withUnsafeBytes(of: prolog.root) { raw in
      String(decoding: raw.prefix { $0 != 0 }, as: UTF8.self)
    }
    return root == "tv" || root.hasSuffix(":tv")
  }

  /// Whether a parser message names a line ("… line 12 …"). libxml2's
  /// warnings are not known to, but may quote the file's text: a guard.
  static func namesLine(_ message: String) -> Bool {
    let bytes = Array(message.utf8)
    let word = Array("line ".utf8)
    guard bytes.count > word.count else { return false }
    for start in 0..<(bytes.count - word.count)
    where bytes[start..<start + word.count].elementsEqual(word) {
      let next = bytes[start + word.count]
      if next >= UInt8(ascii: "0") && next <= UInt8(ascii: "9") { return true }
    }
    return false
  }

  /// Bytes `start..<start + length` of the file.
  struct Part {
    var start: Int64
    var length: Int64
  }

  /// What parsing one part gave.
  struct Outcome {
    var log: XMLTVPartLog
    var result: xmltv_result
    /// The whole part was read, so the parser may have seen the end tag
    /// added after it (unless it is the last part, which has none).
    var sawEnd: Bool
    /// A diagnostic of the parser names a line ("… line 12 …"), which
    /// would be the part's own (an error's message is mended instead:
    /// `XMLTVPartLines.message`).
    var namesLines: Bool
    /// The part was read by the plain scanner, not libxml2.
    var plain: Bool
  }
}

extension XMLTVParts {
  /// What the workers and the replaying thread share, guarded by
  /// `condition`. A class: shared by those threads.
  fileprivate final class Shared: @unchecked Sendable {
    let source: UncheckedBox<OpaquePointer>
    let prolog: xmltv_prolog
    let parts: [Part]
    let options: LoadOptions
    /// Parts started but not yet taken by the replay, at most.
    let window: Int
    private let condition = NSCondition()
    private var next = 0
    private var taken = 0
    private var outcomes: [Outcome?]
    /// Bytes of each part read so far.
    private var positions: [Int64]
    private var stopped = false

    init(
      source: UncheckedBox<OpaquePointer>, prolog: xmltv_prolog, parts: [Part],
      options: LoadOptions, window: Int
    ) {
      self.source = source
      self.prolog = prolog
      self.parts = parts
      self.options = options
      self.window = window
      outcomes = Array(repeating: nil, count: parts.count)
      positions = Array(repeating: 0, count: parts.count)
    }

    /// Starts the worker threads (not a Dispatch queue: a load may itself
    /// run on one); each semaphore is signalled when its worker ends.
    func start(workers: Int) -> [DispatchSemaphore] {
      (0..<workers).map { _ in
        let finished = DispatchSemaphore(value: 0)
        let thread = Thread { [self] in
          work()
          finished.signal()
        }
        thread.qualityOfService = .userInitiated
        thread.start()
        return finished
      }
    }

    /// No part is started any more, and the ones being parsed stop at
    /// their next read.
    func stop() {
      condition.lock()
      stopped = true
      condition.broadcast()
      condition.unlock()
    }

    /// Waits for part `index`'s outcome and takes it, calling `progress`
    /// (on this thread) as the parts are read; nil when `progress` cancels.
    func outcome(
      of index: Int, progress: (@Sendable (Int64, Int64) -> Bool)?, size: Int64
    ) -> Outcome? {
      condition.lock()
      defer { condition.unlock() }
      var reported: Int64 = -1
      while outcomes[index] == nil {
        let position = positions.reduce(0, +)
        if let progress, position != reported {
          reported = position
          condition.unlock()
          let goOn = progress(position, size)
          condition.lock()
          if !goOn {
            stopped = true
            condition.broadcast()
            return nil
          }
          continue
        }
        condition.wait()
      }
      let outcome = outcomes[index]
      outcomes[index] = nil
      taken = index + 1
      condition.broadcast()
      return outcome
    }

    /// A worker: parses parts, in order, while there are any.
    private func work() {
      var interner = ScheduleInterner()
      // The plain scanner's bytes, reused from part to part (a new buffer
      // for each would be faulted in and zeroed again by the kernel).
      var bytes: [UInt8] = []
      while let index = nextPart() {
        let outcome = parse(index, interner: &interner, bytes: &bytes)
        condition.lock()
        outcomes[index] = outcome
        condition.broadcast()
        condition.unlock()
      }
    }

    /// The next part to parse, once the replay is close enough behind; nil
    /// when there is none or the load stopped.
    private func nextPart() -> Int? {
      condition.lock()
      defer { condition.unlock() }
      while !stopped && next < parts.count && next >= taken + window { condition.wait() }
      guard !stopped && next < parts.count else { return nil }
      next += 1
      return next - 1
    }

    /// Parses part `index`, its texts shared through `interner` with the
    /// worker's other parts (moved into the log and back: a copy would
    /// copy its tables at the first new text).
    private func parse(_ index: Int, interner: inout ScheduleInterner, bytes: inout [UInt8])
      -> Outcome
    {
      if index > 0, parts[index].length <= XMLTVParts.largestPlainPart,
        let outcome = parsePlain(index, interner: &interner, bytes: &bytes)
      {
        return outcome
      }
      let log = makeLog(index, interner: &interner)
      defer { interner = log.takeInterner() }
      var result = xmltv_result()
      var prolog = prolog
      var error = [CChar](repeating: 0, count: 256)
      guard
        let part = xmltv_source_open_part(
          source.value, &prolog, parts[index].start, parts[index].length, &error, error.count)
      else {
        result.status = Int32(XMLTV_READ_ERROR.rawValue)
        return Outcome(log: log, result: result, sawEnd: true, namesLines: false, plain: false)
      }
      defer { xmltv_source_close(part) }
      let reader = XMLTVRecordReader(builder: log)
      var namesLines = false
      let quietLines = index == 0 ? 0 : prolog.newlines + 1
      result = ScheduleLoader.parseXMLTV(
        part, quietLines: quietLines,
        reader: reader,
        diagnostic: { message in
          if index > 0 && !namesLines { namesLines = XMLTVParts.namesLine(message) }
        },
        progress: progress(of: index))
      return Outcome(
        log: log, result: result, sawEnd: xmltv_source_part_read(part) != 0,
        namesLines: namesLines, plain: false)
    }

    /// Part `index` (not the first) read by the plain scanner, without
    /// libxml2 (`xmltv_parse_plain_part`); nil when it is not plain, and
    /// what was read of it is dropped.
    private func parsePlain(_ index: Int, interner: inout ScheduleInterner, bytes: inout [UInt8])
      -> Outcome?
    {
      let length = Int(parts[index].length)
      if bytes.count < length { bytes = [UInt8](repeating: 0, count: length) }
      let log = makeLog(index, interner: &interner)
      defer { interner = log.takeInterner() }
      let reader = XMLTVRecordReader(builder: log)
      var prolog = prolog
      let (result, plain) = ScheduleLoader.parseXMLTV(
        reader: reader, progress: progress(of: index),
        parse: { callbacks, result in
          bytes.withUnsafeMutableBufferPointer { buffer in
            xmltv_parse_plain_part(
              source.value, &prolog, parts[index].start, parts[index].length, buffer.baseAddress,
              callbacks, result) != 0
          }
        })
      guard plain else { return nil }
      return Outcome(log: log, result: result, sawEnd: true, namesLines: false, plain: true)
    }

    /// An empty log for part `index`, holding the worker's interner.
    private func makeLog(_ index: Int, interner: inout ScheduleInterner) -> XMLTVPartLog {
      // At most one event per 128 bytes: a programme or channel element
      // takes more, a finding's line too.
      let log = XMLTVPartLog(
        options: options, interner: interner,
        expectedEvents: Int(min(parts[index].length, XMLTVParts.largestPlainPart) / 128))
      interner = ScheduleInterner()
      return log
    }

    /// Records how far part `index` has been read; false once the load
    /// stopped.
    private func progress(of index: Int) -> (Int64, Int64) -> Bool {
      { [self] position, _ in
        condition.lock()
        defer { condition.unlock() }
        positions[index] = position
        if options.progress != nil { condition.broadcast() }
        return !stopped
      }
    }
  }
}
