/// Figures for `make bench`; filled in by the issue that owns them.
enum LayoutBenchmark {
  static func run() {
    print("layout: not built yet")
  }
}
