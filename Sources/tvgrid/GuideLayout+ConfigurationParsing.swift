import EPGLayout

extension GuideLayout.Configuration {
  /// Why `set(property:value:)` refused a setting.
  enum SettingError: Error, Hashable, Sendable, CustomStringConvertible {
    /// No configuration property has this name.
    case unknownProperty(String)
    /// The value does not parse for the property; `expected` describes the
    /// accepted form.
    case invalidValue(property: String, value: String, expected: String)

    var description: String {
      switch self {
      case .unknownProperty(let name):
        let known = GuideLayout.Configuration.propertyNames.joined(separator: ", ")
        return "unknown layout property '\(name)' (known: \(known))"
      case .invalidValue(let property, let value, let expected):
        return "invalid value '\(value)' for \(property): expected \(expected)"
      }
    }
  }

  /// Every name `set(property:value:)` accepts, in declaration order.
  static let propertyNames = [
    "sectionGap", "sectionHeight", "sectionHeaderWidth", "currentTimeIndicatorSize",
    "currentTimeVerticalGridlineWidth", "horizontalGridlineHeight", "verticalGridlineWidth",
    "hourWidth", "hourHeaderHeight", "floatingItemOverlaySize", "floatingItemOffsetFromSection",
    "contentMargin", "cellMargin", "headerLayoutType", "shouldResizeStickyHeaders",
    "shouldUseFloatingItemOverlay", "currentTimeIndicatorShouldBeBehind", "minimumCellWidth",
    "families",
  ]

  /// Sets one property from text, as `tvgrid layout --set name=value` does.
  ///
  /// Forms: lengths are decimal numbers of points ("60", "0.5"; finite,
  /// ≥ 0, and > 0 for hourWidth); sizes are "WxH" ("100x10"); insets are
  /// "top,left,bottom,right"; booleans "true"/"false"; headerLayoutType is
  /// "timeRowAboveDayColumn" or "dayColumnAboveTimeRow"; families is "all",
  /// "hourOnly", "none" or a comma list of family names (cells,
  /// sectionHeaders, hourHeaders, halfHourHeaders, verticalGridlines,
  /// halfHourVerticalGridlines, horizontalGridlines, currentTime,
  /// floatingItemOverlays). Sizes may be "default" to clear an override.
  /// - Throws: `SettingError` for an unknown name or a bad value; the
  ///   configuration is then unchanged.
  mutating func set(property: String, value: String) throws {
    let text = value.trimmingWhitespace()
    func bad(_ expected: String) -> SettingError {
      .invalidValue(property: property, value: value, expected: expected)
    }
    func length(positive: Bool = false) throws -> Double {
      guard let number = Double(text), number.isFinite, positive ? number > 0 : number >= 0 else {
        throw bad(positive ? "a number of points > 0" : "a number of points ≥ 0")
      }
      return number
    }
    func size() throws -> Size? {
      if text == "default" { return nil }
      let parts = text.split(separator: "x", omittingEmptySubsequences: false)
      guard parts.count == 2, let width = Double(String(parts[0]).trimmingWhitespace()),
        let height = Double(String(parts[1]).trimmingWhitespace()), width.isFinite, height.isFinite,
        width >= 0, height >= 0
      else { throw bad("WxH in points, e.g. 100x10, or default") }
      return Size(width: width, height: height)
    }
    func insets() throws -> EdgeInsets {
      let parts = text.split(separator: ",", omittingEmptySubsequences: false).map {
        Double(String($0).trimmingWhitespace())
      }
      guard parts.count == 4, let top = parts[0], let left = parts[1], let bottom = parts[2],
        let right = parts[3], [top, left, bottom, right].allSatisfy(\.isFinite)
      else { throw bad("top,left,bottom,right in points, e.g. 0,0,0,10") }
      return EdgeInsets(top: top, left: left, bottom: bottom, right: right)
    }
    func flag() throws -> Bool {
      switch text {
      case "true": return true
      case "false": return false
      default: throw bad("true or false")
      }
    }
    switch property {
    case "sectionGap": sectionGap = try length()
    case "sectionHeight": sectionHeight = try length()
    case "sectionHeaderWidth": sectionHeaderWidth = try length()
    case "currentTimeIndicatorSize": currentTimeIndicatorSizeOverride = try size()
    case "currentTimeVerticalGridlineWidth": currentTimeVerticalGridlineWidth = try length()
    case "horizontalGridlineHeight": horizontalGridlineHeight = try length()
    case "verticalGridlineWidth": verticalGridlineWidth = try length()
    case "hourWidth": hourWidth = try length(positive: true)
    case "hourHeaderHeight": hourHeaderHeight = try length()
    case "floatingItemOverlaySize": floatingItemOverlaySizeOverride = try size()
    case "floatingItemOffsetFromSection":
      guard let number = Double(text), number.isFinite else { throw bad("a number of points") }
      floatingItemOffsetFromSection = number
    case "contentMargin": contentMargin = try insets()
    case "cellMargin": cellMargin = try insets()
    case "headerLayoutType":
      guard let type = GuideLayout.HeaderLayoutType(rawValue: text) else {
        throw bad("timeRowAboveDayColumn or dayColumnAboveTimeRow")
      }
      headerLayoutType = type
    case "shouldResizeStickyHeaders": shouldResizeStickyHeaders = try flag()
    case "shouldUseFloatingItemOverlay": shouldUseFloatingItemOverlay = try flag()
    case "currentTimeIndicatorShouldBeBehind": currentTimeIndicatorShouldBeBehind = try flag()
    case "minimumCellWidth": minimumCellWidth = try length()
    case "families":
      guard let parsed = GuideLayout.ElementFamilies(parsing: text) else {
        let names = GuideLayout.ElementFamilies.names.map(\.name).joined(separator: ", ")
        throw bad("all, hourOnly, none or a comma list of: \(names)")
      }
      families = parsed
    default:
      throw SettingError.unknownProperty(property)
    }
  }
}

extension GuideLayout.ElementFamilies {
  /// Each family with its name (as accepted by `init(parsing:)`).
  static let names: [(name: String, family: GuideLayout.ElementFamilies)] = [
    ("cells", .cells), ("sectionHeaders", .sectionHeaders), ("hourHeaders", .hourHeaders),
    ("halfHourHeaders", .halfHourHeaders), ("verticalGridlines", .verticalGridlines),
    ("halfHourVerticalGridlines", .halfHourVerticalGridlines),
    ("horizontalGridlines", .horizontalGridlines), ("currentTime", .currentTime),
    ("floatingItemOverlays", .floatingItemOverlays),
  ]

  /// Parses "all", "hourOnly", "none" or a comma list of family names (and
  /// of "all"/"hourOnly"); nil if any part is unknown.
  init?(parsing text: String) {
    guard text.contains(where: { !$0.isWhitespace }) else { return nil }
    var result: GuideLayout.ElementFamilies = []
    for part in text.split(separator: ",") {
      let name = String(part.filter { !$0.isWhitespace })
      switch name {
      case "all": result.formUnion(.all)
      case "hourOnly": result.formUnion(.hourOnly)
      case "none": break
      default:
        guard let family = Self.names.first(where: { $0.name == name })?.family else { return nil }
        result.insert(family)
      }
    }
    self = result
  }
}
