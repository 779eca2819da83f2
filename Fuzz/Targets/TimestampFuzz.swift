import EPGLayout
import EPGSchedule

/// libFuzzer target: `TimestampParser` (XMLTV and ISO 8601 forms, `@N`,
/// zone names) on arbitrary text. Parsing must never crash, and every
/// instant it returns must come back unchanged from its ISO 8601 form
/// (`ScheduleJSON.isoString`, expanded years included).
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzTimestamp(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
  let buffer = UnsafeBufferPointer(start: data, count: size)
  let text = String(decoding: buffer, as: UTF8.self)
  let floating = size > 0 ? (Int(data[0]) - 128) * 900 : 0
  var instants: [EpochSeconds] = []
  if let parsed = TimestampParser.parseXMLTV(bytes: buffer) {
    instants.append(parsed.instant)
    guard (4...14).contains(parsed.digitCount) else {
      fatalError("digitCount \(parsed.digitCount) for \(Array(buffer))")
    }
  }
  if let instant = TimestampParser.parseXMLTV(text) { instants.append(instant) }
  if let instant = TimestampParser.parse(text, floatingOffset: floating) {
    instants.append(instant)
  }
  _ = TimestampParser.offset(ofZoneNamed: text)
  for instant in instants {
    let iso = ScheduleJSON.isoString(instant)
    guard TimestampParser.parse(iso) == instant else {
      fatalError("\(instant) -> \(iso) -> \(String(describing: TimestampParser.parse(iso)))")
    }
  }
  return 0
}
