import Foundation

/// Issue 17's first-open figure: `tvgrid check FILE --no-cache` (parse,
/// normalise, index; no snapshot read or written) next to `xmllint --stream
/// --noout FILE` on the generated 1,000 × 14 guide, the two run in turn so
/// that other work on the machine weighs on both alike. Goal: tvgrid's
/// wall time ≤ 0.5× xmllint's.
enum FirstOpenBenchmark {
  static let runs = 7

  static func run() {
    guard let tvgrid = ComparisonBenchmark.siblingExecutable("tvgrid") else {
      print("first-open: tvgrid binary not found next to tvgrid-bench")
      return
    }
    let file = ComparisonBenchmark.generate(
      (1_000, 14, false), tvgrid: tvgrid, in: ComparisonBenchmark.workDirectory())
    let commands = [
      ("tvgrid check --no-cache", [tvgrid, "check", file, "--no-cache"]),
      ("xmllint --stream --noout", ["xmllint", "--stream", "--noout", file]),
    ]
    var wall = [Samples(), Samples()]
    var cpu = [Samples(), Samples()]
    var memory = [Samples(), Samples()]
    var ratios = Samples()
    for _ in 0..<runs {
      var seconds: [Double] = []
      for (index, (name, command)) in commands.enumerated() {
        guard let result = ProcessMeasurement.run(command), result.status == 0 else {
          print("first-open: \(name) failed")
          return
        }
        wall[index].add(result.seconds)
        cpu[index].add(result.cpuSeconds)
        memory[index].add(Double(result.peakBytes))
        seconds.append(result.seconds)
      }
      ratios.add(seconds[0] / seconds[1])
    }
    print("\n== first open (issue 17): 1,000 × 14 guide, \(runs) runs in turn, median [min–max] ==")
    for (index, (name, _)) in commands.enumerated() {
      print(
        "  \(ComparisonBenchmark.pad(name, 26)) wall \(ComparisonBenchmark.format(wall[index]))"
          + "  CPU \(ComparisonBenchmark.format(cpu[index]))"
          + "  RSS \(ComparisonBenchmark.formatMiB(memory[index]))")
    }
    print(
      String(
        format: "  tvgrid/xmllint wall: %.2f× (of the medians); per pair of runs %.2f× [%.2f–%.2f];"
          + " goal ≤ 0.5×", wall[0].median / wall[1].median, ratios.median, ratios.minimum,
        ratios.maximum))
  }
}
