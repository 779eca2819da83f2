import Foundation

/// Live reload of the guide file (issue 8): the interactive loop calls
/// `poll(at:)` about every `wakeInterval`, also while keys keep arriving;
/// a changed file that has settled is loaded on a
/// background queue, and the next poll hands the new guide to the state
/// (`.replaceGuide`, which keeps the selection and scroll position) or,
/// when it did not load, a message that keeps the old guide on screen.
///
/// Only for a guide read from files or URLs: not standard input, not the
/// demo. Several files may be watched (a playlist and its guides); a
/// settled change to any of them loads the whole guide again. URL sources
/// are looked at every `RemoteCheck.interval` seconds: when one is due for
/// a refresh (its refresh interval has passed), the whole guide is loaded
/// again, which asks the server; an unchanged copy (304) changes nothing on
/// screen, a failed download keeps the guide and says so.
public struct LiveReload {
  /// How URL sources are watched.
  public struct RemoteCheck: Sendable {
    /// Seconds between looks at whether a URL is due.
    public var interval: Double
    /// Whether any URL source is due for a refresh (reads the cache's
    /// metadata; no request).
    public var isDue: @Sendable () -> Bool

    public init(interval: Double, isDue: @escaping @Sendable () -> Bool) {
      self.interval = interval
      self.isDue = isDue
    }
  }

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
  private let load: @Sendable () -> Result<ReloadedGuide, LoadFailure>
  private let remote: RemoteCheck?
  /// When to look at the URL sources next (monotonic seconds); nil before
  /// the first poll.
  private var nextRemoteLook: Double?
  /// Whether the load in flight was started by a file change.
  private var loadingForFiles = false
  private let displayName: String

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
    self.init(files: files, remote: nil, name: nil, settle: settle) {
      load().map { ReloadedGuide(model: $0) }
    }
  }

  /// Watches `files` (maybe none) and, with `remote`, the URL sources;
  /// `name` names the guide in messages (default: the first file's name).
  public init(
    files: [(path: String, snapshot: FileSnapshot?)], remote: RemoteCheck?, name: String?,
    settle: Double = 1, load: @escaping @Sendable () -> Result<ReloadedGuide, LoadFailure>
  ) {
    self.path = files.first?.path ?? name ?? "guide"
    self.paths = files.map(\.path)
    self.watches = files.map { FileWatch(loaded: $0.snapshot, settle: settle) }
    self.load = load
    self.remote = remote
    let first = files.first.map { $0.path.split(separator: "/").last.map(String.init) ?? $0.path }
    self.displayName = name ?? first ?? "guide"
  }

  /// The name used in messages: the first file's name, else as given.
  public var name: String { displayName }

  /// How long the loop may wait before the next poll (milliseconds).
  public var wakeInterval: Int {
    watches.contains(where: \.isPending) || box.isLoading ? Self.busyInterval : Self.idleInterval
  }

  /// Looks at the file at `time` (seconds on a monotonic clock); returns
  /// the actions for a load that finished since the last poll.
  public mutating func poll(at time: Double) -> [Action] {
    var actions: [Action] = []
    if let outcome = box.take() {
      actions = Self.actions(for: outcome, name: name, fromFiles: loadingForFiles)
    }
    guard !box.isLoading else { return actions }
    var changed = false
    for index in watches.indices
    where watches[index].observe(FileSnapshot.of(path: paths[index]), at: time) == .load {
      changed = true
    }
    var due = false
    if let remote {
      if let next = nextRemoteLook {
        if time >= next {
          nextRemoteLook = time + remote.interval
          due = remote.isDue()
        }
      } else {
        nextRemoteLook = time + remote.interval
      }
    }
    if changed || due {
      loadingForFiles = changed
      box.begin()
      let box = box
      let load = load
      DispatchQueue.global(qos: .userInitiated).async { box.finish(load()) }
    }
    return actions
  }

  /// What a finished load does to the state. A load for a URL refresh
  /// (`fromFiles` false) that changed nothing shows only its notices.
  public static func actions(
    for outcome: Result<ReloadedGuide, LoadFailure>, name: String, fromFiles: Bool
  ) -> [Action] {
    switch outcome {
    case .success(let reloaded):
      var result: [Action] = []
      if reloaded.changed || fromFiles {
        result = actions(for: .success(reloaded.model), name: name)
      }
      if !reloaded.notices.isEmpty {
        result.append(.notice(reloaded.notices.joined(separator: "; ")))
      }
      return result
    case .failure(let failure):
      return actions(for: .failure(failure), name: name)
    }
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

/// A guide loaded again for live reload.
public struct ReloadedGuide: Sendable {
  public var model: GuideModel
  /// Whether it may differ from the guide on screen: false when every URL
  /// source's copy was confirmed unchanged or kept (its download failed).
  public var changed: Bool
  /// Notices of the URL sources (an old copy in use) for the status line.
  public var notices: [String]

  public init(model: GuideModel, changed: Bool = true, notices: [String] = []) {
    self.model = model
    self.changed = changed
    self.notices = notices
  }
}
