/// What the cache knows about its copy of one URL, stored beside it as
/// JSON (`KEY.json`, mode 0600). A body whose size or checksum differs
/// from these is damaged: it is dropped and fetched without conditions.
public struct CacheMetadata: Codable, Sendable, Hashable {
  /// The URL with credentials masked (to tell hash collisions apart and
  /// for people reading the cache folder).
  public var url: String
  /// The validators the server sent, for the next conditional GET.
  public var etag: String?
  public var lastModified: String?
  /// When this copy was downloaded or last confirmed unchanged (304), in
  /// seconds since 1970.
  public var fetchedAt: Int64
  /// Programmes in this copy.
  public var programmeCount: Int
  /// The latest programme stop in this copy (seconds since 1970), 0 if
  /// none: whether the copy still covers the coming hours.
  public var latestStop: Int64
  /// Size of the cached file in bytes (as received, maybe gzip).
  public var size: Int64
  /// `SnapshotHasher`'s hash of the cached file (16 hex digits); nil in
  /// metadata written before it was kept (then only the size is checked).
  public var checksum: String?

  public init(
    url: String, etag: String?, lastModified: String?, fetchedAt: Int64, programmeCount: Int,
    latestStop: Int64, size: Int64, checksum: String? = nil
  ) {
    self.url = url
    self.etag = etag
    self.lastModified = lastModified
    self.fetchedAt = fetchedAt
    self.programmeCount = programmeCount
    self.latestStop = latestStop
    self.size = size
    self.checksum = checksum
  }
}
