import EPGActions
import EPGLayout
import Foundation

/// `favourites.json` in tvgrid's data folder (`$XDG_DATA_HOME/tvgrid`):
///
///     {
///       "version": 1,
///       "favourites": ["bbc1.uk", "film4.uk"],
///       "notFavourites": ["itv1.uk"],
///       "hidden": ["shop.uk", "bbc1.uk shift +1"]
///     }
///
/// Channel keys (`ChannelKey.text`: a guide channel's id; for a playlist
/// row its guide channel's id, else its tvg-id, else its normalised name,
/// with ` shift ±H` for a shifted row); each list may be missing. A
/// `StoredDocument`: read with `StoredFile.load` (an element that is not a
/// string is reported with its line and dropped, the others kept; a file
/// that is not such JSON is set aside and the guide starts without
/// choices), changed with `StoredFile.update`, so two guides open at once
/// each add their own choices.
extension ChannelChoices: StoredDocument {
  /// The file format's version; a file with a higher one is read but not
  /// written over.
  public static let formatVersion = 1

  private struct File: Codable {
    var version: Int?
    var favourites: [String]?
    var notFavourites: [String]?
    var hidden: [String]?
  }

  public init() { self.init(favourites: []) }

  /// Reads `path` (`StoredFile.load`).
  public static func load(path: String, now: EpochSeconds) -> StoredFile.Loaded<ChannelChoices> {
    StoredFile.load(ChannelChoices.self, path: path, now: now)
  }

  public static func decode(_ data: Data, name: String) -> StoredDecoding<ChannelChoices> {
    let root: Any
    do {
      root = try JSONSerialization.jsonObject(with: data)
    } catch {
      let line = JSONLines.errorLine(in: String(decoding: data, as: UTF8.self)).map { ":\($0)" }
      return StoredDecoding(
        document: ChannelChoices(), problems: ["\(name)\(line ?? ""): not valid JSON"])
    }
    guard let object = root as? [String: Any] else {
      return StoredDecoding(
        document: ChannelChoices(),
        problems: ["\(name):1: expected an object with favourites and hidden channels"])
    }
    let lines = JSONLines.elementLines(in: String(decoding: data, as: UTF8.self))
    var problems: [String] = []
    func list(_ key: String) -> [String] {
      guard let value = object[key] else { return [] }
      guard let elements = value as? [Any] else {
        problems.append("\(name): \(key) is not a list; left out")
        return []
      }
      var kept: [String] = []
      for (index, element) in elements.enumerated() {
        if let id = element as? String, !id.isEmpty {
          if !kept.contains(id) { kept.append(id) }
        } else {
          let line = lines[key].flatMap { index < $0.count ? ":\($0[index])" : nil } ?? ""
          problems.append("\(name)\(line): \(key) item \(index + 1) is not a channel; left out")
        }
      }
      return kept
    }
    let choices = ChannelChoices(
      favourites: list("favourites"), notFavourites: list("notFavourites"),
      hidden: list("hidden"))
    if let version = object["version"] as? Int, version > formatVersion {
      return StoredDecoding(document: choices, newerVersion: version)
    }
    return StoredDecoding(document: choices, problems: problems)
  }

  /// The file's bytes (keys sorted, indented, a newline at the end).
  public func encoded() -> Data {
    let encoder = JSONEncoder()
    encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
    let file = File(
      version: Self.formatVersion, favourites: favourites, notFavourites: notFavourites,
      hidden: hidden)
    var data = (try? encoder.encode(file)) ?? Data()
    data.append(0x0A)
    return data
  }

  /// Each list changed as `old` became `new`: what was taken out goes,
  /// what was put in is appended (in the order chosen) unless there.
  public mutating func apply(changeFrom old: ChannelChoices, to new: ChannelChoices) {
    func merged(_ file: [String], _ old: [String], _ new: [String]) -> [String] {
      let removed = Set(old).subtracting(new)
      var result = file.filter { !removed.contains($0) }
      for id in new where !old.contains(id) && !result.contains(id) { result.append(id) }
      return result
    }
    favourites = merged(favourites, old.favourites, new.favourites)
    notFavourites = merged(notFavourites, old.notFavourites, new.notFavourites)
    hidden = merged(hidden, old.hidden, new.hidden)
  }

  /// Writes the choices to `path` (atomically), whatever is there.
  public func save(to path: String) throws(StoredFile.WriteError) {
    try StoredFile.write(encoded(), to: path)
  }
}
