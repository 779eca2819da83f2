extension InsetFlowLayout {
  /// A run of consecutive elements that lie within `[mainStart, mainEnd]` on
  /// the scroll axis (y for vertical, x for horizontal), in points. Bands
  /// follow each other without overlapping, so both ends rise monotonically.
  struct Band: Equatable, Sendable {
    var mainStart: Double
    var mainEnd: Double
    var elements: Range<Int>
  }

  /// Indices into `elements` of one section's header, items and footer.
  struct SectionSlots: Equatable, Sendable {
    var header: Int?
    var items: Range<Int>
    var footer: Int?
  }

  /// The result of the single layout pass.
  struct Built {
    var contentSize: Size
    var elements: [FlowElement]
    var bands: [Band]
    var sectionSlots: [SectionSlots]
  }

  static func build(
    configuration: Configuration, containerSize: Size, sections: [FlowSection]
  ) -> Built {
    var builder = FlowBuilder(configuration: configuration, containerSize: containerSize)
    for (index, section) in sections.enumerated() {
      builder.addSection(section, index: index)
    }
    return Built(
      contentSize: builder.axes.size(main: builder.cursor, cross: builder.containerCross),
      elements: builder.elements, bands: builder.bands, sectionSlots: builder.sectionSlots)
  }
}

// MARK: - Internal

/// Converts between x/y and the scroll axis ("main") and the axis across it
/// ("cross", along which lines fill).
struct FlowAxes {
  var direction: InsetFlowLayout.ScrollDirection

  func main(_ size: Size) -> Double {
    direction == .vertical ? size.height : size.width
  }

  func cross(_ size: Size) -> Double {
    direction == .vertical ? size.width : size.height
  }

  /// The inset before the element along the scroll axis (top for vertical).
  func mainLead(_ insets: EdgeInsets) -> Double {
    direction == .vertical ? insets.top : insets.left
  }

  /// The inset after the element along the scroll axis (bottom for vertical).
  func mainTrail(_ insets: EdgeInsets) -> Double {
    direction == .vertical ? insets.bottom : insets.right
  }

  /// The inset at the start of a line (left for vertical).
  func crossLead(_ insets: EdgeInsets) -> Double {
    direction == .vertical ? insets.left : insets.top
  }

  /// The inset at the end of a line (right for vertical).
  func crossTrail(_ insets: EdgeInsets) -> Double {
    direction == .vertical ? insets.right : insets.bottom
  }

  func minMain(_ rect: Rect) -> Double {
    direction == .vertical ? rect.minY : rect.minX
  }

  func maxMain(_ rect: Rect) -> Double {
    direction == .vertical ? rect.maxY : rect.maxX
  }

  func size(main: Double, cross: Double) -> Size {
    direction == .vertical
      ? Size(width: cross, height: main) : Size(width: main, height: cross)
  }

  func rect(main: Double, cross: Double, mainLength: Double, crossLength: Double) -> Rect {
    direction == .vertical
      ? Rect(x: cross, y: main, width: crossLength, height: mainLength)
      : Rect(x: main, y: cross, width: mainLength, height: crossLength)
  }
}

// MARK: - Private

/// The longest length the layout uses, in points: longer lengths are cut
/// to it, so sums of lengths stay finite.
private let longestLength = 1e12

/// A length that is finite, not negative and at most `longestLength`:
/// negative, infinite and NaN lengths count as 0.
private func cleaned(_ length: Double) -> Double {
  length.isFinite && length > 0 ? min(length, longestLength) : 0
}

/// One item reduced to scroll-axis terms, with every length cleaned.
private struct AxisItem {
  /// Length of the item's slot across the scroll axis, at most the line's.
  var crossLength: Double
  var mainLength: Double
  var mainLead: Double
  var mainTrail: Double
  var crossLead: Double
  var crossTrail: Double
}

/// Walks the sections once, down the scroll axis, appending elements.
/// `cursor` is the scroll-axis position (points) where the next element may
/// start; it already includes every inset accumulated so far.
private struct FlowBuilder {
  let axes: FlowAxes
  let configuration: InsetFlowLayout.Configuration
  let containerCross: Double
  var cursor: Double = 0
  var elements: [FlowElement] = []
  var bands: [InsetFlowLayout.Band] = []
  var sectionSlots: [InsetFlowLayout.SectionSlots] = []

  init(configuration: InsetFlowLayout.Configuration, containerSize: Size) {
    self.configuration = configuration
    axes = FlowAxes(direction: configuration.scrollDirection)
    containerCross = cleaned(axes.cross(containerSize))
  }

  mutating func addSection(_ section: FlowSection, index: Int) {
    let inset = section.sectionInset ?? configuration.sectionInset
    let lineSpacing = cleaned(section.minimumLineSpacing ?? configuration.minimumLineSpacing)
    let interitemSpacing = cleaned(
      section.minimumInteritemSpacing ?? configuration.minimumInteritemSpacing)
    let header = addSupplementary(
      .header, section: index, size: section.headerSize ?? configuration.headerSize)
    cursor += cleaned(axes.mainLead(inset))
    let lineStart = cleaned(axes.crossLead(inset))
    let lineLength = max(0, containerCross - lineStart - cleaned(axes.crossTrail(inset)))
    let items = section.items.map { axisItem($0, lineLength: lineLength) }
    let firstItem = elements.count
    let lines = Self.lines(of: items, lineLength: lineLength, spacing: interitemSpacing)
    for (number, line) in lines.enumerated() {
      if number > 0 { cursor += lineSpacing }
      addLine(
        items[line], section: index, lineStart: lineStart,
        lineLength: lineLength, spacing: interitemSpacing, isLast: number == lines.count - 1)
    }
    let itemRange = firstItem..<elements.count
    cursor += cleaned(axes.mainTrail(inset))
    let footer = addSupplementary(
      .footer, section: index, size: section.footerSize ?? configuration.footerSize)
    sectionSlots.append(.init(header: header, items: itemRange, footer: footer))
  }

  private func axisItem(_ item: FlowItem, lineLength: Double) -> AxisItem {
    AxisItem(
      crossLength: min(cleaned(axes.cross(item.size)), lineLength),
      mainLength: cleaned(axes.main(item.size)),
      mainLead: cleaned(axes.mainLead(item.insets)),
      mainTrail: cleaned(axes.mainTrail(item.insets)),
      crossLead: cleaned(axes.crossLead(item.insets)),
      crossTrail: cleaned(axes.crossTrail(item.insets)))
  }

  /// Greedy line breaking: an item joins the current line when it fits
  /// after the spacing; the first item of a line always fits (items were
  /// already shortened to the line length).
  private static func lines(
    of items: [AxisItem], lineLength: Double, spacing: Double
  ) -> [Range<Int>] {
    var lines: [Range<Int>] = []
    var start = 0
    var used = 0.0
    let tolerance = 1e-9 * max(1, lineLength)
    for (index, item) in items.enumerated() {
      if index == start {
        used = item.crossLength
      } else if used + spacing + item.crossLength <= lineLength + tolerance {
        used += spacing + item.crossLength
      } else {
        lines.append(start..<index)
        start = index
        used = item.crossLength
      }
    }
    if start < items.count { lines.append(start..<items.count) }
    return lines
  }

  /// Places one line (a slice of the section's items, indexed by item
  /// number) at `cursor`, moved along the scroll axis by the largest
  /// leading inset of its items, then advances `cursor` past it and the
  /// largest trailing inset. `spacing`: the section's smallest space
  /// between items.
  private mutating func addLine(
    _ line: ArraySlice<AxisItem>, section: Int, lineStart: Double,
    lineLength: Double, spacing: Double, isLast: Bool
  ) {
    let count = line.count
    let occupied =
      line.reduce(0) { $0 + $1.crossLength } + spacing * Double(max(0, count - 1))
    let spare = max(0, lineLength - occupied)
    var position = lineStart
    var gap = spacing
    switch configuration.lineAlignment {
    case .leading:
      break
    case .centered:
      position += spare / 2
    case .justified:
      if count >= 2 && !isLast {
        gap += spare / Double(count - 1)
      } else if count == 1, let item = line.first,
        !isLast || spacing + item.crossLength > spare + 1e-9 * max(1, lineLength)
      {
        position += spare / 2
      }
    }
    let lead = line.map(\.mainLead).max() ?? 0
    let trail = line.map(\.mainTrail).max() ?? 0
    let thickness = line.map(\.mainLength).max() ?? 0
    let lineMain = cursor + lead
    let first = elements.count
    for (index, item) in zip(line.indices, line) {
      let crossMove = min(item.crossLead, item.crossLength)
      let frame = axes.rect(
        main: lineMain + (thickness - item.mainLength) / 2,
        cross: position + crossMove,
        mainLength: item.mainLength,
        crossLength: max(0, item.crossLength - item.crossLead - item.crossTrail))
      let indexPath = IndexPath(item: index, section: section)
      elements.append(FlowElement(kind: .item, indexPath: indexPath, frame: frame))
      position += item.crossLength + gap
    }
    bands.append(
      .init(mainStart: lineMain, mainEnd: lineMain + thickness, elements: first..<elements.count))
    cursor = lineMain + thickness + trail
  }

  /// Adds a header or footer spanning the container across the scroll axis
  /// when its length along the axis is above 0; returns its index.
  private mutating func addSupplementary(
    _ kind: FlowElementKind, section: Int, size: Size
  ) -> Int? {
    let length = cleaned(axes.main(size))
    guard length > 0 else { return nil }
    let frame = axes.rect(main: cursor, cross: 0, mainLength: length, crossLength: containerCross)
    let index = elements.count
    elements.append(
      FlowElement(kind: kind, indexPath: IndexPath(item: 0, section: section), frame: frame))
    bands.append(.init(mainStart: cursor, mainEnd: cursor + length, elements: index..<index + 1))
    cursor += length
    return index
  }
}
