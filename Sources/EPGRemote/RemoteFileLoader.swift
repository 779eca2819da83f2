import EPGLayout
import Foundation

/// Fetches a small file (a playlist) from an http(s) URL through the same
/// cache as guides, keeping the last good copy (see `CachedDownload`).
/// The bytes are kept in memory (at most `limit`), so a download that
/// cannot be cached still gives them.
public enum RemoteFileLoader {
  /// Fetches `url`. `refusal` judges a new copy against the cached one
  /// (e.g. a playlist with no entries: return "the new copy has no
  /// channels"); nil accepts it. `now`: seconds since 1970.
  public static func load(
    url: String, options: RemoteOptions, now: EpochSeconds, limit: Int = 64 << 20,
    refusal: @escaping ([UInt8]) -> String? = { _ in nil }
  ) throws(FetchError) -> RemoteFile {
    let content = RemoteContent<[UInt8]>(
      makeReceiver: {
        // A class box: the receiver's two closures share the bytes.
        final class Box { var bytes: [UInt8] = [] }
        let box = Box()
        return .init(
          consume: { chunk in
            guard box.bytes.count + chunk.count <= limit else { return false }
            box.bytes.append(contentsOf: chunk)
            return true
          },
          finish: {
            box.bytes.isEmpty
              ? .failure(FetchError(kind: .notAGuide, url: url, message: "empty file"))
              : .success(box.bytes)
          })
      },
      loadCached: { path throws(FetchError) in
        switch CacheFile.read(path, limit: limit) {
        case .bytes(let bytes): return bytes
        case .missing:
          throw FetchError(kind: .other, url: url, message: "the cached copy is missing")
        case .unusable(let reason):
          throw FetchError(
            kind: .other, url: url, message: "the cached copy cannot be read (\(reason))")
        }
      },
      summary: { _ in (0, 0) },
      refusal: { bytes, _ in refusal(bytes) })
    return try CachedDownload.load(
      url: url, options: options, now: now, progress: nil, content: content)
  }
}
