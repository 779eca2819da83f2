import CNcursesw
import CSnapshotGuard
import EPGPlatform
import EPGTerminal

/// Process-wide bookkeeping of the curses session, so the terminal is
/// restored however the process ends: `q`, Ctrl-C (SIGINT), SIGTERM, SIGHUP,
/// SIGQUIT, a crash (SIGSEGV, SIGABRT, SIGILL, SIGTRAP, SIGBUS, SIGFPE) or
/// `exit`. The signal handler restores the terminal, replays the captured
/// standard error, then puts back the default action and raises the signal
/// again. The signal is blocked while its handler runs, so the raised one
/// is delivered, with the default action (a crash still dumps core and
/// exits with its signal), when the handler returns.
///
/// SIGBUS is the snapshot guard's (`CSnapshotGuard`): it restores the
/// terminal through `end` too, then says which mapped snapshot another
/// program truncated and exits 1, or, for any other SIGBUS, takes the
/// default action as here.
///
/// Best effort: `endwin` is not async-signal-safe, so a crash inside
/// curses itself may leave the terminal as it was.
enum TerminalSession {
  /// Whether curses owns the terminal now. Set on the main thread; read by
  /// signal handlers, which run on whichever thread the signal reaches (a
  /// fault on the thread that faulted, say the guide loader's).
  nonisolated(unsafe) private static var isActive = false
  nonisolated(unsafe) private static var capture: StderrCapture?
  nonisolated(unsafe) private static var atExitInstalled = false

  static let signals: [Int32] = [
    SIGINT, SIGTERM, SIGHUP, SIGQUIT, SIGSEGV, SIGABRT, SIGILL, SIGTRAP, SIGFPE,
  ]

  /// Installs the signal handlers and the exit hook (before `newterm`, so
  /// curses keeps ours).
  static func install() {
    var handled = sigset_t()
    sigemptyset(&handled)
    for signalNumber in signals {
      signal(signalNumber, handleSignal)
      sigaddset(&handled, signalNumber)
    }
    // A parent may have left them blocked (the mask is inherited).
    sigprocmask(SIG_UNBLOCK, &handled, nil)
    snapshot_guard_install(restoreForSnapshotGuard)
    if !atExitInstalled {
      atExitInstalled = true
      atexit { TerminalSession.end() }
    }
  }

  /// Back to the default signal actions.
  static func uninstall() {
    for signalNumber in signals {
      signal(signalNumber, SIG_DFL)
    }
  }

  /// The session started: capture standard error from now on.
  static func begin() {
    capture = StderrCapture.start()
    isActive = true
  }

  /// Restores the terminal once; later calls do nothing.
  static func end() {
    guard isActive else { return }
    isActive = false
    endwin()
    capture?.restore()
    capture = nil
  }

  /// What the snapshot guard calls first on SIGBUS.
  private static let restoreForSnapshotGuard: @convention(c) () -> Void = {
    TerminalSession.end()
  }

  private static let handleSignal: @convention(c) (Int32) -> Void = { signalNumber in
    TerminalSession.end()
    signal(signalNumber, SIG_DFL)
    raise(signalNumber)
  }
}
