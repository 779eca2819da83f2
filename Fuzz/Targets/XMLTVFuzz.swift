import EPGLayout
import EPGSchedule

/// libFuzzer target: the XMLTV reader (CXMLTVReader over libxml2, gzip
/// sniffing, the record reader, normalisation) on arbitrary bytes, through
/// `ScheduleLoader.load(bytes:)`. A load may throw; it must never crash, and
/// what it returns must keep `Schedule`'s promises.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzXMLTV(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
  let bytes = Array(UnsafeBufferPointer(start: data, count: size))
  let options = LoadOptions(preferredLanguages: ["de", "en"], defaultDuration: 1800)
  if let schedule = try? ScheduleLoader.load(bytes: bytes, name: "fuzz.xml", options: options) {
    ScheduleInvariants.check(schedule)
  }
  return 0
}
