import EPGSchedule

/// libFuzzer target: the plain scanner against libxml2 on arbitrary bytes
/// read as a part of a file (the last part when the input's first byte is
/// odd). Whenever the scanner reads a part, libxml2 must read it too, to
/// the same records, lines and texts; a difference stops the fuzzer.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzXMLTVPlain(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
  guard size > 0 else { return 0 }
  let isLast = data[0] & 1 == 1
  let content = Array(UnsafeBufferPointer(start: data + 1, count: size - 1))
  guard let plain = XMLTVPlainComparison.plain(content, isLast: isLast) else { return 0 }
  let expected = XMLTVPlainComparison.libxml2(content, isLast: isLast)
  if plain != expected {
    fatalError("the plain scanner and libxml2 differ:\n\(plain)\n\(expected ?? ["not well-formed"])")
  }
  return 0
}
