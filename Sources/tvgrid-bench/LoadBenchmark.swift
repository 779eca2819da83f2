/// Figures for `make bench`; filled in by the issue that owns them.
enum LoadBenchmark {
  static func run() {
    print("load: not built yet")
  }
}
