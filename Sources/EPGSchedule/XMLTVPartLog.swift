import CXMLTVReader

/// What `XMLTVRecordReader` made of one part of a file parsed on a thread
/// of its own (`XMLTVParts`): the calls it would have made on the guide's
/// `ScheduleBuilder`, in order, with the parser's lines, replayed into the
/// builder once the parts before it are in. Replaying every part in file
/// order makes the builder's calls, and so the schedule and its report, the
/// ones a single stream makes.
///
/// A class: the reader holds it as its sink and adds to it in place. One
/// thread at a time uses it (the worker's reader, then the replay), so its
/// state goes without the per-access exclusivity check.
final class XMLTVPartLog: XMLTVRecordSink {
  enum Event {
    /// The part's first use of channel `id`; later events name it by the
    /// part's own channel index (the order of these events).
    case firstUse(id: String, line: Int)
    case define(Channel, line: Int)
    case programme(Programme, channel: Int, clump: (Int, Int)?, stopProblem: StopProblem?)
    case finding(LoadReport.Finding)
    /// Left where an event was moved out during `replay`.
    case replayed
  }

  let options: LoadOptions
  @exclusivity(unchecked) private(set) var events: [Event] = []
  /// Handed from part to part by a worker (`takeInterner`), so that a
  /// repeated text has one copy per worker rather than one per part.
  @exclusivity(unchecked) private var interner: ScheduleInterner
  @exclusivity(unchecked) private var channelIndex: [String: Int] = [:]

  /// `expectedEvents`: room reserved for the events up front (pages not
  /// written to cost no memory), so that the log does not grow by copying.
  init(options: LoadOptions, interner: ScheduleInterner, expectedEvents: Int = 0) {
    self.options = options
    self.interner = interner
    events.reserveCapacity(expectedEvents)
  }

  func channel(for id: String, line: Int) -> Int {
    if let index = channelIndex[id] { return index }
    let index = channelIndex.count
    channelIndex[id] = index
    events.append(.firstUse(id: id, line: line))
    return index
  }

  func define(_ channel: Channel, line: Int) {
    events.append(.define(channel, line: line))
  }

  func add(
    _ programme: consuming Programme, channel: Int, clump: (Int, Int)?, stopProblem: StopProblem?
  ) {
    events.append(.programme(programme, channel: channel, clump: clump, stopProblem: stopProblem))
  }

  /// The interner, for the worker's next part; this log interns no more.
  func takeInterner() -> ScheduleInterner {
    defer { interner = ScheduleInterner() }
    return interner
  }

  func intern(_ text: String) -> String { interner.intern(text) }
  func intern(utf8 bytes: UnsafeBufferPointer<UInt8>) -> String { interner.intern(utf8: bytes) }
  func intern(_ list: [String]) -> [String] { interner.intern(list) }
  func intern(_ extras: [ProgrammeExtra]) -> [ProgrammeExtra] { interner.intern(extras) }

  func warn(_ kind: LoadReport.Finding.Kind, line: Int, column: Int, _ message: String) {
    events.append(.finding(.init(kind: kind, line: line, column: column, message: message)))
  }

  /// How many findings of the kinds one stream reports at most
  /// `XMLTV_LINE_REPORTS` of were replayed so far in the file: lines with
  /// invalid bytes or control characters, and repairs.
  struct Reported {
    var lines = 0
    var repairs = 0
  }

  /// Makes the builder calls, with the file's lines. `reported`: the
  /// findings kept so far in the file; as in one stream, no more than
  /// `XMLTV_LINE_REPORTS` of each kind are kept. Empties the log.
  func replay(into builder: ScheduleBuilder, lines: XMLTVPartLines, reported: inout Reported) {
    var channels: [Int] = []
    channels.reserveCapacity(channelIndex.count)
    // Each event is moved out of the log, not copied (a copy retains every
    // string of a programme, and the log's end releases them again), and
    // `.replayed`, which owns nothing, left in its place.
    events.withUnsafeMutableBufferPointer { buffer in
      guard let base = buffer.baseAddress else { return }
      for index in buffer.indices {
        replay(
          (base + index).move(), into: builder, lines: lines, channels: &channels,
          reported: &reported)
        (base + index).initialize(to: .replayed)
      }
    }
    events = []
  }

  private func replay(
    _ event: consuming Event, into builder: ScheduleBuilder, lines: XMLTVPartLines,
    channels: inout [Int], reported: inout Reported
  ) {
    switch consume event {
    case .firstUse(let id, let line):
      channels.append(builder.channel(for: id, line: lines(line)))
    case .define(let channel, let line):
      builder.define(channel, line: lines(line))
    case .programme(var programme, let channel, let clump, let stopProblem):
      programme.sourceLine = lines(programme.sourceLine)
      builder.add(
        consume programme, channel: channels[channel], clump: clump, stopProblem: stopProblem)
    case .finding(let finding):
      if finding.kind == .invalidBytes || finding.kind == .controlCharacter {
        guard reported.lines < XMLTV_LINE_REPORTS else { return }
        reported.lines += 1
      } else if finding.kind == .xmlRepaired {
        guard reported.repairs < XMLTV_LINE_REPORTS else { return }
        reported.repairs += 1
      }
      builder.warn(
        finding.kind, line: lines(finding.line), column: finding.column, finding.message)
    case .replayed:
      break
    }
  }
}
