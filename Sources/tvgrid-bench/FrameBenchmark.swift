/// Figures for `make bench`; filled in by the issue that owns them.
enum FrameBenchmark {
  static func run() {
    print("frame: not built yet")
  }
}
