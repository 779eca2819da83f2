/// What loading a schedule found and did, for `tvgrid check` and for the
/// message line of the interactive guide. Every entry names its source line.
public struct LoadReport: Hashable, Sendable {
  /// One finding, e.g. a skipped programme or a resolved overlap.
  public struct Finding: Hashable, Sendable {
    public enum Kind: String, Hashable, Sendable, CaseIterable {
      case skippedProgramme
      case unknownChannel
      case duplicateRemoved
      case overlapResolved
      case estimatedStop
      /// A programme whose stop equals its start: the stop is taken as
      /// missing (the next start on the channel).
      case zeroLength
      /// A stop before the start on the start's date (23:58 → 00:10
      /// written without the next day), read as the next day.
      case stopNextDay
      /// A stop before the start that a day later would not mend: taken as
      /// missing (the next start on the channel).
      case stopBeforeStart
      /// A mistake in the XML that was made good (a bare `&`, an unknown
      /// entity, an end tag naming another element); `check` exits 1.
      case xmlRepaired
      /// A text longer than its limit, cut (title 4 KiB, description 64
      /// KiB), or child elements past the limit left out.
      case textCut
      case invalidBytes
      /// A C0 control character (ESC, say), which XML does not allow.
      case controlCharacter
      case badTimestamp
      case duplicateChannel
      case warning
    }
    public var kind: Kind
    /// 1-based line in the source, or 0 when unknown.
    public var line: Int
    /// 1-based column in the source, or 0 when unknown.
    public var column: Int
    public var message: String

    public init(kind: Kind, line: Int, column: Int = 0, message: String) {
      self.kind = kind
      self.line = line
      self.column = column
      self.message = message
    }
  }

  /// Findings in source order.
  public var findings: [Finding] = []
  /// Bytes that were not valid in the declared encoding (each became U+FFFD).
  public var invalidByteCount = 0
  /// C0 control characters other than TAB, LF and CR (each became U+FFFD).
  public var controlCharacterCount = 0
  /// Mistakes in the XML that were made good (each one, also past the
  /// first `XMLTV_LINE_REPORTS`, which are the `xmlRepaired` findings).
  public var repairCount = 0

  public init() {}

  /// Number of findings of `kind`.
  public func count(of kind: Finding.Kind) -> Int {
    findings.reduce(0) { $0 + ($1.kind == kind ? 1 : 0) }
  }
}
