import EPGLayout
import EPGTestSupport

// Helpers shared by the Flow*Tests files.

/// An item of `width` × `height` points with the given insets.
func flowItem(
  _ width: Double, _ height: Double, top: Double = 0, left: Double = 0, bottom: Double = 0,
  right: Double = 0
) -> FlowItem {
  FlowItem(
    size: Size(width: width, height: height),
    insets: EdgeInsets(top: top, left: left, bottom: bottom, right: right))
}

/// A layout of `sections` in a container `crossLength` points across the
/// scroll axis (its width for vertical, its height for horizontal).
func flowLayout(
  _ sections: [[FlowItem]], crossLength: Double,
  configuration: InsetFlowLayout.Configuration = .init()
) -> InsetFlowLayout {
  let container =
    configuration.scrollDirection == .vertical
    ? Size(width: crossLength, height: 500) : Size(width: 500, height: crossLength)
  return InsetFlowLayout(
    configuration: configuration, containerSize: container,
    sections: sections.map { FlowSection(items: $0) })
}

/// The descriptions of all elements, in the layout's order.
func flowLines(_ layout: InsetFlowLayout) -> [String] {
  layout.elements.map(\.description)
}

/// The frame of item `item` of `section`, or `.zero` when it is missing.
func flowFrame(_ layout: InsetFlowLayout, _ section: Int, _ item: Int) -> Rect {
  layout.item(at: IndexPath(item: item, section: section))?.frame ?? .zero
}

// MARK: - Mirroring (vertical ↔ horizontal)

extension Size {
  var transposed: Size { Size(width: height, height: width) }
}

extension EdgeInsets {
  /// top ↔ left, bottom ↔ right.
  var transposed: EdgeInsets { EdgeInsets(top: left, left: top, bottom: right, right: bottom) }
}

extension Rect {
  var transposed: Rect { Rect(x: minY, y: minX, width: height, height: width) }
}

extension FlowItem {
  var transposed: FlowItem { FlowItem(size: size.transposed, insets: insets.transposed) }
}

extension FlowSection {
  var transposed: FlowSection {
    FlowSection(
      items: items.map(\.transposed), headerSize: headerSize?.transposed,
      footerSize: footerSize?.transposed, sectionInset: sectionInset?.transposed,
      minimumLineSpacing: minimumLineSpacing, minimumInteritemSpacing: minimumInteritemSpacing)
  }
}

extension InsetFlowLayout {
  /// The same layout with the other scroll direction and every size, inset
  /// and the container transposed.
  var mirrored: InsetFlowLayout {
    var configuration = self.configuration
    configuration.scrollDirection =
      configuration.scrollDirection == .vertical ? .horizontal : .vertical
    configuration.sectionInset = configuration.sectionInset.transposed
    configuration.headerSize = configuration.headerSize.transposed
    configuration.footerSize = configuration.footerSize.transposed
    return InsetFlowLayout(
      configuration: configuration, containerSize: containerSize.transposed,
      sections: sections.map(\.transposed))
  }
}

// MARK: - Deterministic pseudo-random numbers

/// A small linear congruential generator so sweeps are repeatable.
struct FlowRandom {
  var state: UInt64

  mutating func next(_ range: ClosedRange<Int>) -> Int {
    state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
    let span = UInt64(range.upperBound - range.lowerBound + 1)
    return range.lowerBound + Int((state >> 33) % span)
  }
}

/// A mixed layout: several sections with headers and footers, lines of
/// several items of varied sizes, and insets on some items.
func mixedFlowLayout(
  seed: UInt64, direction: InsetFlowLayout.ScrollDirection,
  alignment: InsetFlowLayout.LineAlignment = .leading
) -> InsetFlowLayout {
  var random = FlowRandom(state: seed)
  var sections: [FlowSection] = []
  for section in 0..<random.next(1...5) {
    var items: [FlowItem] = []
    for _ in 0..<random.next(0...14) {
      let inset = { (random: inout FlowRandom) -> Double in
        random.next(0...3) == 0 ? Double(random.next(0...12)) : 0
      }
      items.append(
        flowItem(
          Double(random.next(0...60)), Double(random.next(0...30)), top: inset(&random),
          left: inset(&random), bottom: inset(&random), right: inset(&random)))
    }
    sections.append(
      FlowSection(
        items: items,
        headerSize: section % 2 == 0 ? Size(width: 0, height: 12) : nil,
        footerSize: section % 3 == 1 ? Size(width: 0, height: 7) : nil))
  }
  let configuration = InsetFlowLayout.Configuration(
    scrollDirection: .vertical, minimumLineSpacing: 3, minimumInteritemSpacing: 4,
    sectionInset: EdgeInsets(top: 2, left: 5, bottom: 6, right: 1),
    lineAlignment: alignment)
  let layout = InsetFlowLayout(
    configuration: configuration, containerSize: Size(width: 150, height: 400),
    sections: sections)
  return direction == .vertical ? layout : layout.mirrored
}
