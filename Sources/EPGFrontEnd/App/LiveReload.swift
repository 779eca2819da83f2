import Foundation

/// Live reload of the guide file (issue 8): the interactive loop calls
/// `poll(at:)` about every `wakeInterval`, also while keys keep arriving;
/// a changed file that has settled is loaded on a
/// background queue, and the next poll hands the new guide to the state
/// (`.replaceGuide`, which keeps the selection and scroll position) or,
/// when it did not load, a message that keeps the old guide on screen.
///
/// Only for a guide read from files: not standard input, not the demo.
/// Several files may be watched (a playlist and its guides); a settled
/// change to any of them loads the whole guide again.
public struct LiveReload {
  /// Milliseconds between looks at the file when nothing is happening.
  public static let idleInterval = 2000
  /// Milliseconds between looks while a change settles or loads.
  public static let busyInterval = 250

  /// The watched file (the first, when there are several), as given.
  public let path: String
  /// Every watched file, the first being `path`.
  public let paths: [String]
  private var watches: [FileWatch]
  private let box = ReloadBox()
  private let load: @Sendable () -> Result<GuideModel, LoadFailure>

  /// Watches `path`, whose loaded version is `loaded` (stat'ed before the
  /// first load, so a change during it is noticed); `load` reads the file
  /// into a guide and runs on a background queue.
  public init(
    path: String, loaded: FileSnapshot?, settle: Double = 1,
    load: @escaping @Sendable () -> Result<GuideModel, LoadFailure>
  ) {
    self.init(files: [(path, loaded)], settle: settle, load: load)
  }

  /// Watches several files (at least one; the first names the guide in
  /// messages), each with the version loaded; `load` reads them all.
  public init(
    files: [(path: String, snapshot: FileSnapshot?)], settle: Double = 1,
    load: @escaping @Sendable () -> Result<GuideModel, LoadFailure>
  ) {
    precondition(!files.isEmpty, "at least one watched file")
    self.path = files[0].path
    self.paths = files.map(\.path)
    self.watches = files.map { FileWatch(loaded: $0.snapshot, settle: settle) }
    self.load = load
  }

  /// The file name used in messages.
  public var name: String { path.split(separator: "/").last.map(String.init) ?? path }

  /// How long the loop may wait before the next poll (milliseconds).
  public var wakeInterval: Int {
    watches.contains(where: \.isPending) || box.isLoading ? Self.busyInterval : Self.idleInterval
  }

  /// Looks at the file at `time` (seconds on a monotonic clock); returns
  /// the actions for a load that finished since the last poll.
  public mutating func poll(at time: Double) -> [Action] {
    var actions: [Action] = []
    if let outcome = box.take() {
      actions = Self.actions(for: outcome, name: name)
    }
    guard !box.isLoading else { return actions }
    var changed = false
    for index in watches.indices
    where watches[index].observe(FileSnapshot.of(path: paths[index]), at: time) == .load {
      changed = true
    }
    if changed {
      box.begin()
      let box = box
      let load = load
      DispatchQueue.global(qos: .userInitiated).async { box.finish(load()) }
    }
    return actions
  }

  /// What a finished load does to the state.
  public static func actions(for outcome: Result<GuideModel, LoadFailure>, name: String) -> [Action]
  {
    switch outcome {
    case .success(let model):
      let programmes = model.rows.reduce(0) { $0 + $1.programmes.count }
      return [
        .replaceGuide(model),
        .notice("reloaded \(name): \(model.rows.count) channels, \(programmes) programmes"),
      ]
    case .failure(let failure):
      return [
        .reloadFailed(
          "\(name) changed but did not load (\(failure.description)); keeping the loaded guide")
      ]
    }
  }
}
