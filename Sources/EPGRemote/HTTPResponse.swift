/// What came back from a transfer (the body went to the consumer).
public struct HTTPResponse: Sendable, Hashable {
  /// The final status (after redirects), e.g. 200 or 304.
  public var status: Int
  /// Header fields of the final response, names lowercased; a repeated
  /// field keeps its last value.
  public var headers: [String: String]
  /// Body bytes delivered (after transfer decoding).
  public var bodyBytes: Int64
  /// Redirects followed.
  public var redirects: Int

  public init(status: Int, headers: [String: String], bodyBytes: Int64, redirects: Int = 0) {
    self.status = status
    self.headers = headers
    self.bodyBytes = bodyBytes
    self.redirects = redirects
  }

  public var etag: String? { headers["etag"] }
  public var lastModified: String? { headers["last-modified"] }
}
