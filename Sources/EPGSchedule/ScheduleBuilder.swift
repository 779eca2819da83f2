import EPGCore

/// Collects channels and programmes as they are read (from XMLTV records or
/// JSON objects), in file order, before normalisation.
///
/// A class because the C reader's callbacks reach it through one opaque
/// context pointer and mutate it in place.
final class ScheduleBuilder {
  let options: LoadOptions
  private(set) var channels: [Channel] = []
  private(set) var definedChannel: [Bool] = []
  private(set) var programmes: [[Programme]] = []
  /// `clumps[channel][index]` = (index in clump, clump size) for programmes
  /// with a `clumpidx` whose size is above 1.
  var clumps: [Int: [Int: (Int, Int)]] = [:]
  /// `stopProblems[channel][index]`: the programmes whose listed stop was
  /// left out as wrong (`StopProblem`).
  var stopProblems: [Int: [Int: StopProblem]] = [:]
  var report = LoadReport()
  private var channelIndex: [String: Int] = [:]
  private var firstUseLine: [Int: Int] = [:]
  private var interner = ScheduleInterner()

  init(options: LoadOptions) { self.options = options }

  /// The index of channel `id`, creating an implicit channel if needed.
  func channel(for id: String, line: Int) -> Int {
    if let index = channelIndex[id] { return index }
    let index = channels.count
    channels.append(Channel(id: id, name: id, isImplicit: true))
    definedChannel.append(false)
    programmes.append([])
    channelIndex[id] = index
    firstUseLine[index] = line
    return index
  }

  /// Adds or completes a channel from a `<channel>` element.
  func define(_ channel: Channel, line: Int) {
    if let index = channelIndex[channel.id] {
      if definedChannel[index] {
        report.findings.append(
          .init(
            kind: .duplicateChannel, line: line,
            message: "channel \(channel.id) is defined again; the first definition is kept"))
        return
      }
      channels[index] = channel
      definedChannel[index] = true
      return
    }
    channelIndex[channel.id] = channels.count
    channels.append(channel)
    definedChannel.append(true)
    programmes.append([])
  }

  func add(
    _ programme: consuming Programme, channel: Int, clump: (Int, Int)?,
    stopProblem: StopProblem? = nil
  ) {
    if let clump, clump.1 > 1 {
      clumps[channel, default: [:]][programmes[channel].count] = clump
    }
    if let stopProblem {
      stopProblems[channel, default: [:]][programmes[channel].count] = stopProblem
    }
    programmes[channel].append(programme)
  }

  /// One shared copy of a repeated text or list (see `ScheduleInterner`).
  func intern(_ text: String) -> String { interner.intern(text) }
  func intern(utf8 bytes: UnsafeBufferPointer<UInt8>) -> String { interner.intern(utf8: bytes) }
  func intern(_ extras: [ProgrammeExtra]) -> [ProgrammeExtra] { interner.intern(extras) }
  func intern(_ list: [String]) -> [String] { interner.intern(list) }

  func warn(_ kind: LoadReport.Finding.Kind, line: Int, column: Int, _ message: String) {
    report.findings.append(.init(kind: kind, line: line, column: column, message: message))
  }

  /// 0 for findings about a line's bytes, else 1.
  private static func byteRank(_ kind: LoadReport.Finding.Kind) -> Int {
    kind == .invalidBytes || kind == .controlCharacter ? 0 : 1
  }

  /// Normalises every channel and returns the schedule.
  func finish() -> Schedule {
    for index in channels.indices where !definedChannel[index] {
      report.findings.append(
        .init(
          kind: .unknownChannel, line: firstUseLine[index] ?? 0,
          message: "programmes name channel \(channels[index].id), which has no <channel> element"
        ))
    }
    var normaliser = ScheduleNormaliser(defaultDuration: options.defaultDuration)
    let alsoListed = programmes.indices.map { index in
      normaliser.normalise(
        &programmes[index], clumps: clumps[index] ?? [:],
        stopProblems: stopProblems[index] ?? [:])
    }
    report.findings.append(contentsOf: normaliser.findings)
    // At one line and column, bytes replaced on the line come first: the
    // decoder reports them ahead of the records it has not yet handed over,
    // so this keeps the order from depending on where reads of the file
    // ended (one stream and parts read it in different pieces).
    report.findings.sort {
      ($0.line, $0.column, Self.byteRank($0.kind)) < ($1.line, $1.column, Self.byteRank($1.kind))
    }
    interner = ScheduleInterner()
    let result = Schedule(
      channels: channels, programmes: programmes, alsoListed: alsoListed, report: report)
    programmes = []
    return result
  }
}
