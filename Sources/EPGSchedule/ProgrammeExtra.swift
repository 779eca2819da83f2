/// A programme detail that few programmes have, kept in one small list so
/// that programmes without them cost only an empty array.
public enum ProgrammeExtra: Hashable, Sendable {
  /// `<audio><stereo>` verbatim: mono, stereo, dolby, dolby digital,
  /// bilingual, surround.
  case sound(String)
  /// `<video><aspect>` verbatim, e.g. "16:9".
  case aspect(String)
  /// `<video><quality>` verbatim, e.g. "HDTV".
  case quality(String)
  /// The `<icon src>` of a rating; `rating` as in `Programme.ratings`.
  case ratingIcon(rating: String, url: String)
  case review(Review)
  /// A programme `<url>`.
  case url(String)
  /// The programme's picture: its first `<image>`, else its first `<icon src>`.
  case image(String)

  /// An XMLTV `<review>`.
  public struct Review: Hashable, Sendable {
    /// The review itself, or a URL to it when `isURL`.
    public var text: String
    public var isURL: Bool
    /// Reviewer and source ("Jane Doe, The Paper"), if given.
    public var by: String?

    public init(text: String, isURL: Bool = false, by: String? = nil) {
      self.text = text
      self.isURL = isURL
      self.by = by
    }
  }
}

extension ProgrammeExtra {
  /// Place in the canonical order (the order of the cases), which readers
  /// keep so that XMLTV and JSON give equal programmes.
  var rank: Int {
    switch self {
    case .sound: 0
    case .aspect: 1
    case .quality: 2
    case .ratingIcon: 3
    case .review: 4
    case .url: 5
    case .image: 6
    }
  }

  /// Whether a list of these is worth sharing between programmes: only
  /// kinds that repeat across a guide (sound, picture, rating icons), not
  /// a programme's own URL, image or review.
  static func isShareable(_ extras: [ProgrammeExtra]) -> Bool {
    extras.allSatisfy { extra in
      switch extra {
      case .sound, .aspect, .quality, .ratingIcon: true
      case .review, .url, .image: false
      }
    }
  }

  /// `extras` in canonical order, keeping the file's order within a kind.
  static func canonical(_ extras: [ProgrammeExtra]) -> [ProgrammeExtra] {
    var sorted = extras
    sortCanonically(&sorted)
    return sorted
  }

  /// Puts `extras` in canonical order, keeping the file's order within a
  /// kind: in place (a reader's reused list stays its own), by insertion as
  /// a programme's extras are few, a stable sort when they are many.
  static func sortCanonically(_ extras: inout [ProgrammeExtra]) {
    guard extras.count > 1 else { return }
    guard extras.count <= 16 else {
      extras = extras.enumerated().sorted {
        ($0.element.rank, $0.offset) < ($1.element.rank, $1.offset)
      }
      .map(\.element)
      return
    }
    for index in 1..<extras.count {
      let rank = extras[index].rank
      var place = index
      while place > 0 && extras[place - 1].rank > rank {
        extras.swapAt(place - 1, place)
        place -= 1
      }
    }
  }
}

extension Programme {
  /// `<audio><stereo>`, if given.
  public var sound: String? {
    extras.lazy.compactMap { if case .sound(let v) = $0 { v } else { nil } }.first
  }
  /// `<video><aspect>`, if given.
  public var aspect: String? {
    extras.lazy.compactMap { if case .aspect(let v) = $0 { v } else { nil } }.first
  }
  /// `<video><quality>`, if given.
  public var quality: String? {
    extras.lazy.compactMap { if case .quality(let v) = $0 { v } else { nil } }.first
  }
  /// The picture's URL, if any.
  public var imageURL: String? {
    extras.lazy.compactMap { if case .image(let v) = $0 { v } else { nil } }.first
  }
  public var reviews: [ProgrammeExtra.Review] {
    extras.compactMap { if case .review(let v) = $0 { v } else { nil } }
  }
  public var urls: [String] { extras.compactMap { if case .url(let v) = $0 { v } else { nil } } }
  /// Rating icons as (rating, URL).
  public var ratingIcons: [(rating: String, url: String)] {
    extras.compactMap { if case .ratingIcon(let r, let u) = $0 { (r, u) } else { nil } }
  }

  /// Adds `other`'s extras this programme lacks: lists grow, a single value
  /// (sound, aspect, quality, image) is kept if already set.
  public mutating func mergeExtras(from other: Programme) {
    content.formUnion(other.content)
    for extra in other.extras where !extras.contains(extra) {
      switch extra {
      case .sound: if sound != nil { continue }
      case .aspect: if aspect != nil { continue }
      case .quality: if quality != nil { continue }
      case .image: if imageURL != nil { continue }
      default: break
      }
      extras.append(extra)
    }
    ProgrammeExtra.sortCanonically(&extras)
  }
}
