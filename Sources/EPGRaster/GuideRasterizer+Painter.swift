import EPGLayout

extension GuideRasterizer {
  /// One rasterisation pass (internal): the canvas plus what was learnt
  /// about the scene before painting.
  struct Painter {
    let rasterizer: GuideRasterizer
    let scene: GuideScene
    var canvas: LineCanvas
    /// The content point shown at cell (0, 0).
    let origin: Point
    /// Title columns of cells that have a floating overlay: (`overlayKey`,
    /// column) sorted by key, one entry per key (the last overlay given).
    var overlayColumns: [(key: Int, column: Int)] = []
    /// Where the last `overlayColumn(_:)` walk stopped.
    var overlayCursor = 0
    /// The channel column's line column (its last column), if any.
    var channelLineColumn: Int?
    /// The hour row's rows, if any.
    var hourRowRows: Range<Int>?
    /// Rows of the hour row's rule (its last row when it has ≥ 2 rows).
    var ruleRow: Int?
    /// The two header bands' backgrounds (cells) and z, when present.
    var channelBand: (rect: CellRect, z: Int)?
    var hourBand: (rect: CellRect, z: Int)?
    /// The placed rectangles of the cells near the screen, row by row:
    /// where the programme separators go.
    var separatorRects: [CellRect] = []
    /// The same cells with their sections, in the same order (`paintGaps`).
    var placedBySection: [(section: Int, rect: CellRect)] = []
    /// Each channel row's section and rectangle (cells), from its header.
    var sectionRects: [(section: Int, rect: CellRect)] = []
    /// Each cell's rectangle (cells) by element position, after
    /// `placeCells(_:)`; other positions hold an empty rectangle.
    var cellRects: [CellRect] = []
    /// Positions of the hour and half-hour headers.
    var timeHeaders: [Int] = []
    /// The labels drawn on the time row, by header position, and whether
    /// each is a day's name (the midnight mark) (`chooseTimeLabels`).
    var timeLabels: [Int: (text: String, isDayStart: Bool)] = [:]

    init(rasterizer: GuideRasterizer, scene: GuideScene, columns: Int, rows: Int) {
      self.rasterizer = rasterizer
      self.scene = scene
      self.canvas = LineCanvas(width: columns, height: rows)
      // The content point at cell (0, 0): the viewport's offset snapped to
      // whole cells, so a fractional scroll position renders as the
      // nearest whole-cell one (the front end scrolls by whole cells).
      let offset = scene.viewport.contentOffset
      let metrics = rasterizer.metrics
      self.origin = Point(
        x: Double(CellMetrics.snap(offset.x / metrics.pointsPerColumn)) * metrics.pointsPerColumn,
        y: Double(CellMetrics.snap(offset.y / metrics.pointsPerRow)) * metrics.pointsPerRow)
      self.metrics = rasterizer.metrics
      self.theme = rasterizer.theme
      self.glyphs = rasterizer.glyphs
      self.sanitizer = rasterizer.sanitizer
    }

    // Copied once: reading them through `rasterizer` copies the struct.
    private let metrics: CellMetrics
    private let theme: Theme
    private let glyphs: GlyphSet
    private let sanitizer: TextSanitizer
    var screen: CellRect { canvas.grid.bounds }
    /// The first column of the time grid: right of the channel column's line.
    private var gridLeft: Int { (channelLineColumn ?? -1) + 1 }

    func cellRect(_ frame: Rect) -> CellRect { metrics.cellRect(for: frame, origin: origin) }

    func lineColumn(_ frame: Rect) -> Int {
      metrics.column(forLineAt: frame.centreX, originX: origin.x)
    }

    /// The column of the current-time line and its ▼: `lineColumn`, except
    /// that a line falling on the channel column's line (now within a
    /// column of the grid's left edge) moves to the grid's first column, so
    /// it is not hidden under the channel column.
    func nowColumn(_ frame: Rect) -> Int {
      let x = lineColumn(frame)
      guard let line = channelLineColumn, x == line else { return x }
      return line + 1
    }

    func lineRow(_ frame: Rect) -> Int { metrics.row(forLineAt: frame.centreY, originY: origin.y) }

    /// One integer for an index path (cheaper to hash than the struct).
    static func overlayKey(_ indexPath: IndexPath) -> Int {
      indexPath.section &* 0x1_0000_0000 &+ indexPath.item
    }

    // MARK: Order

    /// What to paint, in order: (z, rank, position) sorted ascending. The
    /// programme separators are one step with the cells' z and rank -1.
    enum Step {
      case element(Int)
      case gaps
      case separators
      case corner
    }

    /// One step of the paint order, sorted by (z, rank, position).
    typealias OrderedStep = (z: Int, rank: Int, position: Int, step: Step)

    mutating func paint(content: some GuideContent) -> Grid {
      let (steps, cellZ, headerZ) = survey()
      chooseTimeLabels(content: content)
      // The two extra steps are merged in while painting (no insertion).
      var extras: [OrderedStep] = []
      // Gaps with the cells (a row may have none), before their separators.
      if !sectionRects.isEmpty {
        extras.append((cellZ ?? ElementKind.cellZIndex, -2, -1, .gaps))
      }
      if let z = cellZ { extras.append((z, -1, -1, .separators)) }
      if let z = headerZ { extras.append((z, Int.max, -1, .corner)) }
      extras.sort { ($0.z, $0.rank, $0.position) < ($1.z, $1.rank, $1.position) }
      var nextExtra = 0
      for entry in steps {
        while nextExtra < extras.count,
          (extras[nextExtra].z, extras[nextExtra].rank, extras[nextExtra].position)
            < (entry.z, entry.rank, entry.position)
        {
          run(extras[nextExtra].step, content: content)
          nextExtra += 1
        }
        run(entry.step, content: content)
      }
      for extra in extras[nextExtra...] { run(extra.step, content: content) }
      return canvas.resolveLines(glyphs: glyphs)
    }

    /// The pass before painting: the elements' paint order, what is learnt
    /// about the headers and overlays, and where the cells go
    /// (`placeCells`). Returns the ordered steps and the lowest cell z and
    /// highest header z, if any.
    mutating func survey() -> (steps: [OrderedStep], cellZ: Int?, headerZ: Int?) {
      var steps: [OrderedStep] = []
      steps.reserveCapacity(scene.elements.count + 2)
      overlayColumns.reserveCapacity(scene.elements.count / 2)
      var cellZ: Int?
      var headerZ: Int?
      var cells: [PlacedCell] = []
      cells.reserveCapacity(scene.elements.count / 2)
      for (position, element) in scene.elements.enumerated() where !element.isHidden {
        steps.append((element.zIndex, element.kind.paintRank, position, .element(position)))
        if element.kind.isHeaderBand { headerZ = max(headerZ ?? element.zIndex, element.zIndex) }
        switch element.kind {
        case .cell:
          cellZ = min(cellZ ?? element.zIndex, element.zIndex)
          let rect = cellRect(element.frame)
          let isMark =
            !rect.isEmpty && metrics.columnEdge(element.frame.maxX, originX: origin.x) <= rect.minX
          cells.append(PlacedCell(position: position, rect: rect, isMark: isMark))
        case .floatingItemOverlay:
          overlayColumns.append(
            (
              Self.overlayKey(element.indexPath),
              metrics.columnEdge(element.frame.minX, originX: origin.x)
            ))
        case .sectionHeader:
          sectionRects.append((element.indexPath.section, cellRect(element.frame)))
        case .sectionHeaderBackground:
          let rect = cellRect(element.frame)
          if rect.width > 0 { channelLineColumn = rect.maxX - 1 }
          channelBand = (rect, element.zIndex)
        case .hourHeader, .halfHourHeader:
          timeHeaders.append(position)
        case .hourHeaderBackground:
          let rect = cellRect(element.frame)
          hourBand = (rect, element.zIndex)
          hourRowRows = rect.minY..<rect.maxY
          if rect.height >= 2 { ruleRow = rect.maxY - 1 }
        default:
          break
        }
      }
      Self.sortByKey(&overlayColumns)
      placeCells(&cells)
      // The layout gives elements in paint order: sort only when needed.
      let isSorted = zip(steps, steps.dropFirst()).allSatisfy {
        ($0.z, $0.rank, $0.position) < ($1.z, $1.rank, $1.position)
      }
      if !isSorted {
        steps.sort { ($0.z, $0.rank, $0.position) < ($1.z, $1.rank, $1.position) }
      }
      return (steps, cellZ, headerZ)
    }

    /// Which time-row labels are drawn: each starts at its header's line
    /// boundary and is drawn whole or not at all. A label must lie right of
    /// the channel column and on screen, and keep a column free before the
    /// next label drawn; from left to right, one that would run into the
    /// label before it is skipped, except that a day's name (the midnight
    /// mark, `GuideContent.dayStartLabel`) is placed first and the hour
    /// labels around it make room. (An empty label is none: the content
    /// leaves out labels that cannot fit at the zoom, see `GuideContent`.)
    ///
    ///     columns per half hour 3, labels "20:00" every hour:
    ///     20:00 21:00 22:00        "20:30" is empty, never "20 20 21"
    private mutating func chooseTimeLabels(content: some GuideContent) {
      guard let instantOf = scene.headerInstant else { return }
      var candidates: [(start: Int, width: Int, position: Int, label: String, isDay: Bool)] = []
      for position in timeHeaders {
        let element = scene.elements[position]
        guard let instant = instantOf(element.kind, element.indexPath.item) else { continue }
        let day = content.dayStartLabel(for: instant)
        let label = day ?? content.timeLabel(for: instant)
        let width = TextWidth.of(sanitizer.sanitize(label))
        guard width > 0 else { continue }
        let start = metrics.columnEdge(element.frame.centreX, originX: origin.x)
        guard start >= gridLeft, start + width <= screen.maxX else { continue }
        candidates.append((start, width, position, label, day != nil))
      }
      candidates.sort { ($0.start, $0.position) < ($1.start, $1.position) }
      // The columns of each label drawn and the free column after it.
      var taken: [Range<Int>] = []
      for dayNames in [true, false] {
        for candidate in candidates where candidate.isDay == dayNames {
          let span = candidate.start..<(candidate.start + candidate.width + 1)
          guard !taken.contains(where: { $0.overlaps(span) }) else { continue }
          taken.append(span)
          timeLabels[candidate.position] = (candidate.label, candidate.isDay)
        }
      }
    }

    private mutating func run(_ step: Step, content: some GuideContent) {
      switch step {
      case .gaps: paintGaps(content: content)
      case .separators: paintSeparators()
      case .corner: paintCorner(content: content)
      case .element(let position): paint(position, content: content)
      }
    }

    /// Sorts overlay columns by key, keeping only the last one given per
    /// key (as a dictionary filled in order would). The layout gives them
    /// ascending already.
    private static func sortByKey(_ columns: inout [(key: Int, column: Int)]) {
      if zip(columns, columns.dropFirst()).allSatisfy({ $0.key < $1.key }) { return }
      let ordered = columns.indices.sorted {
        (columns[$0].key, $0) < (columns[$1].key, $1)
      }
      var unique: [(key: Int, column: Int)] = []
      unique.reserveCapacity(columns.count)
      for index in ordered {
        if let last = unique.last, last.key == columns[index].key {
          unique[unique.count - 1] = columns[index]
        } else {
          unique.append(columns[index])
        }
      }
      columns = unique
    }

    /// The title column of the overlay with `key`, if there is one. Cells
    /// come in key order from the layout, so the search usually walks on
    /// from the previous answer (`overlayCursor`); otherwise it bisects.
    private mutating func overlayColumn(_ key: Int) -> Int? {
      let count = overlayColumns.count
      if overlayCursor == 0 || overlayColumns[overlayCursor - 1].key < key {
        while overlayCursor < count && overlayColumns[overlayCursor].key < key {
          overlayCursor += 1
        }
        return overlayCursor < count && overlayColumns[overlayCursor].key == key
          ? overlayColumns[overlayCursor].column : nil
      }
      let low = overlayColumns.partitioningIndex { $0.key >= key }
      return low < overlayColumns.count && overlayColumns[low].key == key
        ? overlayColumns[low].column : nil
    }

    // MARK: Elements

    /// Paints the element at `position` of the scene.
    private mutating func paint(_ position: Int, content: some GuideContent) {
      let element = scene.elements[position]
      switch element.kind {
      case .sectionHeaderBackground: paintSectionHeaderBackground(element)
      case .sectionHeader: paintSectionHeader(element, content: content)
      case .hourHeaderBackground: paintHourHeaderBackground(element)
      case .hourHeader, .halfHourHeader: paintHourHeader(element, position: position)
      case .cell: paintCell(element, rect: cellRects[position], content: content)
      case .floatingItemOverlay: break
      case .verticalGridline, .halfHourVerticalGridline:
        let rect = cellRect(element.frame)
        canvas.verticalLine(
          x: lineColumn(element.frame), rows: rect.minY..<rect.maxY, style: theme.gridline)
      case .horizontalGridline:
        let rect = cellRect(element.frame)
        canvas.horizontalLine(
          y: lineRow(element.frame), columns: rect.minX..<rect.maxX, style: theme.gridline)
      case .currentTimeVerticalGridline: paintCurrentTimeLine(element)
      case .currentTimeIndicator: paintCurrentTimeIndicator(element)
      }
    }

    private mutating func paintSectionHeaderBackground(_ element: LayoutElement) {
      let rect = cellRect(element.frame)
      canvas.fill(rect, style: theme.channelColumn)
      guard rect.width > 0 else { return }
      let line = rect.maxX - 1
      // The column runs on above and below the screen: no line ends here.
      canvas.verticalLine(
        x: line, rows: (rect.minY - 1)..<(rect.maxY + 1), style: lineStyle(theme.channelColumn))
    }

    private mutating func paintHourHeaderBackground(_ element: LayoutElement) {
      let rect = cellRect(element.frame)
      canvas.fill(rect, style: theme.hourRow)
      guard !rect.isEmpty else { return }
      if rect.height >= 2 {
        // The rule spans the whole row, beyond both screen edges.
        canvas.horizontalLine(
          y: rect.maxY - 1, columns: (rect.minX - 1)..<(rect.maxX + 1),
          style: lineStyle(theme.hourRow))
      }
    }

    /// The top-left corner, where the channel column and the hour row cross,
    /// painted after every header (left of the channel column's line, over
    /// the hour row's height) in the style of the band that is on top, with
    /// the date; the hour row's rule crosses it only when the time row is on
    /// top:
    ///
    ///     timeRowAboveDayColumn     dayColumnAboveTimeRow
    ///     Mon 30 Nov    20:00       Mon 30 Nov   │20:00
    ///     ─────────────┬──────                   ├──────
    ///
    /// So hour labels and channel names sliding into the corner pass under
    /// it, and the rule or the column's line shows which band wins.
    private mutating func paintCorner(content: some GuideContent) {
      guard let channel = channelBand, let hour = hourBand, let line = channelLineColumn else {
        return
      }
      let left = max(channel.rect.minX, 0)
      let corner = CellRect(
        x: left, y: hour.rect.minY, width: line - left, height: hour.rect.height)
      guard !corner.isEmpty else { return }
      let timeRowOnTop = hour.z > channel.z
      canvas.fill(corner, style: timeRowOnTop ? theme.hourRow : theme.channelColumn)
      if timeRowOnTop, let rule = ruleRow {
        canvas.horizontalLine(
          y: rule, columns: (left - 1)..<(line + 1), style: lineStyle(theme.hourRow))
      }
      guard let instant = scene.dateInstant else { return }
      canvas.put(
        content.dateLabel(for: instant), x: left, y: corner.minY, clip: left..<line,
        style: theme.dateLabel, sanitizer: sanitizer, ellipsis: nil)
    }

    private mutating func paintSectionHeader(_ element: LayoutElement, content: some GuideContent) {
      let rect = cellRect(element.frame)
      guard !rect.isEmpty else { return }
      let textEnd = rect.width > 1 ? rect.maxX - 1 : rect.maxX
      let area = CellRect(
        x: rect.minX, y: rect.minY, width: textEnd - rect.minX, height: rect.height)
      canvas.fill(area, style: theme.channelColumn)
      canvas.put(
        content.channelName(section: element.indexPath.section), x: rect.minX, y: rect.minY,
        clip: rect.minX..<textEnd, style: theme.channelName, sanitizer: sanitizer,
        ellipsis: glyphs.ellipsis)
    }

    private mutating func paintHourHeader(_ element: LayoutElement, position: Int) {
      let rect = cellRect(element.frame)
      guard !rect.isEmpty else { return }
      // The header is centred on its line; the label starts at the line's
      // boundary (where programmes starting then begin) and the tick on
      // the rule marks the line's column, just before it.
      let boundary = metrics.columnEdge(element.frame.centreX, originX: origin.x)
      let isHalf = element.kind == .halfHourHeader
      if let label = timeLabels[position] {
        canvas.put(
          label.text, x: boundary, y: rect.minY, clip: boundary..<screen.maxX,
          style: label.isDayStart
            ? theme.dateLabel : isHalf ? theme.halfHourLabel : theme.hourLabel,
          sanitizer: sanitizer, ellipsis: nil)
      }
      let tick = boundary - 1
      if tick >= gridLeft - 1, let rule = ruleRow, rule > rect.minY,
        rule < rect.maxY,
        canvas.hasLine(x: tick, y: rule)
      {
        canvas.addLine(LineMask(down: .light), x: tick, y: rule, style: lineStyle(theme.hourRow))
      }
    }

    /// Paints a programme cell in `rect` (cells), its place from `placeCells`.
    private mutating func paintCell(
      _ element: LayoutElement, rect: CellRect, content: some GuideContent
    ) {
      let visible = rect.intersection(screen)
      guard !visible.isEmpty else { return }
      guard let label = content.programme(at: element.indexPath) else {
        canvas.fill(rect, style: theme.programme)
        return
      }
      let style = theme.style(for: label)
      canvas.fill(rect, style: style)
      var clip = visible.minX..<visible.maxX
      // A programme cut by a forced timeline window: ◂ at its first column,
      // ▸ at its last (when the cell has room for them and some text).
      if element.clipping.contains(.start), rect.width >= 3, clip.contains(rect.minX) {
        canvas.write(glyphs.continuesLeft, x: rect.minX, y: rect.minY, style: style)
        clip = (rect.minX + 1)..<clip.upperBound
      }
      if element.clipping.contains(.end), rect.width >= 3, clip.contains(rect.maxX - 1) {
        canvas.write(glyphs.continuesRight, x: rect.maxX - 1, y: rect.minY, style: style)
        clip = clip.lowerBound..<(rect.maxX - 1)
      }
      let sanitizer = sanitizer
      let ellipsis = glyphs.ellipsis
      // The title starts at the floating overlay's column while the
      // programme's start is scrolled away under the channel column.
      let titleColumn = min(
        max(overlayColumn(Self.overlayKey(element.indexPath)) ?? rect.minX, clip.lowerBound),
        rect.maxX - 1)
      var titleEnd = titleColumn
      if rect.minY >= 0 && rect.minY < screen.maxY {
        titleEnd = canvas.put(
          label.title, x: titleColumn, y: rect.minY, clip: clip, style: style,
          sanitizer: sanitizer, ellipsis: ellipsis)
      }
      var detailStyle = style
      if case .ansi = theme.detail.foreground { detailStyle.foreground = theme.detail.foreground }
      detailStyle.attributes.formUnion(theme.detail.attributes)
      // Badges and content marks at the end of the title row, when they
      // fit whole after the title (the badges alone, else the marks alone,
      // when both do not); a one-row sub-title then has the room up to them.
      var titleRowEnd = clip.upperBound
      if rect.minY >= 0, rect.minY < screen.maxY {
        titleRowEnd = paintTitleRowTail(
          label, y: rect.minY, after: titleEnd, clip: clip, style: detailStyle)
      }
      if rect.height >= 2 {
        // Second row: start time and sub-title.
        var detail = label.startLabel ?? ""
        if let sub = label.subTitle, !sub.isEmpty { detail += detail.isEmpty ? sub : " " + sub }
        if !detail.isEmpty {
          canvas.put(
            detail, x: titleColumn, y: rect.minY + 1, clip: clip, style: detailStyle,
            sanitizer: sanitizer, ellipsis: ellipsis)
        }
      } else if let sub = label.subTitle, !sub.isEmpty, titleEnd < titleRowEnd {
        // One row: the sub-title after the title and a separator (" — "),
        // so it is not read as the next programme; only if it fits whole.
        let separator = glyphs.marks.subTitleSeparator
        let lead = TextWidth.of(separator) + 2
        let room = titleRowEnd - titleEnd - lead
        if room > 0 && TextWidth.of(sanitizer.sanitize(sub)) <= room {
          canvas.put(
            separator, x: titleEnd + 1, y: rect.minY, clip: clip, style: detailStyle,
            sanitizer: sanitizer, ellipsis: nil)
          canvas.put(
            sub, x: titleEnd + lead, y: rect.minY, clip: clip, style: detailStyle,
            sanitizer: sanitizer, ellipsis: nil)
        }
      }
      if label.state == .now {
        let progress = label.progress.isFinite ? min(max(label.progress, 0), 1) : 0
        let elapsed = CellMetrics.snap(progress * Double(rect.width))
        let bar = CellRect(x: rect.minX, y: rect.maxY - 1, width: elapsed, height: 1)
        canvas.grid.addAttributes(theme.progressAttributes, in: bar)
      }
    }

    /// The badges and content marks at the right end of a title row that
    /// ends at `clip.upperBound`, after the title's end `titleEnd`: both
    /// when they fit whole with a column free before them, else the badges
    /// alone (bold), else the marks alone. Returns the last column left for
    /// a sub-title (the column before them, or the row's end).
    private mutating func paintTitleRowTail(
      _ label: ProgrammeLabel, y: Int, after titleEnd: Int, clip: Range<Int>, style: Style
    ) -> Int {
      var badgeStyle = style
      badgeStyle.attributes.insert(.bold)
      let badges = label.badges.flatMap { $0.isEmpty ? nil : $0 }
      let markers = label.markers.flatMap { $0.isEmpty ? nil : $0 }
      var choices: [[(text: String, style: Style)]] = []
      if let badges, let markers { choices.append([(badges, badgeStyle), (" " + markers, style)]) }
      if let badges { choices.append([(badges, badgeStyle)]) }
      if let markers { choices.append([(markers, style)]) }
      for parts in choices {
        let width = parts.reduce(0) { $0 + TextWidth.of($1.text) }
        let start = clip.upperBound - width
        guard start > titleEnd else { continue }
        var x = start
        for part in parts {
          x = canvas.put(
            part.text, x: x, y: y, clip: clip, style: part.style, sanitizer: sanitizer,
            ellipsis: nil)
        }
        return start - 1
      }
      return clip.upperBound
    }

    /// Each channel row's stretches of the grid with no programme (nor a
    /// programme's separator) in view, when the content labels them: one
    /// box each, filled so that no gridline runs through it, its label at
    /// the left when it fits whole (dim; the box reversed when selected).
    ///
    ///     before        │   ┃                   │                       │
    ///     after         │no information
    private mutating func paintGaps(content: some GuideContent) {
      let left = max(gridLeft, 0)
      let right = screen.maxX
      guard left < right else { return }
      // Each section's cells, gathered when the first gap is asked for.
      var cellsBySection: [Int: [CellRect]]?
      for (section, rowRect) in sectionRects {
        let rows = (rowRect.minY..<rowRect.maxY).clamped(to: 0..<screen.maxY)
        // Rows under the hour row are painted over by it, as cells are.
        guard !rows.isEmpty, let gap = content.gap(section: section) else { continue }
        let textWidth = TextWidth.of(sanitizer.sanitize(gap.text))
        if cellsBySection == nil {
          cellsBySection = Dictionary(grouping: placedBySection, by: \.section).mapValues {
            $0.map(\.rect)
          }
        }
        var occupied = (cellsBySection?[section] ?? []).filter {
          $0.minY < rows.upperBound && $0.maxY > rows.lowerBound
        }.map { ($0.minX - 1)..<($0.maxX + 1) }
        occupied.sort { $0.lowerBound < $1.lowerBound }
        var style = theme.programme
        if gap.isSelected { style.attributes.formUnion(theme.selectedAttributes) }
        var textStyle = style
        if !gap.isSelected { textStyle.attributes.formUnion(theme.pastAttributes) }
        var x = left
        for span in occupied + [right..<right] {
          let end = min(max(span.lowerBound, x), right)
          if end > x {
            canvas.fill(
              CellRect(x: x, y: rows.lowerBound, width: end - x, height: rows.count), style: style)
            if textWidth <= end - x {
              canvas.put(
                gap.text, x: x, y: rows.lowerBound, clip: x..<end, style: textStyle,
                sanitizer: sanitizer, ellipsis: nil)
            }
          }
          x = max(x, span.upperBound)
          if x >= right { break }
        }
      }
    }

    /// A vertical line just left and just right of every programme cell:
    /// with the terminal configuration's one-column cell margin this is the
    /// column between two programmes. Cells painted afterwards cover any
    /// separator that falls on another programme.
    private mutating func paintSeparators() {
      canvas.verticalLines(besides: separatorRects, style: theme.gridline)
    }

    private mutating func paintCurrentTimeLine(_ element: LayoutElement) {
      let rect = cellRect(element.frame)
      let x = nowColumn(element.frame)
      guard x >= 0 && x < screen.width else { return }
      let rows = (rect.minY..<rect.maxY).clamped(to: 0..<screen.height)
      for y in rows {
        if !canvas.hasText(x: x, y: y) {
          // Through arms on every cell: the line runs on behind text.
          var style = theme.nowLine
          style.background = canvas.grid[x, y].style.background
          canvas.addLine(.vertical(.heavy), x: x, y: y, style: style)
        } else {
          var style = canvas.grid[x, y].style
          if case .ansi = theme.nowLine.foreground { style.foreground = theme.nowLine.foreground }
          style.attributes.formUnion(theme.nowLine.attributes)
          canvas.grid.cells[y * screen.width + x].style = style
        }
      }
    }

    private mutating func paintCurrentTimeIndicator(_ element: LayoutElement) {
      let rect = cellRect(element.frame)
      guard !rect.isEmpty else { return }
      let x = nowColumn(element.frame)
      let y = rect.maxY - 1
      guard canvas.grid.contains(x: x, y: y) else { return }
      var style = theme.nowLine
      style.background = canvas.grid[x, y].style.background
      canvas.write(glyphs.nowIndicator, x: x, y: y, style: style)
    }

    /// The gridline style on the background of `band`.
    private func lineStyle(_ band: Style) -> Style {
      var style = theme.gridline
      style.background = band.background
      return style
    }
  }
}

extension CellRect {
  /// The rectangle grown by `cells` on every side.
  func expanded(by cells: Int) -> CellRect {
    CellRect(x: x - cells, y: y - cells, width: width + 2 * cells, height: height + 2 * cells)
  }
}

extension Rect {
  /// The x of the rectangle's centre, in points.
  var centreX: Double { minX + width / 2 }
  /// The y of the rectangle's centre, in points.
  var centreY: Double { minY + height / 2 }
}
