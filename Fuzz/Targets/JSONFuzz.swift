import EPGLayout
import EPGSchedule

/// libFuzzer target: the JSON guide reader (`ScheduleJSON.decode`) on
/// arbitrary bytes. It may throw; it must never crash, and what it returns
/// must keep `Schedule`'s promises (and survive a JSON round trip).
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzJSON(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
  let bytes = Array(UnsafeBufferPointer(start: data, count: size))
  if let schedule = try? ScheduleJSON.decode(bytes, path: "fuzz.json") {
    ScheduleInvariants.check(schedule)
  }
  // The same bytes through the loader's sniffing (gzip, first byte).
  if let schedule = try? ScheduleLoader.load(bytes: bytes, name: "fuzz.json") {
    ScheduleInvariants.check(schedule)
  }
  return 0
}
