import EPGCore

/// What `tvgrid check FILE` prints: in the spirit of `tv_validate_file`, a
/// summary of the guide and every repair or problem with its line number.
///
/// The file "checks" (exit 0) when it loads, even with findings, unless
/// mistakes in its XML had to be made good (`hasRepairs`: exit 1, so that
/// scripts notice); `isLoadable` is false only when loading threw
/// (`loadError`).
public struct CheckReport: Sendable {
  /// The path as given ("-" is standard input).
  public var path: String
  /// Why the file could not be loaded, or nil when it loaded.
  public var loadError: LoadError?
  public var channelCount = 0
  /// Channels named by programmes without a `<channel>` element.
  public var implicitChannelCount = 0
  /// Channels without any programme.
  public var emptyChannelCount = 0
  public var programmeCount = 0
  /// Earliest start and latest listed stop, in epoch seconds.
  public var firstStart: EpochSeconds?
  public var lastStop: EpochSeconds?
  /// Ids used by programmes without a `<channel>` element, in file order.
  public var unknownChannelIDs: [String] = []
  /// Every finding of the load, in line order.
  public var findings: [LoadReport.Finding] = []
  /// Bytes replaced by U+FFFD.
  public var invalidByteCount = 0
  /// Mistakes in the XML made good (all of them; the first 200 are
  /// findings).
  public var repairCount = 0

  /// Whether the file loaded.
  public var isLoadable: Bool { loadError == nil }
  /// Whether the file loaded only with repairs to its XML (`check` then
  /// exits 1).
  public var hasRepairs: Bool { repairCount > 0 }

  /// Loads `path` and reports on it; never throws.
  public init(path: String, options: LoadOptions = LoadOptions()) {
    do {
      let schedule = try ScheduleLoader.load(path: path, options: options)
      self.init(schedule: schedule, path: path)
    } catch {
      self.init(path: path, loadError: error)
    }
  }

  /// The report of a file that could not be loaded.
  public init(path: String, loadError: LoadError) {
    self.path = path
    self.loadError = loadError
  }

  /// Reports on an already loaded schedule.
  public init(schedule: Schedule, path: String) {
    self.path = path
    channelCount = schedule.channels.count
    implicitChannelCount = schedule.channels.filter(\.isImplicit).count
    emptyChannelCount = schedule.programmes.filter(\.isEmpty).count
    programmeCount = schedule.programmeCount
    // Times alone: a snapshot's columns are not decoded.
    for list in schedule.programmes where !list.isEmpty {
      let start = list.span(at: 0).start
      firstStart = min(firstStart ?? start, start)
      if let stop = list.indices.map(list.listedStop(at:)).max() {
        lastStop = max(lastStop ?? stop, stop)
      }
    }
    unknownChannelIDs = schedule.channels.filter(\.isImplicit).map(\.id)
    findings = schedule.report.findings
    invalidByteCount = schedule.report.invalidByteCount
    repairCount = schedule.report.repairCount
  }

  /// Number of findings of `kind`.
  public func count(of kind: LoadReport.Finding.Kind) -> Int {
    findings.reduce(0) { $0 + ($1.kind == kind ? 1 : 0) }
  }

  /// The report as text: a summary, then up to `limit` findings as
  /// `FILE:LINE: kind: message`. Times in UTC. A file that did not load
  /// gives its one-line error.
  public func text(limit: Int = 200) -> String {
    let name = path == "-" ? "<stdin>" : path
    if let loadError { return loadError.description + "\n" }
    var lines: [String] = []
    lines.append(
      "\(name): \(channelCount) channels (\(implicitChannelCount) implicit, "
        + "\(emptyChannelCount) without programmes), \(programmeCount) programmes")
    if let firstStart, let lastStop {
      lines.append(
        "time span: \(Self.format(firstStart)) – \(Self.format(lastStop)) UTC "
          + "(\(Self.duration(lastStop - firstStart)))")
    } else {
      lines.append("time span: none (no programmes)")
    }
    if !unknownChannelIDs.isEmpty {
      let shown = unknownChannelIDs.prefix(10).joined(separator: ", ")
      let more = unknownChannelIDs.count > 10 ? ", …" : ""
      lines.append("channels without <channel>: \(unknownChannelIDs.count) (\(shown)\(more))")
    }
    let counts: [(String, LoadReport.Finding.Kind)] = [
      ("programmes skipped", .skippedProgramme), ("bad timestamps", .badTimestamp),
      ("duplicates removed", .duplicateRemoved), ("overlaps resolved", .overlapResolved),
      ("stops estimated", .estimatedStop),
      ("programmes with stop = start", .zeroLength),
      ("stops before the start read as the next day", .stopNextDay),
      ("other stops before the start", .stopBeforeStart),
      ("channels defined twice", .duplicateChannel),
      ("lines with invalid bytes", .invalidBytes),
      ("lines with control characters", .controlCharacter),
      ("texts cut to their limit", .textCut), ("other warnings", .warning),
    ]
    for (label, kind) in counts { lines.append("\(label): \(count(of: kind))") }
    lines.append(
      "mistakes in the XML made good: \(repairCount)" + (hasRepairs ? " (check exits 1)" : ""))
    lines.append("invalid bytes replaced by U+FFFD: \(invalidByteCount)")
    let listed = findings.filter { $0.kind != .unknownChannel }
    if !listed.isEmpty { lines.append("") }
    for finding in listed.prefix(max(0, limit)) {
      var location = name
      if finding.line > 0 { location += ":\(finding.line)" }
      if finding.column > 0 { location += ":\(finding.column)" }
      lines.append("\(location): \(finding.kind.rawValue): \(finding.message)")
    }
    if listed.count > limit { lines.append("… and \(listed.count - limit) more") }
    return lines.joined(separator: "\n") + "\n"
  }

  /// `2026-11-30 20:15`.
  static func format(_ instant: EpochSeconds) -> String {
    let iso = ScheduleJSON.isoString(instant)
    return String(iso.prefix(16)).replacingOccurrences(of: "T", with: " ")
  }

  static func duration(_ seconds: EpochSeconds) -> String {
    let hours = seconds / 3600
    return hours >= 48
      ? "\(hours / 24) days \(hours % 24) h" : "\(hours) h \(seconds / 60 % 60) min"
  }
}

extension String {
  fileprivate func replacingOccurrences(of target: Character, with replacement: Character) -> String
  {
    String(map { $0 == target ? replacement : $0 })
  }
}
