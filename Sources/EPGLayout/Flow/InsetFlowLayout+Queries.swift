extension InsetFlowLayout {
  public var numberOfSections: Int { sectionSlots.count }

  /// The number of items in `section`, or 0 for a section that does not exist.
  public func numberOfItems(inSection section: Int) -> Int {
    sectionSlots.indices.contains(section) ? sectionSlots[section].items.count : 0
  }

  /// The elements whose frames intersect `rect` (content coordinates, points;
  /// see `Rect.intersects`), in a stable order: by section, then header,
  /// items by index, footer.
  ///
  /// O(log n + k): a binary search finds the first band (line, header or
  /// footer) that reaches `rect` along the scroll axis; only bands that
  /// overlap it are then visited.
  public func elements(in rect: Rect) -> [FlowElement] {
    let axes = FlowAxes(direction: configuration.scrollDirection)
    let low = axes.minMain(rect)
    let high = axes.maxMain(rect)
    // Band ends rise monotonically: find the first band ending at or after `low`.
    var found: [FlowElement] = []
    var bandIndex = bands.partitioningIndex { $0.mainEnd >= low }
    while bandIndex < bands.count && bands[bandIndex].mainStart <= high {
      for element in elements[bands[bandIndex].elements] where element.frame.intersects(rect) {
        found.append(element)
      }
      bandIndex += 1
    }
    return found
  }

  /// The item at `indexPath`, or nil when there is none.
  public func item(at indexPath: IndexPath) -> FlowElement? {
    guard sectionSlots.indices.contains(indexPath.section) else { return nil }
    let items = sectionSlots[indexPath.section].items
    guard indexPath.item >= 0 && indexPath.item < items.count else { return nil }
    return elements[items.lowerBound + indexPath.item]
  }

  /// The header of `section`, or nil when it has none.
  public func header(section: Int) -> FlowElement? {
    guard sectionSlots.indices.contains(section),
      let index = sectionSlots[section].header
    else { return nil }
    return elements[index]
  }

  /// The footer of `section`, or nil when it has none.
  public func footer(section: Int) -> FlowElement? {
    guard sectionSlots.indices.contains(section),
      let index = sectionSlots[section].footer
    else { return nil }
    return elements[index]
  }
}
