/// Where `XMLTVRecordReader` puts the channels, programmes and findings it
/// reads: the guide's `ScheduleBuilder`, or, for one part of a file parsed
/// on a thread of its own, an `XMLTVPartLog` that is replayed into the
/// builder later. Lines are those the parser reports.
protocol XMLTVRecordSink: AnyObject {
  var options: LoadOptions { get }
  /// The index of channel `id` (first used on `line`), made if needed.
  func channel(for id: String, line: Int) -> Int
  /// Adds or completes a channel from a `<channel>` element.
  func define(_ channel: Channel, line: Int)
  /// Adds a programme to the channel of index `channel`; `stopProblem`:
  /// its listed stop was left out as wrong (it is mended or estimated
  /// when the channel is normalised).
  func add(
    _ programme: consuming Programme, channel: Int, clump: (Int, Int)?, stopProblem: StopProblem?)
  func intern(_ text: String) -> String
  /// The shared string of valid UTF-8 `bytes` (see `ScheduleInterner`).
  func intern(utf8 bytes: UnsafeBufferPointer<UInt8>) -> String
  func intern(_ list: [String]) -> [String]
  func intern(_ extras: [ProgrammeExtra]) -> [ProgrammeExtra]
  func warn(_ kind: LoadReport.Finding.Kind, line: Int, column: Int, _ message: String)
}

extension XMLTVRecordSink {
  /// A finding without a column.
  func warn(_ kind: LoadReport.Finding.Kind, line: Int, _ message: String) {
    warn(kind, line: line, column: 0, message)
  }
}

extension ScheduleBuilder: XMLTVRecordSink {}
