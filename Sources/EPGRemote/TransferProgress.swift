/// How far a download has got, for a progress line.
public struct TransferProgress: Sendable, Hashable {
  /// Body bytes received so far (after transfer decoding).
  public var bytes: Int64
  /// Bytes the server announced (`Content-Length`), 0 when unknown.
  public var expectedBytes: Int64
  /// Average rate since the transfer started, in bytes per second.
  public var bytesPerSecond: Double

  public init(bytes: Int64, expectedBytes: Int64, bytesPerSecond: Double) {
    self.bytes = bytes
    self.expectedBytes = expectedBytes
    self.bytesPerSecond = bytesPerSecond
  }
}
