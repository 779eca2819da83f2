import EPGActions
import EPGLayout
import Foundation

/// `favourites.json` in tvgrid's data folder (`$XDG_DATA_HOME/tvgrid`):
///
///     {
///       "version": 1,
///       "favourites": ["bbc1.uk", "film4.uk"],
///       "notFavourites": ["itv1.uk"],
///       "hidden": ["shop.uk"]
///     }
///
/// Channel ids; each list may be missing. Written atomically
/// (`StoredFile.write`); a file that cannot be read is moved aside and
/// reported, and the guide starts without choices.
extension ChannelChoices {
  public static let fileName = "favourites.json"

  private struct File: Codable {
    var version: Int?
    var favourites: [String]?
    var notFavourites: [String]?
    var hidden: [String]?
  }

  /// The result of reading the file.
  public struct Loaded: Sendable {
    public var choices: ChannelChoices
    /// What was wrong with the file (`favourites.json: not JSON of the
    /// expected shape; kept as favourites.json.corrupt-…`), if anything.
    public var problem: String?
  }

  /// Reads `path`: no file gives no choices; a file that is not JSON of
  /// this shape is moved aside (`StoredFile.moveAside`) and reported.
  public static func load(path: String, now: EpochSeconds) -> Loaded {
    guard let data = StoredFile.read(path) else { return Loaded(choices: ChannelChoices()) }
    if let choices = decode(data) { return Loaded(choices: choices) }
    let name = (path as NSString).lastPathComponent
    var problem = "\(name): not a list of favourites and hidden channels (JSON); "
    if let aside = StoredFile.moveAside(path, now: now) {
      problem += "kept as \((aside as NSString).lastPathComponent)"
    } else {
      problem += "could not be moved aside"
    }
    return Loaded(choices: ChannelChoices(), problem: problem)
  }

  /// The choices in `data`, or nil when it is not the file's JSON.
  public static func decode(_ data: Data) -> ChannelChoices? {
    guard let file = try? JSONDecoder().decode(File.self, from: data) else { return nil }
    return ChannelChoices(
      favourites: file.favourites ?? [], notFavourites: file.notFavourites ?? [],
      hidden: file.hidden ?? [])
  }

  /// The file's bytes (keys sorted, indented, a newline at the end).
  public func encoded() -> Data {
    let encoder = JSONEncoder()
    encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
    let file = File(
      version: 1, favourites: favourites, notFavourites: notFavourites, hidden: hidden)
    var data = (try? encoder.encode(file)) ?? Data()
    data.append(0x0A)
    return data
  }

  /// Writes the choices to `path` (atomically).
  public func save(to path: String) throws(StoredFile.WriteError) {
    try StoredFile.write(encoded(), to: path)
  }
}
