/// What `CachedDownload` does with one kind of content: how a new body is
/// received and judged, and how the cached copy is read.
struct RemoteContent<Value: Sendable> {
  /// Takes one new body as it arrives.
  struct Receiver {
    /// Gets each piece; false: the content is already known to be bad
    /// (the rest need not be downloaded).
    var consume: (UnsafeRawBufferPointer) -> Bool
    /// Called once after the transfer (whether it completed or not): the
    /// value, or why the body is not usable (a phrase for "using the copy
    /// from … (the download does not load: PHRASE)").
    var finish: () -> Result<Value, FetchError>
  }

  /// A receiver for a new download.
  var makeReceiver: () -> Receiver
  /// Reads the cached copy at `path`.
  var loadCached: (String) throws(FetchError) -> Value
  /// Programme count and latest stop for the metadata (0, 0 for files).
  var summary: (Value) -> (count: Int, latestStop: Int64)
  /// Why a new value may not replace the last good copy, or nil.
  var refusal: (Value, CacheMetadata) -> String?
}
