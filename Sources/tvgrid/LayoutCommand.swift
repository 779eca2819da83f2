import EPGFrontEnd
import EPGLayout
import EPGSchedule

/// `tvgrid layout [FILE] --now TIME --viewport WxH [--offset X,Y]
/// [--set property=value ...]`: every element of the program-guide layout in
/// the viewport, one JSON object per line (points; content coordinates).
enum LayoutCommand {
  /// Runs the subcommand with the words after it; returns the exit status.
  static func run(arguments: [String]) -> Int32 {
    let options: GuideOptions
    var configuration = GuideLayout.Configuration()
    let viewport: Viewport
    do throws(UsageError) {
      let args = try Arguments(
        arguments, flags: GuideOptions.inputSwitchNames,
        options: GuideOptions.inputOptionNames.union(["--viewport", "--offset", "--set"]))
      guard args.value("--now") != nil else { throw UsageError("--now TIME is required") }
      guard let sizeText = args.value("--viewport") else {
        throw UsageError("--viewport WxH is required")
      }
      options = try GuideOptions.resolve(args, localeIsUTF8: true)
      guard let size = pair(sizeText, separator: "x"), size.0 >= 0, size.1 >= 0 else {
        throw UsageError("--viewport wants WxH in points, e.g. 1024x768, not '\(sizeText)'")
      }
      var offset = Point.zero
      if let offsetText = args.value("--offset") {
        guard let values = pair(offsetText, separator: ",") else {
          throw UsageError("--offset wants X,Y in points, e.g. 700,0, not '\(offsetText)'")
        }
        offset = Point(x: values.0, y: values.1)
      }
      viewport = Viewport(contentOffset: offset, size: Size(width: size.0, height: size.1))
      for setting in args.allValues("--set") {
        guard let equals = setting.firstIndex(of: "=") else {
          throw UsageError("--set wants property=value, not '\(setting)'")
        }
        do {
          try configuration.set(
            property: String(setting[..<equals]),
            value: String(setting[setting.index(after: equals)...]))
        } catch {
          throw UsageError("\(error)")
        }
      }
    } catch {
      return reportUsage(error, command: "layout")
    }
    guard let schedule = options.loadReportingErrors()?.schedule else { return 1 }
    let data = GuideData(channels: schedule.programmes.map(\.spans))
    let span = TimeSpan(
      start: schedule.programmes.compactMap { $0.first?.start }.min() ?? options.now,
      end: schedule.programmes.compactMap { $0.last?.stop }.max() ?? options.now)
    let layout = GuideLayout(
      data: data, configuration: configuration, viewport: viewport, now: options.now,
      timeZone: UTCOffsetTable(zone: options.timeZone, covering: span))
    var output = ""
    for element in layout.elements(in: viewport.visibleRect) {
      output += element.jsonLine
      output += "\n"
    }
    print(output, terminator: "")
    return 0
  }

  /// Two numbers separated by `separator`, e.g. "1024x768" or "700,0".
  static func pair(_ text: String, separator: Character) -> (Double, Double)? {
    let parts = text.split(separator: separator, omittingEmptySubsequences: false)
    guard parts.count == 2, let first = Double(parts[0]), let second = Double(parts[1]),
      first.isFinite, second.isFinite
    else { return nil }
    return (first, second)
  }
}
